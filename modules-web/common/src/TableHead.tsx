import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/** A table's header row. */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => (
          <Table.Th key={index}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
