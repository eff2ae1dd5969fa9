import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Grid, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconDatabaseOff, IconListNumbers } from '@tabler/icons-react';
import { useCurrency, useCurrentUser, useModuleApi, useNotify, usePageTitle } from '@autoscope/web-sdk';

import { saveCsv } from '@common/lib/csv';
import { useUrlState } from '@common/lib/listHooks';
import { EmptyNotice, NoMatchNotice } from '@common/ui/EmptyNotice';
import { errorMessage } from '@common/lib/errors';
import { formatNumber } from '@common/lib/format';
import { QueryError } from '@common/ui/QueryError';
import { fetchRanking, rankingKeys, saveWeights, type RankingAnswer, type Weights } from './api';
import { BUCKETS, rankChanges } from './buckets';
import { rankingCsv, rankingCsvFileName } from './csv';
import { RankingFiltersBar } from './RankingFiltersBar';
import { RankingTable } from './RankingTable';
import { RoadmapBuckets } from './RoadmapBuckets';
import { Section } from './Section';
import { departmentOptions, matchingItems, sortedItems } from './shown';
import { clearedFilters, filtersFromParams, weightsFromParams, withFilters, withWeights } from './urlState';
import { WeightsPanel } from './WeightsPanel';
import { WEIGHT_KEYS, WEIGHT_LABELS, sameWeights, weightsProblem } from './weights';
import classes from './RankingPage.module.css';

const BenefitEffortChart = lazy(() => import('./BenefitEffortChart'));

/** How long the sliders rest before the what-if ranking is asked for. */
const WHAT_IF_DELAY_MS = 300;

/** `12 processes`, or `3 of 12 processes` while filters narrow them. */
function countText(shown: number, total: number): string {
  const processes = `${formatNumber(total)} ${total === 1 ? 'process' : 'processes'}`;
  return shown === total ? processes : `${formatNumber(shown)} of ${processes}`;
}

function weightsText(weights: Weights): string {
  return WEIGHT_KEYS.map((key) => `${WEIGHT_LABELS[key]} ${weights[key]}`).join(' · ');
}

