import { Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

import cells from '@common/ui/Cells.module.css';
import { formatNumber, formatScore } from '@common/lib/format';
import type { RankedProcess } from './api';
import { BUCKETS, groupByBucket } from './buckets';
import { ProcessLink } from './ProcessLink';
import classes from './RankingPage.module.css';

/** Cards per bucket before "and n more": the table has them all. */
const SHOWN = 12;

/** The roadmap: three columns of cards (quick wins, strategic, long-term), best first. */
export function RoadmapBuckets({ items }: { items: readonly RankedProcess[] }) {
  const groups = groupByBucket(items);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {BUCKETS.map((bucket) => {
        const list = groups[bucket.key];
        const headingId = `ranking-bucket-${bucket.key}`;
        return (
          <Paper
            key={bucket.key}
            withBorder
            p="md"
            component="section"
            aria-labelledby={headingId}
            className={classes.bucket}
          >
            <Group justify="space-between" gap="xs" mb={4}>
              <Title order={3} size="h5" id={headingId}>
                {bucket.label}
              </Title>
              <Badge variant="light" color={bucket.color} className={classes.badge}>
                {formatNumber(list.length)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" mb="sm">
              {bucket.rule}
            </Text>
            {list.length === 0 ? (
              <Text size="sm" c="dimmed">
                No processes in this bucket
              </Text>
            ) : (
              <Stack gap="xs" component="ol" className={classes.bucketList}>
                {list.slice(0, SHOWN).map((item) => (
                  <Card key={item.id} withBorder padding="xs" component="li" className={classes.bucketCard}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <Text size="sm" fw={600} className={cells.name}>
                        #{item.rank} <ProcessLink item={item} size="sm" />
                      </Text>
                      <Text size="sm" fw={700} aria-label={`Score ${formatScore(item.score)}`}>
                        {formatScore(item.score)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {item.department || 'No department'} · value {formatNumber(item.value, true)} · ease{' '}
                      {formatNumber(item.ease, true)}
                    </Text>
                  </Card>
                ))}
                {list.length > SHOWN && (
                  <Text size="xs" c="dimmed" component="li" className={classes.more}>
                    and {formatNumber(list.length - SHOWN)} more (see the table)
                  </Text>
                )}
              </Stack>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
