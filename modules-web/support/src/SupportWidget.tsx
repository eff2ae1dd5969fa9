import { Anchor, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { formatNumber } from '../../common/src/format';
import { QueryError } from '../../common/src/QueryError';
import { TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from '../../common/src/tickets';
import { useLiveTickets, useSummary } from './api';
import { ACTIVE_STATUSES } from './vocabulary';

/** The dashboard's Ticket Management card: active tickets by status, SLA breaches and approvals awaited; live. */
export default function SupportWidget() {
  useLiveTickets();
  const summary = useSummary();

  let body;
  if (summary.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={40} />
        {ACTIVE_STATUSES.map((status) => (
          <Skeleton key={status} height={12} />
        ))}
      </Stack>
    );
  } else if (summary.isError) {
    body = (
      <QueryError
        title="The summary could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  } else {
    const { by_status: byStatus, active, breaches, pending_approvals: approvals, assigned_to_me: mine } = summary.data;
    const figures: [string, number, string | undefined][] = [
      ['Active', active, undefined],
      ['Assigned to me', mine, undefined],
      ['SLA breaches', breaches, breaches > 0 ? 'red' : undefined],
      ['Awaiting approval', approvals, approvals > 0 ? 'yellow.8' : undefined],
    ];
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          {figures.map(([label, value, color]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={700} fz="lg" c={color}>
                {formatNumber(value)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {active === 0 ? (
          <Text size="sm" c="dimmed">
            No active tickets.
          </Text>
        ) : (
          <Stack gap={6} aria-label="Active tickets by status">
            {ACTIVE_STATUSES.map((status) => {
              const count = byStatus[status] ?? 0;
              return (
                <Group key={status} gap="xs" wrap="nowrap">
                  <Text size="xs" w={84}>
                    {TICKET_STATUS_LABELS[status]}
                  </Text>
                  <Progress
                    value={(count / active) * 100}
                    color={TICKET_STATUS_COLORS[status]}
                    size="sm"
                    style={{ flex: 1 }}
                    aria-label={`${TICKET_STATUS_LABELS[status]}: ${count}`}
                  />
                  <Text size="xs" w={36} ta="right">
                    {formatNumber(count)}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder data-testid="support-widget">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Ticket Management</Text>
        <Anchor component={Link} to="/Support" size="sm">
          Open
        </Anchor>
      </Group>
      {body}
    </Card>
  );
}
