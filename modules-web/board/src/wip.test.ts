import { describe, expect, it } from 'vitest';

import { LIMITED_COLUMNS, parseLimit, wipErrors, wipForm, wipLimits } from './wip';

const MESSAGE = 'A WIP limit must be a whole number from 1 to 99';

describe('WIP limits', () => {
  it('has a limit for every column but the closed one', () => {
    expect(LIMITED_COLUMNS).toEqual(['idea', 'assessment', 'analysis', 'development', 'testing', 'live']);
  });

  it('reads a field: empty is no limit, a whole number from 1 to 99 a limit', () => {
    expect(parseLimit('')).toBeNull();
    expect(parseLimit('  ')).toBeNull();
    expect(parseLimit('1')).toBe(1);
    expect(parseLimit(' 99 ')).toBe(99);
    expect(parseLimit('07')).toBe(7);
  });

  it('refuses anything else', () => {
    for (const text of ['0', '100', '2.5', '-3', 'five', '1e1']) expect(parseLimit(text)).toBeUndefined();
  });

  it('fills the form from the saved limits, empty where there is none', () => {
    expect(wipForm({ wip: { idea: 5, testing: null } })).toEqual({
      idea: '5',
      assessment: '',
      analysis: '',
      development: '',
      testing: '',
      live: '',
    });
    expect(wipForm(undefined).live).toBe('');
  });

  it("marks each wrong field with the server's message", () => {
    const form = { ...wipForm(undefined), idea: '0', live: 'x', testing: '12' };
    expect(wipErrors(form)).toEqual({ idea: MESSAGE, live: MESSAGE });
    expect(wipErrors(wipForm(undefined))).toEqual({});
  });

  it('sends every column, null for no limit', () => {
    expect(wipLimits({ ...wipForm(undefined), analysis: '4', live: ' 10 ' })).toEqual({
      idea: null,
      assessment: null,
      analysis: 4,
      development: null,
      testing: null,
      live: 10,
    });
  });
});
