import type { ReactNode } from 'react';
import { Badge, DataList, Group, Spoiler, Text } from '@mantine/core';
import { useCurrency } from '@autoscope/web-sdk';

import { HealthBadge, StageBadge } from '@common/ui/Badges';
import { formatDateTime, formatMoney, formatNumber } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { complexityLabel } from '@common/domain/vocabulary';
import type { Process } from '../types';

function Tags({ values }: { values: string[] | null }) {
  if (!values?.length) return <>—</>;
  return (
    <Group gap={4}>
      {values.map((value) => (
        <Badge key={value} variant="outline" color="gray" tt="none">
          {value}
        </Badge>
      ))}
    </Group>
  );
}

/** What a process is: its description and every stored detail. */
export function ProcessDetails({ process, people }: { process: Process; people: PeopleIndex }) {
  const currency = useCurrency();
  const items: [string, ReactNode][] = [
    ['Stage', <StageBadge key="stage" stage={process.stage} />],
    ['Health', <HealthBadge key="health" health={process.health} />],
    ['Department', process.department || '—'],
    ['Owner', nameOf(people, process.owner_id) ?? '—'],
    ['Complexity', complexityLabel(process.complexity)],
    ['Applications', <Tags key="applications" values={process.applications} />],
    ['Bots', <Tags key="bots" values={process.bots} />],
    ['Monthly volume', `${formatNumber(process.monthly_volume)} cases`],
    ['Handling time', `${formatNumber(process.handling_minutes, true)} minutes per case`],
    ['Hourly cost', formatMoney(process.hourly_cost, currency)],
    ['Exception rate', `${formatNumber(process.exception_rate, true)} %`],
    ['Automation', `${formatNumber(process.automation_pct, true)} %`],
    ['FTEs', formatNumber(process.ftes, true)],
  ];
  const submitter = nameOf(people, process.submitted_by);
  if (submitter) items.push(['Idea from', submitter]);
  items.push(['Created', formatDateTime(process.created_at)], ['Updated', formatDateTime(process.updated_at)]);

  return (
    <>
      {process.description ? (
        <Spoiler maxHeight={96} showLabel="Show more" hideLabel="Show less" mb="md">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {process.description}
          </Text>
        </Spoiler>
      ) : (
        <Text size="sm" c="dimmed" mb="md">
          No description yet.
        </Text>
      )}
      <DataList withDivider labelWidth={140}>
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </>
  );
}
