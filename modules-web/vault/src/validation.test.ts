import { describe, expect, it } from 'vitest';

import { aProcess } from './testFixtures';
import {
  EMPTY_PROCESS,
  assessmentFormValues,
  assessmentPayload,
  changedFields,
  fieldOfServerMessage,
  nameError,
  processFormValues,
  processPayload,
  toNumberValue,
  validateAssessment,
  validateProcess,
  type ProcessFormValues,
} from './validation';

const form = (changes: Partial<ProcessFormValues>): ProcessFormValues => ({ ...EMPTY_PROCESS, name: 'A', ...changes });

describe('the process form', () => {
  it('takes a new process with only a name', () => {
    expect(validateProcess(form({}))).toEqual({});
  });

  it("refuses a blank or too long name with the plugin's messages", () => {
    expect(nameError('   ')).toBe('Please enter the process name');
    expect(nameError('x'.repeat(201))).toBe('Name must be at most 200 characters');
    expect(nameError(` ${'x'.repeat(200)} `)).toBeUndefined();
  });

  it("refuses each figure out of range with the plugin's message", () => {
    const errors = validateProcess(
      form({
        name: '',
        monthly_volume: 1.5,
        handling_minutes: -1,
        hourly_cost: -0.01,
        exception_rate: 100.5,
        automation_pct: -5,
        ftes: -1,
        description: 'x'.repeat(4001),
      }),
    );
    expect(errors).toEqual({
      name: 'Please enter the process name',
      monthly_volume: 'Monthly volume must be a whole number of 0 or more',
      handling_minutes: 'Handling time must be 0 or more minutes',
      hourly_cost: 'Hourly cost must be 0 or more',
      exception_rate: 'Exception rate must be between 0 and 100',
      automation_pct: 'Automation must be between 0 and 100',
      ftes: 'FTEs must be 0 or more',
      description: 'Description must be at most 4000 characters',
    });
  });

  it('takes the limits themselves', () => {
    expect(validateProcess(form({ monthly_volume: 0, exception_rate: 100, automation_pct: 0, ftes: 0 }))).toEqual({});
    expect(validateProcess(form({ exception_rate: 0, automation_pct: 100 }))).toEqual({});
  });

  it('refuses a negative whole volume too', () => {
    expect(validateProcess(form({ monthly_volume: -3 })).monthly_volume).toBe(
      'Monthly volume must be a whole number of 0 or more',
    );
  });

  it('counts an emptied number field as 0', () => {
    expect(validateProcess(form({ monthly_volume: '', exception_rate: '' }))).toEqual({});
    expect(processPayload(form({ monthly_volume: '', hourly_cost: '' }))).toMatchObject({
      monthly_volume: 0,
      hourly_cost: 0,
    });
  });

  it("keeps numbers from Mantine's inputs, '' while empty or half typed", () => {
    expect(toNumberValue(12)).toBe(12);
    expect(toNumberValue('12.5')).toBe(12.5);
    expect(toNumberValue('')).toBe('');
    expect(toNumberValue('-')).toBe('');
  });

  it('sends trimmed text and no department as an empty one', () => {
    const payload = processPayload(form({ name: '  Payroll ', description: ' x ', department: null, owner_id: 'u2' }));
    expect(payload).toMatchObject({ name: 'Payroll', description: 'x', department: '', owner_id: 'u2' });
  });

  it('starts an edit from the stored record, missing texts and lists as empty', () => {
    const values = processFormValues(aProcess({ description: null, department: '', applications: null }));
    expect(values).toMatchObject({ name: 'Invoice matching', description: '', department: null, applications: [] });
  });
});

describe('changedFields', () => {
  const stored = aProcess();

  it('is empty when nothing changed', () => {
    expect(changedFields(stored, processFormValues(stored))).toEqual({});
  });

  it('names only the fields that changed, with their new values', () => {
    const values = { ...processFormValues(stored), stage: 'testing' as const, hourly_cost: 45 };
    // The name as typed, with spaces: sent trimmed, it is the stored one.
    values.name = ' Invoice matching ';
    expect(changedFields(stored, values)).toEqual({ stage: 'testing', hourly_cost: 45 });
  });

  it('compares lists by their items, in order', () => {
    const values = processFormValues(stored);
    expect(changedFields(stored, { ...values, applications: ['SAP', 'Outlook'] })).toEqual({});
    expect(changedFields(stored, { ...values, applications: ['Outlook', 'SAP'] })).toEqual({
      applications: ['Outlook', 'SAP'],
    });
  });

  it('takes a cleared department as a change to empty', () => {
    expect(changedFields(stored, { ...processFormValues(stored), department: null })).toEqual({ department: '' });
  });
});

describe('fieldOfServerMessage', () => {
  it('puts a server message under the field it is about', () => {
    const fields = {
      'Owner is not a user of this company': 'owner_id',
      'Unknown complexity': 'complexity',
      'Department must be at most 100 characters': 'department',
      'Name must be at most 200 characters': 'name',
    };
    for (const [message, field] of Object.entries(fields)) expect(fieldOfServerMessage(message)).toBe(field);
  });

  it('has no field for a message about the whole record', () => {
    expect(fieldOfServerMessage('The record was changed by someone else; reload it and try again')).toBeUndefined();
  });
});

describe('the assessment form', () => {
  const unanswered = assessmentFormValues(
    aProcess({ rule_based: null, input_type: null, input_structure: null, stability: null, documentation: null }),
  );

  it('asks every quick question, each 1 to 5', () => {
    const message = 'Each assessment answer must be between 1 and 5';
    expect(validateAssessment(unanswered)).toEqual({
      rule_based: message,
      input_type: message,
      input_structure: message,
      stability: message,
      documentation: message,
    });
    const answers = { rule_based: 1, input_type: 5, input_structure: 3, stability: 2, documentation: 4 };
    const answered = { ...unanswered, ...answers };
    expect(validateAssessment(answered)).toEqual({});
    expect(validateAssessment({ ...answered, stability: 6, documentation: 2.5 })).toEqual({
      stability: message,
      documentation: message,
    });
  });

  it('checks the detailed figures as the process form does', () => {
    const values = { ...assessmentFormValues(aProcess()), monthly_volume: -1, ftes: -2 };
    expect(validateAssessment(values)).toEqual({
      monthly_volume: 'Monthly volume must be a whole number of 0 or more',
      ftes: 'FTEs must be 0 or more',
    });
  });

  it('sends the answers, the figures (empty as 0) and the version', () => {
    const values = { ...assessmentFormValues(aProcess()), handling_minutes: '' as const };
    expect(assessmentPayload(values, 7)).toEqual({
      version: 7,
      rule_based: 4,
      input_type: 5,
      input_structure: 3,
      stability: 4,
      documentation: 2,
      monthly_volume: 1200,
      handling_minutes: 0,
      ftes: 2,
      applications: ['SAP', 'Outlook'],
    });
  });
});
