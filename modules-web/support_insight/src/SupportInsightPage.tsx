import { Suspense, lazy, useCallback, useMemo } from 'react';
import { Button, Loader, Paper } from '@mantine/core';
import { IconCalendarSearch, IconTicketOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@autoscope/web-sdk';

import { DashboardBody, DashboardLoading, FigureStack, dashboardClasses, refreshButton } from '@common/ui/Dashboard';
import { todayInput } from '@common/domain/days';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { usePeople } from '@common/lib/queries';
import { useInsight, useProcessNames } from './api';
import { BreakdownTables } from './components/BreakdownTables';
import { KpiCards } from './components/KpiCards';
import { RangeFilter } from './components/RangeFilter';
import { totals } from './figures';
import { choiceFromParams, paramsWithChoice, rangeProblem, withKind, type RangeChoice } from './range';
import type { Insight } from './types';

const Charts = lazy(() => import('./components/Charts'));

/** Support Insight (/SupportInsight): Ticket Management's figures over a date range. */
export default function SupportInsightPage() {
  const [params, setParams] = useSearchParams();
  const today = todayInput();
  const choice = useMemo(() => choiceFromParams(params, today), [params, today]);
  const problem = rangeProblem(choice);
  const setChoice = useCallback(
    (next: RangeChoice) => setParams((current) => paramsWithChoice(current, next), { replace: true }),
    [setParams],
  );

  const insight = useInsight(choice);

  usePageTitle({
    heading: 'Support Insight',
    breadcrumb: ['Dashboards', 'Support Insight'],
    buttons: [refreshButton(insight, problem)],
  });

  return (
    <div className={dashboardClasses.page} data-testid="support-insight-page">
      <Paper withBorder p="md">
        <RangeFilter choice={choice} problem={problem} today={today} onChange={setChoice} />
      </Paper>
      <DashboardBody
        query={insight}
        problem={problem}
        loading={<DashboardLoading cols={{ base: 2, sm: 4, xl: 7 }} cards={7} cardHeight={92} blocks={[280, 220]} />}
        unavailable={() => (
          <EmptyNotice
            icon={IconTicketOff}
            title="Ticket Management is not available"
            description="Support Insight shows the tickets of Ticket Management, which is not installed for your company."
          />
        )}
      >
        {(answer) => (
          <Figures
            insight={answer}
            stale={insight.isPlaceholderData}
            onWider={choice.kind === '90' ? null : () => setChoice(withKind(choice, '90', today))}
          />
        )}
      </DashboardBody>
    </div>
  );
}

interface FiguresProps {
  insight: Insight;
  /** The figures of the previous range, shown while the new ones load. */
  stale: boolean;
  /** Shows the last 90 days; null when they are shown. */
  onWider: (() => void) | null;
}

function Figures({ insight, stale, onWider }: FiguresProps) {
  const { opened, closed } = totals(insight);
  const people = usePeople();
  const processNames = useProcessNames(insight.per_process.length > 0);

  return (
    <FigureStack stale={stale}>
      <KpiCards insight={insight} opened={opened} closed={closed} />
      {opened === 0 && closed === 0 ? (
        <Paper withBorder p="xl">
          <EmptyNotice
            icon={IconCalendarSearch}
            title="No tickets in this range"
            description="No ticket was opened or closed in these days. The workload below is as it stands now."
          >
            {onWider && (
              <Button variant="light" onClick={onWider}>
                Show the last 90 days
              </Button>
            )}
          </EmptyNotice>
        </Paper>
      ) : (
        <Suspense fallback={<Loader aria-label="Loading the charts" />}>
          <Charts insight={insight} bucket={insight.bucket} />
        </Suspense>
      )}
      <BreakdownTables insight={insight} opened={opened} people={people} processNames={processNames} />
    </FigureStack>
  );
}
