import { Anchor, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { formatNumber } from '../../common/src/format';
import { QueryError } from '../../common/src/QueryError';
import { STAGES, STAGE_COLORS, STAGE_LABELS } from '../../common/src/vocabulary';
import { useSummary } from './api';

/** The dashboard's Process Vault card: processes by stage and the yearly benefit of them all. */
export default function VaultWidget() {
  const summary = useSummary();

  let body;
  if (summary.isPending) {
    body = (
      <Stack gap="xs">
        <Skeleton height={40} />
        {STAGES.map((stage) => (
          <Skeleton key={stage} height={12} />
        ))}
      </Stack>
    );
  } else if (summary.isError) {
    body = (
      <QueryError title="The summary could not be loaded" error={summary.error} onRetry={() => void summary.refetch()} />
    );
  } else if (summary.data.total === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No processes yet.{' '}
        <Anchor component={Link} to="/Process" size="sm">
          Add the first one
        </Anchor>
      </Text>
    );
  } else {
    const { total, by_stage: byStage, benefit_money: money, benefit_hours: hours } = summary.data;
    const figures: [string, number][] = [
      ['Processes', total],
      ['Benefit / year', money],
      ['Hours / year', hours],
    ];
    body = (
      <Stack gap="md">
        <SimpleGrid cols={3} spacing="xs">
          {figures.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={700} fz="lg">
                {formatNumber(value)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Stack gap={6} aria-label="Processes by stage">
          {STAGES.map((stage) => {
            const count = byStage[stage] ?? 0;
            return (
              <Group key={stage} gap="xs" wrap="nowrap">
                <Text size="xs" w={92}>
                  {STAGE_LABELS[stage]}
                </Text>
                <Progress
                  value={total ? (count / total) * 100 : 0}
                  color={STAGE_COLORS[stage]}
                  size="sm"
                  style={{ flex: 1 }}
                  aria-label={`${STAGE_LABELS[stage]}: ${count}`}
                />
                <Text size="xs" w={36} ta="right">
                  {formatNumber(count)}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    );
  }

  return (
    <Card withBorder data-testid="vault-widget">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Process Vault</Text>
        <Anchor component={Link} to="/Process" size="sm">
          Open
        </Anchor>
      </Group>
      {body}
    </Card>
  );
}
