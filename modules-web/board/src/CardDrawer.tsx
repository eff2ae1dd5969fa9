import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Loader, Stack, Text, TextInput, Textarea, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowRight } from '@tabler/icons-react';
import { useModuleApi, useNotify } from '@autoscope/web-sdk';

import { HealthBadge, StageBadge } from '@common/ui/Badges';
import { CommentList } from '@common/ui/CommentList';
import { parseUtcDayInput, utcDayInput } from '@common/domain/days';
import { DetailDrawer } from '@common/ui/DetailDrawer';
import { errorMessage } from '@common/lib/errors';
import { formatDateTime } from '@common/lib/format';
import { submitOnModEnter } from '@common/lib/forms';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { PersonSelect } from '@common/ui/Pickers';
import { QueryError } from '@common/ui/QueryError';
import { stageLabel } from '@common/domain/vocabulary';
import { boardApi, boardKeys, type CardDetail, type CardRecord } from './api';
import { MESSAGES } from './generated';
import classes from './BoardPage.module.css';

/** The server's message for a blank comment, checked here first. */
const BLANK_COMMENT_MESSAGE = MESSAGES.BLANK_COMMENT;
const MAX_COMMENT = 2000;

interface CardDrawerProps {
  /** The card shown; null: closed. */
  processId: string | null;
  /** Its name, for the title while the details load. */
  name: string;
  userId: string;
  people: PeopleIndex;
  onClose: () => void;
}

/** A card's details: the process, its assignee and due day (editable), comments and move history. */
export function CardDrawer({ processId, name, userId, people, onClose }: CardDrawerProps) {
  const api = useModuleApi();
  const detail = useQuery({
    queryKey: boardKeys.card(userId, processId ?? ''),
    queryFn: ({ signal }) => boardApi.card(api, processId ?? '', signal),
    enabled: processId !== null,
  });

  return (
    <DetailDrawer
      opened={processId !== null}
      onClose={onClose}
      size="lg"
      title={<span className={classes.wrap}>{detail.data?.process.name ?? name}</span>}
    >
      {detail.isPending ? (
        <Loader aria-label="Loading the card" />
      ) : detail.isError ? (
        <QueryError title="The card could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : processId !== null ? (
        <Stack gap="lg">
          <ProcessFacts detail={detail.data} people={people} />
          <Divider />
          {/* Keyed by the stored values: a save (or another user's change) starts the form afresh. */}
          <CardForm
            key={`${processId}:${detail.data.card?.assignee_id ?? ''}:${detail.data.card?.due ?? ''}`}
            processId={processId}
            userId={userId}
            card={detail.data.card}
          />
          <Divider />
          <Comments processId={processId} userId={userId} detail={detail.data} people={people} />
          <Divider />
          <Moves detail={detail.data} people={people} />
        </Stack>
      ) : null}
    </DetailDrawer>
  );
}

function ProcessFacts({ detail, people }: { detail: CardDetail; people: PeopleIndex }) {
  const { process } = detail;
  const owner = nameOf(people, process.owner_id);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <StageBadge stage={process.stage} />
        <HealthBadge health={process.health} />
      </Group>
      <Text size="sm">
        <Text span fw={600}>
          Department:
        </Text>{' '}
        {process.department || 'None'}
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          Owner:
        </Text>{' '}
        {owner ?? 'None'}
      </Text>
      {process.description && (
        <Text size="sm" className={classes.prewrap}>
          {process.description}
        </Text>
      )}
    </Stack>
  );
}

interface CardFormProps {
  processId: string;
  userId: string;
  card: CardRecord | null;
}

