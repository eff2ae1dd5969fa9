import { Button, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

import { useIsMobile } from '../../../common/src/mobile';
import { filterOptions } from '../figures';
import { RANGE_KINDS, RANGE_LABELS, withKind, type Filters, type RangeChoice, type RangeKind } from '../range';
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

/** The range (year to date, last 12 months, last year or custom days), the department and the process. */
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
  const mobile = useIsMobile();
  const { departments, processes } = filterOptions(choices, filters);
  const filtered = filters.department !== null || filters.process !== null;

  return (
    <div role="group" aria-label="Range and filters">
      <div className={classes.filters}>
        <SegmentedControl
          aria-label="Range"
          data={RANGE_KINDS.map((kind) => ({ value: kind, label: RANGE_LABELS[kind] }))}
          value={choice.kind}
          onChange={(kind) => onRange(withKind(choice, kind as RangeKind, today))}
          fullWidth={mobile}
          orientation={mobile ? 'vertical' : 'horizontal'}
          className={classes.control}
        />
        {choice.kind === 'custom' && (
          <>
            <TextInput
              type="date"
              label="From"
              value={choice.from}
              max={choice.to || undefined}
              onChange={(event) => onRange({ ...choice, from: event.currentTarget.value })}
              error={problem !== null}
              className={classes.day}
            />
            <TextInput
              type="date"
              label="To"
              value={choice.to}
              min={choice.from || undefined}
              onChange={(event) => onRange({ ...choice, to: event.currentTarget.value })}
              error={problem !== null}
              className={classes.day}
            />
          </>
        )}
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
        {filtered && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => onFilters({ department: null, process: null })}
          >
            Clear filters
          </Button>
        )}
      </div>
      {problem ? (
        <Text size="sm" c="red" role="alert" mt={6}>
          {problem}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={6}>
          Days are counted in UTC.{currency ? ` Money is in ${currency.code} (${currency.symbol}).` : ''}
        </Text>
      )}
    </div>
  );
}
