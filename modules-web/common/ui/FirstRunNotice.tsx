import type { ReactNode } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { fetchOnboarding, onboardingQueryKey, useCurrentUser, useHostApi } from '@autoscope/web-sdk';
import { Link } from 'react-router';

import { EmptyNotice } from './EmptyNotice';

interface FirstRunNoticeProps {
  /** The getting-started steps that bring the page its records, as `<module>.<key>` (`bots.first_run`). */
  steps: readonly string[];
  /** The page's own empty state (framed), for a company that has data, just not here. */
  children: ReactNode;
}

/**
 * An empty dashboard of a company that has no data at all yet (none of the getting-started
 * steps that bring the page its records is done, and no sample data is loaded): those steps,
 * as links, instead of advice to choose another range. Otherwise, and to a person who sees
 * none of the steps, the page's own notice.
 */
export function FirstRunNotice({ steps, children }: FirstRunNoticeProps) {
  const host = useHostApi();
  const user = useCurrentUser();
  // The shell's checklist reads the same key: one answer for both.
  const checklist = useQuery({
    queryKey: onboardingQueryKey(user),
    queryFn: ({ signal }) => fetchOnboarding(host, { signal }),
  });
  const shown = checklist.data?.steps.filter((step) => steps.includes(`${step.module}.${step.key}`)) ?? [];
  const noData = shown.length > 0 && shown.every((step) => !step.done) && !checklist.data?.sample.loaded;
  if (!checklist.data || !noData) return <>{children}</>;
  const sample = user?.companyAdmin && checklist.data.sample.available;
  return (
    <Paper withBorder p="xl">
      <EmptyNotice
        icon={IconRocket}
        title="No data yet"
        description={
          'The figures appear once your company has its first records: start with these steps.' +
          (sample ? ' Or load sample data from the Getting started checklist on the landing page.' : '')
        }
      >
        <Group gap="sm" justify="center">
          {shown.map((step) => (
            <Button key={`${step.module}:${step.key}`} component={Link} to={step.route} variant="light">
              {step.title}
            </Button>
          ))}
        </Group>
      </EmptyNotice>
    </Paper>
  );
}
