import { Table } from '@mantine/core';

import type { Rejection } from '../generated';

/** Rows left out of an import because of a problem: their table, key and why. */
export function RejectionsTable({ rejections, label }: { rejections: readonly Rejection[]; label: string }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={label} verticalSpacing={4} fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Table</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Why it was rejected</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rejections.map((rejection, index) => (
            <Table.Tr key={index}>
              <Table.Td>{rejection.table}</Table.Td>
              <Table.Td>{rejection.key}</Table.Td>
              <Table.Td>{rejection.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
