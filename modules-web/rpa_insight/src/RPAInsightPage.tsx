import { Suspense, lazy, useCallback, useMemo } from 'react';
import { Button, Grid, Group, Paper, Skeleton, Title } from '@mantine/core';
import { IconCalendarSearch, IconRobotOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useCurrentUser, useModuleApi, usePageTitle } from '@autoscope/web-sdk';

import {
  DashboardBody,
  DashboardLoading,
  FigureStack,
  KpiCards,
  Section,
  dashboardClasses,
  refreshButton,
} from '@common/ui/Dashboard';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { FirstRunNotice } from '@common/ui/FirstRunNotice';
import { WhenVisible } from '@common/ui/WhenVisible';
import { useCsvExportButton, useOpenParam } from '@common/lib/listHooks';
import { EXPORT_LEFT_OUT, fetchRunsForExport, insightKeys, useNames, useOverview } from './api';
import { BacklogTable } from './components/BacklogTable';
import type { ChartKind } from './components/Charts';
import { FilterPanel } from './components/FilterPanel';
import { ReasonsTable } from './components/ReasonsTable';
import { RunDrawer } from './components/RunDrawer';
import { RunsTable } from './components/RunsTable';
import { StuckList } from './components/StuckList';
import { hasActivity, queueKpis, runKpis, runsCsv } from './figures';
import {
  clearedFilters,
  isFiltered,
  paramsWithState,
  rangeProblem,
  stateFromParams,
  utcToday,
  withKind,
  type PageState,
} from './params';
import type { Overview } from './types';

const Chart = lazy(() => import('./components/Charts'));

/** The run figures' cards (the queue figures' are fewer). */
const KPI_COLS = { base: 2, sm: 4, lg: 8 };

/** About the heights of the queues' figures, and of the stuck items and runs, before they mount. */
const QUEUES_HEIGHT = 560;
const LISTS_HEIGHT = 900;

/** The URL parameter of the run open in the drawer. */
const RUN_PARAM = 'run';

/** The getting-started step that brings the figures their records: while open, it fills an empty page. */
const FIRST_RUN_STEPS = ['bots.first_run'];

/** A chart in its panel, drawn once the charts' chunk has loaded. */
interface ChartPanelProps {
  id: string;
  title: string;
  hint: string;
  overview: Overview;
  kind: ChartKind;
}

function ChartPanel({ id, title, hint, overview, kind }: ChartPanelProps) {
  return (
    <Section id={id} title={title} hint={hint} testId={id.replace(/-title$/, '')}>
      <Suspense fallback={<Skeleton height={240} aria-label="Loading the chart" />}>
        <Chart overview={overview} kind={kind} />
      </Suspense>
    </Section>
  );
}

/** Operational Insight (/RPAInsight): the robots' runs and queues over a date range and filters. */
export default function RPAInsightPage() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => stateFromParams(params), [params]);
  const today = utcToday();
  const problem = rangeProblem(state);
  const setState = useCallback(
    (next: PageState) => setParams((current) => paramsWithState(current, next), { replace: true }),
    [setParams],
  );
  const drawer = useOpenParam(RUN_PARAM);
  const queryClient = useQueryClient();
  const user = useCurrentUser()?.id ?? '';

  const overview = useOverview(state, today);
  const data = overview.data;
  const available = data?.available === true;
  const names = useNames(available);
  const api = useModuleApi();
  // Every run of the range and filters (the newest 100,000 at most, and a warning past them).
  const exportButton = useCsvExportButton(
    ['run', 'runs'],
    async () => {
      const { runs, truncated } = await fetchRunsForExport(api, state, today);
      const leftOut = truncated ? EXPORT_LEFT_OUT : undefined;
      return { count: runs.length, csv: runsCsv(runs), leftOut };
    },
    problem !== null || !available,
  );

  usePageTitle({
    heading: 'Operational Insight',
    breadcrumb: ['Dashboards', 'Operational Insight'],
    buttons: [
      refreshButton(overview, problem, () => queryClient.invalidateQueries({ queryKey: insightKeys.all(user) })),
      exportButton,
    ],
  });

  return (
    <div className={dashboardClasses.page} data-testid="rpa-insight-page">
      <Paper withBorder p="md">
        <FilterPanel state={state} problem={problem} today={today} names={names} onChange={setState} />
      </Paper>
      <DashboardBody
        query={overview}
        problem={problem}
        loading={<DashboardLoading cols={KPI_COLS} cards={8} cardHeight={92} blocks={[300, 220]} />}
        unavailable={() => (
          <EmptyNotice
            icon={IconRobotOff}
            title="Bot Profile is not available"
            description={
              'Operational Insight shows the runs and queues of Bot Profile, which is not installed for your company.'
            }
          />
        )}
      >
        {(shown) => (
          <Figures
            overview={shown}
            state={state}
            today={today}
            stale={overview.isPlaceholderData}
            onChange={setState}
            onOpenRun={drawer.open}
          />
        )}
      </DashboardBody>
      <RunDrawer opened={drawer.openId !== null} runId={drawer.shownId} onOpen={drawer.open} onClose={drawer.close} />
    </div>
  );
}

