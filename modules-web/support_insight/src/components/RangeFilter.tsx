import { SegmentedControl } from '@mantine/core';

import { useIsMobile } from '@common/ui/mobile';
import { DateRangeFilter, RANGE_CONTROL_CLASS } from '@common/ui/RangeFilter';
import { DAY_RANGE_KINDS, DAY_RANGE_LABELS } from '@common/domain/ranges';
import { BUCKETS, BUCKET_LABELS, withDays, withKind, type Bucket, type RangeChoice } from '../range';

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
    <DateRangeFilter
      kinds={DAY_RANGE_KINDS}
      labels={DAY_RANGE_LABELS}
      range={choice}
      problem={problem}
      onKind={(kind) => onChange(withKind(choice, kind, today))}
      onDays={(from, to) => onChange(withDays(choice, from, to))}
      hint="Days, weeks (from Monday) and months are counted in UTC."
    >
      <SegmentedControl
        aria-label="Group the series by"
        data={BUCKETS.map((bucket) => ({ value: bucket, label: BUCKET_LABELS[bucket] }))}
        value={choice.bucket}
        onChange={(bucket) => onChange({ ...choice, bucket: bucket as Bucket })}
        fullWidth={mobile}
        className={RANGE_CONTROL_CLASS}
      />
    </DateRangeFilter>
  );
}
