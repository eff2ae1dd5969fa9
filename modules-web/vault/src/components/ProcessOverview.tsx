import type { ReactNode } from 'react';
import { Button, Group, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { IconLifebuoy, IconSearchOff, IconSitemap } from '@tabler/icons-react';

import { HealthBadge, StageBadge } from '@common/ui/Badges';
import { DetailDrawer } from '@common/ui/DetailDrawer';
import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { isNotFound } from '@common/lib/errors';
import type { PeopleIndex } from '@common/domain/people';
import { QueryError } from '@common/ui/QueryError';
import { useProcess } from '../api';
import type { DocumentMeta } from '../types';
import { BenefitPanel } from './BenefitPanel';
import { DeleteDocument, DocumentsPanel } from './DocumentsPanel';
import { HistoryList } from './HistoryList';
import { ProcessDetails } from './ProcessDetails';
import { CHANGE_ACTIONS, type ProcessActions } from './processActions';
import { SupportTickets } from './SupportTickets';

interface ProcessOverviewProps extends Omit<ProcessActions, 'onOpen'> {
  opened: boolean;
  processId: string | null;
  people: PeopleIndex;
  /** False while a dialog opened from the overview is above it: Escape closes that one only. */
  closeOnEscape: boolean;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={4}>{title}</Title>
      {children}
    </Stack>
  );
}

/** A process at a glance: Process (details, benefit with its formulas, documents, history) and Support. */
export function ProcessOverview(props: ProcessOverviewProps) {
  const { opened, processId, people, closeOnEscape, onClose, ...actions } = props;
  const documentDeletion = useDialog<DocumentMeta>();
  const query = useProcess(processId);
  const process = query.data;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="md">
        <Skeleton height={28} width="60%" />
        <Skeleton height={160} />
        <Skeleton height={160} />
      </Stack>
    );
  } else if (query.isError && isNotFound(query.error)) {
    body = (
      <EmptyNotice
        icon={IconSearchOff}
        title="Process not found"
        description="It may have been deleted by someone else."
      />
    );
  } else if (query.isError || !process) {
    body = (
      <QueryError title="The process could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else {
    body = (
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs">
            <StageBadge stage={process.stage} />
            <HealthBadge health={process.health} />
          </Group>
          <Group gap="xs">
            {CHANGE_ACTIONS.map(({ action, label, icon: Icon, danger }) => (
              <Button
                key={action}
                size="xs"
                variant={danger ? 'light' : 'default'}
                color={danger ? 'red' : undefined}
                leftSection={<Icon size={14} />}
                onClick={() => actions[action](process)}
              >
                {label}
              </Button>
            ))}
          </Group>
        </Group>
        <Tabs defaultValue="process" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="process" leftSection={<IconSitemap size={16} />}>
              Process
            </Tabs.Tab>
            <Tabs.Tab value="support" leftSection={<IconLifebuoy size={16} />}>
              Support
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="process" pt="md">
            <Stack gap="xl">
              <Section title="Details">
                <ProcessDetails process={process} people={people} />
              </Section>
              <Section title="Benefit">
                <BenefitPanel process={process} />
              </Section>
              <Section title="Documents">
                <DocumentsPanel processId={process.id} people={people} onDelete={documentDeletion.open} />
              </Section>
              <Section title="History">
                <HistoryList processId={process.id} people={people} />
              </Section>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="support" pt="md">
            <SupportTickets processId={process.id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    );
  }

  return (
    <DetailDrawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={closeOnEscape && !documentDeletion.opened}
      title={
        <Title order={3} style={{ overflowWrap: 'anywhere' }}>
          {process?.name ?? 'Process'}
        </Title>
      }
    >
      {body}
      {processId && (
        <DeleteDocument
          key={documentDeletion.key}
          {...documentDeletion.props}
          processId={processId}
          document={documentDeletion.target}
        />
      )}
    </DetailDrawer>
  );
}
