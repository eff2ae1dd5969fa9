import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Group, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

import { hiddenColumns, hiddenColumnsHint, pageTarget, type HiddenColumns, type Span } from './scrollCue';
import classes from './BoardPage.module.css';

const COLUMN_ATTRIBUTE = 'data-board-column';
/** Spread on a column's header: the scroller measures the columns by it. */
export const COLUMN_MARK = { [COLUMN_ATTRIBUTE]: true } as const;

const ALL_IN_VIEW: HiddenColumns = { before: 0, after: 0 };

/** The view and the columns, in pixels from the start of the scrolled content. */
function measure(scroller: HTMLElement): { view: Span; columns: Span[] } {
  const origin = scroller.getBoundingClientRect().left + scroller.clientLeft - scroller.scrollLeft;
  const columns = Array.from(scroller.querySelectorAll(`[${COLUMN_ATTRIBUTE}]`), (header) => {
    const { left, right } = header.getBoundingClientRect();
    return { start: left - origin, end: right - origin };
  });
  return { view: { start: scroller.scrollLeft, end: scroller.scrollLeft + scroller.clientWidth }, columns };
}

interface BoardScrollerProps {
  label: string;
  /** Shown at the start of the row above the board (the card count). */
  status: ReactNode;
  children: ReactNode;
}

/**
 * The board's sideways scroll, inside the page (which never scrolls sideways). While columns
 * are out of view the row above says how many, with Scroll left and Scroll right buttons,
 * and the cut-off edges fade.
 */
export function BoardScroller({ label, status, children }: BoardScrollerProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(ALL_IN_VIEW);
  const reduceMotion = useReducedMotion();

  const update = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const { view, columns } = measure(scroller);
    const next = hiddenColumns(view, columns);
    setHidden((current) => (current.before === next.before && current.after === next.after ? current : next));
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    update();
    // The window's width, and the board's (columns and swimlanes come and go).
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
    return () => observer.disconnect();
  }, [update]);

  const page = (toward: 'before' | 'after') => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const { view, columns } = measure(scroller);
    const left = pageTarget(view, columns, toward);
    if (left !== null) scroller.scrollTo({ left, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  const hint = hiddenColumnsHint(hidden);
  return (
    <div className={classes.board}>
      <Group justify="space-between" gap="xs" className={classes.status}>
        {status}
        {hint && (
          <Group gap={6} wrap="nowrap" ml="auto">
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
            <ActionIcon
              variant="default"
              aria-label="Scroll left"
              disabled={hidden.before === 0}
              onClick={() => page('before')}
            >
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label="Scroll right"
              disabled={hidden.after === 0}
              onClick={() => page('after')}
            >
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <div
        className={classes.frame}
        data-more-before={hidden.before > 0 || undefined}
        data-more-after={hidden.after > 0 || undefined}
      >
        {/* Focusable, so that the keyboard can scroll the board sideways. */}
        <div
          ref={scrollerRef}
          className={classes.scroller}
          role="region"
          aria-label={label}
          tabIndex={0}
          onScroll={update}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
