import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';

import { DebouncedInput } from './DebouncedInput';
import classes from './Filters.module.css';

/** The class of a filter in the bar (a select, a second text box): it wraps with the others. */
export const FILTER_CLASS = classes.select;

interface FilterBarProps {
  /** The search in force (the URL's), what it searches, and the list's new search (300 ms after the last key). */
  search: { value: string; placeholder: string; onCommit: (q: string) => void };
  /** Whether any filter narrows the list: then "Clear filters" shows. */
  filtered: boolean;
  onClear: () => void;
  /** The filters after the search, each with `FILTER_CLASS`. */
  children: ReactNode;
}

/** "Clear filters", shown while a filter narrows what is shown. */
export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
      Clear filters
    </Button>
  );
}

/** A list's search and filters (they wrap on narrow screens), and "Clear filters" while any is set. */
export function FilterBar({ search, filtered, onClear, children }: FilterBarProps) {
  return (
    <div className={classes.filters} role="search">
      <DebouncedInput
        className={classes.search}
        label="Search"
        placeholder={search.placeholder}
        leftSection={<IconSearch size={16} />}
        value={search.value}
        onCommit={search.onCommit}
        clearLabel="Clear search"
      />
      {children}
      {filtered && <ClearFiltersButton onClear={onClear} />}
    </div>
  );
}
