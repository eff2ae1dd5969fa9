import { describe, expect, it } from 'vitest';

import { BOT } from './testFixtures';
import {
  EMPTY_BOT,
  MESSAGES,
  botFormValues,
  botPayload,
  changedFields,
  fieldOfServerMessage,
  toNumberValue,
  validateBot,
} from './validation';

describe('the bot form', () => {
  it('checks with the plugin’s messages', () => {
    expect(validateBot(EMPTY_BOT)).toEqual({ name: MESSAGES.nameRequired });
    expect(
      validateBot({
        ...EMPTY_BOT,
        name: 'x'.repeat(101),
        machine: 'm'.repeat(101),
        licence_cost: -1,
        processes: ['p'.repeat(201)],
        schedule: 's'.repeat(201),
        notes: 'n'.repeat(2001),
      }),
    ).toEqual({
      name: MESSAGES.nameTooLong,
      machine: MESSAGES.machineTooLong,
      licence_cost: MESSAGES.licenceCost,
      processes: MESSAGES.processes,
      schedule: MESSAGES.scheduleTooLong,
      notes: MESSAGES.notesTooLong,
    });
    const many = Array.from({ length: 101 }, (_, index) => `P${index}`);
    expect(validateBot({ ...EMPTY_BOT, name: 'B', processes: many })).toEqual({ processes: MESSAGES.tooManyProcesses });
    expect(validateBot({ ...EMPTY_BOT, name: 'é'.repeat(100), licence_cost: '' })).toEqual({});
  });

  it('sends trimmed values and null for blank text', () => {
    expect(
      botPayload({
        ...EMPTY_BOT,
        name: ' Claims bot ',
        machine: '  ',
        licence_cost: '',
        processes: [' A ', ''],
        notes: ' n ',
      }),
    ).toEqual({
      name: 'Claims bot',
      type: 'unattended',
      machine: null,
      vendor: 'Other',
      owner_id: null,
      licence_cost: 0,
      processes: ['A'],
      schedule: null,
      notes: 'n',
    });
  });

  it('sends only what changed', () => {
    const values = botFormValues(BOT);
    expect(changedFields(BOT, values)).toEqual({});
    expect(changedFields(BOT, { ...values, licence_cost: 8000, processes: ['Invoice posting'], notes: 'x' })).toEqual({
      licence_cost: 8000,
      processes: ['Invoice posting'],
      notes: 'x',
    });
  });

  it('puts a server message under its field', () => {
    expect(fieldOfServerMessage(MESSAGES.nameTaken)).toBe('name');
    expect(fieldOfServerMessage(MESSAGES.renameWithRuns)).toBe('name');
    expect(fieldOfServerMessage(MESSAGES.owner)).toBe('owner_id');
    expect(fieldOfServerMessage('The record was changed by someone else; reload it and try again')).toBeUndefined();
    expect([toNumberValue(''), toNumberValue('12.5'), toNumberValue('x'), toNumberValue(3)]).toEqual(['', 12.5, '', 3]);
  });
});
