import { Button, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

import { useIsMobile } from '../../../common/src/mobile';
import { ListSelect } from '../../../common/src/Pickers';
import type { useNames } from '../api';
import {
  PRESETS,
  RANGE_LABELS,
  clearedFilters,
  isFiltered,
  shownDays,
  withKind,
  type FilterName,
  type PageState,
  type RangeKind,
} from '../params';
import classes from '../RPAInsightPage.module.css';

const KINDS: readonly RangeKind[] = [...PRESETS, 'custom'];

const FILTERS: readonly { name: FilterName; label: string; noun: string; list: 'processes' | 'bots' | 'queues' }[] = [
  { name: 'process', label: 'Process', noun: 'processes', list: 'processes' },
  { name: 'bot', label: 'Bot', noun: 'bots', list: 'bots' },
  { name: 'queue', label: 'Queue', noun: 'queues', list: 'queues' },
];

interface FilterPanelProps {
  state: PageState;
  /** Why the custom days cannot be shown. */
  problem: string | null;
  /** The UTC day presets end on. */
  today: string;
  names: ReturnType<typeof useNames>;
  onChange: (state: PageState) => void;
}

/** The range (the last 7, 30 or 90 days, or custom days) and the process, bot and queue filters. */
export function FilterPanel({ state, problem, today, names, onChange }: FilterPanelProps) {
  const mobile = useIsMobile();
  const days = shownDays(state, today);
  return (
    <div role="search" aria-label="Range and filters">
      <div className={classes.filters}>
        <SegmentedControl
          aria-label="Range"
          data={KINDS.map((kind) => ({ value: kind, label: RANGE_LABELS[kind] }))}
          value={state.kind}
          onChange={(kind) => onChange(withKind(state, kind as RangeKind, today))}
          fullWidth={mobile}
          className={classes.control}
        />
        {state.kind === 'custom' && (
          <>
            <TextInput
              type="date"
              label="From"
              value={state.from}
              max={state.to || undefined}
              onChange={(event) => onChange({ ...state, from: event.currentTarget.value })}
              error={problem !== null}
              className={classes.day}
            />
            <TextInput
              type="date"
              label="To"
              value={state.to}
              min={state.from || undefined}
              onChange={(event) => onChange({ ...state, to: event.currentTarget.value })}
              error={problem !== null}
              className={classes.day}
            />
          </>
        )}
        {FILTERS.map((filter) => {
          const value = state[filter.name];
          const known = names.data?.[filter.list] ?? [];
          // A name from a link that no record carries any more stays selectable.
          const data = value && !known.includes(value) ? [value, ...known] : known;
          return (
            <ListSelect
              key={filter.name}
              label={filter.label}
              placeholder={`Every ${filter.label.toLowerCase()}`}
              source={names}
              noun={filter.noun}
              data={data}
              value={value}
              onChange={(next) => onChange({ ...state, [filter.name]: next })}
              className={classes.select}
              comboboxProps={{ withinPortal: true }}
            />
          );
        })}
        {isFiltered(state) && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => onChange(clearedFilters(state))}
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
          {days.from} to {days.to}, UTC days. The bot filter narrows runs, the queue filter queue items, the process
          filter both.
        </Text>
      )}
    </div>
  );
}
