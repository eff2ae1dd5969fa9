import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';

import { CommentList } from '@common/ui/CommentList';
import { errorMessage } from '@common/lib/errors';
import { submitOnModEnter } from '@common/lib/forms';
import type { PeopleIndex } from '@common/domain/people';
import { useAddComment } from '../api';
import type { TicketComment } from '../types';
import { COMMENT_MAX, commentProblem } from '../validation';

interface CommentsPanelProps {
  ticketId: string;
  comments: readonly TicketComment[];
  people: PeopleIndex;
}

/** The conversation on a ticket, oldest first, and a new comment (Ctrl+Enter sends it). */
export function CommentsPanel({ ticketId, comments, people }: CommentsPanelProps) {
  const add = useAddComment(ticketId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sorted = [...comments].sort((a, b) => a.created_at - b.created_at);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found = commentProblem(text);
    if (found) {
      setProblem(found);
      return;
    }
    setProblem(null);
    add.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Stack gap="md">
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments yet. The first comment by someone other than the requester counts as the first response.
        </Text>
      ) : (
        // Comments without a user are the recurrences of the ticket's failure signature.
        <CommentList comments={sorted} people={people} unattributed="Alerts" />
      )}
      <form onSubmit={submit} onKeyDown={submitOnModEnter} noValidate aria-label="New comment">
        <Stack gap="xs">
          <Textarea
            label="Add a comment"
            placeholder="Write a comment"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (problem) setProblem(null);
            }}
            error={problem}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={COMMENT_MAX}
          />
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              Ctrl+Enter sends
            </Text>
            <Button type="submit" size="sm" leftSection={<IconSend size={14} />} loading={add.isPending} ml="auto">
              Comment
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
