import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';

import { errorMessage } from '@common/lib/errors';
import { humanize } from '@common/lib/format';
import { useColumns, usePreview } from '../api';
import type { Exceptions, Source, StatusRow, TableMap } from '../generated';
import {
  EXCEPTION_KINDS,
  SOURCE_KINDS,
  TARGET_LABELS,
  fieldsOf,
  prefixExceptions,
  sourceOfKind,
  sourceText,
  statusChoices,
  unmappedRequired,
  withField,
  withNewStatus,
  withStatus,
  type SourceKind,
} from '../mapping';
import { PreviewResult } from './PreviewResult';

interface TableMapEditorProps {
  connectionId: string;
  table: TableMap;
  editable: boolean;
  onChange: (table: TableMap) => void;
  onRemove: () => void;
  /** Open on arrival: a table not saved yet is there to be reviewed. */
  initiallyOpen: boolean;
}

const NOT_MAPPED = 'none';

/** One source table's mapping: its key and cursor, each field's source, the status table, exception kinds, a preview. */
export function TableMapEditor({
  connectionId,
  table,
  editable,
  onChange,
  onRemove,
  initiallyOpen,
}: TableMapEditorProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const columns = useColumns(connectionId, table.table);
  const preview = usePreview(connectionId);
  const names = (columns.data ?? []).map((column) => column.name);
  const missing = unmappedRequired(table);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`Table ${table.table}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={4}>{table.table}</Title>
            <Badge variant="light">{TARGET_LABELS[table.target]}</Badge>
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} the mapping of ${table.table}`}
            >
              {open ? 'Hide mapping' : 'Show mapping'}
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconEye size={14} />}
              onClick={() => preview.mutate(table)}
              loading={preview.isPending}
              aria-label={`Preview ${table.table}`}
            >
              Preview
            </Button>
            {editable && (
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onRemove}>
                Remove table
              </Button>
            )}
          </Group>
        </Group>
        {columns.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(columns.error)}
          </Alert>
        )}
        {!open && <Text size="sm">{summary(table)}</Text>}
        <Collapse expanded={open}>
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <MultiSelect
                label="Key"
                description="Identifies a row: reading it again replaces its record"
                data={names}
                value={table.key}
                onChange={(key) => onChange({ ...table, key })}
                disabled={!editable}
                w={240}
              />
              <Select
                label="Cursor"
                description="Only grows: each sync reads past it"
                data={names}
                value={table.cursor}
                onChange={(cursor) => cursor && onChange({ ...table, cursor })}
                disabled={!editable}
                allowDeselect={false}
                searchable
                w={200}
              />
              <NumberInput
                label="Overlap"
                description="Read again before the cursor (seconds for a time)"
                value={table.overlap}
                onChange={(value) => onChange({ ...table, overlap: typeof value === 'number' ? value : 0 })}
                min={0}
                allowDecimal={false}
                disabled={!editable}
                w={200}
              />
            </Group>

            <FieldsTable table={table} columns={names} editable={editable} onChange={onChange} />
            {missing.length > 0 && (
              <Alert color="orange" variant="light">
                Map the required {missing.length === 1 ? 'field' : 'fields'} {missing.join(', ')}.
              </Alert>
            )}
            <StatusTable table={table} editable={editable} onChange={onChange} />
            {table.target === 'runs' && (
              <ExceptionsEditor
                exceptions={table.exceptions}
                columns={names}
                editable={editable}
                onChange={(exceptions) => onChange({ ...table, exceptions })}
              />
            )}
          </Stack>
        </Collapse>
        {preview.isError && (
          <Alert color="red" variant="light" role="alert" title="The preview failed">
            {errorMessage(preview.error)}
          </Alert>
        )}
        {preview.data && <PreviewResult table={table} preview={preview.data} />}
      </Stack>
    </Paper>
  );
}

/** A folded table in a line: its key, cursor, fields mapped and status rows. */
function summary(table: TableMap): string {
  const fields = fieldsOf(table.target);
  const mapped = fields.filter((field: { name: string }) => table.fields[field.name] !== undefined).length;
  return `Key ${table.key.join(', ')}; cursor ${table.cursor}; ${mapped} of ${fields.length} fields mapped; ${
    table.statuses.length
  } status values`;
}

