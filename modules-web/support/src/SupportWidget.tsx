import { Stack, Text } from '@mantine/core';

import { QueryError } from '@common/ui/QueryError';
import { ACTIVE_TICKET_STATUSES, TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from '@common/domain/tickets';
import { WidgetBody, WidgetFigures, WidgetLoading, WidgetShares } from '@common/ui/Widget';
import { useLiveTickets, useSummary } from './api';

/** The dashboard's Ticket Management card: active tickets by status, SLA breaches and approvals awaited; live. */
export default function SupportWidget() {
  useLiveTickets();
  const summary = useSummary();

  let body;
  if (summary.isPending) {
    body = <WidgetLoading bars={ACTIVE_TICKET_STATUSES.length} />;
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
    body = (
      <Stack gap="md">
        <WidgetFigures
          cols={{ base: 2, xs: 4 }}
          figures={[
            { label: 'Active', value: active },
            { label: 'Assigned to me', value: mine },
            { label: 'SLA breaches', value: breaches, color: breaches > 0 ? 'red' : undefined },
            { label: 'Awaiting approval', value: approvals, color: approvals > 0 ? 'yellow.8' : undefined },
          ]}
        />
        {active === 0 ? (
          <Text size="sm" c="dimmed">
            No active tickets.
          </Text>
        ) : (
          <WidgetShares
            label="Active tickets by status"
            labelWidth={84}
            total={active}
            shares={ACTIVE_TICKET_STATUSES.map((status) => ({
              key: status,
              label: TICKET_STATUS_LABELS[status],
              color: TICKET_STATUS_COLORS[status],
              count: byStatus[status] ?? 0,
            }))}
          />
        )}
      </Stack>
    );
  }

  return <WidgetBody testId="support-widget">{body}</WidgetBody>;
}
