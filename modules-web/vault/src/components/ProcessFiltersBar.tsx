import { Select } from '@mantine/core';

import { FILTER_CLASS, FilterBar, activeFilters } from '@common/ui/FilterBar';
import { DepartmentSelect, PersonSelect } from '@common/ui/Pickers';
import { HEALTH_OPTIONS, STAGE_OPTIONS, isHealth, isStage } from '@common/domain/vocabulary';
import type { ProcessFilters } from '../types';
import { clearedFilters } from '../urlState';
import { PROCESS_COLUMNS } from './ProcessTable';

const asStage = (value: string | null) => (isStage(value) ? value : null);
const asHealth = (value: string | null) => (isHealth(value) ? value : null);
const asText = (value: string | null) => value;

interface ProcessFiltersBarProps {
  filters: ProcessFilters;
  onChange: (filters: ProcessFilters) => void;
}

/** Search by name and the four filters; they wrap on narrow screens and fold on a phone. */
export function ProcessFiltersBar({ filters, onChange }: ProcessFiltersBarProps) {
  /** What each filter select takes: `parse` keeps only the values the filter has. */
  const filterProps = <F extends 'stage' | 'health' | 'department' | 'owner_id'>(
    field: F,
    label: string,
    placeholder: string,
    parse: (value: string | null) => ProcessFilters[F],
  ) => ({
    className: FILTER_CLASS,
    label,
    placeholder,
    value: filters[field],
    onChange: (value: string | null) => onChange({ ...filters, [field]: parse(value) }),
  });

  return (
    <FilterBar
      search={{ value: filters.q, placeholder: 'Process name', onCommit: (q) => onChange({ ...filters, q }) }}
      active={activeFilters(filters, clearedFilters(filters))}
      onClear={() => onChange(clearedFilters(filters))}
      sort={{ columns: PROCESS_COLUMNS, value: filters.sort, onChange: (sort) => onChange({ ...filters, sort }) }}
    >
      <Select {...filterProps('stage', 'Stage', 'All stages', asStage)} data={STAGE_OPTIONS} clearable />
      <Select {...filterProps('health', 'Health', 'Any health', asHealth)} data={HEALTH_OPTIONS} clearable />
      <DepartmentSelect {...filterProps('department', 'Department', 'All departments', asText)} />
      <PersonSelect {...filterProps('owner_id', 'Owner', 'Anyone', asText)} />
    </FilterBar>
  );
}
