import { Text } from '@mantine/core';

import { formatDateTime } from '@common/lib/format';
import { relativeTime } from '../time';

/** A time as how long ago (or how soon) it is, with its date and time under it; `empty` when there is none. */
export function When({ at, now, empty = '—' }: { at: number | null | undefined; now: number; empty?: string }) {
  if (at == null) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <div>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {relativeTime(at, now)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(at)}
      </Text>
    </div>
  );
}
