import { useId, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';

import { DebouncedInput } from './DebouncedInput';
import { useIsMobile } from './mobile';
import { SortSelect, type SortColumn } from './SortHeader';
import classes from './Filters.module.css';

/** The class of a filter in the bar (a select, a second text box): it wraps with the others. */
export const FILTER_CLASS = classes.select;

/**
 * How many filters besides the search (`q`) narrow a list: the fields that `cleared`, the
 * filters with every narrowing one cleared (a list's `clearedFilters`), has otherwise.
 */
export function activeFilters<F extends { q: string }>(filters: F, cleared: F): number {
  return (Object.keys(filters) as (keyof F)[]).filter((key) => key !== 'q' && filters[key] !== cleared[key]).length;
}

interface FilterBarProps {
  /** The search in force (the URL's), what it searches, and the list's new search (300 ms after the last key). */
  search: { value: string; placeholder: string; onCommit: (q: string) => void };
  /** How many filters besides the search narrow the list (`activeFilters`): the phone's Filters button says it. */
  active: number;
  onClear: () => void;
  /** The list's sort, for a phone, where cards replace the table whose headers sort it. */
  sort?: { columns: readonly SortColumn[]; value: string; onChange: (sort: string) => void };
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

/**
 * A list's search and filters, and "Clear filters" while any is set. They wrap on narrow
 * screens; on a phone the filters fold behind a Filters button that counts those set.
 */
export function FilterBar({ search, active, onClear, sort, children }: FilterBarProps) {
  const mobile = useIsMobile();
  const [unfolded, fold] = useDisclosure(false);
  const foldId = useId();
  const filters = (
    <>
      {children}
      {mobile && sort && (
        <SortSelect className={FILTER_CLASS} columns={sort.columns} sort={sort.value} onSort={sort.onChange} />
      )}
      {(active > 0 || search.value.trim() !== '') && <ClearFiltersButton onClear={onClear} />}
    </>
  );
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
      {mobile ? (
        <>
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            onClick={fold.toggle}
            aria-expanded={unfolded}
            aria-controls={foldId}
          >
            {active > 0 ? `Filters (${active})` : 'Filters'}
          </Button>
          <div id={foldId} className={classes.folded} hidden={!unfolded}>
            {filters}
          </div>
        </>
      ) : (
        filters
      )}
    </div>
  );
}
