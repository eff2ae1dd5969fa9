import { describe, expect, it } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA } from '@common/domain/testFixtures';
import { describeChange, fieldLabel, visibleNote } from './history';

const people = indexPeople([ADA]);
const INR = { code: 'INR', symbol: '₹' };

describe('history entries', () => {
  it('writes a change as "Field: before → after", vocabulary as labels', () => {
    expect(describeChange({ field: 'stage', from: 'idea', to: 'assessment' }, people, INR)).toBe(
      'Stage: Idea → Assessment',
    );
    expect(describeChange({ field: 'health', from: 'on_track', to: 'on_hold' }, people, INR)).toBe(
      'Health: On track → On hold',
    );
    expect(describeChange({ field: 'complexity', from: 'low', to: 'high' }, people, INR)).toBe(
      'Complexity: Low → High',
    );
  });

  it('names owners, and writes what was not set as a dash', () => {
    expect(describeChange({ field: 'owner_id', from: null, to: 'u1' }, people, INR)).toBe('Owner: — → Ada Lovelace');
    expect(describeChange({ field: 'owner_id', from: 'u7', to: '' }, people, INR)).toBe('Owner: Former user → —');
  });

  it('writes lists, numbers and money readably', () => {
    expect(describeChange({ field: 'applications', from: [], to: ['SAP', 'Excel'] }, people, INR)).toBe(
      'Applications: — → SAP, Excel',
    );
    expect(describeChange({ field: 'hourly_cost', from: 40, to: 42.5 }, people, INR)).toBe(
      'Hourly cost: ₹40.00 → ₹42.50',
    );
    expect(describeChange({ field: 'benefit_money', from: null, to: 24_000 }, people, INR)).toBe(
      'Benefit money: — → ₹24,000',
    );
    expect(describeChange({ field: 'monthly_volume', from: 1200, to: 2.5 }, people, INR)).toBe(
      `Monthly volume: 1,200 → ${(2.5).toLocaleString()}`,
    );
  });

  it('names the document added or removed', () => {
    expect(describeChange({ field: 'document', from: null, to: 'Flow.pdf' }, people, INR)).toBe('Added Flow.pdf');
    expect(describeChange({ field: 'document', from: 'Old.pdf', to: null }, people, INR)).toBe('Removed Old.pdf');
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
