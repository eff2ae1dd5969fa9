import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

import cells from './Cells.module.css';

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

/** A column of `ColumnHeads`: its label, and whether it holds numbers (right-aligned). */
export interface Column {
  label: ReactNode;
  numeric?: boolean;
}

/** A table's header row of columns (`scope="col"`), numbers right-aligned; `children` after them. */
export function ColumnHeads({ columns, children }: { columns: readonly (string | Column)[]; children?: ReactNode }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => {
          const { label, numeric } = typeof column === 'string' ? { label: column, numeric: false } : column;
          return (
            <Table.Th key={index} scope="col" className={numeric ? cells.numeric : undefined}>
              {label}
            </Table.Th>
          );
        })}
        {children}
      </Table.Tr>
    </Table.Thead>
  );
}

/** Columns of numbers for `ColumnHeads`. */
export function numericColumns(...labels: string[]): Column[] {
  return labels.map((label) => ({ label, numeric: true }));
}
