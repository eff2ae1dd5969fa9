import { useState, type ReactNode } from 'react';
import { Button, Group, Text, type MantineSpacing } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

import { currentCursor, firstPage, nextPage, pageNumber, pagingFor, previousPage } from '@common/lib/paging';

/**
 * Cursor pages of the list `key` stands for (`JSON.stringify` of its query): another key starts
 * on the first page again.
 */
export function useCursorPaging(key: string) {
  const [stored, setPaging] = useState(() => firstPage(key));
  const paging = pagingFor(stored, key);
  return {
    page: pageNumber(paging),
    cursor: currentCursor(paging),
    previous: () => setPaging(previousPage(paging)),
    next: (cursor: string) => setPaging(nextPage(paging, cursor)),
    reset: () => setPaging(firstPage(key)),
  };
}

interface PagerProps {
  /** The current page, from 1. */
  page: number;
  nextCursor: string | null;
  /** The rows shown are the current page's (not the previous page's, kept while it loads). */
  settled: boolean;
  loading: boolean;
  /** Which rows are shown ("26–50 runs"), said politely when it changes. */
  status: ReactNode;
  /** After "Page N" (" of 5"). */
  pageSuffix?: string;
  /** The name of the buttons' navigation landmark; none: no landmark. */
  label?: string;
  size?: 'xs' | 'sm';
  mt?: MantineSpacing;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}

/** Which rows are shown, and Previous and Next through cursor pages (while there is more than one). */
export function Pager({
  page,
  nextCursor,
  settled,
  loading,
  status,
  pageSuffix = '',
  label,
  size = 'xs',
  mt,
  onPrevious,
  onNext,
}: PagerProps) {
  const icon = size === 'xs' ? 14 : 16;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt={mt}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {status}
      </Text>
      {(page > 1 || nextCursor) && (
        <Group gap="xs" wrap="nowrap" role={label ? 'navigation' : undefined} aria-label={label}>
          <Button
            variant="default"
            size={size}
            leftSection={<IconChevronLeft size={icon} />}
            disabled={page === 1 || !settled}
            onClick={onPrevious}
          >
            Previous
          </Button>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            Page {page}
            {pageSuffix}
          </Text>
          <Button
            variant="default"
            size={size}
            rightSection={<IconChevronRight size={icon} />}
            disabled={!nextCursor || !settled}
            loading={loading && !settled}
            onClick={() => nextCursor && onNext(nextCursor)}
          >
            Next
          </Button>
        </Group>
      )}
    </Group>
  );
}
