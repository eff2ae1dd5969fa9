import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { StageBadge } from '@common/ui/Badges';
import cells from '@common/ui/Cells.module.css';
import { saveCsv } from '@common/lib/csv';
import { DebouncedInput } from '@common/ui/DebouncedInput';
import { formatNumber } from '@common/lib/format';
import { useUrlState } from '@common/lib/listHooks';
import { SortHeader } from '@common/ui/SortHeader';
import { ColumnHeads, numericColumns } from '@common/ui/TableHead';
import {
  FIGURE_COLUMNS,
  PAGE_SIZE,
  departmentLabel,
  formatMonth,
  pageCount,
  pageRows,
  processCsv,
  processViewFromParams,
  searchProcesses,
  sortProcesses,
  withProcessView,
  type OpenFigure,
} from '../figures';
import type { Filters } from '../range';
import { monthNote } from '../runData';
import type { Benefits, Currency, DepartmentRow, MonthRow, ProcessRow } from '../types';
import classes from '../BusinessInsightPage.module.css';
import { FigureButton } from './FigureButton';

interface FigureCellsProps {
  benefits: Benefits;
  /** What the row is: a month, a department or a process. */
  context: string;
  currency: Currency;
  onOpen: (figure: OpenFigure) => void;
}

/** A row's figures, each opening its formula. */
function FigureCells({ benefits, context, currency, onOpen }: FigureCellsProps) {
  return FIGURE_COLUMNS.map((column) => (
    <Table.Td key={column.key} className={cells.numeric}>
      <FigureButton
        shown={{ title: column.title, context, figure: column.pick(benefits) }}
        currency={currency}
        onOpen={onOpen}
      />
    </Table.Td>
  ));
}

interface FigureTableProps {
  /** The table's accessible name. */
  label: string;
  /** The columns before the figures': what a row is, and a count. */
  row: string;
  count: string;
  children: ReactNode;
}

/** A table of rows (months, departments) with a count and their figures. */
function FigureTable({ label, row, count, children }: FigureTableProps) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped verticalSpacing={6} aria-label={label}>
        <ColumnHeads columns={[row, ...numericColumns(count, ...FIGURE_COLUMNS.map((column) => column.label))]} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface TableProps {
  currency: Currency;
  onOpen: (figure: OpenFigure) => void;
}

/** Each month's figures (the chart's, as numbers to open); a month without runs says so beside its ROI's dash. */
export function MonthTable({ months, currency, onOpen }: TableProps & { months: readonly MonthRow[] }) {
  return (
    <FigureTable label="Benefits by month" row="Month" count="Items">
      {months.map((month) => {
        const label = formatMonth(month.month);
        const note = monthNote(month);
        return (
          <Table.Tr key={month.month}>
            <Table.Td className={classes.month}>
              {label}
              {note && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  ({note})
                </Text>
              )}
            </Table.Td>
            <Table.Td className={cells.numeric}>{formatNumber(month.items)}</Table.Td>
            <FigureCells benefits={month} context={label} currency={currency} onOpen={onOpen} />
          </Table.Tr>
        );
      })}
    </FigureTable>
  );
}

interface DepartmentTableProps extends TableProps {
  departments: readonly DepartmentRow[];
  /** Shows one department only. */
  onFilters: (filters: Filters) => void;
}

/** Each department's figures; a department's name narrows the page to it. */
export function DepartmentTable({ departments, currency, onOpen, onFilters }: DepartmentTableProps) {
  if (departments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No department has a live process or runs in this range.
      </Text>
    );
  }
  return (
    <FigureTable label="Benefits by department" row="Department" count="Processes">
      {departments.map((row) => {
        const label = departmentLabel(row.department);
        return (
          <Table.Tr key={label}>
            <Table.Td className={cells.name}>
              {row.department ? (
                <UnstyledButton
                  onClick={() => onFilters({ department: row.department, process: null })}
                  aria-label={`Show only ${label}`}
                  fz="sm"
                  fw={500}
                >
                  {label}
                </UnstyledButton>
              ) : (
                <Text span size="sm" c="dimmed">
                  {label}
                </Text>
              )}
            </Table.Td>
            <Table.Td className={cells.numeric}>
              {formatNumber(row.processes)}
              <Text span size="xs" c="dimmed">
                {' '}
                ({formatNumber(row.live_processes)} live)
              </Text>
            </Table.Td>
            <FigureCells benefits={row} context={label} currency={currency} onOpen={onOpen} />
          </Table.Tr>
        );
      })}
    </FigureTable>
  );
}