/** Assignee and due day; only what changed is sent. */
function CardForm({ processId, userId, card }: CardFormProps) {
  const api = useModuleApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const storedAssignee = card?.assignee_id ?? null;
  const storedDue = utcDayInput(card?.due);
  const [assignee, setAssignee] = useState<string | null>(storedAssignee);
  const [due, setDue] = useState(storedDue);

  const changes: CardRecord = {};
  if (assignee !== storedAssignee) changes.assignee_id = assignee;
  if (due !== storedDue) changes.due = parseUtcDayInput(due);
  const changed = Object.keys(changes).length > 0;

  const save = useMutation({
    mutationFn: (body: CardRecord) => boardApi.updateCard(api, processId, body),
    onSuccess: (saved) => {
      notify('Card saved');
      queryClient.setQueryData<CardDetail>(boardKeys.card(userId, processId), (old) =>
        old ? { ...old, card: { ...old.card, ...saved } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: boardKeys.boards(userId) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && !save.isPending) save.mutate(changes);
  };
  /** A field's setter that also clears the last attempt's error, which no longer applies. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      save.reset();
      set(value);
    };

  return (
    <form onSubmit={submit} aria-label="Assignment">
      <Stack gap="sm">
        <PersonSelect
          label="Assignee"
          placeholder="Unassigned"
          value={assignee}
          onChange={edit(setAssignee)}
          error={save.error && changes.assignee_id !== undefined ? errorMessage(save.error) : undefined}
        />
        <TextInput
          type="date"
          label="Due date"
          value={due}
          onChange={(event) => edit(setDue)(event.currentTarget.value)}
          description="Leave empty for no due date"
        />
        {save.error && changes.assignee_id === undefined && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(save.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CommentsProps {
  processId: string;
  userId: string;
  detail: CardDetail;
  people: PeopleIndex;
}

function Comments({ processId, userId, detail, people }: CommentsProps) {
  const api = useModuleApi();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const comments = [...detail.comments].sort((a, b) => a.created_at - b.created_at);

  const add = useMutation({
    mutationFn: (body: string) => boardApi.comment(api, processId, body),
    onSuccess: (comment) => {
      setText('');
      queryClient.setQueryData<CardDetail>(boardKeys.card(userId, processId), (old) =>
        old ? { ...old, comments: [...old.comments, comment] } : old,
      );
      // The card's comment count.
      void queryClient.invalidateQueries({ queryKey: boardKeys.boards(userId) });
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!text.trim()) {
      setProblem(BLANK_COMMENT_MESSAGE);
      return;
    }
    setProblem(null);
    add.mutate(text.trim());
  };

  return (
    <section aria-labelledby="card-comments-title">
      <Title order={3} size="h5" id="card-comments-title" mb="sm">
        Comments ({comments.length})
      </Title>
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          No comments yet
        </Text>
      ) : (
        <CommentList comments={comments} people={people} itemClassName={classes.comment} mb="md" />
      )}
      {/* Ctrl+Enter (Cmd+Enter) sends; Enter alone starts a new line. */}
      <form onSubmit={submit} onKeyDown={submitOnModEnter}>
        <Textarea
          label="Add a comment"
          description="Ctrl+Enter sends"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_COMMENT}
          value={text}
          onChange={(event) => {
            setProblem(null);
            setText(event.currentTarget.value);
          }}
          error={problem}
        />
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            {text.length} / {MAX_COMMENT}
          </Text>
          <Button type="submit" loading={add.isPending}>
            Add comment
          </Button>
        </Group>
      </form>
    </section>
  );
}

function Moves({ detail, people }: { detail: CardDetail; people: PeopleIndex }) {
  const moves = [...detail.moves].sort((a, b) => b.created_at - a.created_at);
  return (
    <section aria-labelledby="card-moves-title">
      <Title order={3} size="h5" id="card-moves-title" mb="sm">
        Move history
      </Title>
      {moves.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not moved on the board yet
        </Text>
      ) : (
        <Timeline bulletSize={18} lineWidth={2}>
          {moves.map((move) => (
            <Timeline.Item
              key={move.id}
              bullet={<IconArrowRight size={12} aria-hidden />}
              title={`${stageLabel(move.from_stage)} → ${stageLabel(move.to_stage)}`}
            >
              <Text size="xs" c="dimmed">
                {[nameOf(people, move.user_id), formatDateTime(move.created_at)].filter(Boolean).join(' · ')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </section>
  );
}
