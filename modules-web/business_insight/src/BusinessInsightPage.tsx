import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Button, Collapse, Grid, Loader, Paper, SegmentedControl, Text } from '@mantine/core';
import { IconCalendarSearch, IconChevronDown, IconChevronUp, IconLock, IconPuzzleOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useCurrency, usePageTitle } from '@autoscope/web-sdk';

import {
  DashboardBody,
  DashboardLoading,
  FigureStack,
  Section,
  dashboardClasses,
  refreshButton,
} from '@common/ui/Dashboard';
import { todayInput } from '@common/domain/days';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { FirstRunNotice } from '@common/ui/FirstRunNotice';
import { useOverview } from './api';
import { FilterPanel } from './components/FilterPanel';
import { FormulaDrawer } from './components/FormulaDrawer';
import { KpiCards } from './components/KpiCards';
import { RunDataNotice } from './components/RunDataNotice';
import { DepartmentTable, MonthTable, ProcessTable } from './components/Tables';
import { departmentLabel, isEmpty, kpis, type Measure, type OpenFigure } from './figures';
import {
  choiceFromParams,
  filtersFromParams,
  longerChoice,
  overviewQuery,
  paramsWithChoice,
  paramsWithFilters,
  rangeProblem,
  RUNS,
  shownChoice,
  withKind,
  type Filters,
  type RangeChoice,
} from './range';
import { prorationText, runDataText } from './runData';
import type { Overview } from './types';

const MonthChart = lazy(() => import('./components/Charts').then((charts) => ({ default: charts.MonthChart })));
const DepartmentChart = lazy(() =>
  import('./components/Charts').then((charts) => ({ default: charts.DepartmentChart })),
);

/** The getting-started steps that bring the figures their records: while open, they fill an empty page. */
const FIRST_RUN_STEPS = ['vault.processes', 'bots.first_run'];

/** The modules the figures come from, by key. */
const MODULE_NAMES: Readonly<Record<string, string>> = { vault: 'Process Vault', bots: 'Bot Profile' };

/** Business Insight (/BusinessInsight, where users land after signing in): what automation saves. */
export default function BusinessInsightPage() {
  const [params, setParams] = useSearchParams();
  const today = todayInput();
  const choice = useMemo(() => choiceFromParams(params, today), [params, today]);
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const problem = rangeProblem(choice);
  const setChoice = useCallback(
    (next: RangeChoice) => setParams((current) => paramsWithChoice(current, next), { replace: true }),
    [setParams],
  );
  const setFilters = useCallback(
    (next: Filters) => setParams((current) => paramsWithFilters(current, next), { replace: true }),
    [setParams],
  );

  const overview = useOverview(overviewQuery(choice, filters), problem === null);
  const data = overview.data;
  const [opened, setOpened] = useState<OpenFigure | null>(null);
  const currency = useCurrency();

  usePageTitle({
    heading: 'Business Insight',
    breadcrumb: ['Dashboards', 'Business Insight'],
    buttons: [refreshButton(overview, problem)],
  });

  const answer = data?.available ? data : null;
  return (
    <div className={dashboardClasses.page} data-testid="business-insight-page">
      <Paper withBorder p="md">
        <FilterPanel
          choice={shownChoice(choice, answer?.range ?? null)}
          problem={problem}
          filters={filters}
          choices={answer?.choices ?? null}
          currency={answer?.currency ?? null}
          today={today}
          onRange={setChoice}
          onFilters={setFilters}
        />
      </Paper>
      <DashboardBody
        query={overview}
        problem={problem}
        loading={
          <DashboardLoading cols={{ base: 1, xs: 2, md: 3, xl: 6 }} cards={6} cardHeight={104} blocks={[320, 240]} />
        }
        unavailable={(unavailable) => {
          const names = (keys: readonly string[]) => keys.map((key) => MODULE_NAMES[key] ?? key).join(' and ');
          if (unavailable.missing.length === 0) {
            return (
              <EmptyNotice
                icon={IconLock}
                title={`Your rights do not allow ${names(unavailable.restricted)}`}
                description="Business Insight compares the Process Vault's estimated benefits with the runs of Bot Profile's bots, so it shows them only to people who may open both. Ask your administrator for those rights."
              />
            );
          }
          const missing = names(unavailable.missing);
          return (
            <EmptyNotice
              icon={IconPuzzleOff}
              title={`${missing} ${unavailable.missing.length === 1 ? 'is' : 'are'} not available`}
              description="Business Insight compares the Process Vault's estimated benefits with the runs of Bot Profile's bots. Ask your administrator to install both."
            />
          );
        }}
      >
        {(shown) => {
          const longer = longerChoice(choice, today);
          return (
            <Figures
              overview={shown}
              stale={overview.isPlaceholderData}
              onOpen={setOpened}
              onFilters={setFilters}
              onLonger={longer && (() => setChoice(longer))}
              onShowRuns={choice.kind === RUNS ? null : () => setChoice(withKind(choice, RUNS, today))}
            />
          );
        }}
      </DashboardBody>
      <FormulaDrawer shown={opened} currency={currency} onClose={() => setOpened(null)} />
    </div>
  );
}

