import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { ConfirmModal } from '@common/ui/ConfirmModal';
import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { errorMessage } from '@common/lib/errors';
import { formatDateTime } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { QueryError } from '@common/ui/QueryError';
import { curlExample, keyNameError, sortKeys } from '../apiKeys';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api';
import type { ApiKey, NewApiKey } from '../types';
import cells from '@common/ui/Cells.module.css';

function Copy({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={label}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The company's API keys for orchestrators: create (the key shows once), list, revoke; and how to send runs. */
export function ApiKeysPanel({ people }: { people: PeopleIndex }) {
  const keys = useApiKeys(true);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const notify = useNotify();
  const revocation = useDialog<ApiKey>();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const origin = window.location.origin;

  const submit = async () => {
    const problem = keyNameError(name);
    if (problem) {
      setNameError(problem);
      return;
    }
    try {
      setCreated(await create.mutateAsync(name));
      setName('');
      notify.success('API key created');
    } catch (error) {
      setNameError(errorMessage(error));
    }
  };

  const confirmRevoke = async () => {
    const target = revocation.target;
    if (!target) return;
    try {
      await revoke.mutateAsync(target.id);
      if (created?.id === target.id) setCreated(null);
      notify.success('API key revoked');
      revoke.reset();
      revocation.close();
    } catch {
      // The dialog shows the server's message.
    }
  };

  let list;
  if (keys.isPending) list = <Skeleton height={120} />;
  else if (keys.isError)
    list = (
      <QueryError title="The API keys could not be loaded" error={keys.error} onRetry={() => void keys.refetch()} />
    );
  else if (keys.data.length === 0)
    list = (
      <EmptyNotice
        icon={IconKey}
        title="No API keys yet"
        description="Create one for each orchestrator or robot that sends runs."
      />
    );
  else
    list = (
      <Table.ScrollContainer minWidth={720} type="native">
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sortKeys(keys.data).map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td className={cells.name}>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{`${key.prefix}…`}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(key.created_at)}</Text>
                  {key.created_by && (
                    <Text size="xs" c="dimmed">
                      {nameOf(people, key.created_by)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(key.last_used_at) || 'Never'}</Table.Td>
                <Table.Td>
                  {key.revoked_at ? (
                    <Tooltip label={`Revoked ${formatDateTime(key.revoked_at)}`} withArrow>
                      <Badge color="gray" variant="light">
                        Revoked
                      </Badge>
                    </Tooltip>
                  ) : (
                    <Badge color="green" variant="light">
                      Active
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {!key.revoked_at && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => revocation.open(key)}
                    >
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            New API key
          </Title>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Name"
                placeholder="UiPath Orchestrator"
                value={name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                maxLength={100}
                style={{ flex: '1 1 16rem' }}
              />
              <Button type="submit" mt={25} loading={create.isPending} leftSection={<IconKey size={16} />}>
                Create key
              </Button>
            </Group>
          </form>
          {created && (
            <Alert
              color="green"
              variant="light"
              title={`Key “${created.name}” created`}
              withCloseButton
              onClose={() => setCreated(null)}
            >
              <Stack gap="xs">
                <Text size="sm">Copy it now: it is shown only once. Keep it secret; revoke it if it leaks.</Text>
                <Group gap="xs" wrap="nowrap">
                  <Code
                    block
                    style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                    data-testid="new-api-key"
                  >
                    {created.key}
                  </Code>
                  <Copy value={created.key} label="Copy the key" />
                </Group>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Keys
          </Title>
          {list}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h5">
              Send runs
            </Title>
            <Copy value={curlExample(origin, created?.key ?? null)} label="Copy the example" />
          </Group>
          <Text size="sm">
            Orchestrators send runs as a JSON array, <Code>{'{"records": [...]}'}</Code> or NDJSON. Sending a run again
            with the same <Code>external_id</Code> updates it; times are unix seconds or RFC 3339. Queue items go to{' '}
            <Code>/api/ingest/bots/queue_items</Code> the same way.
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {curlExample(origin, created?.key ?? null)}
          </Code>
        </Stack>
      </Paper>
      <ConfirmModal
        key={revocation.key}
        {...revocation.props}
        onClose={() => {
          revoke.reset();
          revocation.close();
        }}
        title="Revoke API key"
        confirmLabel="Revoke key"
        onConfirm={() => void confirmRevoke()}
        action={revoke}
      >
        Revoke “{revocation.target?.name}”? Orchestrators using it can no longer send runs. This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}
