import { Select } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';

import { FILTER_CLASS, FilterBar, activeFilters } from '@common/ui/FilterBar';
import { PersonSelect } from '@common/ui/Pickers';
import { TICKET_STATUS_OPTIONS, isTicketStatus } from '@common/domain/tickets';
import type { TicketFilters } from '../types';
import { SORT_FIELDS, clearedFilters } from '../urlState';
import { fieldLabel } from '../vocabulary';
import { BotSelect, PrioritySelect, ProcessSelect } from './Pickers';

const SORT_LABELS: Readonly<Record<(typeof SORT_FIELDS)[number], string>> = {
  number: 'Number',
  title: 'Title',
  status: 'Status',
  priority: 'Priority',
  created_at: 'Created',
  updated_at: 'Updated',
  resolution_due: 'Resolution due',
};

/** What the phone's Sort by offers (cards have no headers to sort by). */
const SORT_COLUMNS = SORT_FIELDS.map((field) => ({ label: SORT_LABELS[field], sort: field }));

interface TicketFiltersBarProps {
  filters: TicketFilters;
  onChange: (filters: TicketFilters) => void;
}

/** Search (title or `#12`) and the five filters; they wrap on narrow screens and fold on a phone. */
export function TicketFiltersBar({ filters, onChange }: TicketFiltersBarProps) {
  const set =
    <F extends keyof TicketFilters>(field: F) =>
    (value: TicketFilters[F]) =>
      onChange({ ...filters, [field]: value });

  return (
    <FilterBar
      search={{ value: filters.q, placeholder: 'Title, or #12 for a number', onCommit: set('q') }}
      active={activeFilters(filters, clearedFilters(filters))}
      onClear={() => onChange(clearedFilters(filters))}
      sort={{ columns: SORT_COLUMNS, value: filters.sort, onChange: set('sort') }}
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
      <BotSelect
        className={FILTER_CLASS}
        label="Bot"
        placeholder="Any bot"
        leftSection={<IconRobot size={16} />}
        value={filters.bot_id}
        onChange={set('bot_id')}
      />
    </FilterBar>
  );
}
