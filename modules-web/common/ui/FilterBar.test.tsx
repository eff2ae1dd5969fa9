// @vitest-environment jsdom
import { Select } from '@mantine/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { mediaQueries, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { FILTER_CLASS, FilterBar, activeFilters } from './FilterBar';

beforeAll(stubBrowser);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Filters {
  q: string;
  stage: string | null;
  owner_id: string | null;
  sort: string;
}
const NONE: Filters = { q: '', stage: null, owner_id: null, sort: '-updated_at' };
const cleared = (filters: Filters): Filters => ({ ...filters, q: '', stage: null, owner_id: null });

function renderBar({ active = 0, q = '' } = {}) {
  const onSort = vi.fn();
  renderWithShell(
    <FilterBar
      search={{ value: q, placeholder: 'Process name', onCommit: () => undefined }}
      active={active}
      onClear={() => undefined}
      sort={{ columns: [{ label: 'Name', sort: 'name' }, { label: 'Owner' }], value: 'name', onChange: onSort }}
    >
      <Select className={FILTER_CLASS} label="Stage" data={['Idea']} value={null} />
    </FilterBar>,
  );
  return { onSort };
}

const onPhone = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(mediaQueries((query) => query.includes('max-width')));

describe('activeFilters', () => {
  it('counts the filters set besides the search, not the sort', () => {
    expect(activeFilters(NONE, cleared(NONE))).toBe(0);
    const some = { ...NONE, q: 'invoice', stage: 'idea', owner_id: 'u1', sort: 'name' };
    expect(activeFilters(some, cleared(some))).toBe(2);
  });
});

describe('FilterBar', () => {
  it('shows the search and the filters side by side on a wide screen, without a Filters button', () => {
    renderBar({ active: 1 });
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Stage' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('folds the filters behind a Filters button on a phone, which counts those set', () => {
    onPhone();
    renderBar({ active: 2 });
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox', { name: 'Stage' })).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Stage' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('offers the sort among the filters on a phone, each sortable column both ways', () => {
    onPhone();
    const { onSort } = renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Name, descending',
      'Name, ascending',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Name, descending' }));
    expect(onSort).toHaveBeenCalledWith('-name');
  });

  it('offers Clear filters for a search alone', () => {
    onPhone();
    renderBar({ q: 'invoice' });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });
});
