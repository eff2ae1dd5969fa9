import { describe, expect, it } from 'vitest';

import { displayValue } from './format';

describe('vault formats', () => {
  it('writes any stored value as short text', () => {
    expect(displayValue(null)).toBe('—');
    expect(displayValue('')).toBe('—');
    expect(displayValue([])).toBe('—');
    expect(displayValue(['a', 3])).toBe('a, 3');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(true)).toBe('true');
  });
});
