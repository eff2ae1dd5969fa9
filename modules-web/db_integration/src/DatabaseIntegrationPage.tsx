import { useMemo } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconDatabase, IconEdit, IconHistory, IconPlus, IconTableOptions, IconTrash } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useNotify, usePageTitle, type Connection, type PageButton } from '@autoscope/web-sdk';

import { ConfirmModal } from '@common/ui/ConfirmModal';
import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { QueryError } from '@common/ui/QueryError';
import { useConnectionChanges, useConnections, usePresets } from './api';
import { ConnectionDialog } from './components/ConnectionDialog';
import { MappingPanel } from './components/MappingPanel';
import { SyncsPanel } from './components/SyncsPanel';
import { engineLabel } from './connectionForm';
import { presetName } from './mapping';
import type { ConnectionItem } from './generated';
import classes from './DatabaseIntegrationPage.module.css';

type Tab = 'mapping' | 'syncs';

/**
 * Database Integration (/databaseIntegration): the company's connections to its
 * orchestrators' databases; for the one chosen, its mapping and its syncs.
 */
export default function DatabaseIntegrationPage() {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const connections = useConnections();
  const presets = usePresets();
  const { remove } = useConnectionChanges();
  const form = useDialog<Connection | null>();
  const deletion = useDialog<Connection>();
  const admin = connections.data?.company_admin ?? false;
  const items = useMemo(() => connections.data?.connections ?? [], [connections.data]);
  const chosen = items.find((item) => item.connection.id === params.get('connection')) ?? items[0] ?? null;
  const tab: Tab = params.get('tab') === 'syncs' ? 'syncs' : 'mapping';

  const choose = (id: string, next: Tab = tab) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        changed.set('connection', id);
        changed.set('tab', next);
        return changed;
      },
      { replace: true },
    );

  const buttons: PageButton[] = admin
    ? [{ label: 'Add connection', icon: 'plus', kind: 'primary', onClick: () => form.open(null) }]
    : [];
  usePageTitle({ heading: 'Database Integration', breadcrumb: ['Database Integration'], buttons });

  if (connections.isPending) return <Skeleton h={240} />;
  if (connections.isError) {
    return (
      <QueryError
        title="The connections could not be loaded"
        error={connections.error}
        onRetry={() => void connections.refetch()}
      />
    );
  }

  return (
    <div className={classes.page} data-testid="db-integration-page">
      {items.length === 0 ? (
        <EmptyNotice
          icon={IconDatabase}
          title="No database connected yet"
          description={
            admin
              ? "Connect your orchestrator's database (UiPath, Blue Prism, OpenOrchestrator or any table) to import its runs."
              : 'A company admin connects the databases to import runs from.'
          }
        >
          {admin && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => form.open(null)}>
              Add a connection
            </Button>
          )}
        </EmptyNotice>
      ) : (
        <div className={classes.layout}>
          <Stack gap="xs" component="nav" aria-label="Connections">
            {items.map((item) => (
              <ConnectionCard
                key={item.connection.id}
                item={item}
                chosen={item.connection.id === chosen?.connection.id}
                mapping={item.mapped ? presetName(presets.data, item.preset, 'Custom mapping') : null}
                admin={admin}
                onChoose={() => choose(item.connection.id)}
                onEdit={() => form.open(item.connection)}
                onDelete={() => deletion.open(item.connection)}
              />
            ))}
          </Stack>
          {chosen && (
            <Paper withBorder radius="md" p="md" className={classes.detail}>
              <Tabs
                value={tab}
                onChange={(value) => value && choose(chosen.connection.id, value as Tab)}
                keepMounted={false}
              >
                <Tabs.List mb="md">
                  <Tabs.Tab value="mapping" leftSection={<IconTableOptions size={16} />}>
                    Mapping
                  </Tabs.Tab>
                  <Tabs.Tab value="syncs" leftSection={<IconHistory size={16} />}>
                    Syncs
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="mapping">
                  <MappingPanel key={chosen.connection.id} connectionId={chosen.connection.id} editable={admin} />
                </Tabs.Panel>
                <Tabs.Panel value="syncs">
                  <SyncsPanel
                    key={chosen.connection.id}
                    connectionId={chosen.connection.id}
                    mapped={chosen.mapped}
                    editable={admin}
                  />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          )}
        </div>
      )}
      <ConnectionDialog
        key={form.key}
        {...form.props}
        connection={form.target}
        onSaved={(saved) => choose(saved.id, 'mapping')}
      />
      <ConfirmModal
        {...deletion.props}
        title="Delete the connection"
        confirmLabel="Delete connection"
        action={remove}
        onConfirm={() =>
          deletion.target &&
          remove.mutate(deletion.target.id, {
            onSuccess: () => {
              notify.success('Connection deleted');
              deletion.close();
            },
          })
        }
      >
        Delete {deletion.target?.name}? Its mapping and schedule go with it; the runs it imported stay.
      </ConfirmModal>
    </div>
  );
}

interface ConnectionCardProps {
  item: ConnectionItem;
  chosen: boolean;
  /** The mapping's name, or null when nothing is mapped. */
  mapping: string | null;
  admin: boolean;
  onChoose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function ConnectionCard({ item, chosen, mapping, admin, onChoose, onEdit, onDelete }: ConnectionCardProps) {
  const { connection, every_minutes } = item;
  return (
    <Paper withBorder radius="md" p="sm" className={chosen ? classes.chosen : undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <UnstyledButton onClick={onChoose} aria-current={chosen ? 'true' : undefined} className={classes.choose}>
          <Text fw={600} size="sm">
            {connection.name}
          </Text>
          <Text size="xs" c="dimmed" className={classes.address}>
            {engineLabel(connection.engine)} · {connection.host}:{connection.port}/{connection.database}
          </Text>
          <Group gap={4} mt={4}>
            <Badge size="xs" variant="light" color={mapping ? 'blue' : 'gray'}>
              {mapping ?? 'Not mapped'}
            </Badge>
            <Badge size="xs" variant="light" color="gray">
              {every_minutes === null ? 'On demand' : `Every ${every_minutes} min`}
            </Badge>
          </Group>
        </UnstyledButton>
        {admin && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Change">
              <ActionIcon variant="subtle" aria-label={`Change ${connection.name}`} onClick={onEdit}>
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${connection.name}`} onClick={onDelete}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
