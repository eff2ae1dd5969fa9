import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';

import { formatDateTime } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { APPROVAL_FORBIDDEN, approvalProgress, sortedApprovals } from '../approvals';
import type { Approval } from '../types';
import { approvalLook } from '../vocabulary';

interface ApprovalsPanelProps {
  approvals: readonly Approval[];
  people: PeopleIndex;
  /** Whether the user may ask (the requester, the assignee, a company administrator). */
  canRequest: boolean;
  onRequest: () => void;
}

/** Who was asked to approve the ticket and what each answered; asking more people. */
export function ApprovalsPanel({ approvals, people, canRequest, onRequest }: ApprovalsPanelProps) {
  const progress = approvalProgress(approvals);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {progress ?? 'No approval asked for yet.'}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSend size={14} />}
          onClick={onRequest}
          disabled={!canRequest}
        >
          Request approval
        </Button>
      </Group>
      {!canRequest && (
        <Text size="xs" c="dimmed">
          {APPROVAL_FORBIDDEN}.
        </Text>
      )}
      {approvals.length > 0 && (
        <Table.ScrollContainer minWidth={420} type="native">
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Decided</Table.Th>
                <Table.Th>Link expires</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sortedApprovals(approvals).map((approval, index) => {
                const look = approvalLook(approval.status);
                return (
                  <Table.Tr key={`${approval.person_id}:${index}`}>
                    <Table.Td>{nameOf(people, approval.person_id) ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={look.color}>
                        {look.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(approval.decided_at) || '—'}</Table.Td>
                    <Table.Td>
                      {approval.status === 'pending' ? formatDateTime(approval.expires_at) || '—' : '—'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
