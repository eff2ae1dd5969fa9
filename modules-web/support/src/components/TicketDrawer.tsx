import type { ReactNode } from 'react';
import { Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import {
  IconCheckbox,
  IconHistory,
  IconListDetails,
  IconMessage,
  IconPaperclip,
  IconSearchOff,
} from '@tabler/icons-react';
import { useCurrentUser } from '@autoscope/web-sdk';

import { DetailDrawer } from '@common/ui/DetailDrawer';
import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { isNotFound } from '@common/lib/errors';
import { QueryError } from '@common/ui/QueryError';
import { useSla, useTicket } from '../api';
import { canRequestApproval } from '../approvals';
import type { Names } from '../history';
import type { AttachmentMeta, Ticket } from '../types';
import { ApprovalsPanel } from './ApprovalsPanel';
import { AttachmentsPanel, DeleteAttachment } from './AttachmentsPanel';
import { ApprovalBadge, BreachBadges, PriorityBadge } from './Badges';
import { CloseOffer } from './CloseOffer';
import { CommentsPanel } from './CommentsPanel';
import { HistoryTimeline } from './HistoryTimeline';
import { RequestApproval } from './RequestApproval';
import { SlaFacts } from './SlaFacts';
import { StatusSelect } from './StatusSelect';
import { TicketDetailsForm } from './TicketDetailsForm';

interface TicketDrawerProps {
  opened: boolean;
  ticketId: string | null;
  names: Names;
  now: number;
  /** False while a dialog of the page is above the drawer: Escape closes that one only. */
  closeOnEscape: boolean;
  onClose: () => void;
}

function TabLabel({ label, count }: { label: string; count?: number }) {
  return (
    <>
      {label}
      {count ? (
        <Text span size="xs" c="dimmed" ml={4}>
          {count}
        </Text>
      ) : null}
    </>
  );
}

/** One ticket: status, the editable fields and SLA, comments, attachments, approvals and history. */
export function TicketDrawer({ opened, ticketId, names, now, closeOnEscape, onClose }: TicketDrawerProps) {
  const userId = useCurrentUser()?.id ?? null;
  const detail = useTicket(ticketId);
  // `editable` of the SLA policies is true for company administrators, who may ask for approval too.
  const sla = useSla();
  const deletion = useDialog<AttachmentMeta>();
  const approvalRequest = useDialog<Ticket>();
  const ticket = detail.data?.ticket;

  let body: ReactNode;
  if (detail.isPending) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={36} width="50%" />
        <Skeleton height={220} />
        <Skeleton height={120} />
      </Stack>
    );
  } else if (detail.isError && isNotFound(detail.error)) {
    body = (
      <EmptyNotice
        icon={IconSearchOff}
        title="Ticket not found"
        description="It may have been deleted, or closed tickets past their retention were removed."
      />
    );
  } else if (!detail.data || !ticket) {
    body = (
      <QueryError title="The ticket could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  } else {
    const { comments, attachments, approvals, history } = detail.data;
    const mayRequest = canRequestApproval(ticket, userId, sla.data?.editable === true);
    body = (
      <Stack gap="md">
        {/* A failed refresh keeps what was loaded, and says so. */}
        {detail.isError && <QueryError error={detail.error} onRetry={() => void detail.refetch()} />}
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <StatusSelect ticket={ticket} />
          <Group gap="xs">
            <PriorityBadge priority={ticket.priority} />
            <ApprovalBadge approval={ticket.approval} />
            <BreachBadges ticket={ticket} />
          </Group>
        </Group>
        <CloseOffer ticket={ticket} />
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="details" leftSection={<IconListDetails size={16} />}>
              Details
            </Tabs.Tab>
            <Tabs.Tab value="comments" leftSection={<IconMessage size={16} />}>
              <TabLabel label="Comments" count={comments.length} />
            </Tabs.Tab>
            <Tabs.Tab value="attachments" leftSection={<IconPaperclip size={16} />}>
              <TabLabel label="Attachments" count={attachments.length} />
            </Tabs.Tab>
            <Tabs.Tab value="approvals" leftSection={<IconCheckbox size={16} />}>
              <TabLabel label="Approvals" count={approvals.length} />
            </Tabs.Tab>
            <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
              History
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack gap="lg">
              <SlaFacts ticket={ticket} people={names.people} now={now} />
              {/* Keyed by ticket: another ticket starts a fresh edit. */}
              <TicketDetailsForm key={ticket.id} ticket={ticket} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="comments" pt="md">
            <CommentsPanel ticketId={ticket.id} comments={comments} people={names.people} />
          </Tabs.Panel>
          <Tabs.Panel value="attachments" pt="md">
            <AttachmentsPanel
              ticketId={ticket.id}
              attachments={attachments}
              people={names.people}
              onDelete={deletion.open}
            />
          </Tabs.Panel>
          <Tabs.Panel value="approvals" pt="md">
            <ApprovalsPanel
              approvals={approvals}
              people={names.people}
              canRequest={mayRequest}
              onRequest={() => approvalRequest.open(ticket)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="md">
            <HistoryTimeline history={history} names={names} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    );
  }

  return (
    <DetailDrawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={closeOnEscape && !deletion.opened && !approvalRequest.opened}
      title={
        <span style={{ overflowWrap: 'anywhere' }}>{ticket ? `#${ticket.number} ${ticket.title}` : 'Ticket'}</span>
      }
    >
      {body}
      {ticketId && (
        <>
          <DeleteAttachment
            key={`delete:${deletion.key}`}
            {...deletion.props}
            ticketId={ticketId}
            attachment={deletion.target}
          />
          <RequestApproval
            key={`approval:${approvalRequest.key}`}
            {...approvalRequest.props}
            ticket={approvalRequest.target}
            approvals={detail.data?.approvals ?? []}
          />
        </>
      )}
    </DetailDrawer>
  );
}
