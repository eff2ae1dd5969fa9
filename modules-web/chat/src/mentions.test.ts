import { describe, expect, it } from 'vitest';

import { ADA, GRACE } from '@common/domain/testFixtures';
import { activeMention, initials, insertMention, matchPeople } from './mentions';
import { ANN, PEOPLE } from './testFixtures';

describe('activeMention', () => {
  it('finds the @query before the caret', () => {
    expect(activeMention('Hi @Ad', 6)).toEqual({ start: 3, query: 'Ad' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
  });

  it('ignores an @ inside a word, an address or after a space', () => {
    expect(activeMention('mail ada@example', 16)).toBeNull();
    expect(activeMention('Hi @Ada there', 13)).toBeNull();
    expect(activeMention('no at sign', 5)).toBeNull();
  });

  it('reads only up to the caret', () => {
    expect(activeMention('Hi @Ad and more', 6)).toEqual({ start: 3, query: 'Ad' });
  });
});

describe('insertMention', () => {
  it('puts <@id> and a space in place of the query', () => {
    const mention = { start: 3, query: 'Ad' };
    expect(insertMention('Hi @Ad', mention, 6, 'u1')).toEqual({ text: 'Hi <@u1> ', caret: 9 });
    expect(insertMention('Hi @Ad how are you', mention, 6, 'u1')).toEqual({ text: 'Hi <@u1> how are you', caret: 9 });
  });
});

describe('matchPeople', () => {
  it('puts name starts first, then word starts, then the rest', () => {
    expect(matchPeople(PEOPLE, 'a').map((person) => person.user_id)).toEqual([ADA.user_id, ANN.user_id, GRACE.user_id]);
    expect(matchPeople(PEOPLE, 'hop')).toEqual([GRACE]);
    expect(matchPeople(PEOPLE, 'grace@')).toEqual([GRACE]);
    expect(matchPeople(PEOPLE, 'zzz')).toEqual([]);
  });

  it('lists everyone by name for an empty query, up to the limit', () => {
    expect(matchPeople(PEOPLE, '', 2)).toEqual([ADA, ANN]);
  });
});

describe('initials', () => {
  it('takes the first and last words', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Grace Brewster Hopper')).toBe('GH');
    expect(initials('plato')).toBe('P');
    expect(initials('')).toBe('?');
  });
});
