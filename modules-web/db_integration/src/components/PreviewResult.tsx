import { Alert, Stack, Table, Text } from '@mantine/core';

import { formatDateTime, humanize } from '@common/lib/format';
import type { Preview, TableMap } from '../generated';
import { PREVIEW_ROWS } from '../generated';
import { fieldsOf } from '../mapping';
import { RejectionsTable } from './RejectionsTable';

interface PreviewResultProps {
  table: TableMap;
  preview: Preview;
}

/** The first rows of a table as they would be imported, and those that would not be, with why. */
export function PreviewResult({ table, preview }: PreviewResultProps) {
  const fields = fieldsOf(table.target) as { name: string; kind: string }[];
  const cell = (kind: string, value: unknown) => {
    if (value === null || value === undefined) return '';
    if (kind === 'time' && typeof value === 'number') return formatDateTime(value);
    return String(value);
  };
  const { records, skipped, rejected } = preview;
  return (
    <Stack gap="xs" aria-label={`Preview of ${table.table}`} component="section">
      <Text size="sm" fw={600}>
        Preview of the first {PREVIEW_ROWS} rows: {records.length} imported, {skipped} left out, {rejected.length}{' '}
        rejected
      </Text>
      {records.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={`Mapped rows of ${table.table}`} striped verticalSpacing={4} fz="xs">
            <Table.Thead>
              <Table.Tr>
                {fields.map((field) => (
                  <Table.Th key={field.name}>{humanize(field.name)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((record, index) => (
                <Table.Tr key={index}>
                  {fields.map((field) => (
                    <Table.Td key={field.name}>{cell(field.kind, record[field.name])}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Alert variant="light" color="gray">
          No row of these would be imported.
        </Alert>
      )}
      {rejected.length > 0 && <RejectionsTable rejections={rejected} label={`Rejected rows of ${table.table}`} />}
    </Stack>
  );
}
