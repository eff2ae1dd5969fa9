import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  type ComboboxItem,
} from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { nameOf, personName } from '@common/domain/people';
import { errorMessage } from '@common/lib/errors';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { DialogForm } from '@common/ui/DialogForm';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { useCreateChannel, useInvite, useJoinChannel, useLeaveChannel, useOpenDirect } from '../api';
import { channelLabel } from '../channels';
import type { ChannelView } from '../types';
import { channelNameProblem, directPeopleProblem, MAX_DIRECT_OTHERS, topicProblem } from '../validation';
import { useChat } from './chatContext';
import { PresenceDot } from './PresenceDot';

/** The company's people but me, as options by name. */
function useOthers(exclude: readonly string[] = []): ComboboxItem[] {
  const { people, me } = useChat();
  return people
    .filter((person) => person.user_id !== me && !exclude.includes(person.user_id))
    .map((person) => ({ value: person.user_id, label: personName(person) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

interface NewChannel {
  name: string;
  topic: string;
  kind: 'public' | 'private';
  member_ids: string[];
}

/** "New channel": name, topic, public or private, and the first members. */
export function NewChannelDialog({
  onCreated,
  ...dialog
}: DialogProps & { onCreated: (channel: ChannelView) => void }) {
  const create = useCreateChannel();
  const notify = useNotify();
  const options = useOthers();
  const form = useFormState<NewChannel>({ name: '', topic: '', kind: 'public', member_ids: [] });
  const submit = useFormSubmit(form, {
    validate: (values) => ({
      name: channelNameProblem(values.name) ?? undefined,
      topic: topicProblem(values.topic) ?? undefined,
    }),
    fieldOf: (message) => (/topic/i.test(message) ? 'topic' : /name/i.test(message) ? 'name' : undefined),
    save: async (values) => {
      const channel = await create.mutateAsync({
        kind: values.kind,
        name: values.name.trim(),
        topic: values.topic.trim(),
        member_ids: values.member_ids,
      });
      notify.success(`Channel ${channel.name} created`);
      dialog.onClose();
      onCreated(channel);
    },
  });
  const { values, errors, setValue } = form;
  return (
    <ResponsiveModal {...dialog} title="New channel">
      <DialogForm submit={submit} submitLabel="Create channel" onCancel={dialog.onClose}>
        <TextInput
          label="Name"
          required
          data-autofocus
          value={values.name}
          error={errors.name}
          onChange={(event) => setValue('name', event.currentTarget.value)}
        />
        <TextInput
          label="Topic"
          value={values.topic}
          error={errors.topic}
          onChange={(event) => setValue('topic', event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="chat-new-channel-visibility">
            Visibility
          </Text>
          <SegmentedControl
            aria-labelledby="chat-new-channel-visibility"
            value={values.kind}
            onChange={(kind) => setValue('kind', kind === 'private' ? 'private' : 'public')}
            data={[
              { value: 'public', label: 'Public' },
              { value: 'private', label: 'Private' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {values.kind === 'public'
              ? 'Everyone in the company can find and join it.'
              : 'Only the members you invite can see it.'}
          </Text>
        </Stack>
        <MultiSelect
          label="Members"
          placeholder="Add people"
          searchable
          data={options}
          value={values.member_ids}
          onChange={(ids) => setValue('member_ids', ids)}
          nothingFoundMessage="No people match"
        />
      </DialogForm>
    </ResponsiveModal>
  );
}

/** "New message": a direct conversation with 1 to 8 people (the same people open the same one). */
export function NewMessageDialog({ onOpened, ...dialog }: DialogProps & { onOpened: (channel: ChannelView) => void }) {
  const open = useOpenDirect();
  const options = useOthers();
  const form = useFormState<{ people: string[] }>({ people: [] });
  const submit = useFormSubmit(form, {
    validate: (values) => ({ people: directPeopleProblem(values.people) ?? undefined }),
    save: async (values) => {
      const channel = await open.mutateAsync(values.people);
      dialog.onClose();
      onOpened(channel);
    },
  });
  return (
    <ResponsiveModal {...dialog} title="New message">
      <DialogForm submit={submit} submitLabel="Open conversation" onCancel={dialog.onClose}>
        <MultiSelect
          label="People"
          description={`Up to ${MAX_DIRECT_OTHERS} people`}
          placeholder="Choose people"
          searchable
          data-autofocus
          maxValues={MAX_DIRECT_OTHERS}
          data={options}
          value={form.values.people}
          error={form.errors.people}
          onChange={(ids) => form.setValue('people', ids)}
          nothingFoundMessage="No people match"
        />
      </DialogForm>
    </ResponsiveModal>
  );
}

/** "Browse channels": the public channels I have not joined, to open or join. */
export function BrowseChannelsDialog({
  channels,
  onOpen,
  ...dialog
}: DialogProps & { channels: readonly ChannelView[]; onOpen: (channel: ChannelView) => void }) {
  const join = useJoinChannel();
  const { me, byId } = useChat();
  const notify = useNotify();
  return (
    <ResponsiveModal {...dialog} title="Browse channels">
      <Stack gap="sm">
        {channels.length === 0 && (
          <Text size="sm" c="dimmed">
            You are in every public channel.
          </Text>
        )}
        {join.error != null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(join.error)}
          </Alert>
        )}
        {channels.map((channel) => (
          <Group key={channel.id} justify="space-between" wrap="nowrap" role="group" aria-label={channel.name}>
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm" truncate>
                {channelLabel(channel, me, byId)}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {channel.topic || 'No topic'} · {channel.member_ids.length} members
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  dialog.onClose();
                  onOpen(channel);
                }}
              >
                Open
              </Button>
              <Button
                size="xs"
                loading={join.isPending && join.variables?.channelId === channel.id}
                onClick={() =>
                  join.mutate(
                    { channelId: channel.id, variables: undefined },
                    {
                      onSuccess: () => {
                        notify.success(`You joined ${channel.name}`);
                        dialog.onClose();
                        onOpen(channel);
                      },
                    },
                  )
                }
              >
                Join
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </ResponsiveModal>
  );
}

/** A channel's members with their presence; invite others; leave. */
export function MembersDialog({
  channel,
  onLeft,
  ...dialog
}: DialogProps & { channel: ChannelView; onLeft: () => void }) {
  const { me, byId } = useChat();
  const invite = useInvite();
  const leave = useLeaveChannel();
  const notify = useNotify();
  const options = useOthers(channel.member_ids);
  const [chosen, setChosen] = useState<string[]>([]);
  const members = channel.member_ids
    .map((id) => ({ id, name: nameOf(byId, id) ?? '…' }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const canChange = channel.joined && !channel.archived && channel.kind !== 'direct';
  const failure = invite.error ?? leave.error;

  return (
    <ResponsiveModal {...dialog} title={`Members of ${channelLabel(channel, me, byId)}`}>
      <Stack gap="md">
        <Stack gap={6} role="list" aria-label="Members">
          {members.map((member) => (
            <Group key={member.id} gap="xs" role="listitem" wrap="nowrap">
              <PresenceDot userId={member.id} />
              <Text size="sm">
                {member.name}
                {member.id === me ? ' (you)' : ''}
              </Text>
            </Group>
          ))}
        </Stack>
        {failure != null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(failure)}
          </Alert>
        )}
        {canChange && (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <MultiSelect
              style={{ flex: 1 }}
              label="Invite people"
              placeholder="Choose people"
              searchable
              data={options}
              value={chosen}
              onChange={setChosen}
              nothingFoundMessage="No people match"
            />
            <Button
              disabled={chosen.length === 0}
              loading={invite.isPending}
              onClick={() =>
                invite.mutate(
                  { channelId: channel.id, variables: chosen },
                  {
                    onSuccess: () => {
                      notify.success(chosen.length === 1 ? '1 person invited' : `${chosen.length} people invited`);
                      setChosen([]);
                    },
                  },
                )
              }
            >
              Invite
            </Button>
          </Group>
        )}
        {channel.joined && channel.kind !== 'direct' && (
          <Group justify="flex-end">
            <Button
              color="red"
              variant="light"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(
                  { channelId: channel.id, variables: undefined },
                  {
                    onSuccess: () => {
                      notify.success(`You left ${channel.name}`);
                      dialog.onClose();
                      onLeft();
                    },
                  },
                )
              }
            >
              Leave channel
            </Button>
          </Group>
        )}
      </Stack>
    </ResponsiveModal>
  );
}