interface FiguresProps {
  overview: Overview;
  state: PageState;
  today: string;
  /** The figures of the previous range or filters, shown while the new ones load. */
  stale: boolean;
  onChange: (state: PageState) => void;
  onOpenRun: (run: { id: string }) => void;
}

function Figures({ overview, state, today, stale, onChange, onOpenRun }: FiguresProps) {
  const active = hasActivity(overview);
  return (
    <FigureStack stale={stale}>
      <KpiCards kpis={runKpis(overview)} label="Run figures" cols={KPI_COLS} testIds />
      {active ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <ChartPanel
              id="insight-runs-per-day-title"
              title="Runs and failures per day"
              hint="Runs started each UTC day, by status"
              overview={overview}
              kind="runs-per-day"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <ChartPanel
              id="insight-duration-title"
              title="Duration trend"
              hint="Percentiles and mean of the finished runs, per week"
              overview={overview}
              kind="duration"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <ChartPanel
              id="insight-exceptions-title"
              title="Business vs system exceptions"
              hint="Failed runs of the range"
              overview={overview}
              kind="exceptions"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Section
              id="insight-reasons-title"
              testId="insight-reasons"
              title="Top failure reasons"
              hint="Failed runs of the range, most frequent first"
            >
              <ReasonsTable overview={overview} />
            </Section>
          </Grid.Col>
        </Grid>
      ) : (
        <FirstRunNotice steps={FIRST_RUN_STEPS}>
          <Paper withBorder p="xl">
            <EmptyNotice
              icon={IconCalendarSearch}
              title="No runs or queue items in this range"
              description={
                'Nothing was started or added in these days. ' +
                'The backlog, SLA risks and stuck items below are as they stand now.'
              }
            >
              <Group gap="sm" justify="center">
                {state.kind !== '90' && (
                  <Button variant="light" onClick={() => onChange(withKind(state, '90', today))}>
                    Show the last 90 days
                  </Button>
                )}
                {isFiltered(state) && (
                  <Button variant="subtle" onClick={() => onChange(clearedFilters(state))}>
                    Clear filters
                  </Button>
                )}
              </Group>
            </EmptyNotice>
          </Paper>
        </FirstRunNotice>
      )}

      {/* Below the fold: mounted as the person scrolls to them. */}
      <WhenVisible minHeight={QUEUES_HEIGHT}>
        <Title order={2} size="h4" mt="xs">
          Queues
        </Title>
        <KpiCards kpis={queueKpis(overview)} label="Queue figures" cols={{ base: 2, sm: 3, lg: 6 }} testIds />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <ChartPanel
              id="insight-queue-volume-title"
              title="Queue volume per day"
              hint="Items added each UTC day, by the status they have now"
              overview={overview}
              kind="queue-volume"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Section
              id="insight-backlog-title"
              testId="insight-backlog"
              title="Backlog per queue"
              hint="New and in progress items now, whenever added"
            >
              <BacklogTable backlog={overview.queues.backlog} />
            </Section>
          </Grid.Col>
        </Grid>
      </WhenVisible>
      <WhenVisible minHeight={LISTS_HEIGHT}>
        <StuckList state={state} counts={overview.queues.stuck} onKind={(stuck) => onChange({ ...state, stuck })} />
        <RunsTable
          state={state}
          today={today}
          onStatus={(status) => onChange({ ...state, status })}
          onOpen={onOpenRun}
        />
      </WhenVisible>
    </FigureStack>
  );
}
