import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';

import { useIsMobile } from '../../../common/src/mobile';
import {
  BUCKETS,
  BUCKET_LABELS,
  PRESETS,
  RANGE_LABELS,
  withDays,
  withKind,
  type Bucket,
  type RangeChoice,
  type RangeKind,
} from '../range';
import classes from '../SupportInsightPage.module.css';

const KINDS: readonly RangeKind[] = [...PRESETS, 'custom'];

interface RangeFilterProps {
  choice: RangeChoice;
  /** Why the custom days cannot be shown. */
  problem: string | null;
  /** The user's today (`YYYY-MM-DD`). */
  today: string;
  onChange: (choice: RangeChoice) => void;
}

/** The range (last 7, 30 or 90 days, or custom days) and the bucket of the series. */
export function RangeFilter({ choice, problem, today, onChange }: RangeFilterProps) {
  const mobile = useIsMobile();
  return (
    <div className={classes.filters} role="group" aria-label="Date range">
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
              onChange={(event) => onChange(withDays(choice, event.currentTarget.value, choice.to))}
              error={problem !== null}
              className={classes.day}
            />
            <TextInput
              type="date"
              label="To"
              value={choice.to}
              min={choice.from || undefined}
              onChange={(event) => onChange(withDays(choice, choice.from, event.currentTarget.value))}
              error={problem !== null}
              className={classes.day}
            />
          </Group>
        )}
        <SegmentedControl
          aria-label="Group the series by"
          data={BUCKETS.map((bucket) => ({ value: bucket, label: BUCKET_LABELS[bucket] }))}
          value={choice.bucket}
          onChange={(bucket) => onChange({ ...choice, bucket: bucket as Bucket })}
          fullWidth={mobile}
          className={classes.control}
        />
      </Group>
      {problem ? (
        <Text size="sm" c="red" role="alert" mt={6}>
          {problem}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={6}>
          Days, weeks (from Monday) and months are counted in UTC.
        </Text>
      )}
    </div>
  );
}
