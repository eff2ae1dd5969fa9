import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';

import { useIsMobile } from '../../../common/src/mobile';
import { PRESETS, RANGE_LABELS, withKind, type RangeChoice, type RangeKind } from '../range';
import classes from '../BotProfilePage.module.css';

const KINDS: readonly RangeKind[] = [...PRESETS, 'custom'];

interface RangeFilterProps {
  choice: RangeChoice;
  problem: string | null;
  /** The user's today (`YYYY-MM-DD`). */
  today: string;
  onChange: (choice: RangeChoice) => void;
}

/** The days the figures cover: the last 7, 30 or 90 days, or custom days (UTC). */
export function RangeFilter({ choice, problem, today, onChange }: RangeFilterProps) {
  const mobile = useIsMobile();
  return (
    <div role="group" aria-label="Date range" className={classes.range}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Range"
          data={KINDS.map((kind) => ({ value: kind, label: RANGE_LABELS[kind] }))}
          value={choice.kind}
          onChange={(kind) => onChange(withKind(choice, kind as RangeKind, today))}
          fullWidth={mobile}
          className={classes.control}
        />
        {choice.kind === 'custom' && (
          <Group gap="sm" align="flex-start" wrap="wrap" className={classes.days}>
            <TextInput
              type="date"
              label="From"
              value={choice.from}
              max={choice.to || undefined}
              onChange={(event) => onChange({ ...choice, from: event.currentTarget.value })}
              error={problem !== null}
              className={classes.day}
            />
            <TextInput
              type="date"
              label="To"
              value={choice.to}
              min={choice.from || undefined}
              onChange={(event) => onChange({ ...choice, to: event.currentTarget.value })}
              error={problem !== null}
              className={classes.day}
            />
          </Group>
        )}
      </Group>
      {problem ? (
        <Text size="sm" c="red" role="alert" mt={6}>
          {problem}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={6}>
          Whole days in UTC, the first and last included.
        </Text>
      )}
    </div>
  );
}
