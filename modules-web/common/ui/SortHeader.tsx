import { Select, Skeleton, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

import { nextSort, sortDirection } from '@common/lib/sort';

interface SortHeaderProps {
  label: string;
  /** The field the column sorts on; none: a plain header. */
  field?: string;
  sort: string;
  onSort: (sort: string) => void;
  numeric?: boolean;
}

const ICONS = { ascending: IconChevronUp, descending: IconChevronDown, none: IconSelector } as const;

/** A table header that sorts its column when clicked (ascending, then descending), and says how it is sorted. */
export function SortHeader({ label, field, sort, onSort, numeric }: SortHeaderProps) {
  const align = numeric ? 'right' : undefined;
  if (!field) return <Table.Th style={{ textAlign: align, whiteSpace: 'nowrap' }}>{label}</Table.Th>;
  const direction = sortDirection(sort, field);
  const Icon = ICONS[direction];
  return (
    <Table.Th aria-sort={direction} style={{ textAlign: align }}>
      <UnstyledButton
        onClick={() => onSort(nextSort(sort, field))}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** A column of `SortableHead`: its label, the field it sorts on (none: it does not sort), numbers right-aligned. */
export interface SortColumn {
  label: string;
  sort?: string;
  numeric?: boolean;
}

interface SortableHeadProps {
  columns: readonly SortColumn[];
  sort: string;
  onSort: (sort: string) => void;
  /** A last column for each row's actions menu, named for screen readers only. */
  actions?: boolean;
}

/** A table's header row of sortable columns. */
export function SortableHead({ columns, sort, onSort, actions = false }: SortableHeadProps) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <SortHeader
            key={column.label}
            label={column.label}
            field={column.sort}
            numeric={column.numeric}
            sort={sort}
            onSort={onSort}
          />
        ))}
        {actions && (
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}

interface SortSelectProps {
  /** The columns that sort (those with a field), by the names the select gives them. */
  columns: readonly SortColumn[];
  sort: string;
  onSort: (sort: string) => void;
  className?: string;
}

/** The sort as a select, where cards replace a table and its headers (a phone): each field descending, then ascending. */
export function SortSelect({ columns, sort, onSort, className }: SortSelectProps) {
  const options = columns.flatMap(({ label, sort: field }) =>
    field
      ? [
          { value: `-${field}`, label: `${label}, descending` },
          { value: field, label: `${label}, ascending` },
        ]
      : [],
  );
  return (
    <Select
      className={className}
      label="Sort by"
      data={options}
      value={sort}
      onChange={(value) => value && onSort(value)}
      allowDeselect={false}
    />
  );
}

/** Placeholder rows of `columns` cells while a table's first page loads. */
export function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Tr key={row}>
      {Array.from({ length: columns }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
