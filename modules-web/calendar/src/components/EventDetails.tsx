import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEdit, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useNotify } from '@autoscope/web-sdk';

import { recordRoute } from '@common/domain/links';
import { errorMessage } from '@common/lib/errors';
import { ConfirmModal } from '@common/ui/ConfirmModal';
import { QueryError } from '@common/ui/QueryError';
import { ResponsiveModal } from '@common/ui/ResponsiveModal';
import { useAnswer, useDeleteEvent, useDownloadIcs, useEvent, type EventTarget } from '../api';
import { CATEGORIES, categoryColor, describeReminder } from '../eventForm';
import { describeRecurrence } from '../recurrence';
import { dayOf, describeWhen, toInputs } from '../time';
import type { Answer, AnswerChoice, EventView, Scope } from '../types';
import { AboveProvider, useAbove, useDialogsAbove } from './above';
import { linkKindLabel } from './LinksField';
import { ScopeModal } from './ScopeModal';

/** The occurrence the details are about: its event, and its original start when it is part of a series. */
export interface OpenEvent {
  id: string;
  occurrence: number | null;
}

const ANSWERS: { value: AnswerChoice; label: string; color: string }[] = [
  { value: 'accepted', label: 'Accept', color: 'green' },
  { value: 'tentative', label: 'Tentative', color: 'yellow' },
  { value: 'declined', label: 'Decline', color: 'red' },
];

const ANSWER_LABELS: Record<Answer, { label: string; color: string }> = {
  pending: { label: 'No answer yet', color: 'gray' },
  accepted: { label: 'Accepted', color: 'green' },
  tentative: { label: 'Tentative', color: 'yellow' },
  declined: { label: 'Declined', color: 'red' },
};

const isWebLink = (text: string) => /^https?:\/\/\S+$/i.test(text.trim());

interface EventDetailsProps {
  opened: boolean;
  onClose: () => void;
  open: OpenEvent | null;
  zone: string;
  /** The organiser edits: which occurrences (asked first for a series). */
  onEdit: (target: EventTarget) => void;
}

/** An occurrence's details: when (in the person's zone), where, what, who and their answers; answer, edit, delete, download. */
export function EventDetails({ opened, onClose, open, zone, onEdit }: EventDetailsProps) {
  const event = useEvent(open?.id ?? null, open?.occurrence ?? null);
  const view = event.data;
  const above = useDialogsAbove();
  return (
    <ResponsiveModal opened={opened} onClose={onClose} closeOnEscape={!above.anyAbove} title="Event" size="lg">
      {event.isPending && open !== null ? (
        <Center py="xl">
          <Loader aria-label="Loading the event" />
        </Center>
      ) : event.isError ? (
        <QueryError title="The event could not be loaded" error={event.error} onRetry={() => void event.refetch()} />
      ) : view ? (
        <AboveProvider value={above.report}>
          <Details view={view} zone={zone} onClose={onClose} onEdit={onEdit} />
        </AboveProvider>
      ) : null}
    </ResponsiveModal>
  );
}

