import { useEffect, useRef, useState } from 'react';
import { Button, CloseButton, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';

import { DepartmentSelect, PersonSelect } from '../../../common/src/Pickers';
import { HEALTH_OPTIONS, STAGE_OPTIONS, isHealth, isStage } from '../../../common/src/vocabulary';
import type { ProcessFilters } from '../types';
import { clearedFilters, isFiltered } from '../urlState';
import classes from './Filters.module.css';

const asStage = (value: string | null) => (isStage(value) ? value : null);
const asHealth = (value: string | null) => (isHealth(value) ? value : null);
const asText = (value: string | null) => value;

interface ProcessFiltersBarProps {
  filters: ProcessFilters;
  onChange: (filters: ProcessFilters) => void;
}

/** Search by name and the four filters; they wrap on narrow screens. */
export function ProcessFiltersBar({ filters, onChange }: ProcessFiltersBarProps) {
  // The search box is typed into locally; the list follows 300 ms after the last key.
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const latest = useRef({ filters, onChange });
  // The last search sent, to tell its echo in `filters` from a change made elsewhere.
  const sent = useRef(filters.q);
  useEffect(() => {
    latest.current = { filters, onChange };
  });

  useEffect(() => {
    const { filters: current, onChange: change } = latest.current;
    if (debounced.trim() === current.q.trim()) return;
    sent.current = debounced.trim();
    change({ ...current, q: debounced });
  }, [debounced]);

  // A search changed elsewhere (the URL, "Clear filters") reaches the box.
  useEffect(() => {
    if (filters.q === sent.current) return;
    sent.current = filters.q;
    setSearch(filters.q);
  }, [filters.q]);

  /** What each filter select takes: `parse` keeps only the values the filter has. */
  const filterProps = <F extends 'stage' | 'health' | 'department' | 'owner_id'>(
    field: F,
    label: string,
    placeholder: string,
    parse: (value: string | null) => ProcessFilters[F],
  ) => ({
    className: classes.select,
    label,
    placeholder,
    value: filters[field],
    onChange: (value: string | null) => onChange({ ...filters, [field]: parse(value) }),
  });

  return (
    <div className={classes.filters} role="search">
      <TextInput
        className={classes.search}
        label="Search"
        placeholder="Process name"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={
          search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null
        }
      />
      <Select {...filterProps('stage', 'Stage', 'All stages', asStage)} data={STAGE_OPTIONS} clearable />
      <Select {...filterProps('health', 'Health', 'Any health', asHealth)} data={HEALTH_OPTIONS} clearable />
      <DepartmentSelect {...filterProps('department', 'Department', 'All departments', asText)} />
      <PersonSelect {...filterProps('owner_id', 'Owner', 'Anyone', asText)} />
      {isFiltered(filters) && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => {
            setSearch('');
            onChange(clearedFilters(filters));
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
