import { useCallback, useMemo, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import {
  IconCalculator,
  IconCalendarStats,
  IconDownload,
  IconInfoCircle,
  IconKey,
  IconPlus,
  IconRobot,
  IconRobotOff,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useCurrency, useModuleApi, useNotify, usePageTitle } from '@autoscope/web-sdk';

import { saveCsv } from '@common/lib/csv';
import { FigureStack, dashboardClasses as classes } from '@common/ui/Dashboard';
import { todayInput } from '@common/domain/days';
import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice, NoMatchNotice } from '@common/ui/EmptyNotice';
import { formatNumber, isoDay } from '@common/lib/format';
import { useCsvExportButton, useOpenParam } from '@common/lib/listHooks';
import { ListLayout } from '@common/ui/ListLayout';
import type { PeopleIndex } from '@common/domain/people';
import { usePeople } from '@common/lib/queries';
import { QueryError } from '@common/ui/QueryError';
import { DateRangeFilter } from '@common/ui/RangeFilter';
import { DAY_RANGE_KINDS, DAY_RANGE_LABELS } from '@common/domain/ranges';
import { fetchAllBots, useBots, useCalculation, useHeatmap, useMe, useStatuses } from './api';
import { ApiKeysPanel } from './components/ApiKeysPanel';
import { BotDrawer } from './components/BotDrawer';
import { BotFiltersBar } from './components/BotFiltersBar';
import { BotForm } from './components/BotForm';
import { BotTable } from './components/BotTable';
import { CalculationTable, CalculationTotals } from './components/CalculationTable';
import { DeleteBot } from './components/DeleteBot';
import { UtilisationHeatmap } from './components/UtilisationHeatmap';
import { botsCsv, calculationCsv } from './csv';
import { choiceFromParams, paramsWithChoice, rangeProblem, withKind, type RangeChoice } from './range';
import { BOT_STATES, type Bot, type BotFilters, type Currency, type Statuses } from './types';
import {
  OPEN_PARAM,
  RUNS_PARAM,
  clearedFilters,
  filtersFromParams,
  isFiltered,
  tabFromParams,
  withFilters,
  withTab,
  type Tab,
} from './urlState';
import { STATE_COLORS, STATE_LABELS, statusesByName, unregistered } from './vocabulary';

/** The drawer's own URL parameters, dropped when it closes. */
const DRAWER_PARAMS = [RUNS_PARAM];

