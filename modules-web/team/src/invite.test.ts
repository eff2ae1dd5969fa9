import { describe, expect, it } from 'vitest';

import { MAX_EMAILS, NO_EMAILS, TOO_MANY_EMAILS, addressesProblem, isAboutAddresses, splitAddresses } from './invite';

describe('splitAddresses', () => {
  it('splits at commas, semicolons, spaces and new lines; lower-cased, each once', () => {
    expect(splitAddresses(' Ada@Example.com, grace@example.com;\n\nada@example.com  bob@x.io\t')).toEqual([
      'ada@example.com',
      'grace@example.com',
      'bob@x.io',
    ]);
    expect(splitAddresses(' ,\n ')).toEqual([]);
  });
});

describe('addressesProblem', () => {
  it('asks for one address at least, at most 50, each valid', () => {
    expect(addressesProblem([])).toBe(NO_EMAILS);
    expect(addressesProblem(Array.from({ length: MAX_EMAILS + 1 }, (_, n) => `p${n}@x.io`))).toBe(TOO_MANY_EMAILS);
    expect(addressesProblem(['ada@example.com', 'grace@', 'x'])).toBe('grace@ is not a valid e-mail address');
    expect(addressesProblem(['ada@example.com'])).toBeNull();
  });
});

describe('isAboutAddresses', () => {
  it('knows the host’s messages about addresses', () => {
    expect(isAboutAddresses('bob@x.io is a member already')).toBe(true);
    expect(isAboutAddresses('bob@x.io has a pending invitation already')).toBe(true);
    expect(isAboutAddresses('x is not a valid e-mail address')).toBe(true);
    expect(isAboutAddresses(NO_EMAILS)).toBe(true);
    expect(isAboutAddresses('No such role')).toBe(false);
  });
});