interface PartProps {
  table: TableMap;
  editable: boolean;
  onChange: (table: TableMap) => void;
}

/** Each canonical field of the target and where it comes from. */
function FieldsTable({ table, columns, editable, onChange }: PartProps & { columns: string[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={`Fields of ${table.table}`} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={160}>Field</Table.Th>
            <Table.Th w={220}>From</Table.Th>
            <Table.Th>Reads</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fieldsOf(table.target).map((field: { name: string; required: boolean }) => {
            const source = table.fields[field.name];
            const label = `${humanize(field.name)}${field.required ? ' (required)' : ''}`;
            return (
              <Table.Tr key={field.name}>
                <Table.Td>
                  <Text size="sm">{label}</Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Source of ${field.name}`}
                    data={[{ value: NOT_MAPPED, label: 'Not mapped' }, ...SOURCE_KINDS]}
                    value={source?.from ?? NOT_MAPPED}
                    onChange={(kind) =>
                      onChange(
                        withField(
                          table,
                          field.name,
                          !kind || kind === NOT_MAPPED ? null : sourceOfKind(kind as SourceKind, columns[0] ?? ''),
                        ),
                      )
                    }
                    allowDeselect={false}
                    disabled={!editable}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  {source &&
                    (editable ? (
                      <SourceInputs
                        field={field.name}
                        source={source}
                        columns={columns}
                        onChange={(next) => onChange(withField(table, field.name, next))}
                      />
                    ) : (
                      <Text size="sm">{sourceText(source)}</Text>
                    ))}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface SourceInputsProps {
  field: string;
  source: Source;
  columns: string[];
  onChange: (source: Source) => void;
}

/** The inputs of one kind of source. */
function SourceInputs({ field, source, columns, onChange }: SourceInputsProps) {
  const column = (label: string, value: string, set: (value: string) => void, optional = false) => (
    <Select
      aria-label={`${label} of ${field}`}
      placeholder={label}
      data={columns.includes(value) || value === '' ? columns : [value, ...columns]}
      value={value === '' ? null : value}
      onChange={(next) => set(next ?? '')}
      allowDeselect={optional}
      clearable={optional}
      searchable
      size="xs"
      w={170}
    />
  );
  const text = (label: string, value: string, set: (value: string) => void) => (
    <TextInput
      aria-label={`${label} of ${field}`}
      placeholder={label}
      value={value}
      onChange={(event) => set(event.currentTarget.value)}
      size="xs"
      w={140}
    />
  );
  switch (source.from) {
    case 'column':
      return (
        <Group gap="xs" wrap="wrap">
          {column('Column', source.column, (next) => onChange({ ...source, column: next }))}
          {column(
            'Or, when empty',
            source.or ?? '',
            (or) => onChange(or === '' ? { from: 'column', column: source.column } : { ...source, or }),
            true,
          )}
        </Group>
      );
    case 'lookup':
      return (
        <Group gap="xs" wrap="wrap">
          {column('Column', source.column, (next) => onChange({ ...source, column: next }))}
          {text('Table', source.table, (next) => onChange({ ...source, table: next }))}
          {text('Its key', source.key, (next) => onChange({ ...source, key: next }))}
          {text('Its value', source.value, (next) => onChange({ ...source, value: next }))}
        </Group>
      );
    case 'constant':
      return text('Value', String(source.value), (value) => onChange({ from: 'constant', value }));
    case 'local_with_offset':
      return (
        <Group gap="xs" wrap="wrap">
          {column('Local time', source.column, (next) => onChange({ ...source, column: next }))}
          {column('Offset (seconds)', source.offset, (offset) => onChange({ ...source, offset }))}
        </Group>
      );
  }
}

/** The status column's values and the portal's status of each (or leave the row out). */
function StatusTable({ table, editable, onChange }: PartProps) {
  const choices = statusChoices(table.target);
  const setRow = (index: number, row: StatusRow | null) => onChange(withStatus(table, index, row));
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Statuses
      </Text>
      <Text size="xs" c="dimmed">
        A row whose status is not in this table is rejected.
      </Text>
      <Table aria-label={`Statuses of ${table.table}`} verticalSpacing={4} maw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source value</Table.Th>
            <Table.Th>Portal status</Table.Th>
            {editable && <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.statuses.map((row, index) => (
            <Table.Tr key={index}>
              <Table.Td>
                <TextInput
                  aria-label={`Source value ${index + 1}`}
                  value={row.from}
                  onChange={(event) => setRow(index, { ...row, from: event.currentTarget.value })}
                  disabled={!editable}
                  size="xs"
                />
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Portal status of ${row.from || `row ${index + 1}`}`}
                  data={choices}
                  value={row.to}
                  onChange={(to) => to && setRow(index, { ...row, to })}
                  allowDeselect={false}
                  disabled={!editable}
                  size="xs"
                />
              </Table.Td>
              {editable && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove the status ${row.from}`}
                    onClick={() => setRow(index, null)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editable && (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange(withNewStatus(table))}
          w="fit-content"
        >
          Add a status
        </Button>
      )}
    </Stack>
  );
}

interface ExceptionsEditorProps {
  exceptions: Exceptions | undefined;
  columns: string[];
  editable: boolean;
  onChange: (exceptions: Exceptions) => void;
}

/** A failed run's exception kind: always the same, or by the prefix of a column's text. */
function ExceptionsEditor({ exceptions, columns, editable, onChange }: ExceptionsEditorProps) {
  const current: Exceptions = exceptions ?? { by: 'fixed', default: 'system' };
  const kinds = EXCEPTION_KINDS.map((kind) => ({ value: kind, label: humanize(kind) }));
  const setDefault = (kind: string | null) => kind && onChange({ ...current, default: kind });
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Exception kind of a failed run
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Told by"
          data={[
            { value: 'fixed', label: 'Always the same kind' },
            { value: 'prefixes', label: 'The start of a column' },
          ]}
          value={current.by}
          onChange={(by) =>
            by &&
            onChange(
              by === 'fixed' ? { by: 'fixed', default: current.default } : prefixExceptions(current, columns[0] ?? ''),
            )
          }
          allowDeselect={false}
          disabled={!editable}
          w={220}
        />
        {current.by === 'prefixes' && (
          <Select
            label="Column"
            data={columns}
            value={current.column}
            onChange={(column) => column && onChange({ ...current, column })}
            allowDeselect={false}
            disabled={!editable}
            w={200}
          />
        )}
        <Select
          label={current.by === 'fixed' ? 'Kind' : 'Otherwise'}
          data={kinds}
          value={current.default}
          onChange={setDefault}
          allowDeselect={false}
          disabled={!editable}
          w={140}
        />
      </Group>
      {current.by === 'prefixes' && (
        <Stack gap={4} maw={560}>
          {current.prefixes.map((row, index) => (
            <Group key={index} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={`Prefix ${index + 1}`}
                placeholder="Starts with"
                value={row.from}
                onChange={(event) =>
                  onChange({
                    ...current,
                    prefixes: current.prefixes.map((old, at) =>
                      at === index ? { ...old, from: event.currentTarget.value } : old,
                    ),
                  })
                }
                disabled={!editable}
                size="xs"
                style={{ flex: 1 }}
              />
              <Select
                aria-label={`Kind of prefix ${index + 1}`}
                data={kinds}
                value={row.to}
                onChange={(to) =>
                  to &&
                  onChange({
                    ...current,
                    prefixes: current.prefixes.map((old, at) => (at === index ? { ...old, to } : old)),
                  })
                }
                allowDeselect={false}
                disabled={!editable}
                size="xs"
                w={140}
              />
              {editable && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove the prefix ${row.from}`}
                  onClick={() => onChange({ ...current, prefixes: current.prefixes.filter((_, at) => at !== index) })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {editable && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange({ ...current, prefixes: [...current.prefixes, { from: '', to: 'business' }] })}
              w="fit-content"
            >
              Add a prefix
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
