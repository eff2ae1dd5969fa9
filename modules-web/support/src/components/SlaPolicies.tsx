import { Button, Group, NumberInput, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { QueryError } from '@common/ui/QueryError';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { TableHead } from '@common/ui/TableHead';
import { usePriorities, useSaveSla, useSla } from '../api';
import { MAX_SLA_MINUTES, formatMinutes, policiesPayload, policyProblems, policyRows, type PolicyRow } from '../sla';
import { PriorityBadge } from './Badges';

/** The SLA targets per priority: read-only, or editable for company administrators (`editable`). */
export function SlaPolicies(dialog: DialogProps) {
  const sla = useSla();
  const priorities = usePriorities();

  let body;
  if (sla.isPending) {
    body = <Skeleton height={180} />;
  } else if (sla.isError) {
    body = (
      <QueryError title="The SLA policies could not be loaded" error={sla.error} onRetry={() => void sla.refetch()} />
    );
  } else {
    const rows = policyRows(sla.data.policies, priorities.data ?? []);
    body = sla.data.editable ? (
      <SlaForm rows={rows} onClose={dialog.onClose} />
    ) : (
      <Stack gap="md">
        <PolicyTable rows={rows} />
        <Text size="sm" c="dimmed">
          Only a company administrator may change the SLA policies.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={dialog.onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <ResponsiveModal {...dialog} title="SLA policies" size="lg">
      <Stack gap="md">
        <Text size="sm">
          Targets in minutes of wall-clock time from when a ticket is created; the clock pauses while a ticket waits.
        </Text>
        {body}
      </Stack>
    </ResponsiveModal>
  );
}

const POLICY_COLUMNS = ['Priority', 'First response', 'Resolution'];

function PolicyTable({ rows }: { rows: readonly PolicyRow[] }) {
  return (
    <Table.ScrollContainer minWidth={360} type="native">
      <Table verticalSpacing="xs">
        <TableHead columns={POLICY_COLUMNS} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.priority}>
              <Table.Td>
                <PriorityBadge priority={row.priority} />
              </Table.Td>
              <Table.Td>{row.response_minutes === '' ? '—' : formatMinutes(row.response_minutes)}</Table.Td>
              <Table.Td>{row.resolution_minutes === '' ? '—' : formatMinutes(row.resolution_minutes)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The form's values: one row per priority, keyed by it (so errors are too). */
type PolicyValues = Record<string, PolicyRow>;

function SlaForm({ rows, onClose }: { rows: readonly PolicyRow[]; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveSla();
  const form = useFormState<PolicyValues>(() => Object.fromEntries(rows.map((row) => [row.priority, row])));
  /** The rows edited, in the table's order. */
  const inOrder = (values: PolicyValues) => rows.map((row) => values[row.priority] ?? row);
  const submit = useFormSubmit(form, {
    validate: (values) => policyProblems(inOrder(values)),
    save: async (values) => {
      await save.mutateAsync(policiesPayload(inOrder(values)));
      notify.success('SLA policies saved');
      onClose();
    },
  });

  const minutesInput = (row: PolicyRow, field: 'response_minutes' | 'resolution_minutes', label: string) => {
    const error = form.errors[row.priority];
    const value = row[field];
    return (
      <NumberInput
        aria-label={`${label} target of ${row.priority}, minutes`}
        value={value}
        onChange={(next) => form.setValue(row.priority, { ...row, [field]: next === '' ? '' : Number(next) })}
        min={1}
        max={MAX_SLA_MINUTES}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        suffix=" min"
        description={typeof value === 'number' && value > 0 ? formatMinutes(value) : ' '}
        error={field === 'resolution_minutes' ? error : Boolean(error)}
      />
    );
  };

  return (
    <DialogForm submit={submit} submitLabel="Save policies" onCancel={onClose}>
      <Table.ScrollContainer minWidth={420} type="native">
        <Table verticalSpacing="xs">
          <TableHead columns={POLICY_COLUMNS} />
          <Table.Tbody>
            {inOrder(form.values).map((row) => (
              <Table.Tr key={row.priority} style={{ verticalAlign: 'top' }}>
                <Table.Td pt="md">
                  <PriorityBadge priority={row.priority} />
                </Table.Td>
                <Table.Td>{minutesInput(row, 'response_minutes', 'Response')}</Table.Td>
                <Table.Td>{minutesInput(row, 'resolution_minutes', 'Resolution')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DialogForm>
  );
}
