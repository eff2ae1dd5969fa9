import { describe, expect, it } from 'vitest';

import { minutesText, relativeTime } from './time';

const NOW = 1_800_000_000;

describe('time', () => {
  it('says how long ago a time was, in its largest unit', () => {
    expect(relativeTime(NOW - 10, NOW)).toBe('just now');
    expect(relativeTime(NOW - 60, NOW)).toBe('1 min ago');
    expect(relativeTime(NOW - 59 * 60, NOW)).toBe('59 min ago');
    expect(relativeTime(NOW - 3 * 3600 - 5, NOW)).toBe('3 h ago');
    expect(relativeTime(NOW - 86_400, NOW)).toBe('1 day ago');
    expect(relativeTime(NOW - 5 * 86_400, NOW)).toBe('5 days ago');
  });

  it('says how soon a time comes', () => {
    expect(relativeTime(NOW + 30, NOW)).toBe('in under a minute');
    expect(relativeTime(NOW + 5 * 60, NOW)).toBe('in 5 min');
    expect(relativeTime(NOW + 2 * 3600, NOW)).toBe('in 2 h');
  });

  it('says nothing of a missing time', () => {
    expect(relativeTime(null, NOW)).toBe('');
    expect(relativeTime(undefined, NOW)).toBe('');
  });

  it('writes minutes as the plugin does', () => {
    expect(minutesText(1)).toBe('1 minute');
    expect(minutesText(90)).toBe('90 minutes');
    expect(minutesText(120)).toBe('2 hours');
    expect(minutesText(1440)).toBe('1 day');
    expect(minutesText(2880 + 60)).toBe('49 hours');
    expect(minutesText(0)).toBe('0 minutes');
  });
});
