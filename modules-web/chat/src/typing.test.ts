import { describe, expect, it } from 'vitest';

import {
  TYPING_SEND_MS,
  TYPING_SHOWN_MS,
  nextExpiry,
  shouldSendTyping,
  typingText,
  typingUsers,
  withTyping,
  withoutTyping,
} from './typing';

describe('typing state', () => {
  it('shows a user for five seconds after the push', () => {
    const state = withTyping({}, 'c1', 'u1', 1000);
    expect(typingUsers(state, 'c1', 1000 + TYPING_SHOWN_MS - 1, 'me')).toEqual(['u1']);
    expect(typingUsers(state, 'c1', 1000 + TYPING_SHOWN_MS, 'me')).toEqual([]);
    expect(typingUsers(state, 'c2', 1000, 'me')).toEqual([]);
    expect(nextExpiry(state, 1000)).toBe(1000 + TYPING_SHOWN_MS);
    expect(nextExpiry(state, 1000 + TYPING_SHOWN_MS)).toBeNull();
  });

  it('stops when the message arrives, and never shows me', () => {
    const state = withTyping(withTyping({}, 'c1', 'u1', 0), 'c1', 'me', 0);
    expect(typingUsers(state, 'c1', 1, 'me')).toEqual(['u1']);
    expect(typingUsers(withoutTyping(state, 'c1', 'u1'), 'c1', 1, 'me')).toEqual([]);
    expect(withoutTyping(state, 'c9', 'u1')).toBe(state);
  });
});

describe('typingText', () => {
  it('names one or two, and counts more', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Ada'])).toBe('Ada is typing…');
    expect(typingText(['Ada', 'Grace'])).toBe('Ada and Grace are typing…');
    expect(typingText(['Ada', 'Grace', 'Ann'])).toBe('Several people are typing…');
  });
});

describe('shouldSendTyping', () => {
  it('sends at most every three seconds', () => {
    expect(shouldSendTyping(null, 0)).toBe(true);
    expect(shouldSendTyping(0, TYPING_SEND_MS - 1)).toBe(false);
    expect(shouldSendTyping(0, TYPING_SEND_MS)).toBe(true);
  });
});
