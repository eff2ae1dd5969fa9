/** What an unknown path (or a route the rights do not open, unless it is a greyed premium one) shows. */

import { Button, EmptyState, Group, Paper } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

const FALLBACK_TITLE = 'Page not found';

export function FallbackPage({ homePath }: { homePath: string }) {
  const { pathname } = useLocation();
  return (
    <Paper p="xl" radius="md" withBorder>
      <EmptyState
        icon={<IconMapQuestion size={40} stroke={1.4} />}
        withIndicatorBackground
        title={FALLBACK_TITLE}
        description={`There is no page at ${pathname}, or your rights do not open it.`}
      >
        <EmptyState.Actions>
          <Group justify="center">
            <Button component={Link} to={homePath}>
              Go to the start page
            </Button>
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
