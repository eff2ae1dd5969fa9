import { Button, Group, Text } from '@mantine/core';

import { formatNumber } from '../lib/format';

/** What a list read page by page ("Load more") has shown: a TanStack infinite query's state. */
export interface LoadedPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Under a list read page by page: how many of how many rows it shows (announced politely to
 * screen readers) and the Load more button while pages remain.
 */
export function LoadMore({
  shown,
  total,
  noun,
  pages,
}: {
  shown: number;
  total?: number | null;
  noun: string;
  pages: LoadedPages;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total != null
          ? `Showing ${formatNumber(shown)} of ${formatNumber(total)} ${noun}`
          : `Showing ${formatNumber(shown)} ${noun}`}
      </Text>
      {pages.hasNextPage && (
        <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Group>
  );
}
