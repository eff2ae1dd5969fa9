import { Button, Group, Paper, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlayerPlay, IconPlus, IconRuler, IconTrash } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { isConflict } from '@common/lib/errors';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { QueryError } from '@common/ui/QueryError';
import { SkeletonRows } from '@common/ui/SortHeader';
import { ColumnHeads } from '@common/ui/TableHead';
import cells from '@common/ui/Cells.module.css';
import { checkedNotice, useEvaluateRule, useRules, useSaveRule } from '../api';
import type { Rule } from '../generated';
import { draftOf, scopeText } from '../ruleForm';
import { minutesText } from '../time';
import { KIND_LABELS } from '../vocabulary';
import { SeverityBadge } from './Badges';
import { When } from './When';

const COLUMNS = ['Name', 'Kind', 'Scope', 'Severity', 'Checked every', 'Enabled', 'Last run', 'Next run'];

interface RulesTabProps {
  now: number;
  onNew: () => void;
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
}

/** The rules, by name: each can be edited, checked now, switched off or deleted. */
export function RulesTab({ now, onNew, onEdit, onDelete }: RulesTabProps) {
  const notify = useNotify();
  const rules = useRules();
  const save = useSaveRule();
  const evaluate = useEvaluateRule();
  const rows = rules.data ?? null;

  const said = (checked: Parameters<typeof checkedNotice>[0]) => {
    const notice = checkedNotice(checked);
    notify(notice.message, notice.kind);
  };
  const setEnabled = (rule: Rule, enabled: boolean) =>
    save.mutate(
      { rule, draft: { ...draftOf(rule), enabled } },
      {
        onSuccess: said,
        onError: (error) => {
          notify.error(error);
          // Changed meanwhile: the row shows the other save, and switching again starts from it.
          if (isConflict(error)) void rules.refetch();
        },
      },
    );
  const checkNow = (rule: Rule) => evaluate.mutate(rule, { onSuccess: said, onError: (error) => notify.error(error) });

  if (rules.isError && !rows) {
    return (
      <QueryError title="The rules could not be loaded" error={rules.error} onRetry={() => void rules.refetch()} />
    );
  }
  if (rows && rows.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <EmptyNotice
          icon={IconRuler}
          title="No rules yet"
          description="A rule watches the bots’ runs and queues, and opens an incident while its condition holds."
        >
          <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
            New rule
          </Button>
        </EmptyNotice>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="md" radius="md">
      {rules.isError && <QueryError error={rules.error} onRetry={() => void rules.refetch()} />}
      <Table.ScrollContainer minWidth={1180} type="native">
        <Table verticalSpacing="sm" aria-label="Rules" aria-busy={rows === null}>
          <ColumnHeads columns={COLUMNS}>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </ColumnHeads>
          <Table.Tbody>
            {rows === null ? (
              <SkeletonRows columns={COLUMNS.length + 1} />
            ) : (
              rows.map((rule) => {
                const toggling = save.isPending && save.variables?.rule?.id === rule.id;
                const checking = evaluate.isPending && evaluate.variables?.id === rule.id;
                return (
                  <Table.Tr key={rule.id}>
                    <Table.Td className={cells.name}>
                      <Text size="sm" fw={500}>
                        {rule.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{KIND_LABELS[rule.kind]}</Text>
                    </Table.Td>
                    <Table.Td className={cells.name}>
                      <Text size="sm">{scopeText(rule)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <SeverityBadge severity={rule.severity} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {minutesText(rule.interval_minutes)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={rule.enabled}
                        disabled={toggling}
                        onChange={(event) => setEnabled(rule, event.currentTarget.checked)}
                        aria-label={`${rule.name} enabled`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <When at={rule.last_run_at} now={now} empty="Not yet" />
                    </Table.Td>
                    <Table.Td>
                      {rule.enabled ? (
                        <When at={rule.next_run_at} now={now} />
                      ) : (
                        <Text size="sm" c="dimmed">
                          Switched off
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconPencil size={14} />}
                          onClick={() => onEdit(rule)}
                          aria-label={`Edit ${rule.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconPlayerPlay size={14} />}
                          onClick={() => checkNow(rule)}
                          loading={checking}
                          disabled={!rule.enabled}
                          aria-label={`Check ${rule.name} now`}
                        >
                          Check now
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => onDelete(rule)}
                          aria-label={`Delete ${rule.name}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
