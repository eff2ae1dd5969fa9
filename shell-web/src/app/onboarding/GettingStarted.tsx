/**
 * The landing page's getting-started checklist: the steps the installed modules declare
 * (`GET /api/onboarding`), each a link to its page with a check once done, and the progress.
 * Each person may hide it; it hides itself once every step is done (unless sample data is
 * still loaded, which only it removes). Company administrators load and remove sample data
 * here.
 */

import { Anchor, Button, Card, CloseButton, Group, List, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchOnboarding,
  loadSampleData,
  onboardingQueryKey,
  removeSampleData,
  useCurrentUser,
  useHostApi,
  useNotify,
  type OnboardingSample,
  type OnboardingStep,
} from '@autoscope/web-sdk';
import { Link } from 'react-router';

/** Where a person's choice to hide the checklist is kept, per person. */
export function hiddenStorageKey(userId: string): string {
  return `autoscope.gettingStarted.hidden.${userId}`;
}

function StepItem({ step, position }: { step: OnboardingStep; position: number }) {
  const icon = step.done ? (
    <ThemeIcon color="teal" radius="xl" size={24} role="img" aria-label="Done">
      <IconCheck size={14} />
    </ThemeIcon>
  ) : (
    <ThemeIcon color="gray" variant="light" radius="xl" size={24} role="img" aria-label="To do">
      <Text size="xs" fw={700} aria-hidden>
        {position}
      </Text>
    </ThemeIcon>
  );
  return (
    <List.Item icon={icon}>
      <Anchor component={Link} to={step.route} fw={600} c={step.done ? 'dimmed' : undefined}>
        {step.title}
      </Anchor>
      {step.description && (
        <Text size="sm" c="dimmed">
          {step.description}
        </Text>
      )}
    </List.Item>
  );
}

/** Load or remove the sample data: a company administrator's, when a module offers some. */
function SampleData({ sample }: { sample: OnboardingSample }) {
  const host = useHostApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (load: boolean) => (load ? loadSampleData(host) : removeSampleData(host)),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      // Every page's figures may change: the modules' queries are read again.
      await queryClient.invalidateQueries();
    },
    onError: (error) => notify.error(error),
  });
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" style={{ flex: '1 1 18rem' }}>
        {sample.loaded
          ? 'Sample data is loaded: the pages show it beside your own until you remove it.'
          : 'See the dashboards filled: sample processes, bots and a month of runs, removed again in one click.'}
      </Text>
      {sample.loaded ? (
        <Button variant="light" color="red" loading={change.isPending} onClick={() => change.mutate(false)}>
          Remove sample data
        </Button>
      ) : (
        <Button variant="light" loading={change.isPending} onClick={() => change.mutate(true)}>
          Load sample data
        </Button>
      )}
    </Group>
  );
}

export function GettingStarted() {
  const user = useCurrentUser();
  const host = useHostApi();
  const [hidden, setHidden] = useLocalStorage({
    key: hiddenStorageKey(user?.id ?? ''),
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // Read on every visit: a step done on another page shows at once.
  const checklist = useQuery({
    queryKey: onboardingQueryKey(user),
    queryFn: ({ signal }) => fetchOnboarding(host, { signal }),
    enabled: user !== null,
    staleTime: 0,
  });
  if (!checklist.data || hidden) return null;
  const { steps, sample } = checklist.data;
  const done = steps.filter((step) => step.done).length;
  if (steps.length === 0 || (done === steps.length && !sample.loaded)) return null;

  return (
    <Card withBorder radius="md" mb="md" component="section" aria-labelledby="getting-started-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={2} size="h4" id="getting-started-title">
              Getting started
            </Title>
            <Text size="sm" c="dimmed">
              {done} of {steps.length} done
            </Text>
          </div>
          <CloseButton aria-label="Hide the checklist" onClick={() => setHidden(true)} />
        </Group>
        <Progress value={(done / steps.length) * 100} color="teal" aria-label="Getting started progress" />
        <List spacing="sm" center>
          {steps.map((step, index) => (
            <StepItem key={`${step.module}:${step.key}`} step={step} position={index + 1} />
          ))}
        </List>
        {user?.companyAdmin && sample.available && <SampleData sample={sample} />}
      </Stack>
    </Card>
  );
}
