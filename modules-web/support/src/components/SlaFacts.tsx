import type { ReactNode } from 'react';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';

import { formatDateTime } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { formatDuration } from '../sla';
import type { Ticket } from '../types';
import { DueText } from './Badges';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** Who asked and when, and where the ticket stands against its SLA (all as the plugin stored it). */
export function SlaFacts({ ticket, people, now }: { ticket: Ticket; people: PeopleIndex; now: number }) {
  const paused = ticket.paused_seconds ?? 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      <Fact label="Requester">
        <Text size="sm">{nameOf(people, ticket.requester_id) ?? '—'}</Text>
      </Fact>
      <Fact label="Created">
        <Text size="sm">{formatDateTime(ticket.created_at)}</Text>
      </Fact>
      <Fact label={`Response (due ${formatDateTime(ticket.response_due) || '—'})`}>
        <DueText ticket={ticket} target="response" now={now} />
      </Fact>
      <Fact label={`Resolution (due ${formatDateTime(ticket.resolution_due) || '—'})`}>
        <DueText ticket={ticket} target="resolution" now={now} />
      </Fact>
      {(ticket.waiting_since != null || paused > 0) && (
        <Fact label="SLA clock">
          <Group gap={6}>
            {ticket.waiting_since != null && <Text size="sm">Paused since {formatDateTime(ticket.waiting_since)}</Text>}
            {paused > 0 && (
              <Text size="sm" c="dimmed">
                {formatDuration(paused)} paused so far
              </Text>
            )}
          </Group>
        </Fact>
      )}
      {ticket.closed_at != null && (
        <Fact label="Closed">
          <Text size="sm">{formatDateTime(ticket.closed_at)}</Text>
        </Fact>
      )}
    </SimpleGrid>
  );
}
