import { Button, Collapse, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';

import { useIsMobile } from '@common/ui/mobile';
import { DepartmentSelect, PersonSelect } from '@common/ui/Pickers';
import { HEALTH_OPTIONS } from '@common/domain/vocabulary';
import { filtersQuery, hasFilters, type BoardFilters as Filters } from './api';
import { LANE_MODES, type LaneMode } from './lanes';
import classes from './BoardPage.module.css';

interface BoardFiltersProps {
  /** The search as typed (the board asks with it once typing rests). */
  search: string;
  onSearchChange: (search: string) => void;
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
  /** The departments the cards carry: selectable even when the masters no longer list them. */
  cardDepartments: readonly (string | null)[];
  laneMode: LaneMode;
  onLaneModeChange: (mode: LaneMode) => void;
}

const SELECT_WIDTH = { base: '100%', sm: 200 };

/** Search, the four filters and the swimlanes toggle; on a phone the filters fold under a button. */
export function BoardFilters(props: BoardFiltersProps) {
  const { search, onSearchChange, filters, onChange, onClear, cardDepartments } = props;
  const mobile = useIsMobile();
  const [unfolded, fold] = useDisclosure(false);
  const active = hasFilters(filters);
  // Set filters besides the search, for the folded button's label.
  const picked = Object.values(filtersQuery({ ...filters, q: '' })).filter((value) => value !== undefined).length;
  const personFilter = (field: 'owner_id' | 'assignee_id', label: string) => (
    <PersonSelect
      label={label}
      placeholder="Anyone"
      value={filters[field]}
      onChange={(value) => onChange({ ...filters, [field]: value })}
      w={SELECT_WIDTH}
    />
  );

  return (
    <div role="search" aria-label="Filter the board">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          label="Search"
          placeholder="Process name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          className={classes.search}
          maxLength={200}
        />
        {mobile && (
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            onClick={fold.toggle}
            aria-expanded={unfolded}
            aria-controls="board-more-filters"
          >
            {picked > 0 ? `Filters (${picked})` : 'Filters'}
          </Button>
        )}
      </Group>
      <Collapse expanded={!mobile || unfolded} id="board-more-filters">
        <Group gap="sm" align="flex-end" wrap="wrap" mt="sm">
          <DepartmentSelect
            label="Department"
            placeholder="All"
            value={filters.department}
            onChange={(department) => onChange({ ...filters, department })}
            stored={cardDepartments}
            w={SELECT_WIDTH}
          />
          {personFilter('owner_id', 'Owner')}
          {personFilter('assignee_id', 'Assignee')}
          <Select
            label="Health"
            placeholder="Any"
            data={HEALTH_OPTIONS}
            value={filters.health}
            onChange={(health) => onChange({ ...filters, health })}
            clearable
            w={{ base: '100%', sm: 150 }}
          />
          <div className={classes.lanes}>
            <Text size="sm" fw={500} id="board-lanes-label" mb={4}>
              Swimlanes
            </Text>
            <SegmentedControl
              aria-labelledby="board-lanes-label"
              data={[...LANE_MODES]}
              value={props.laneMode}
              onChange={(value) => props.onLaneModeChange(value as LaneMode)}
            />
          </div>
          {active && (
            <Button variant="subtle" leftSection={<IconX size={16} aria-hidden />} onClick={onClear}>
              Clear filters
            </Button>
          )}
        </Group>
      </Collapse>
    </div>
  );
}
