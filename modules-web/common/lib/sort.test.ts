import { describe, expect, it } from 'vitest';

import { nextSort, sortDirection, sortRows, validSort } from './sort';

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

describe('sorting rows held whole', () => {
  const rows = [
    { name: 'beta', n: 2 },
    { name: 'Alpha', n: null },
    { name: '', n: 1 },
  ];
  const key = (row: (typeof rows)[number], field: 'name' | 'n') => row[field];
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

  it('sorts text in any case and numbers, either way, blanks last', () => {
    expect(sortRows(rows, 'name', key, byName).map((row) => row.name)).toEqual(['Alpha', 'beta', '']);
    expect(sortRows(rows, '-name', key, byName).map((row) => row.name)).toEqual(['beta', 'Alpha', '']);
    expect(sortRows(rows, '-n', key, byName).map((row) => row.n)).toEqual([2, 1, null]);
    expect(rows[0]?.name).toBe('beta');
  });
});
