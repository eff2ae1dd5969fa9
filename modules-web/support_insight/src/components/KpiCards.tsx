import { KpiCards as Cards, type Kpi } from '@common/ui/Dashboard';
import { formatNumber, formatPercent } from '@common/lib/format';
import { formatDuration } from '../figures';
import type { Insight } from '../types';

function kpis(insight: Insight, opened: number, closed: number): Omit<Kpi, 'id'>[] {
  const { met, breached } = insight.sla.resolution;
  return [
    { label: 'Opened', value: formatNumber(opened), hint: 'Tickets created in the range' },
    { label: 'Closed', value: formatNumber(closed), hint: 'Tickets closed in the range' },
    {
      label: 'First response',
      value: formatDuration(insight.mean_first_response_seconds),
      hint: 'Mean time to the first answer',
    },
    {
      label: 'Resolution',
      value: formatDuration(insight.mean_resolution_seconds),
      hint: 'Mean time to resolve, waiting excluded',
    },
    {
      label: 'SLA compliance',
      value: formatPercent(insight.sla.compliance_pct),
      hint:
        met + breached
          ? `${formatNumber(met)} of ${formatNumber(met + breached)} resolved in time`
          : 'Nothing resolved yet',
    },
    {
      label: 'Open breaches',
      value: formatNumber(insight.breaches_open),
      hint: 'Unresolved tickets past a target, now',
      color: insight.breaches_open ? 'red' : undefined,
    },
    {
      label: 'Pending approvals',
      value: formatNumber(insight.approvals_pending),
      hint: 'Waiting for a decision, now',
    },
  ];
}

interface KpiCardsProps {
  insight: Insight;
  opened: number;
  closed: number;
}

/** The headline figures of the range, and what stands now. */
export function KpiCards({ insight, opened, closed }: KpiCardsProps) {
  return (
    <Cards
      kpis={kpis(insight, opened, closed).map((kpi) => ({ id: kpi.label, ...kpi }))}
      cols={{ base: 2, sm: 4, xl: 7 }}
      label="Key figures"
    />
  );
}
