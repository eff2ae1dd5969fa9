import { useEffect, useRef } from 'react';
import { Anchor, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api';
import { AuthCard } from '../layout/AuthCard';
import { APPROVAL_THANKS } from '../messages';

/**
 * /updateTicketApproveStatus?aprrove=true|false&ticketid=…&personid=…&token=…: the link
 * of a ticket's approval mail. Opening the page records nothing; the page itself posts
 * the decision once, silently.
 */
export default function TicketApproval() {
  const [params] = useSearchParams();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const decision = params.get('aprrove');
    const body = { ticket_id: params.get('ticketid'), person_id: params.get('personid'), token: params.get('token') };
    if ((decision !== 'true' && decision !== 'false') || !body.ticket_id || !body.person_id || !body.token) return;
    const path = decision === 'true' ? '/support/approve_request' : '/support/decline_request';
    api(path, { body }).catch((err: unknown) => console.warn('The ticket decision was not recorded.', err));
  }, [params]);

  return (
    <AuthCard title="Ticket approval">
      <Stack align="center" gap="md" py="md">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Text fw={600} size="lg" ta="center">
          {APPROVAL_THANKS}
        </Text>
        <Anchor component={Link} to="/" size="sm">
          Go to Login
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
