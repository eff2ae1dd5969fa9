import { Select } from '@mantine/core';

import { dashboardClasses } from '@common/ui/Dashboard';
import { ClearFiltersButton } from '@common/ui/FilterBar';
import { RangeControl, RangeNote } from '@common/ui/RangeFilter';
import { filterOptions } from '../figures';
import { RANGE_KINDS, RANGE_LABELS, withKind, type Filters, type RangeChoice } from '../range';
import type { Overview } from '../types';
import classes from '../BusinessInsightPage.module.css';

interface FilterPanelProps {
  choice: RangeChoice;
  /** Why the custom days cannot be shown. */
  problem: string | null;
  filters: Filters;
  /** The catalogue's departments and processes; null until the first answer. */
  choices: Overview['choices'] | null;
  currency: Overview['currency'] | null;
  /** The user's today (`YYYY-MM-DD`). */
  today: string;
  onRange: (choice: RangeChoice) => void;
  onFilters: (filters: Filters) => void;
}

/** The range (days with runs, year to date, last 12 months, last year or custom days), the department and the process. */
export function FilterPanel({
  choice,
  problem,
  filters,
  choices,
  currency,
  today,
  onRange,
  onFilters,
}: FilterPanelProps) {
  const { departments, processes } = filterOptions(choices, filters);
  const filtered = filters.department !== null || filters.process !== null;

  return (
    <div role="group" aria-label="Range and filters">
      <div className={dashboardClasses.filters}>
        <RangeControl
          kinds={RANGE_KINDS}
          labels={RANGE_LABELS}
          range={choice}
          problem={problem}
          onKind={(kind) => onRange(withKind(choice, kind, today))}
          onDays={(from, to) => onRange({ ...choice, from, to })}
          inline
          verticalOnMobile
          classNames={{ control: classes.control, day: classes.day }}
        />
        <Select
          label="Department"
          placeholder="All departments"
          data={departments}
          value={filters.department}
          onChange={(department) => onFilters({ department, process: null })}
          searchable
          clearable
          nothingFoundMessage="No department matches"
          className={classes.select}
        />
        <Select
          label="Process"
          placeholder="All processes"
          data={processes}
          value={filters.process}
          onChange={(process) => onFilters({ ...filters, process })}
          searchable
          clearable
          nothingFoundMessage="No process matches"
          className={classes.select}
        />
        {filtered && <ClearFiltersButton onClear={() => onFilters({ department: null, process: null })} />}
      </div>
      <RangeNote problem={problem}>
        Days are counted in UTC.{currency ? ` Money is in ${currency.code} (${currency.symbol}).` : ''}
      </RangeNote>
    </div>
  );
}
