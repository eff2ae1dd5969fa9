/**
 * /Profile: the user's details, picture, e-mail address and password, the company's currency
 * (its admins only), leaving the company and deleting one's data.
 */

import { Grid, Stack } from '@mantine/core';

import type { Session } from '../../../session';
import { CurrencyCard } from './CurrencyCard';
import { DeletionCard } from './DeletionCard';
import { DetailsCard } from './DetailsCard';
import { EmailCard } from './EmailCard';
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
          <EmailCard session={session} />
          <PasswordCard session={session} />
          {session.userdata.company_admin && <CurrencyCard session={session} />}
          <LeaveCard session={session} />
          <DeletionCard session={session} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
