import type { ReactNode } from 'react';
import { Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../ui';
import classes from './AuthCard.module.css';

/** Where users write for help: set AUTOSCOPE_SUPPORT_EMAIL when building. */
export const SUPPORT_EMAIL = process.env.AUTOSCOPE_SUPPORT_EMAIL || 'support@autoscope.local';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** The wider card of the sign-up wizard. */
  wide?: boolean;
}

/** The centred card of the public screens, with the support line and the legal links. */
export function AuthCard({ title, subtitle, children, wide = false }: AuthCardProps) {
  return (
    <main className={classes.page}>
      <Paper className={wide ? `${classes.card} ${classes.wide}` : classes.card} shadow="lg" withBorder>
        <div className={classes.logo}>
          <Logo />
        </div>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" ta="center" mb="lg">
            {subtitle}
          </Text>
        )}
        {children}
      </Paper>
      <footer className={classes.footer}>
        <Text size="sm" ta="center">
          Need help? Contact our support team at{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} c="white" underline="always">
            {SUPPORT_EMAIL}
          </Anchor>
        </Text>
        <Group justify="center" gap="lg" mt={6}>
          <Anchor component={Link} to="/terms-and-conditions" size="sm" c="white">
            Terms and Conditions
          </Anchor>
          <Anchor component={Link} to="/privacy-policy" size="sm" c="white">
            Privacy Policy
          </Anchor>
        </Group>
      </footer>
    </main>
  );
}

/** The card while the screen asks the host something first (a link checked, a sign-in made). */
export function AuthCardWaiting({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthCard title={title}>
      <Center py="lg">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">{children}</Text>
        </Stack>
      </Center>
    </AuthCard>
  );
}
