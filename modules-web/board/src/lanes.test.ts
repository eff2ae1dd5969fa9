import { describe, expect, it } from 'vitest';

import { COLUMN_KEYS } from './api';
import { groupIntoLanes } from './lanes';
import { aCard } from './testFixtures';

const OWNERS: Record<string, string> = { u1: 'Zoe Zimmer', u2: 'Adam Abel' };
const ownerName = (id: string) => OWNERS[id] ?? 'Former user';

const cards = [
  aCard('a', 'idea', { department: 'Sales', owner_id: 'u1' }),
  aCard('b', 'live', { department: 'Finance', owner_id: 'u2' }),
  aCard('c', 'idea', { department: null, owner_id: 'u1' }),
  aCard('d', 'testing', { department: 'Sales', owner_id: null }),
];

const ids = (list: { process_id: string }[]) => list.map((card) => card.process_id);

describe('swimlanes', () => {
  it('puts every card in one lane without swimlanes, split by column in board order', () => {
    const [lane, ...others] = groupIntoLanes(cards, COLUMN_KEYS, 'none', ownerName);
    expect(others).toEqual([]);
    expect(lane).toMatchObject({ key: '', label: 'All cards', total: 4 });
    expect(Object.keys(lane!.cells)).toEqual([...COLUMN_KEYS]);
    expect(ids(lane!.cells.idea)).toEqual(['a', 'c']);
    expect(lane!.cells.closed).toEqual([]);
  });

  it('shows the one lane even for an empty board', () => {
    expect(groupIntoLanes([], COLUMN_KEYS, 'none', ownerName)).toMatchObject([{ label: 'All cards', total: 0 }]);
  });

  it('makes a lane per department by name, the cards without one last', () => {
    const lanes = groupIntoLanes(cards, COLUMN_KEYS, 'department', ownerName);
    expect(lanes.map((lane) => [lane.label, lane.total])).toEqual([
      ['Finance', 1],
      ['Sales', 2],
      ['No department', 1],
    ]);
    expect(ids(lanes[1]!.cells.testing)).toEqual(['d']);
  });

  it("makes a lane per owner, by the owner's name", () => {
    const lanes = groupIntoLanes(cards, COLUMN_KEYS, 'owner', ownerName);
    expect(lanes.map((lane) => [lane.key, lane.label])).toEqual([
      ['u2', 'Adam Abel'],
      ['u1', 'Zoe Zimmer'],
      ['', 'No owner'],
    ]);
    expect(ids(lanes[1]!.cells.idea)).toEqual(['a', 'c']);
  });

  it('leaves out the cards of a column the board does not show', () => {
    const [lane] = groupIntoLanes(cards, ['idea', 'testing'], 'none', ownerName);
    expect(lane!.total).toBe(3);
    expect(Object.keys(lane!.cells)).toEqual(['idea', 'testing']);
  });
});
