import { Select } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';

import { DebouncedInput } from '@common/ui/DebouncedInput';
import { FILTER_CLASS, FilterBar } from '@common/ui/FilterBar';
import { PersonSelect } from '@common/ui/Pickers';
import { TICKET_STATUS_OPTIONS, isTicketStatus } from '@common/domain/tickets';
import type { TicketFilters } from '../types';
import { SORT_FIELDS, clearedFilters, isFiltered } from '../urlState';
import { fieldLabel } from '../vocabulary';
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
    <FilterBar
      search={{ value: filters.q, placeholder: 'Title, or #12 for a number', onCommit: set('q') }}
      filtered={isFiltered(filters)}
      onClear={() => onChange(clearedFilters(filters))}
    >
      <Select
        className={FILTER_CLASS}
        label={fieldLabel('status')}
        placeholder="Any status"
        data={TICKET_STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => set('status')(isTicketStatus(value) ? value : null)}
        clearable
      />
      <PrioritySelect
        className={FILTER_CLASS}
        label="Priority"
        placeholder="Any priority"
        value={filters.priority}
        onChange={set('priority')}
      />
      <PersonSelect
        className={FILTER_CLASS}
        label="Assignee"
        placeholder="Anyone"
        value={filters.assignee_id}
        onChange={set('assignee_id')}
      />
      <ProcessSelect
        className={FILTER_CLASS}
        label="Process"
        placeholder="Any process"
        value={filters.process_id}
        onChange={set('process_id')}
      />
      <DebouncedInput
        className={FILTER_CLASS}
        label="Bot"
        placeholder="Bot id or name"
        leftSection={<IconRobot size={16} />}
        value={filters.bot_id}
        onCommit={set('bot_id')}
        clearLabel="Clear bot"
      />
      <Select
        className={FILTER_CLASS}
        hiddenFrom="sm"
        label="Sort by"
        data={SORT_OPTIONS}
        value={filters.sort}
        onChange={(value) => value && set('sort')(value)}
        allowDeselect={false}
      />
    </FilterBar>
  );
}
