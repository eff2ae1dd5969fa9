import { CONNECTION_MESSAGES as M } from '@autoscope/web-sdk';
import { describe, expect, it } from 'vitest';

import { draftOf, emptyValues, fieldOf, timeZones, validate, valuesOf } from './connectionForm';
import { CONNECTION } from './testFixtures';

describe('the connection form', () => {
  it('keeps a stored password unless a new one is typed or it is removed', () => {
    const values = valuesOf(CONNECTION);
    expect(values.password).toBe('');
    expect('password' in draftOf(values)).toBe(false);
    expect(draftOf({ ...values, password: 'Zebra-4471' }).password).toBe('Zebra-4471');
    expect(draftOf({ ...values, password: 'ignored', clearPassword: true }).password).toBe('');
  });

  it('trims the text and sends the port as a number', () => {
    const draft = draftOf({ ...emptyValues(), name: ' Jobs ', host: ' db.local ', port: '5433', user: ' u ' });
    expect(draft).toMatchObject({ name: 'Jobs', host: 'db.local', port: 5433, user: 'u' });
  });

  it("checks with the host's messages", () => {
    const errors = validate({ ...emptyValues(), port: 70_000 });
    expect(errors).toMatchObject({ name: M.NAME, host: M.HOST, port: M.PORT, database: M.DATABASE, user: M.USER });
    expect(Object.values(validate(valuesOf(CONNECTION))).filter(Boolean)).toEqual([]);
  });

  it("puts the host's answer under its field", () => {
    expect(fieldOf(M.NAME_TAKEN)).toBe('name');
    expect(fieldOf(`${M.NOT_ALLOWED} 10.0.0.9:5432: ask its operator to allow it (AUTOSCOPE_SOURCE_HOSTS)`)).toBe(
      'host',
    );
    expect(fieldOf('password authentication failed for user "reader"')).toBeUndefined();
  });

  it('offers UTC first, then the zones the browser knows', () => {
    const zones = timeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
  });
});
