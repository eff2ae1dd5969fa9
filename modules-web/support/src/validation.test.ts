import { describe, expect, it } from 'vitest';

import { TICKET } from './testFixtures';
import {
  EMPTY_TICKET,
  MESSAGES,
  changedFields,
  commentProblem,
  conflictText,
  createPayload,
  fieldOfServerMessage,
  rebase,
  ticketFormValues,
  validateTicket,
} from './validation';

describe('the create form', () => {
  it("starts empty with the plugin's default priority", () => {
    expect(EMPTY_TICKET.priority).toBe('Medium');
    expect(validateTicket(EMPTY_TICKET)).toEqual({ title: 'Please enter a title' });
  });

  it('checks the title and description as the plugin does, with its messages', () => {
    expect(validateTicket({ ...EMPTY_TICKET, title: '   ' }).title).toBe(MESSAGES.titleRequired);
    expect(validateTicket({ ...EMPTY_TICKET, title: 'x'.repeat(201) }).title).toBe(
      'Title must be at most 200 characters',
    );
    expect(validateTicket({ ...EMPTY_TICKET, title: 'é'.repeat(200) })).toEqual({});
    expect(validateTicket({ ...EMPTY_TICKET, title: 'ok', description: 'x'.repeat(10001) }).description).toBe(
      MESSAGES.descriptionTooLong,
    );
  });

  it('sends the title trimmed and leaves empty optional fields out', () => {
    expect(createPayload({ ...EMPTY_TICKET, title: ' VPN down ' })).toEqual({
      title: 'VPN down',
      description: '',
      category: undefined,
      priority: 'Medium',
      assignee_id: undefined,
      process_id: undefined,
      bot_id: undefined,
    });
    expect(
      createPayload({ ...EMPTY_TICKET, title: 'a', category: 'Question', assignee_id: 'u2', bot_id: 'Invoice bot' }),
    ).toMatchObject({ category: 'Question', assignee_id: 'u2', bot_id: 'Invoice bot' });
  });

  it('puts a server message under its field', () => {
    expect(fieldOfServerMessage('Please enter a title')).toBe('title');
    expect(fieldOfServerMessage('Assignee is not a user of this company')).toBe('assignee_id');
    expect(fieldOfServerMessage('Description must be at most 10000 characters')).toBe('description');
    expect(fieldOfServerMessage('Something went wrong')).toBeUndefined();
  });
});

describe('comments', () => {
  it("refuses a blank comment and a long one with the plugin's messages", () => {
    expect(commentProblem('  \n ')).toBe('Please write a comment');
    expect(commentProblem('x'.repeat(5001))).toBe(MESSAGES.commentTooLong);
    expect(commentProblem(' Looking into it ')).toBeNull();
  });
});

describe('the details form', () => {
  const values = ticketFormValues(TICKET);

  it('sends only what changed, an emptied field as null', () => {
    expect(changedFields(TICKET, values)).toEqual({});
    expect(changedFields(TICKET, { ...values, title: ' VPN is down ' })).toEqual({});
    expect(changedFields(TICKET, { ...values, priority: 'High', assignee_id: null, bot_id: null })).toEqual({
      priority: 'High',
      assignee_id: null,
      bot_id: null,
    });
  });

  it('takes what others changed into an edit in progress, and keeps the edit', () => {
    const latest = { ...TICKET, version: 4, priority: 'High', status: 'in_progress' as const };
    const edited = { ...values, title: 'VPN down in Berlin' };
    expect(rebase(TICKET, latest, edited)).toEqual({
      base: latest,
      values: { ...edited, priority: 'High' },
      conflicts: [],
    });
  });

  it('moves on when both made the same change', () => {
    const latest = { ...TICKET, version: 4, priority: 'High' };
    expect(rebase(TICKET, latest, { ...values, priority: 'High' }).conflicts).toEqual([]);
  });

  it('stays on the old version when both changed a field differently, so the save meets the 409', () => {
    const latest = { ...TICKET, version: 4, title: 'VPN down (Paris)', assignee_id: null };
    const edited = { ...values, title: 'VPN down (Berlin)', assignee_id: 'u1' };
    expect(rebase(TICKET, latest, edited)).toEqual({
      base: TICKET,
      values: edited,
      conflicts: ['title', 'assignee_id'],
    });
  });

  it('names the fields in conflict', () => {
    expect(conflictText(['title'])).toBe('Title was changed by someone else meanwhile');
    expect(conflictText(['title', 'priority', 'assignee_id'])).toBe(
      'Title, Priority and Assignee were changed by someone else meanwhile',
    );
  });
});