/** What the figures are over: the filters in force, or every process. */
function scope(overview: Overview): string {
  const { department, process } = overview.filters;
  if (process) return process;
  if (department) return departmentLabel(department);
  return 'All processes';
}

interface FiguresProps {
  overview: Overview;
  /** The figures of the previous choice, shown while the new ones load. */
  stale: boolean;
  onOpen: (figure: OpenFigure) => void;
  onFilters: (filters: Filters) => void;
  /** Shows the last 12 months; null when the range is as long already. */
  onLonger: (() => void) | null;
  /** Shows the days with runs; null when they are shown already. */
  onShowRuns: (() => void) | null;
}

function Figures({ overview, stale, onOpen, onFilters, onLonger, onShowRuns }: FiguresProps) {
  const [measure, setMeasure] = useState<Measure>('money');
  const [monthsShown, setMonthsShown] = useState(false);
  const { currency, range } = overview;
  const context = `${scope(overview)}, ${range.from} to ${range.to}`;
  const filtered = overview.filters.department !== null || overview.filters.process !== null;
  const withoutRunData = overview.data === null;
  const empty = isEmpty(overview);

  const measureSwitch = (
    <SegmentedControl
      size="xs"
      aria-label="Compare"
      data={[
        { value: 'money', label: `Cost (${currency.symbol})` },
        { value: 'hours', label: 'Hours' },
      ]}
      value={measure}
      onChange={(value) => setMeasure(value as Measure)}
    />
  );

  return (
    <FigureStack stale={stale}>
      {withoutRunData && (
        <FirstRunNotice steps={FIRST_RUN_STEPS}>
          <RunDataNotice runData={overview.run_data} onShowRuns={onShowRuns} />
        </FirstRunNotice>
      )}
      <KpiCards kpis={kpis(overview.totals, context)} currency={currency} onOpen={onOpen} />
      {/* Without run data, the notice above says what there is to show. */}
      {empty && !withoutRunData && (
        <Paper withBorder p="xl">
          <EmptyNotice
            icon={IconCalendarSearch}
            title="Nothing to show for these days"
            description="No bot ran a process here and no process of the Process Vault is live. Choose a longer range or other filters."
          >
            {onLonger && (
              <Button variant="light" onClick={onLonger}>
                Show the last 12 months
              </Button>
            )}
            {filtered && (
              <Button variant="subtle" onClick={() => onFilters({ department: null, process: null })}>
                Clear filters
              </Button>
            )}
          </EmptyNotice>
        </Paper>
      )}
      {!empty && (
        <>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Section
                id="insight-months-title"
                title="Estimated against realised, by month"
                hint="Estimated from the Process Vault's live processes; realised from successful runs"
                aside={measureSwitch}
              >
                <Suspense fallback={<Loader aria-label="Loading the chart" />}>
                  <MonthChart months={overview.by_month} measure={measure} currency={currency} />
                </Suspense>
                <Button
                  variant="subtle"
                  size="xs"
                  mt="xs"
                  rightSection={monthsShown ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
                  onClick={() => setMonthsShown((shown) => !shown)}
                  aria-expanded={monthsShown}
                >
                  {monthsShown ? 'Hide the figures of each month' : 'Show the figures of each month'}
                </Button>
                <Collapse expanded={monthsShown}>
                  <MonthTable months={overview.by_month} currency={currency} onOpen={onOpen} />
                </Collapse>
              </Section>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Section id="insight-departments-chart-title" title="By department" hint="Estimated against realised">
                <Suspense fallback={<Loader aria-label="Loading the chart" />}>
                  <DepartmentChart departments={overview.by_department} measure={measure} currency={currency} />
                </Suspense>
              </Section>
            </Grid.Col>
          </Grid>
          <Section
            id="insight-departments-title"
            title="Departments"
            hint="Open any figure for its formula; a department's name shows it alone"
          >
            <DepartmentTable
              departments={overview.by_department}
              currency={currency}
              onOpen={onOpen}
              onFilters={onFilters}
            />
          </Section>
          <Section id="insight-processes-title" title="Processes" hint="Open any figure for its formula and inputs">
            <ProcessTable processes={overview.by_process} range={range} currency={currency} onOpen={onOpen} />
          </Section>
        </>
      )}
      <Text size="xs" c="dimmed" data-testid="run-data-note">
        {runDataText(overview.run_data)} {prorationText(overview.data)}
      </Text>
    </FigureStack>
  );
}
