import { Button, Select } from '@mantine/core';
import { IconFilterOff, IconRobot, IconSearch } from '@tabler/icons-react';

import { DebouncedInput } from '../../../common/src/DebouncedInput';
import classes from '../../../common/src/Filters.module.css';
import { PersonSelect } from '../../../common/src/Pickers';
import type { TicketFilters } from '../types';
import { SORT_FIELDS, clearedFilters, isFiltered } from '../urlState';
import { STATUS_OPTIONS, fieldLabel, isStatus } from '../vocabulary';
import { PrioritySelect, ProcessSelect } from './Pickers';

const SORT_LABELS: Readonly<Record<(typeof SORT_FIELDS)[number], string>> = {
  number: 'Number',
  title: 'Title',
  status: 'Status',
  priority: 'Priority',
  created_at: 'Created',
  updated_at: 'Updated',
  resolution_due: 'Resolution due',
};

/** On a phone the table's headers are not there to sort by: a select does it. */
const SORT_OPTIONS = SORT_FIELDS.flatMap((field) => [
  { value: `-${field}`, label: `${SORT_LABELS[field]}, descending` },
  { value: field, label: `${SORT_LABELS[field]}, ascending` },
]);

interface TicketFiltersBarProps {
  filters: TicketFilters;
  onChange: (filters: TicketFilters) => void;
}

/** Search (title or `#12`) and the five filters; they wrap on narrow screens. */
export function TicketFiltersBar({ filters, onChange }: TicketFiltersBarProps) {
  const set =
    <F extends keyof TicketFilters>(field: F) =>
    (value: TicketFilters[F]) =>
      onChange({ ...filters, [field]: value });

  return (
    <div className={classes.filters} role="search">
      <DebouncedInput
        className={classes.search}
        label="Search"
        placeholder="Title, or #12 for a number"
        leftSection={<IconSearch size={16} />}
        value={filters.q}
        onCommit={set('q')}
        clearLabel="Clear search"
      />
      <Select
        className={classes.select}
        label={fieldLabel('status')}
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => set('status')(isStatus(value) ? value : null)}
        clearable
      />
      <PrioritySelect
        className={classes.select}
        label="Priority"
        placeholder="Any priority"
        value={filters.priority}
        onChange={set('priority')}
      />
      <PersonSelect
        className={classes.select}
        label="Assignee"
        placeholder="Anyone"
        value={filters.assignee_id}
        onChange={set('assignee_id')}
      />
      <ProcessSelect
        className={classes.select}
        label="Process"
        placeholder="Any process"
        value={filters.process_id}
        onChange={set('process_id')}
      />
      <DebouncedInput
        className={classes.select}
        label="Bot"
        placeholder="Bot id or name"
        leftSection={<IconRobot size={16} />}
        value={filters.bot_id}
        onCommit={set('bot_id')}
        clearLabel="Clear bot"
      />
      <Select
        className={classes.select}
        hiddenFrom="sm"
        label="Sort by"
        data={SORT_OPTIONS}
        value={filters.sort}
        onChange={(value) => value && set('sort')(value)}
        allowDeselect={false}
      />
      {isFiltered(filters) && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => onChange(clearedFilters(filters))}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
