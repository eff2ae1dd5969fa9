import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

import { pageNumber, rowsText, type Paging } from '../paging';

interface PagerProps {
  paging: Paging;
  shown: number;
  size: number;
  nextCursor: string | null;
  /** The rows shown are the current page's (not the previous page's, kept while it loads). */
  settled: boolean;
  loading: boolean;
  /** The list's name: "runs", "stuck items". */
  noun: string;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}

/** Previous and Next through cursor pages, and which rows are shown. */
export function Pager({ paging, shown, size, nextCursor, settled, loading, noun, onPrevious, onNext }: PagerProps) {
  const page = pageNumber(paging);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {rowsText(page, shown, size)} {noun}
      </Text>
      {(page > 1 || nextCursor) && (
        <Group gap="xs" wrap="nowrap" role="navigation" aria-label={`Pages of ${noun}`}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            disabled={page === 1 || !settled}
            onClick={onPrevious}
          >
            Previous
          </Button>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            Page {page}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
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
