import { Suspense, lazy, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { IconCalendarSearch, IconRobotOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useCurrentUser, useModuleApi, useNotify, usePageTitle, type PageButton } from '@autoscope/web-sdk';

import { saveCsv } from '../../common/src/csv';
import { EmptyNotice } from '../../common/src/EmptyNotice';
import { isoDay } from '../../common/src/format';
import { useOpenParam } from '../../common/src/listHooks';
import { countText } from '../../common/src/lists';
import { QueryError } from '../../common/src/QueryError';
import { fetchRunsForExport, insightKeys, useNames, useOverview } from './api';
import { BacklogTable } from './components/BacklogTable';
import type { ChartKind } from './components/Charts';
import { FilterPanel } from './components/FilterPanel';
import { KpiCards } from './components/KpiCards';
import { Panel } from './components/Panel';
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
import classes from './RPAInsightPage.module.css';

const Chart = lazy(() => import('./components/Charts'));

/** The URL parameter of the run open in the drawer. */
const RUN_PARAM = 'run';

function Loading() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the figures">
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="sm">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} height={92} />
        ))}
      </SimpleGrid>
      <Skeleton height={300} />
      <Skeleton height={220} />
    </Stack>
  );
}

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
    <Panel id={id} title={title} hint={hint}>
      <Suspense fallback={<Skeleton height={240} aria-label="Loading the chart" />}>
        <Chart overview={overview} kind={kind} />
      </Suspense>
    </Panel>
  );
}

/** The title bar's "Export CSV": every run of the range and filters (the newest 10,000 at most). */
function useRunsExport(state: PageState, today: string, disabled: boolean): PageButton {
  const api = useModuleApi();
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const exportRuns = async () => {
    setExporting(true);
    try {
      const { runs, truncated } = await fetchRunsForExport(api, state, today);
      if (runs.length === 0) {
        notify.failure('There are no runs to export');
        return;
      }
      saveCsv(runsCsv(runs), `runs-${isoDay()}.csv`);
      const exported = `${countText(runs.length, ['run', 'runs'])} exported`;
      notify.success(truncated ? `${exported}, the newest: narrow the range or filters for the others` : exported);
    } catch (error) {
      notify.error(error);
    } finally {
      setExporting(false);
    }
  };
  return {
    label: 'Export CSV',
    icon: 'download',
    kind: 'secondary',
    onClick: () => void exportRuns(),
    loading: exporting,
    disabled: disabled || exporting,
  };
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
  const exportButton = useRunsExport(state, today, problem !== null || !available);

  usePageTitle({
    heading: 'Operational Insight',
    breadcrumb: ['Dashboards', 'Operational Insight'],
    buttons: [
      {
        label: 'Refresh',
        icon: 'refresh',
        kind: 'secondary',
        disabled: problem !== null,
        loading: overview.isFetching,
        onClick: () => void queryClient.invalidateQueries({ queryKey: insightKeys.all(user) }),
      },
      exportButton,
    ],
  });

  let body: ReactNode;
  if (problem !== null && !data) {
    // The filter says what is wrong with the days; nothing was asked yet.
    body = null;
  } else if (overview.isPending) {
    body = <Loading />;
  } else if (overview.isError && !data) {
    body = (
      <QueryError
        title="The figures could not be loaded"
        error={overview.error}
        onRetry={() => void overview.refetch()}
      />
    );
  } else if (data && !data.available) {
    body = (
      <Paper withBorder p="xl">
        <EmptyNotice
          icon={IconRobotOff}
          title="Bot Profile is not available"
          description={
            'Operational Insight shows the runs and queues of Bot Profile, which is not installed for your company.'
          }
        />
      </Paper>
    );
  } else if (data) {
    body = (
      <>
        {overview.isError && <QueryError error={overview.error} onRetry={() => void overview.refetch()} />}
        <Figures
          overview={data}
          state={state}
          today={today}
          stale={overview.isPlaceholderData}
          onChange={setState}
          onOpenRun={drawer.open}
        />
      </>
    );
  }

  return (
    <div className={classes.page} data-testid="rpa-insight-page">
      <Paper withBorder p="md">
        <FilterPanel state={state} problem={problem} today={today} names={names} onChange={setState} />
      </Paper>
      {body}
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
    <div className={stale ? `${classes.figures} ${classes.stale}` : classes.figures} aria-busy={stale}>
      <KpiCards kpis={runKpis(overview)} label="Run figures" />
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
            <Panel
              id="insight-reasons-title"
              title="Top failure reasons"
              hint="Failed runs of the range, most frequent first"
            >
              <ReasonsTable overview={overview} />
            </Panel>
          </Grid.Col>
        </Grid>
      ) : (
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
      )}

      <Title order={2} size="h4" mt="xs">
        Queues
      </Title>
      <KpiCards kpis={queueKpis(overview)} label="Queue figures" cols={{ base: 2, sm: 3, lg: 6 }} />
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
          <Panel
            id="insight-backlog-title"
            title="Backlog per queue"
            hint="New and in progress items now, whenever added"
          >
            <BacklogTable backlog={overview.queues.backlog} />
          </Panel>
        </Grid.Col>
      </Grid>
      <StuckList state={state} counts={overview.queues.stuck} onKind={(stuck) => onChange({ ...state, stuck })} />
      <RunsTable state={state} today={today} onStatus={(status) => onChange({ ...state, status })} onOpen={onOpenRun} />
    </div>
  );
}
