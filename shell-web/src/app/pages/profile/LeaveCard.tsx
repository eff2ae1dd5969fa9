import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { api, failureMessage } from '../../../api';
import { useSession, type Session } from '../../../session';
import { notifyFailure } from '../../../ui';

/**
 * Leaving the session's company (POST /api/users/leaveCompany): confirmed in place, then the
 * session is over and the person signs in again (to another of their companies). The host
 * refuses the company's last active admin.
 */
export function LeaveCard({ session }: { session: Session }) {
  const { signOut } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { companyname } = session.userdata;

  const leave = async () => {
    setLeaving(true);
    try {
      await api('/users/leaveCompany', { body: {}, token: session.token });
      signOut();
    } catch (err) {
      setLeaving(false);
      setConfirming(false);
      notifyFailure(failureMessage(err));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Leave {companyname}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        You will no longer see {companyname}&apos;s data. What you did there stays, under your name as a former member.
        Your account and your other companies stay as they are.
      </Text>
      <Group justify="flex-end">
        {confirming ? (
          <>
            <Button variant="default" onClick={() => setConfirming(false)} disabled={leaving}>
              Cancel
            </Button>
            <Button color="red" loading={leaving} onClick={() => void leave()}>
              Yes, leave {companyname}
            </Button>
          </>
        ) : (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Leave company
          </Button>
        )}
      </Group>
    </Card>
  );
}
