import { Text, Timeline } from '@mantine/core';
import { IconClipboardCheck, IconEdit, IconFile, IconPlus, IconStairsUp } from '@tabler/icons-react';
import { useCurrency } from '@autoscope/web-sdk';

import { formatDateTime } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { QueryError } from '@common/ui/QueryError';
import { useHistory } from '../api';
import { ACTION_TITLES, describeChange, visibleNote } from '../history';
import type { HistoryAction } from '../types';
import { LoadingRows } from './LoadingRows';

const ACTION_ICONS: Readonly<Record<HistoryAction, typeof IconPlus>> = {
  created: IconPlus,
  updated: IconEdit,
  stage: IconStairsUp,
  assessed: IconClipboardCheck,
  document: IconFile,
};

/** What happened to a process, newest first. */
export function HistoryList({ processId, people }: { processId: string; people: PeopleIndex }) {
  const history = useHistory(processId);
  const currency = useCurrency();

  if (history.isPending) return <LoadingRows count={2} height={40} />;
  if (history.isError) {
    return (
      <QueryError
        title="The history could not be loaded"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing recorded yet.
      </Text>
    );
  }

  return (
    <Timeline bulletSize={24} lineWidth={2}>
      {history.data.map((entry) => {
        const Icon = ACTION_ICONS[entry.action] ?? IconEdit;
        const note = visibleNote(entry.note);
        return (
          <Timeline.Item key={entry.id} bullet={<Icon size={14} />} title={ACTION_TITLES[entry.action] ?? entry.action}>
            <Text size="xs" c="dimmed">
              {nameOf(people, entry.user_id) ?? '—'} · {formatDateTime(entry.created_at)}
            </Text>
            {(entry.changes ?? []).map((change) => (
              <Text key={change.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {describeChange(change, people, currency)}
              </Text>
            ))}
            {note && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {note}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
