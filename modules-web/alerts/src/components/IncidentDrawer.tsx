import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconEdit,
  IconMessage,
  IconRefresh,
  IconSearchOff,
  IconSend,
  IconUserCheck,
  IconX,
} from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { nameOf, type PeopleIndex } from '@common/domain/people';
import { errorMessage, isNotFound } from '@common/lib/errors';
import { formatDateTime } from '@common/lib/format';
import { submitOnModEnter } from '@common/lib/forms';
import { DetailDrawer } from '@common/ui/DetailDrawer';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { PersonSelect } from '@common/ui/Pickers';
import { QueryError } from '@common/ui/QueryError';
import { useAcknowledge, useAddComment, useAssign, useIncident } from '../api';
import type { Action, Activity, Incident } from '../generated';
import { ACTION_LABELS, KIND_LABELS, incidentValue } from '../vocabulary';
import { SeverityBadge, StatusBadge } from './Badges';
import { When } from './When';
import classes from '../AlertsPage.module.css';

interface IncidentDrawerProps {
  opened: boolean;
  incidentId: string | null;
  people: PeopleIndex;
  now: number;
  onClose: () => void;
}

/** One incident: what fired, when, who acknowledged and holds it, the conversation and its history. */
export function IncidentDrawer({ opened, incidentId, people, now, onClose }: IncidentDrawerProps) {
  const detail = useIncident(incidentId);
  const incident = detail.data?.incident;

  let body: ReactNode;
  if (detail.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" aria-label="Loading the incident">
        <Skeleton height={28} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={160} />
      </Stack>
    );
  } else if (detail.isError && isNotFound(detail.error)) {
    body = (
      <EmptyNotice icon={IconSearchOff} title="Incident not found" description="The link may be wrong or outdated." />
    );
  } else if (!detail.data || !incident) {
    body = (
      <QueryError title="The incident could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  } else {
    body = (
      <Stack gap="lg">
        {detail.isError && <QueryError error={detail.error} onRetry={() => void detail.refetch()} />}
        <IncidentFacts incident={incident} people={people} now={now} />
        <Handling key={incident.id} incident={incident} people={people} />
        <section aria-labelledby="incident-history-title">
          <Title order={3} size="h5" id="incident-history-title" mb="sm">
            History
          </Title>
          <History activity={detail.data.activity} people={people} />
        </section>
      </Stack>
    );
  }

  return (
    <DetailDrawer
      opened={opened}
      onClose={onClose}
      title={<span className={classes.drawerTitle}>{incident ? incident.rule_name : 'Incident'}</span>}
    >
      {body}
    </DetailDrawer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {children}
    </div>
  );
}

function IncidentFacts({ incident, people, now }: { incident: Incident; people: PeopleIndex; now: number }) {
  return (
    <Stack gap="md">
      <Group gap="xs">
        <SeverityBadge severity={incident.severity} />
        <StatusBadge status={incident.status} />
        <Text size="sm" c="dimmed">
          {KIND_LABELS[incident.kind]}
        </Text>
      </Group>
      <Text className={classes.summaryText}>{incident.summary || 'No summary'}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Fact label="Value">
          <Text size="sm">{incidentValue(incident.kind, incident.value)}</Text>
        </Fact>
        <Fact label="Opened">
          <When at={incident.opened_at} now={now} />
        </Fact>
        <Fact label="Last fired">
          <When at={incident.last_fired_at} now={now} />
        </Fact>
        <Fact label="Closed">
          <When at={incident.closed_at} now={now} empty="Still open" />
        </Fact>
        <Fact label="Acknowledged">
          {incident.acknowledged_at != null ? (
            <Text size="sm">
              by {nameOf(people, incident.acknowledged_by) ?? 'Unknown user'},{' '}
              {formatDateTime(incident.acknowledged_at)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Not yet
            </Text>
          )}
        </Fact>
      </SimpleGrid>
    </Stack>
  );
}

/** Acknowledge, assign and comment. */
function Handling({ incident, people }: { incident: Incident; people: PeopleIndex }) {
  const notify = useNotify();
  const acknowledge = useAcknowledge(incident.id);
  const assign = useAssign(incident.id);
  const comment = useAddComment(incident.id);
  const [text, setText] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const acknowledged = incident.acknowledged_at != null;

  const submitComment = (event: FormEvent) => {
    event.preventDefault();
    if (comment.isPending || !text.trim()) return;
    setCommentError(null);
    comment.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        notify.success('Comment added');
      },
      onError: (error) => setCommentError(errorMessage(error)),
    });
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        {acknowledged ? (
          <Group gap={6}>
            <IconCheck size={16} aria-hidden />
            <Text size="sm">Acknowledged by {nameOf(people, incident.acknowledged_by) ?? 'Unknown user'}</Text>
          </Group>
        ) : (
          <Button
            leftSection={<IconCheck size={16} />}
            loading={acknowledge.isPending}
            onClick={() =>
              acknowledge.mutate(undefined, {
                onSuccess: () => notify.success('Incident acknowledged'),
                onError: (error) => notify.error(error),
              })
            }
          >
            Acknowledge
          </Button>
        )}
        <PersonSelect
          label="Assignee"
          placeholder="Unassigned"
          value={incident.assignee_id}
          disabled={assign.isPending}
          onChange={(assigneeId) =>
            assign.mutate(assigneeId, {
              onSuccess: () => notify.success(assigneeId ? 'Incident assigned' : 'Incident unassigned'),
              onError: (error) => notify.error(error),
            })
          }
          className={classes.assignee}
        />
      </Group>
      <form onSubmit={submitComment} onKeyDown={submitOnModEnter} noValidate aria-label="New comment">
        <Stack gap="xs">
          <Textarea
            label="Comment"
            placeholder="What was found, what was done"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (commentError) setCommentError(null);
            }}
            error={commentError}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={2000}
          />
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              Ctrl+Enter adds it
            </Text>
            <Button
              type="submit"
              size="sm"
              variant="light"
              leftSection={<IconSend size={14} />}
              loading={comment.isPending}
              disabled={!text.trim()}
              ml="auto"
            >
              Add comment
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

const ACTION_ICONS: Readonly<Record<Action, typeof IconCheck>> = {
  opened: IconAlertTriangle,
  reopened: IconRefresh,
  acknowledged: IconCheck,
  assigned: IconUserCheck,
  comment: IconMessage,
  closed: IconX,
};

/** What happened to the incident, oldest first, as the plugin lists it. */
function History({ activity, people }: { activity: readonly Activity[]; people: PeopleIndex }) {
  if (activity.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing recorded yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={24} lineWidth={2}>
      {activity.map((entry) => {
        const Icon = ACTION_ICONS[entry.action] ?? IconEdit;
        const who = nameOf(people, entry.user_id);
        return (
          <Timeline.Item key={entry.id} bullet={<Icon size={14} />} title={ACTION_LABELS[entry.action]}>
            <Text size="xs" c="dimmed">
              {who ? `${who} · ` : ''}
              {formatDateTime(entry.created_at)}
            </Text>
            <ActivityNote entry={entry} people={people} />
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** An assignment's note is the assignee's id; other notes are text. */
function ActivityNote({ entry, people }: { entry: Activity; people: PeopleIndex }) {
  if (entry.action === 'assigned') {
    return <Text size="sm">{entry.note ? `To ${nameOf(people, entry.note)}` : 'Unassigned'}</Text>;
  }
  if (!entry.note) return null;
  return (
    <Text size="sm" className={classes.summaryText}>
      {entry.note}
    </Text>
  );
}