/** Bot Profile (/BotProfile): the bot inventory with live status, utilisation, the calculation and API keys. */
export default function BotProfilePage() {
  const api = useModuleApi();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  // Until /me answers, a link to the keys tab is trusted; the plugin and host decide anyway.
  const companyAdmin = me.data?.company_admin ?? params.get('tab') === 'keys';
  const currency = useCurrency();
  const tab = tabFromParams(params, companyAdmin);
  const today = todayInput();
  const range = useMemo(() => choiceFromParams(params, today), [params, today]);
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const drawer = useOpenParam(OPEN_PARAM, DRAWER_PARAMS);
  const people = usePeople();
  const statuses = useStatuses();
  const form = useDialog<Bot | null>();
  const deletion = useDialog<Bot>();

  const setTab = (next: Tab) => setParams((current) => withTab(current, next), { replace: true });
  const setRange = useCallback(
    (next: RangeChoice) => setParams((current) => paramsWithChoice(current, next), { replace: true }),
    [setParams],
  );
  const setFilters = useCallback(
    (next: BotFilters) => setParams((current) => withFilters(current, next), { replace: true }),
    [setParams],
  );
  const statusIndex = useMemo(() => statusesByName(statuses.data?.bots), [statuses.data]);
  const exportButton = useCsvExportButton(['bot', 'bots'], async () => {
    const all = await fetchAllBots(api, filters);
    return { count: all.length, csv: botsCsv(all, statusIndex, people.byId, currency) };
  });

  usePageTitle({
    heading: 'Bot Profile',
    breadcrumb: ['Bot Profile'],
    buttons: [
      { label: 'New bot', icon: 'plus', kind: 'primary', onClick: () => form.open(null) },
      ...(tab === 'inventory' ? [exportButton] : []),
    ],
  });

  const rangePanel = (
    <Paper withBorder p="md">
      <DateRangeFilter
        kinds={DAY_RANGE_KINDS}
        labels={DAY_RANGE_LABELS}
        range={range}
        problem={rangeProblem(range)}
        onKind={(kind) => setRange(withKind(range, kind, today))}
        onDays={(from, to) => setRange({ ...range, from, to })}
        hint="Whole days in UTC, the first and last included."
      />
    </Paper>
  );

  return (
    <div className={classes.page} data-testid="bot-profile-page">
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="inventory" leftSection={<IconRobot size={16} />}>
            Inventory
          </Tabs.Tab>
          <Tabs.Tab value="utilisation" leftSection={<IconCalendarStats size={16} />}>
            Utilisation
          </Tabs.Tab>
          <Tabs.Tab value="calculation" leftSection={<IconCalculator size={16} />}>
            Calculation
          </Tabs.Tab>
          {companyAdmin && (
            <Tabs.Tab value="keys" leftSection={<IconKey size={16} />}>
              API keys
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="inventory" pt="md">
          <Inventory
            filters={filters}
            onFilters={setFilters}
            statuses={statuses}
            statusIndex={statusIndex}
            people={people.byId}
            currency={currency}
            onOpen={drawer.open}
            onNew={() => form.open(null)}
            onEdit={(bot) => form.open(bot)}
            onDelete={(bot) => deletion.open(bot)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="utilisation" pt="md">
          <div className={classes.figures}>
            {rangePanel}
            <Utilisation range={range} onOpen={(id) => drawer.open({ id })} />
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="calculation" pt="md">
          <div className={classes.figures}>
            {rangePanel}
            <CalculationPanel range={range} />
          </div>
        </Tabs.Panel>
        {companyAdmin && (
          <Tabs.Panel value="keys" pt="md">
            <ApiKeysPanel people={people.byId} />
          </Tabs.Panel>
        )}
      </Tabs>
      <BotDrawer
        opened={drawer.openId !== null}
        botId={drawer.shownId}
        range={range}
        people={people.byId}
        currency={currency}
        closeOnEscape={!form.opened && !deletion.opened}
        onClose={drawer.close}
        onEdit={(bot) => form.open(bot)}
        onDelete={(bot) => deletion.open(bot)}
      />
      <BotForm
        key={`form:${form.key}`}
        {...form.props}
        bot={form.target}
        currencyCode={currency.code}
        onSaved={(bot) => {
          if (!form.target) drawer.open(bot);
        }}
      />
      <DeleteBot
        key={`delete:${deletion.key}`}
        {...deletion.props}
        bot={deletion.target}
        onDeleted={(bot) => {
          if (drawer.openId === bot.id) drawer.close();
        }}
      />
    </div>
  );
}

interface InventoryProps {
  filters: BotFilters;
  onFilters: (filters: BotFilters) => void;
  statuses: { data?: Statuses; isPending: boolean };
  statusIndex: ReturnType<typeof statusesByName>;
  people: PeopleIndex;
  currency: Currency;
  onOpen: (bot: { id: string }) => void;
  onNew: () => void;
  onEdit: (bot: Bot) => void;
  onDelete: (bot: Bot) => void;
}

function StatusCounts({ statuses }: { statuses?: Statuses }) {
  if (!statuses) return <Skeleton height={64} />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Bots by live status">
      {BOT_STATES.map((state) => (
        <Paper key={state} withBorder p="sm">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {STATE_LABELS[state]}
          </Text>
          <Text fz="xl" fw={700} c={state === 'offline' || state === 'new' ? undefined : STATE_COLORS[state]}>
            {formatNumber(statuses.counts[state])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Inventory({
  filters,
  onFilters,
  statuses,
  statusIndex,
  people,
  currency,
  onOpen,
  onNew,
  ...actions
}: InventoryProps) {
  const bots = useBots(filters);
  const pages = bots.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.items) ?? null, [pages]);
  const total = pages?.[0]?.total ?? null;
  const outside = unregistered(statuses.data?.bots);

  let content: ReactNode;
  if (bots.isError && !rows) {
    content = (
      <QueryError title="The bots could not be loaded" error={bots.error} onRetry={() => void bots.refetch()} />
    );
  } else if (rows && rows.length === 0) {
    content = isFiltered(filters) ? (
      <NoMatchNotice
        title="No bots match these filters"
        description="Try another search, or clear the filters."
        onClear={() => onFilters(clearedFilters(filters))}
      />
    ) : (
      <EmptyNotice
        icon={IconRobotOff}
        title="No bots yet"
        description="Add your bots with their licence cost and processes; their runs arrive through the ingestion API."
      >
        <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
          New bot
        </Button>
      </EmptyNotice>
    );
  } else {
    content = (
      <>
        <BotTable
          bots={rows}
          statuses={statusIndex}
          statusesLoading={statuses.isPending}
          people={people}
          currency={currency}
          sort={filters.sort}
          onSort={(sort) => onFilters({ ...filters, sort })}
          stale={bots.isPlaceholderData}
          onOpen={onOpen}
          {...actions}
        />
        {bots.isFetchNextPageError && (
          <QueryError
            title="More bots could not be loaded"
            error={bots.error}
            onRetry={() => void bots.fetchNextPage()}
          />
        )}
        {rows && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              {total != null
                ? `Showing ${formatNumber(rows.length)} of ${formatNumber(total)} bots`
                : `Showing ${formatNumber(rows.length)} bots`}
            </Text>
            {bots.hasNextPage && (
              <Button variant="default" onClick={() => void bots.fetchNextPage()} loading={bots.isFetchingNextPage}>
                Load more
              </Button>
            )}
          </Group>
        )}
      </>
    );
  }

  return (
    <Stack gap="md">
      <StatusCounts statuses={statuses.data} />
      {outside.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} title="Bots outside the inventory">
          Runs arrived for {outside.join(', ')}, which the inventory does not list. Add them with their licence cost to
          count them fully.
        </Alert>
      )}
      <ListLayout
        testId="bot-inventory"
        filters={<BotFiltersBar filters={filters} onChange={onFilters} />}
        results={content}
      />
    </Stack>
  );
}

function Utilisation({ range, onOpen }: { range: RangeChoice; onOpen: (id: string) => void }) {
  const heatmap = useHeatmap(range);
  if (rangeProblem(range) !== null && !heatmap.data) return null;
  if (heatmap.isError && !heatmap.data) {
    return (
      <QueryError
        title="The utilisation could not be loaded"
        error={heatmap.error}
        onRetry={() => void heatmap.refetch()}
      />
    );
  }
  if (!heatmap.data) return <Skeleton height={240} aria-label="Loading the utilisation" />;
  return (
    <Paper
      withBorder
      p="md"
      className={heatmap.isPlaceholderData ? classes.stale : undefined}
      aria-busy={heatmap.isPlaceholderData}
    >
      {heatmap.data.bots.length === 0 ? (
        <EmptyNotice
          icon={IconRobotOff}
          title="No bots yet"
          description="Add bots, or send runs through the ingestion API."
        />
      ) : (
        <UtilisationHeatmap heatmap={heatmap.data} onOpen={onOpen} />
      )}
    </Paper>
  );
}

function CalculationPanel({ range }: { range: RangeChoice }) {
  const calculation = useCalculation(range);
  const notify = useNotify();
  const data = calculation.data;
  if (rangeProblem(range) !== null && !data) return null;
  if (calculation.isError && !data) {
    return (
      <QueryError
        title="The calculation could not be loaded"
        error={calculation.error}
        onRetry={() => void calculation.refetch()}
      />
    );
  }
  if (!data) return <Skeleton height={320} aria-label="Loading the calculation" />;
  const exportCsv = () => {
    saveCsv(calculationCsv(data), `bot-calculation-${isoDay()}.csv`);
    notify.success('Calculation exported');
  };
  return (
    <FigureStack stale={calculation.isPlaceholderData}>
      {data.bots.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyNotice
            icon={IconRobotOff}
            title="No bots yet"
            description="Add bots with their licence cost to weigh it against their savings."
          />
        </Paper>
      ) : (
        <>
          <CalculationTotals calculation={data} />
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Text size="sm" c="dimmed">
                  Each figure opens its formula and inputs; a row opens its processes. Money in {data.currency.code}.
                </Text>
                <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={exportCsv}>
                  Export CSV
                </Button>
              </Group>
              <CalculationTable calculation={data} />
            </Stack>
          </Paper>
        </>
      )}
    </FigureStack>
  );
}
