import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrency } from '@autoscope/web-sdk';

import { formatMoney } from '@common/lib/format';
import { QueryError } from '@common/ui/QueryError';
import { STAGES, STAGE_COLORS, STAGE_LABELS } from '@common/domain/vocabulary';
import { WidgetBody, WidgetFigures, WidgetLoading, WidgetShares } from '@common/ui/Widget';
import { useSummary } from './api';

/** The dashboard's Process Vault card: processes by stage and the yearly benefit of them all. */
export default function VaultWidget() {
  const summary = useSummary();
  const currency = useCurrency();

  let body;
  if (summary.isPending) {
    body = <WidgetLoading bars={STAGES.length} />;
  } else if (summary.isError) {
    body = (
      <QueryError
        title="The summary could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
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
    body = (
      <Stack gap="md">
        <WidgetFigures
          cols={3}
          figures={[
            { label: 'Processes', value: total },
            { label: 'Benefit / year', value: formatMoney(money, currency) },
            { label: 'Hours / year', value: hours },
          ]}
        />
        <WidgetShares
          label="Processes by stage"
          labelWidth={92}
          total={total}
          shares={STAGES.map((stage) => ({
            key: stage,
            label: STAGE_LABELS[stage],
            color: STAGE_COLORS[stage],
            count: byStage[stage] ?? 0,
          }))}
        />
      </Stack>
    );
  }

  return <WidgetBody testId="vault-widget">{body}</WidgetBody>;
}
