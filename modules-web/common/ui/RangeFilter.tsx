import type { ReactNode } from 'react';
import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';

import { useIsMobile } from './mobile';
import type { DayRange } from '@common/domain/ranges';
import classes from './RangeFilter.module.css';

interface RangeControlProps<Kind extends string> {
  /** The kinds offered, `custom` among them, in their order. */
  kinds: readonly Kind[];
  labels: Readonly<Record<Kind, string>>;
  range: DayRange<Kind>;
  /** Why the custom days cannot be shown: the day inputs show an error. */
  problem: string | null;
  onKind: (kind: Kind) => void;
  /** Custom days changed (one of them). */
  onDays: (from: string, to: string) => void;
  /** The days sit among other filters of a flex row rather than in a group of their own. */
  inline?: boolean;
  /** On a phone the kinds stack. */
  verticalOnMobile?: boolean;
  /** Classes added to the kinds and each day input (their layout in the page's row). */
  classNames?: { control?: string; day?: string };
}

function joined(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** The kind of range ("Range") and, for a custom one, its "From" and "To" days. */
export function RangeControl<Kind extends string>({
  kinds,
  labels,
  range,
  problem,
  onKind,
  onDays,
  inline = false,
  verticalOnMobile = false,
  classNames = {},
}: RangeControlProps<Kind>) {
  const mobile = useIsMobile();
  const dayClass = joined(inline ? classes.inlineDay : classes.day, classNames.day);
  const days = range.kind === 'custom' && (
    <>
      <TextInput
        type="date"
        label="From"
        value={range.from}
        max={range.to || undefined}
        onChange={(event) => onDays(event.currentTarget.value, range.to)}
        error={problem !== null}
        className={dayClass}
      />
      <TextInput
        type="date"
        label="To"
        value={range.to}
        min={range.from || undefined}
        onChange={(event) => onDays(range.from, event.currentTarget.value)}
        error={problem !== null}
        className={dayClass}
      />
    </>
  );
  return (
    <>
      <SegmentedControl
        aria-label="Range"
        data={kinds.map((kind) => ({ value: kind, label: labels[kind] }))}
        value={range.kind}
        onChange={(kind) => onKind(kind as Kind)}
        fullWidth={mobile}
        orientation={verticalOnMobile && mobile ? 'vertical' : 'horizontal'}
        className={joined(classes.control, classNames.control)}
      />
      {days &&
        (inline ? (
          days
        ) : (
          <Group gap="sm" align="flex-start" wrap="wrap" className={classes.days}>
            {days}
          </Group>
        ))}
    </>
  );
}

/** Under the filters: what is wrong with the days (an alert), else what the figures count (`children`). */
export function RangeNote({ problem, children }: { problem: string | null; children: ReactNode }) {
  return problem ? (
    <Text size="sm" c="red" role="alert" mt={6}>
      {problem}
    </Text>
  ) : (
    <Text size="xs" c="dimmed" mt={6}>
      {children}
    </Text>
  );
}

/** The class of a control beside the range (a second segmented control). */
export const RANGE_CONTROL_CLASS = classes.control;

interface DateRangeFilterProps<Kind extends string> extends Omit<RangeControlProps<Kind>, 'inline' | 'classNames'> {
  /** Under the controls while the days are fine: how the days are counted. */
  hint: ReactNode;
  /** Controls after the range (with `RANGE_CONTROL_CLASS`). */
  children?: ReactNode;
}

/** A page's date range alone ("Date range"): the range, custom days, `children`, and the note under them. */
export function DateRangeFilter<Kind extends string>({ hint, children, ...control }: DateRangeFilterProps<Kind>) {
  return (
    <div role="group" aria-label="Date range" className={classes.filter}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <RangeControl {...control} />
        {children}
      </Group>
      <RangeNote problem={control.problem}>{hint}</RangeNote>
    </div>
  );
}
