import { Select } from '@mantine/core';

import { isOneOf } from '@common/lib/urlParams';
import { FILTER_CLASS, FilterBar, activeFilters } from '@common/ui/FilterBar';
import { BUCKETS, BUCKET_KEYS } from './buckets';
import { COLUMNS } from './RankingTable';
import { clearedFilters, type RankingFilters } from './urlState';

const BUCKET_OPTIONS = BUCKETS.map((bucket) => ({ value: bucket.key, label: bucket.label }));

interface RankingFiltersBarProps {
  filters: RankingFilters;
  /** The departments to choose from. */
  departments: string[];
  onChange: (filters: RankingFilters) => void;
}

/** Search by name, the department and the roadmap bucket; they narrow the table, the chart and the roadmap. */
export function RankingFiltersBar({ filters, departments, onChange }: RankingFiltersBarProps) {
  return (
    <FilterBar
      search={{ value: filters.q, placeholder: 'Process name', onCommit: (q) => onChange({ ...filters, q }) }}
      active={activeFilters(filters, clearedFilters(filters))}
      onClear={() => onChange(clearedFilters(filters))}
      sort={{ columns: COLUMNS, value: filters.sort, onChange: (sort) => onChange({ ...filters, sort }) }}
    >
      <Select
        className={FILTER_CLASS}
        label="Department"
        placeholder="All departments"
        data={departments}
        value={filters.department}
        onChange={(department) => onChange({ ...filters, department })}
        searchable
        clearable
      />
      <Select
        className={FILTER_CLASS}
        label="Bucket"
        placeholder="All buckets"
        data={BUCKET_OPTIONS}
        value={filters.bucket}
        onChange={(value) => onChange({ ...filters, bucket: isOneOf(BUCKET_KEYS, value) ? value : null })}
        clearable
      />
    </FilterBar>
  );
}
