import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';

import { COLUMN_LABELS, type ColumnKey } from './api';
import { boardAnnouncements, type DragData } from './dnd';
import { aCard } from './testFixtures';

const card = aCard('p1', 'idea', { name: 'Payroll' });
const active = { id: 'p1', data: { current: { type: 'card', lane: '', column: 'idea', card } } } as unknown as Active;
function over(column: ColumnKey): Over {
  const current: DragData = { type: 'cell', lane: '', column };
  return { id: `cell:0:${column}`, data: { current } } as unknown as Over;
}

function announcements() {
  return boardAnnouncements((key) => COLUMN_LABELS[key]);
}

describe('drag announcements', () => {
  it('names the card and its column when picked up', () => {
    expect(announcements().onDragStart({ active })).toBe('Picked up Payroll in Idea.');
  });

  it('announces each column the card passes over once', () => {
    const say = announcements();
    say.onDragStart({ active });
    expect(say.onDragOver({ active, over: over('analysis') })).toBe('Payroll is over Analysis.');
    expect(say.onDragOver({ active, over: over('analysis') })).toBeUndefined();
    expect(say.onDragOver({ active, over: null })).toBe('Payroll is not over a column.');
    expect(say.onDragOver({ active, over: over('analysis') })).toBe('Payroll is over Analysis.');
  });

  it('says where the card was dropped, or that it stays', () => {
    const say = announcements();
    expect(say.onDragEnd({ active, over: over('closed') })).toBe('Payroll was dropped in Retired or Rejected.');
    expect(say.onDragEnd({ active, over: over('idea') })).toBe('Payroll was dropped back in Idea.');
    expect(say.onDragCancel({ active, over: null })).toBe('Moving Payroll was cancelled; it stays in Idea.');
  });
});