/** Process Ranking: the candidates ranked by a weighted score, with what-if weights, a chart and a roadmap. */
export default function RankingPage() {
  const api = useModuleApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? '';
  const currency = useCurrency();

  const [filters, setFilters] = useUrlState(filtersFromParams, withFilters);
  // A what-if's weights, in the URL while they differ from the saved ones (so a shared link shows it).
  const [linkedWeights, setLinkedWeights] = useUrlState(weightsFromParams, withWeights);

  // The sliders' weights: the link's what-if, else null until the first answer tells the saved ones.
  const [draft, setDraft] = useState<Weights | null>(linkedWeights);
  const [debounced] = useDebouncedValue(draft, WHAT_IF_DELAY_MS);
  // The weights asked for: the last valid resting position (invalid ones keep the previous ranking).
  const [asked, setAsked] = useState<Weights | null>(linkedWeights);
  useEffect(() => {
    if (debounced && !weightsProblem(debounced)) setAsked(debounced);
  }, [debounced]);

  const ranking = useQuery({
    queryKey: rankingKeys.ranking(userId, asked),
    queryFn: ({ signal }) => fetchRanking(api, asked, signal),
    placeholderData: keepPreviousData,
  });
  const data = ranking.data;

  // The first answer sets the sliders, and is filed under its weights so that they are not asked again.
  useEffect(() => {
    if (draft !== null || !data || ranking.isPlaceholderData) return;
    setDraft(data.weights);
    queryClient.setQueryData(rankingKeys.ranking(userId, data.weights), data);
  }, [draft, data, ranking.isPlaceholderData, queryClient, userId]);

  const saved = data?.saved ?? null;
  // The URL follows the weights asked for: written while they differ from the saved ones, removed once they match.
  useEffect(() => {
    if (!asked || !saved) return;
    const whatIf = sameWeights(asked, saved) ? null : asked;
    if (!sameWeights(whatIf, linkedWeights)) setLinkedWeights(whatIf);
  }, [asked, saved, linkedWeights, setLinkedWeights]);

  const dirty = draft !== null && saved !== null && !sameWeights(draft, saved);
  const problem = draft ? weightsProblem(draft) : null;

  // The ranking under the saved weights, to show how far a what-if moves each process (usually cached).
  const baseline = useQuery({
    queryKey: rankingKeys.ranking(userId, saved),
    queryFn: ({ signal }) => fetchRanking(api, saved, signal),
    enabled: dirty,
  });
  const items = useMemo(() => data?.items ?? [], [data]);
  const changes = useMemo(() => {
    const whatIf = dirty && data !== undefined && !sameWeights(data.weights, saved);
    return whatIf ? rankChanges(items, baseline.data?.items) : new Map<string, number>();
  }, [dirty, data, saved, items, baseline.data]);

  const save = useMutation({
    mutationFn: (weights: Weights) => saveWeights(api, weights),
    onSuccess: (weights) => {
      notify('Weights saved');
      // Saving changes no ranking, only which weights are the saved ones: the cached answers say so; nothing to fetch.
      queryClient.setQueriesData<RankingAnswer>({ queryKey: rankingKeys.all(userId) }, (old) =>
        old ? { ...old, saved: weights } : old,
      );
    },
    onError: (error) => notify.error(error),
  });

  // The filters narrow the table, the chart, the roadmap and the export; the ranks stay the whole ranking's.
  const matching = useMemo(() => matchingItems(items, filters), [items, filters]);
  const rows = useMemo(() => sortedItems(matching, filters.sort), [matching, filters.sort]);
  const departments = useMemo(() => departmentOptions(items, filters.department), [items, filters.department]);

  const exportCsv = () => saveCsv(rankingCsv(matching, currency), rankingCsvFileName(new Date()));

  const hasItems = items.length > 0;
  usePageTitle({
    heading: 'Process Ranking',
    breadcrumb: ['Process', 'Process Ranking'],
    buttons: [
      {
        label: 'Export CSV',
        icon: 'download',
        kind: 'secondary',
        disabled: matching.length === 0,
        onClick: exportCsv,
      },
      { label: 'Print', icon: 'file-text', kind: 'secondary', disabled: !hasItems, onClick: () => window.print() },
    ],
  });

  const updating = ranking.isFetching || (draft !== null && !sameWeights(draft, debounced));
  // The weights of the ranking on screen (the sliders may be ahead of it, or invalid).
  const shownWeights = data?.weights ?? null;
  const shownSaved = shownWeights !== null && sameWeights(shownWeights, saved);

  return (
    <div className={classes.page} data-testid="ranking-page">
      <header className={classes.printOnly}>
        <Title order={1} size="h2">
          Process Ranking
        </Title>
        <Text size="sm">
          {new Date().toLocaleDateString()}
          {shownWeights && ` · Weights: ${weightsText(shownWeights)}${shownSaved ? '' : ' (what-if, not saved)'}`}
        </Text>
      </header>

      {draft && (
        <WeightsPanel
          weights={draft}
          problem={problem}
          dirty={dirty}
          updating={updating}
          saving={save.isPending}
          saveError={save.error ? errorMessage(save.error) : null}
          onChange={(weights) => {
            save.reset();
            setDraft(weights);
          }}
          onSave={() => save.mutate(draft)}
          onReset={() => {
            save.reset();
            if (saved) setDraft(saved);
          }}
        />
      )}

      {ranking.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the ranking">
          <Skeleton height={150} />
          <Skeleton height={320} />
        </Stack>
      ) : ranking.isError && !data ? (
        <QueryError
          title="The ranking could not be loaded"
          error={ranking.error}
          onRetry={() => void ranking.refetch()}
        />
      ) : !hasItems ? (
        <Paper withBorder p="xl">
          {data?.available === false ? (
            <EmptyNotice
              icon={IconDatabaseOff}
              title="Process Vault is not available"
              description="Process Ranking ranks the processes of Process Vault, which is not installed for your company."
            />
          ) : (
            <EmptyNotice
              icon={IconListNumbers}
              title="No processes to rank yet"
              description="Processes of Process Vault that are not live, retired or rejected are ranked here."
            />
          )}
        </Paper>
      ) : (
        <>
          {ranking.isError && (
            <div className={classes.noPrint}>
              <QueryError error={ranking.error} onRetry={() => void ranking.refetch()} />
            </div>
          )}
          <div className={classes.noPrint}>
            <RankingFiltersBar filters={filters} departments={departments} onChange={setFilters} />
          </div>
          <Section
            id="ranking-table-title"
            title="Ranking"
            aside={
              <Text size="sm" c="dimmed" aria-live="polite">
                {countText(matching.length, items.length)}
              </Text>
            }
          >
            {matching.length === 0 ? (
              <NoMatchNotice
                title="No processes match these filters"
                description="Try another search, or clear the filters."
                onClear={() => setFilters(clearedFilters(filters))}
              />
            ) : (
              <RankingTable
                items={rows}
                changes={changes}
                sort={filters.sort}
                onSort={(sort) => setFilters({ ...filters, sort })}
              />
            )}
          </Section>

          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Section id="ranking-chart-title" title="Benefit against effort">
                <Suspense fallback={<Loader aria-label="Loading the chart" />}>
                  <BenefitEffortChart items={matching} />
                </Suspense>
              </Section>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Section id="ranking-formula-title" title="How the score is computed">
                <Text size="sm" className={classes.formula}>
                  {data?.formula}
                </Text>
                <Stack gap={4} mt="md">
                  {BUCKETS.map((bucket) => (
                    <Text key={bucket.key} size="sm">
                      <Text span fw={600}>
                        {bucket.label}:
                      </Text>{' '}
                      {bucket.rule}
                    </Text>
                  ))}
                </Stack>
              </Section>
            </Grid.Col>
          </Grid>

          <section aria-labelledby="ranking-roadmap-title" className={classes.section}>
            <Title order={2} size="h4" id="ranking-roadmap-title" mb="sm">
              Roadmap
            </Title>
            <RoadmapBuckets items={matching} />
          </section>
        </>
      )}
    </div>
  );
}
