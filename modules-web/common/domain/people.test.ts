import { describe, expect, it } from 'vitest';

import { departmentChoices, indexPeople, nameOf, personName, personOptions, type Person } from './people';

const person = (user_id: string, firstname: string, lastname: string, email = `${user_id}@example.com`): Person => ({
  user_id,
  email,
  firstname,
  lastname,
  job_title: null,
});

const ada = person('u1', 'Ada', 'Lovelace');
const grace = person('u2', 'Grace', 'Hopper');
const nameless = person('u3', ' ', '', 'anon@example.com');

describe('names', () => {
  it('writes first and last name, or the e-mail when both are blank', () => {
    expect(personName(ada)).toBe('Ada Lovelace');
    expect(personName(person('u4', 'Cher', ''))).toBe('Cher');
    expect(personName(nameless)).toBe('anon@example.com');
  });

  it('names a user id from the directory', () => {
    const people = indexPeople([ada, grace]);
    expect(nameOf(people, 'u2')).toBe('Grace Hopper');
  });

  it('has no name for no user', () => {
    expect(nameOf(indexPeople([ada]), null)).toBeNull();
    expect(nameOf(indexPeople([ada]), '')).toBeNull();
  });

  it('calls an unknown id a former user once the directory is loaded, and waits before', () => {
    expect(nameOf(indexPeople([ada]), 'gone')).toBe('Former user');
    expect(nameOf(indexPeople([]), 'u1')).toBe('…');
  });

  it('offers people by name', () => {
    expect(personOptions([grace, nameless, ada])).toEqual([
      { value: 'u1', label: 'Ada Lovelace' },
      { value: 'u3', label: 'anon@example.com' },
      { value: 'u2', label: 'Grace Hopper' },
    ]);
  });
});

describe('departmentChoices', () => {
  it('adds the names records carry that the masters lack, once each, sorted', () => {
    expect(departmentChoices(['Sales', 'Finance'], ['HR', null, 'Sales', undefined, '', 'HR'])).toEqual([
      'Finance',
      'HR',
      'Sales',
    ]);
  });

  it('is the masters alone when records add nothing', () => {
    expect(departmentChoices(['IT'], [null])).toEqual(['IT']);
    expect(departmentChoices([], [])).toEqual([]);
  });
});
