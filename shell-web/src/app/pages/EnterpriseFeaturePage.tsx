/**
 * What a path the signed-in area has no page for shows: the route of a premium page the
 * company's edition greys (a deep link, a bookmark) says it is an Enterprise feature and
 * leads to the enterprise edition's form; any other path is not found. No module's remote
 * is loaded for either.
 */

import { Button, EmptyState, Group, Paper } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { UPGRADE } from '@autoscope/web-sdk';
import { Link, useLocation } from 'react-router';

import type { PremiumPage } from '../menu';
import { pathMatches } from '../pageMeta';
import { FallbackPage } from './FallbackPage';

/** A premium page's route: what it is, why it does not open, and the way to the enterprise edition. */
export function EnterpriseFeaturePage({ label }: { label: string }) {
  return (
    <Paper p="xl" radius="md" withBorder>
      <EmptyState icon={<IconCrown size={40} stroke={1.4} />} withIndicatorBackground>
        <EmptyState.Title order={1} m={0}>
          {label} is an Enterprise feature
        </EmptyState.Title>
        <EmptyState.Description maw={480}>
          Your company uses the community edition. Register your interest in the enterprise edition and our team will
          contact you about opening {label} for your company.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Group justify="center">
            <Button component={Link} to={UPGRADE.path}>
              {UPGRADE.label}
            </Button>
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/** The area's catch-all route: a greyed premium page's route, or 'Page not found'. */
export function NoRoutePage({ premium, homePath }: { premium: readonly PremiumPage[]; homePath: string }) {
  const { pathname } = useLocation();
  const page = premium.find(({ path, exact }) => pathMatches(path, exact, pathname));
  return page ? <EnterpriseFeaturePage label={page.label} /> : <FallbackPage homePath={homePath} />;
}
