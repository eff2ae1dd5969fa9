import type { ReactNode } from 'react';
import { Anchor, Card, Code, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useCurrency } from '@autoscope/web-sdk';

import { errorMessage } from '@common/lib/errors';
import { formatMoney, formatNumber, formatPercent } from '@common/lib/format';
import { useFormulas } from '../api';
import type { Formulas, Process } from '../types';
import { ASSESSMENT_QUESTIONS } from '../validation';

interface ScoreCardProps {
  title: string;
  children: ReactNode;
  formula: keyof Formulas;
}

/** One score, with the plugin's formula for it beneath. */
function ScoreCard({ title, children, formula }: ScoreCardProps) {
  const formulas = useFormulas();
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Text size="sm" c="dimmed" fw={500}>
          {title}
        </Text>
        {children}
        {formulas.isPending ? (
          <Skeleton height={32} />
        ) : formulas.isError ? (
          <Text size="xs" c="red">
            {errorMessage(formulas.error)}.{' '}
            <Anchor component="button" type="button" size="xs" onClick={() => void formulas.refetch()}>
              Retry
            </Anchor>
          </Text>
        ) : (
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {formulas.data[formula]}
          </Code>
        )}
      </Stack>
    </Card>
  );
}

function Figure({ value, unit }: { value: string; unit?: string }) {
  return (
    <Group gap={6} align="baseline">
      <Text fz={24} fw={700} lh={1.1}>
        {value}
      </Text>
      {unit && (
        <Text size="sm" c="dimmed">
          {unit}
        </Text>
      )}
    </Group>
  );
}

/** The computed scores of a process, as stored by the plugin, each with how it is computed. */
export function BenefitPanel({ process }: { process: Process }) {
  const currency = useCurrency();
  const assessed = process.potential != null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ScoreCard title="Yearly benefit" formula="benefit">
        <Figure value={formatMoney(process.benefit_money, currency)} unit="saved" />
        <Group gap="lg">
          <Text size="sm">{formatNumber(process.benefit_hours)} hours</Text>
          <Text size="sm">{formatNumber(process.benefit_fte, true)} FTE</Text>
        </Group>
      </ScoreCard>
      <ScoreCard title="Automation potential" formula="potential">
        {assessed ? (
          <>
            <Figure value={formatPercent(process.potential)} />
            <Text size="xs" c="dimmed">
              {ASSESSMENT_QUESTIONS.map(({ key, label }) => `${label} ${process[key] ?? '—'}/5`).join(' · ')}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Not assessed yet. Use Assess to answer the five quick questions.
          </Text>
        )}
      </ScoreCard>
      <ScoreCard title="Ease of implementation" formula="ease">
        <Figure value={formatNumber(process.ease)} unit="of 100" />
        {!assessed && (
          <Text size="xs" c="dimmed">
            Stability and documentation count as 3 until assessed.
          </Text>
        )}
      </ScoreCard>
    </SimpleGrid>
  );
}
