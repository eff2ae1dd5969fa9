import { Group, Stack, Text, type MantineSpacing } from '@mantine/core';

import { formatDateTime } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import classes from './CommentList.module.css';

/** A comment as the plugins store it (on a card, on a ticket). */
export interface Comment {
  id: string;
  user_id: string | null;
  text: string;
  /** Unix seconds. */
  created_at: number;
}

interface CommentListProps {
  /** In the order shown. */
  comments: readonly Comment[];
  people: PeopleIndex;
  /** A class for each comment (a box around it). */
  itemClassName?: string;
  mb?: MantineSpacing;
  /** The author shown for comments without a user (what a module wrote itself); else 'Unknown user'. */
  unattributed?: string;
}

/** A conversation: each comment's author and time over its text (line breaks kept). */
export function CommentList({ comments, people, itemClassName, mb, unattributed }: CommentListProps) {
  return (
    <Stack gap="sm" mb={mb} component="ul" className={classes.list}>
      {comments.map((comment) => (
        <li key={comment.id} className={itemClassName}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" fw={600}>
              {(comment.user_id === null && unattributed) || (nameOf(people, comment.user_id) ?? 'Unknown user')}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(comment.created_at)}
            </Text>
          </Group>
          <Text size="sm" className={classes.text}>
            {comment.text}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
