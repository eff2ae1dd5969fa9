import type { ReactNode } from 'react';
import { Skeleton, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

import type { ListPage } from '@common/lib/lists';
import { Pager, type useCursorPaging } from './Pager';
import { rowsText } from '@common/lib/paging';
import { QueryError } from './QueryError';
import { ColumnHeads, type Column } from './TableHead';

interface PagedTableProps<T> {
  /** The current page's query (the previous page's rows kept as placeholder while it loads). */
  list: UseQueryResult<ListPage<T>>;
  paging: ReturnType<typeof useCursorPaging>;
  /** Rows per page. */
  size: number;
  /** The list's name: "runs", "stuck items". */
  noun: string;
  /** The error's title when the first page fails. */
  errorTitle: string;
  /** The skeleton's height while the first page loads. */
  loadingHeight: number;
  /** What an empty list says. */
  empty: ReactNode;
  /** The table: its accessible name, test id, columns, and the width under which it scrolls sideways. */
  table: {
    label: string;
    testId: string;
    columns: readonly (string | Column)[];
    minWidth: number;
    highlightOnHover?: boolean;
  };
  /** The page's rows (`Table.Tr`s). */
  children: (rows: T[]) => ReactNode;
}

/**
 * A table read by cursor pages: an error, a skeleton, what an empty list says, or the rows (dimmed
 * while the next page loads) and a `Pager`.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { list, paging, size, noun, errorTitle, loadingHeight, empty, table, children } = props;
  const rows = list.data?.items ?? null;
  const settled = !list.isPlaceholderData;
  if (list.isError && !rows) {
    return <QueryError title={errorTitle} error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (!rows) return <Skeleton height={loadingHeight} />;
  if (rows.length === 0 && settled) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={table.minWidth} type="native">
        <Table
          striped
          highlightOnHover={table.highlightOnHover}
          verticalSpacing={6}
          aria-label={table.label}
          data-testid={table.testId}
          opacity={settled ? 1 : 0.6}
        >
          <ColumnHeads columns={table.columns} />
          <Table.Tbody>{children(rows)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager
        page={paging.page}
        nextCursor={list.data?.next_cursor ?? null}
        settled={settled}
        loading={list.isFetching}
        status={`${rowsText(paging.page, rows.length, size)} ${noun}`}
        label={`Pages of ${noun}`}
        mt="sm"
        onPrevious={paging.previous}
        onNext={paging.next}
      />
    </>
  );
}
