import { describe, expect, it } from 'vitest';

import { nextSort, sortDirection, validSort } from './sort';

describe('sorting by column', () => {
  it('sorts a column ascending first, then descending, and back', () => {
    expect(nextSort('-updated_at', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
  });

  it('tells the direction of a column', () => {
    expect(sortDirection('name', 'name')).toBe('ascending');
    expect(sortDirection('-name', 'name')).toBe('descending');
    expect(sortDirection('-names', 'name')).toBe('none');
  });

  it('keeps only sorts on the given fields', () => {
    const fields = ['name', 'created_at'];
    expect(validSort('-created_at', fields, 'name')).toBe('-created_at');
    expect(validSort('secret', fields, 'name')).toBe('name');
    expect(validSort(null, fields, '-created_at')).toBe('-created_at');
  });
});
