import { Text, Timeline } from '@mantine/core';
import {
  IconCheck,
  IconEdit,
  IconMessage,
  IconPaperclip,
  IconPlus,
  IconSend,
  IconStatusChange,
  IconUserCheck,
  IconX,
} from '@tabler/icons-react';

import { formatDateTime } from '@common/lib/format';
import { nameOf } from '@common/domain/people';
import { actionTitle, changesOf, describeChange, type Names } from '../history';
import type { HistoryAction, HistoryEntry } from '../types';

const ACTION_ICONS: Readonly<Record<HistoryAction, typeof IconPlus>> = {
  created: IconPlus,
  updated: IconEdit,
  status: IconStatusChange,
  assigned: IconUserCheck,
  comment: IconMessage,
  attachment: IconPaperclip,
  approval_requested: IconSend,
  approved: IconCheck,
  declined: IconX,
};

/** What happened to a ticket, newest first. */
export function HistoryTimeline({ history, names }: { history: readonly HistoryEntry[]; names: Names }) {
  if (history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing recorded yet.
      </Text>
    );
  }
  const newestFirst = [...history].sort((a, b) => b.created_at - a.created_at);
  return (
    <Timeline bulletSize={24} lineWidth={2}>
      {newestFirst.map((entry) => {
        const Icon = ACTION_ICONS[entry.action] ?? IconEdit;
        // Approvals are decided from a link, without a user: the entry names the person in its changes or note.
        const who = nameOf(names.people, entry.user_id);
        return (
          <Timeline.Item key={entry.id} bullet={<Icon size={14} />} title={actionTitle(entry.action)}>
            <Text size="xs" c="dimmed">
              {who ? `${who} · ` : ''}
              {formatDateTime(entry.created_at)}
            </Text>
            {changesOf(entry.changes).map((change) => (
              <Text key={change.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {describeChange(change, names)}
              </Text>
            ))}
            {entry.note && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.note}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
