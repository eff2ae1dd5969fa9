import { describe, expect, it } from 'vitest';

import { displayValue, formatFileSize, humanize } from './format';

describe('vault formats', () => {
  it('writes file sizes in B, KB and MB', () => {
    expect(formatFileSize(12)).toBe('12 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(320 * 1024)).toBe('320 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe(`${(1.5).toLocaleString()} MB`);
  });

  it('writes any stored value as short text', () => {
    expect(displayValue(null)).toBe('—');
    expect(displayValue('')).toBe('—');
    expect(displayValue([])).toBe('—');
    expect(displayValue(['a', 3])).toBe('a, 3');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(true)).toBe('true');
  });

  it('turns keys into words', () => {
    expect(humanize('in_progress')).toBe('In progress');
    expect(humanize('open')).toBe('Open');
  });
});
