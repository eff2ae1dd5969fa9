import { UPGRADE } from '@autoscope/web-sdk';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import type { FormSubmit } from '@common/lib/forms';
import { MESSAGES } from '../generated';

/** A link to the enterprise edition, named 'Upgrade to Premium'. */
export function UpgradeLink() {
  return (
    <Anchor component={Link} to={UPGRADE.path} fw={600}>
      {UPGRADE.label}
    </Anchor>
  );
}

/** The host's refusal for want of seats (community edition), with the way to more. */
export function SeatsFullAlert({ message = MESSAGES.SEATS_FULL }: { message?: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{message}</Text>
        <UpgradeLink />
      </Stack>
    </Alert>
  );
}

/**
 * A dialog's submit and what to show of its failure: the community edition's seat limit with
 * the upgrade link (`seatsFull`), every other failure as the dialog shows it.
 */
export function withSeatsFull(submit: FormSubmit): { submit: FormSubmit; seatsFull: boolean } {
  const seatsFull = submit.error === MESSAGES.SEATS_FULL;
  return { submit: seatsFull ? { ...submit, error: null } : submit, seatsFull };
}
