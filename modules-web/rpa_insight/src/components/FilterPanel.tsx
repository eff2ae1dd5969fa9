import { dashboardClasses } from '@common/ui/Dashboard';
import { ClearFiltersButton } from '@common/ui/FilterBar';
import { ListSelect } from '@common/ui/Pickers';
import { RangeControl, RangeNote } from '@common/ui/RangeFilter';
import { DAY_RANGE_KINDS, DAY_RANGE_LABELS } from '@common/domain/ranges';
import type { useNames } from '../api';
import { clearedFilters, isFiltered, shownDays, withKind, type FilterName, type PageState } from '../params';
import classes from '../RPAInsightPage.module.css';

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
  const days = shownDays(state, today);
  return (
    <div role="search" aria-label="Range and filters">
      <div className={dashboardClasses.filters}>
        <RangeControl
          kinds={DAY_RANGE_KINDS}
          labels={DAY_RANGE_LABELS}
          range={state}
          problem={problem}
          onKind={(kind) => onChange(withKind(state, kind, today))}
          onDays={(from, to) => onChange({ ...state, from, to })}
          inline
          classNames={{ day: classes.day }}
        />
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
        {isFiltered(state) && <ClearFiltersButton onClear={() => onChange(clearedFilters(state))} />}
      </div>
      <RangeNote problem={problem}>
        {days.from} to {days.to}, UTC days. The bot filter narrows runs, the queue filter queue items, the process
        filter both.
      </RangeNote>
    </div>
  );
}
