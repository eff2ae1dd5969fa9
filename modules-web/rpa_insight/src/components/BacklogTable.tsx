import { useState } from 'react';
import { Button, Table, Text } from '@mantine/core';

import cells from '@common/ui/Cells.module.css';
import { formatNumber } from '@common/lib/format';
import { ColumnHeads, numericColumns } from '@common/ui/TableHead';
import type { Backlog } from '../types';

/** Queues shown at first: a company may have many. */
const FIRST_ROWS = 8;

/** The open items per queue now, the longest backlog first. */
export function BacklogTable({ backlog }: { backlog: readonly Backlog[] }) {
  const [all, setAll] = useState(false);
  if (backlog.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No queue item is waiting.
      </Text>
    );
  }
  const shown = all ? backlog : backlog.slice(0, FIRST_ROWS);
  return (
    <>
      <Table.ScrollContainer minWidth={320} type="native">
        <Table striped verticalSpacing={6} aria-label="Backlog per queue" data-testid="backlog-table">
          <ColumnHeads columns={['Queue', ...numericColumns('New', 'In progress', 'Total')]} />
          <Table.Tbody>
            {shown.map((queue) => (
              <Table.Tr key={queue.queue}>
                <Table.Td className={cells.name}>{queue.queue}</Table.Td>
                <Table.Td className={cells.numeric}>{formatNumber(queue.new)}</Table.Td>
                <Table.Td className={cells.numeric}>{formatNumber(queue.in_progress)}</Table.Td>
                <Table.Td className={cells.numeric} fw={600}>
                  {formatNumber(queue.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {backlog.length > FIRST_ROWS && (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => setAll((value) => !value)}>
          {all ? 'Show fewer' : `Show all ${backlog.length} queues`}
        </Button>
      )}
    </>
  );
}
