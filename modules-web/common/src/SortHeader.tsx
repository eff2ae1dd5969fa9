import { Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

import { nextSort, sortDirection } from './sort';

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
