import { Table, Text } from '@mantine/core';

import cells from '@common/ui/Cells.module.css';
import { formatNumber, formatPercent } from '@common/lib/format';
import { ColumnHeads, numericColumns } from '@common/ui/TableHead';
import type { Overview } from '../types';

/** The most frequent reasons of failure in the range, with their exception types. */
export function ReasonsTable({ overview }: { overview: Overview }) {
  const { top, other, distinct } = overview.reasons;
  if (top.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No run failed in the range.
      </Text>
    );
  }
  const failed = overview.kpis.failed;
  return (
    <>
      <Table.ScrollContainer minWidth={420} type="native">
        <Table striped verticalSpacing={6} aria-label="Top failure reasons" data-testid="reasons-table">
          <ColumnHeads columns={['Reason', ...numericColumns('Failures', 'Share', 'Business', 'System')]} />
          <Table.Tbody>
            {top.map((reason) => (
              <Table.Tr key={reason.reason ?? ''}>
                <Table.Td className={cells.name}>
                  {reason.reason ?? (
                    <Text span size="sm" c="dimmed">
                      No reason given
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className={cells.numeric}>{formatNumber(reason.n)}</Table.Td>
                <Table.Td className={cells.numeric}>{formatPercent(reason.share)}</Table.Td>
                <Table.Td className={cells.numeric}>{formatNumber(reason.business)}</Table.Td>
                <Table.Td className={cells.numeric}>{formatNumber(reason.system)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {other > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          {formatNumber(other)} of {formatNumber(failed)} failures had one of {formatNumber(distinct - top.length)}{' '}
          other reasons.
        </Text>
      )}
    </>
  );
}
