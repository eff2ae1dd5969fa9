import { SegmentedControl, Select, Text } from '@mantine/core';

import { FILTER_CLASS, FilterBar, activeFilters } from '@common/ui/FilterBar';
import { DepartmentSelect, PersonSelect } from '@common/ui/Pickers';
import { HEALTH_OPTIONS } from '@common/domain/vocabulary';
import type { BoardFilters as Filters } from './api';
import { LANE_MODES, type LaneMode } from './lanes';
import { NO_FILTERS } from './urlState';
import classes from './BoardPage.module.css';

interface BoardFiltersProps {
  /** The filters in force (the URL's). */
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** The departments the cards carry: selectable even when the masters no longer list them. */
  cardDepartments: readonly (string | null)[];
  laneMode: LaneMode;
  onLaneModeChange: (mode: LaneMode) => void;
}

/** Search, the four filters and the swimlanes toggle; on a phone the filters fold under a button. */
export function BoardFilters({ filters, onChange, cardDepartments, laneMode, onLaneModeChange }: BoardFiltersProps) {
  const set = (changes: Partial<Filters>) => onChange({ ...filters, ...changes });
  return (
    <FilterBar
      search={{ value: filters.q, placeholder: 'Process name', onCommit: (q) => set({ q }) }}
      active={activeFilters(filters, NO_FILTERS)}
      onClear={() => onChange(NO_FILTERS)}
    >
      <DepartmentSelect
        className={FILTER_CLASS}
        label="Department"
        placeholder="All"
        value={filters.department}
        onChange={(department) => set({ department })}
        stored={cardDepartments}
      />
      <PersonSelect
        className={FILTER_CLASS}
        label="Owner"
        placeholder="Anyone"
        value={filters.owner_id}
        onChange={(owner_id) => set({ owner_id })}
      />
      <PersonSelect
        className={FILTER_CLASS}
        label="Assignee"
        placeholder="Anyone"
        value={filters.assignee_id}
        onChange={(assignee_id) => set({ assignee_id })}
      />
      <Select
        className={FILTER_CLASS}
        label="Health"
        placeholder="Any"
        data={HEALTH_OPTIONS}
        value={filters.health}
        onChange={(health) => set({ health })}
        clearable
      />
      <div className={classes.lanes}>
        <Text size="sm" fw={500} id="board-lanes-label" mb={4}>
          Swimlanes
        </Text>
        <SegmentedControl
          aria-labelledby="board-lanes-label"
          data={[...LANE_MODES]}
          value={laneMode}
          onChange={(value) => onLaneModeChange(value as LaneMode)}
        />
      </div>
    </FilterBar>
  );
}
