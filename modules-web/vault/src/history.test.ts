import { describe, expect, it } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA } from '@common/domain/testFixtures';
import { describeChange, fieldLabel, visibleNote } from './history';

const people = indexPeople([ADA]);

describe('history entries', () => {
  it('writes a change as "Field: before → after", vocabulary as labels', () => {
    expect(describeChange({ field: 'stage', from: 'idea', to: 'assessment' }, people)).toBe('Stage: Idea → Assessment');
    expect(describeChange({ field: 'health', from: 'on_track', to: 'on_hold' }, people)).toBe(
      'Health: On track → On hold',
    );
    expect(describeChange({ field: 'complexity', from: 'low', to: 'high' }, people)).toBe('Complexity: Low → High');
  });

  it('names owners, and writes what was not set as a dash', () => {
    expect(describeChange({ field: 'owner_id', from: null, to: 'u1' }, people)).toBe('Owner: — → Ada Lovelace');
    expect(describeChange({ field: 'owner_id', from: 'u7', to: '' }, people)).toBe('Owner: Former user → —');
  });

  it('writes lists and numbers readably', () => {
    expect(describeChange({ field: 'applications', from: [], to: ['SAP', 'Excel'] }, people)).toBe(
      'Applications: — → SAP, Excel',
    );
    expect(describeChange({ field: 'hourly_cost', from: 40, to: 42.5 }, people)).toBe(
      `Hourly cost: 40 → ${(42.5).toLocaleString()}`,
    );
  });

  it('names the document added or removed', () => {
    expect(describeChange({ field: 'document', from: null, to: 'Flow.pdf' }, people)).toBe('Added Flow.pdf');
    expect(describeChange({ field: 'document', from: 'Old.pdf', to: null }, people)).toBe('Removed Old.pdf');
  });

  it('labels fields it does not know from their key', () => {
    expect(fieldLabel('handling_minutes')).toBe('Handling time (minutes)');
    expect(fieldLabel('new_field')).toBe('New field');
  });

  it("hides the plugin's own bookkeeping of events, not people's notes", () => {
    expect(visibleNote('event:42')).toBeNull();
    expect(visibleNote(null)).toBeNull();
    expect(visibleNote('Moved after the review')).toBe('Moved after the review');
  });
});