interface ProcessTableProps extends TableProps {
  processes: readonly ProcessRow[];
  /** The range, for the export's file name. */
  range: { from: string; to: string };
}

/**
 * Each process's figures: searched, sorted and paged here (the plugin answers them all), and
 * exported as CSV; the search and sort live in the URL.
 */
export function ProcessTable({ processes, range, currency, onOpen }: ProcessTableProps) {
  const notify = useNotify();
  const [view, setView] = useUrlState(processViewFromParams, withProcessView);
  const { q, sort } = view;
  const [page, setPage] = useState(1);
  const rows = sortProcesses(searchProcesses(processes, q), sort);
  const pages = pageCount(rows.length);

  const exportCsv = () => {
    saveCsv(processCsv(rows, currency), `business-insight-processes-${range.from}-to-${range.to}.csv`);
    notify.success(`${formatNumber(rows.length)} ${rows.length === 1 ? 'process' : 'processes'} exported`);
  };
  const sortBy = (next: string) => {
    setView({ ...view, sort: next });
    setPage(1);
  };

  return (
    <>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <DebouncedInput
          label="Search"
          placeholder="Process, department or bot"
          leftSection={<IconSearch size={16} />}
          value={q}
          onCommit={(text) => {
            setView({ ...view, q: text });
            setPage(1);
          }}
          clearLabel="Clear search"
          w={{ base: '100%', xs: 280 }}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={exportCsv}
          disabled={rows.length === 0}
        >
          Export CSV
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {processes.length === 0 ? 'No process is live or ran in this range.' : 'No process matches the search.'}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={980} type="native">
            <Table striped verticalSpacing={6} aria-label="Benefits by process">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader label="Process" field="process" sort={sort} onSort={sortBy} />
                  <SortHeader label="Department" field="department" sort={sort} onSort={sortBy} />
                  <SortHeader label="Runs" field="runs" sort={sort} onSort={sortBy} numeric />
                  {FIGURE_COLUMNS.map((column) => (
                    <SortHeader
                      key={column.key}
                      label={column.label}
                      field={column.key === 'fte' ? undefined : column.key}
                      sort={sort}
                      onSort={sortBy}
                      numeric
                    />
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pageRows(rows, page).map((row) => (
                  <Table.Tr key={row.process}>
                    <Table.Td className={`${cells.name} ${classes.processCell}`}>
                      <Text size="sm" fw={500}>
                        {row.process}
                      </Text>
                      <Group gap={4} mt={2}>
                        {row.stage && <StageBadge stage={row.stage} size="xs" />}
                        {!row.in_catalogue && (
                          <Badge size="xs" variant="outline" color="gray">
                            Not in the Process Vault
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td className={cells.name}>{row.department ?? '—'}</Table.Td>
                    <Table.Td className={cells.numeric}>
                      {formatNumber(row.runs)}
                      <Text size="xs" c="dimmed">
                        {formatNumber(row.items)} items
                      </Text>
                    </Table.Td>
                    <FigureCells benefits={row} context={row.process} currency={currency} onOpen={onOpen} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Group justify="space-between" mt="sm" gap="sm">
              <Text size="xs" c="dimmed">
                {formatNumber(rows.length)} processes, {PAGE_SIZE} a page
              </Text>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                size="sm"
                aria-label="Pages of processes"
              />
            </Group>
          )}
        </>
      )}
    </>
  );
}
