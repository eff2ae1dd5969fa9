import { describe, expect, it } from 'vitest';

import { MESSAGES } from './generated';
import { quietDaysProblem } from './settings';

describe('quietDaysProblem', () => {
  it('takes whole days from 1 to 90', () => {
    expect([1, 7, 90].map(quietDaysProblem)).toEqual([null, null, null]);
    expect([0, 91, 2.5, ''].map((days) => quietDaysProblem(days as number | ''))).toEqual(
      Array(4).fill(MESSAGES.QUIET_DAYS_RANGE),
    );
  });
});
