/** /Profile: the user's details, picture and password, and leaving the company. */

import { Grid, Stack } from '@mantine/core';

import type { Session } from '../../../session';
import { DetailsCard } from './DetailsCard';
import { LeaveCard } from './LeaveCard';
import { PasswordCard } from './PasswordCard';
import { PictureCard } from './PictureCard';

export function ProfilePage({ session }: { session: Session }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <PictureCard session={session} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <DetailsCard session={session} />
          <PasswordCard session={session} />
          <LeaveCard session={session} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
