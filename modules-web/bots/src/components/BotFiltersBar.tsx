import { Select } from '@mantine/core';

import { FILTER_CLASS, FilterBar, activeFilters } from '@common/ui/FilterBar';
import { PersonSelect } from '@common/ui/Pickers';
import { VENDORS, type BotFilters } from '../types';
import { clearedFilters, isBotType, isVendor } from '../urlState';
import { TYPE_OPTIONS } from '../vocabulary';
import { BOT_COLUMNS } from './BotTable';

interface BotFiltersBarProps {
  filters: BotFilters;
  onChange: (filters: BotFilters) => void;
}

/** Search by name, and the type, vendor and owner filters; they wrap on narrow screens and fold on a phone. */
export function BotFiltersBar({ filters, onChange }: BotFiltersBarProps) {
  return (
    <FilterBar
      search={{ value: filters.q, placeholder: 'Bot name', onCommit: (q) => onChange({ ...filters, q }) }}
      active={activeFilters(filters, clearedFilters(filters))}
      onClear={() => onChange(clearedFilters(filters))}
      sort={{ columns: BOT_COLUMNS, value: filters.sort, onChange: (sort) => onChange({ ...filters, sort }) }}
    >
      <Select
        className={FILTER_CLASS}
        label="Type"
        placeholder="Any type"
        data={TYPE_OPTIONS}
        value={filters.type}
        onChange={(value) => onChange({ ...filters, type: isBotType(value) ? value : null })}
        clearable
      />
      <Select
        className={FILTER_CLASS}
        label="Vendor"
        placeholder="Any vendor"
        data={[...VENDORS]}
        value={filters.vendor}
        onChange={(value) => onChange({ ...filters, vendor: isVendor(value) ? value : null })}
        clearable
      />
      <PersonSelect
        className={FILTER_CLASS}
        label="Owner"
        placeholder="Anyone"
        value={filters.owner_id}
        onChange={(value) => onChange({ ...filters, owner_id: value })}
      />
    </FilterBar>
  );
}