function Details({
  view,
  zone,
  onClose,
  onEdit,
}: {
  view: EventView;
  zone: string;
  onClose: () => void;
  onEdit: (target: EventTarget) => void;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const answer = useAnswer();
  const remove = useDeleteEvent();
  const ics = useDownloadIcs();
  const [asking, setAsking] = useState<'edit' | 'delete' | null>(null);
  useAbove(asking !== null);
  const recurring = view.recurrence !== null;
  const category = CATEGORIES.find((item) => item.value === view.category);
  const startDay = view.all_day ? dayOf(view.start) : toInputs(view.start, view.time_zone).date;

  const edit = (scope: Scope) => {
    setAsking(null);
    onEdit({ id: view.id, scope, occurrence: scope === 'all' ? null : view.occurrence });
  };
  const del = (scope: Scope) =>
    remove.mutate(
      { id: view.id, scope, occurrence: scope === 'all' ? null : view.occurrence },
      {
        onSuccess: () => {
          notify('Event deleted');
          setAsking(null);
          onClose();
        },
      },
    );

  return (
    <Stack gap="md">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Title order={3} style={{ flex: 1, overflowWrap: 'anywhere' }}>
          {view.title}
        </Title>
        <Badge color={categoryColor(view.category)} variant="light">
          {category?.label ?? view.category}
        </Badge>
      </Group>
      <div>
        <Text>{describeWhen(view.start, view.end, view.all_day, zone)}</Text>
        {!view.all_day && view.time_zone !== zone && (
          <Text size="xs" c="dimmed">
            Planned in {view.time_zone}; shown in {zone}
          </Text>
        )}
        {view.recurrence && (
          <Text size="sm" c="dimmed">
            {describeRecurrence(view.recurrence, startDay)}
          </Text>
        )}
      </div>
      {view.location.trim() !== '' && (
        <Text size="sm">
          {isWebLink(view.location) ? (
            <Anchor href={view.location.trim()} target="_blank" rel="noopener noreferrer">
              {view.location.trim()}
            </Anchor>
          ) : (
            view.location
          )}
        </Text>
      )}
      {view.description !== '' && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {view.description}
        </Text>
      )}
      {view.links.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Links
          </Text>
          <Group gap="xs">
            {view.links.map((link) => (
              <Button
                key={`${link.kind}:${link.id}`}
                variant="light"
                size="xs"
                onClick={() => navigate(recordRoute(link.kind, link.id))}
              >
                {linkKindLabel(link.kind)}: {link.label}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          People
        </Text>
        <List size="sm" listStyleType="none" spacing={4}>
          <List.Item>
            {view.organiser.name || view.organiser.email} <Badge size="xs">Organiser</Badge>
          </List.Item>
          {view.attendees.map((attendee) => (
            <List.Item key={attendee.user_id}>
              {attendee.name || attendee.email}{' '}
              <Badge size="xs" variant="light" color={ANSWER_LABELS[attendee.answer].color}>
                {ANSWER_LABELS[attendee.answer].label}
              </Badge>
            </List.Item>
          ))}
        </List>
      </Stack>
      {view.reminders.length > 0 && (
        <Text size="sm" c="dimmed">
          Reminders: {view.reminders.map(describeReminder).join(', ')}
        </Text>
      )}
      {view.my_answer !== null && (
        <Stack gap={4}>
          <Text size="sm" fw={600} id="my-answer">
            Your answer
          </Text>
          <Group gap="xs" role="group" aria-labelledby="my-answer">
            {ANSWERS.map((option) => (
              <Button
                key={option.value}
                size="xs"
                color={option.color}
                variant={view.my_answer === option.value ? 'filled' : 'default'}
                aria-pressed={view.my_answer === option.value}
                loading={answer.isPending && answer.variables?.answer === option.value}
                onClick={() =>
                  answer.mutate(
                    { id: view.id, answer: option.value },
                    { onSuccess: () => notify(`Answered: ${ANSWER_LABELS[option.value].label}`) },
                  )
                }
              >
                {option.label}
              </Button>
            ))}
          </Group>
          {answer.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(answer.error)}
            </Alert>
          )}
        </Stack>
      )}
      <Group gap="xs" justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={ics.isPending}
          onClick={() =>
            ics.mutate({ id: view.id, occurrence: view.occurrence }, { onError: (error) => notify.error(error) })
          }
        >
          Download .ics
        </Button>
        {view.can_edit && (
          <>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setAsking('delete')}
            >
              Delete
            </Button>
            <Button leftSection={<IconEdit size={16} />} onClick={() => (recurring ? setAsking('edit') : edit('all'))}>
              Edit
            </Button>
          </>
        )}
      </Group>
      <ScopeModal
        opened={asking === 'edit'}
        title="Edit recurring event"
        onChoose={edit}
        onCancel={() => setAsking(null)}
        zIndex={400}
      />
      <ScopeModal
        opened={asking === 'delete' && recurring}
        title="Delete recurring event"
        onChoose={del}
        onCancel={() => setAsking(null)}
        pending={remove.isPending}
        zIndex={400}
      />
      <ConfirmModal
        opened={asking === 'delete' && !recurring}
        onClose={() => setAsking(null)}
        title="Delete event"
        confirmLabel="Delete"
        onConfirm={() => del('all')}
        action={remove}
        zIndex={400}
      >
        Delete “{view.title}”? Its attendees no longer see it.
      </ConfirmModal>
      {recurring && remove.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(remove.error)}
        </Alert>
      )}
    </Stack>
  );
}
