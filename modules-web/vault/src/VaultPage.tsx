import { useCallback, useMemo } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDatabase, IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useCurrency, useModuleApi, usePageTitle } from '@autoscope/web-sdk';

import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice, NoMatchNotice } from '@common/ui/EmptyNotice';
import { formatNumber } from '@common/lib/format';
import { useCsvExportButton, useOpenParam } from '@common/lib/listHooks';
import { ListLayout } from '@common/ui/ListLayout';
import { usePeople } from '@common/lib/queries';
import { QueryError } from '@common/ui/QueryError';
import { fetchAllProcesses, useProcesses } from './api';
import { AssessmentForm } from './components/AssessmentForm';
import { DeleteProcess } from './components/DeleteProcess';
import { IdeaForm } from './components/IdeaForm';
import { ImportCsv } from './components/ImportCsv';
import { ProcessFiltersBar } from './components/ProcessFiltersBar';
import { ProcessForm } from './components/ProcessForm';
import { ProcessOverview } from './components/ProcessOverview';
import { ProcessTable } from './components/ProcessTable';
import { processesCsv } from './csv';
import type { Process, ProcessFilters } from './types';
import { OPEN_PARAM, clearedFilters, filtersFromParams, isFiltered, withFilters } from './urlState';

/** Process Vault (/Process): every automation candidate of the company, searchable, with its overview. */
export default function VaultPage() {
  const api = useModuleApi();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  // The process whose overview is open; the overview keeps it while it slides out.
  const overview = useOpenParam(OPEN_PARAM);

  const processes = useProcesses(filters);
  const people = usePeople();
  const currency = useCurrency();
  const form = useDialog<Process | null>();
  const assessment = useDialog<Process>();
  const deletion = useDialog<Process>();
  const idea = useDialog<null>();
  const importer = useDialog<null>();

  const setFilters = useCallback(
    (next: ProcessFilters) => setParams((current) => withFilters(current, next), { replace: true }),
    [setParams],
  );
  const exportButton = useCsvExportButton(['process', 'processes'], async () => {
    const all = await fetchAllProcesses(api, filters);
    return { count: all.length, csv: processesCsv(all, people.byId, currency) };
  });

  usePageTitle({
    heading: 'Process Vault',
    breadcrumb: ['Process', 'Process Vault'],
    buttons: [
      { label: 'New process', icon: 'plus', kind: 'primary', onClick: () => form.open(null) },
      { label: 'Submit idea', icon: 'send', kind: 'secondary', onClick: () => idea.open(null) },
      { label: 'Import CSV', icon: 'upload', kind: 'secondary', onClick: () => importer.open(null) },
      exportButton,
    ],
  });

  const pages = processes.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.items) ?? null, [pages]);
  const total = pages?.[0]?.total ?? null;
  const filtered = isFiltered(filters);

  let content;
  if (processes.isError && !rows) {
    content = (
      <QueryError
        title="The processes could not be loaded"
        error={processes.error}
        onRetry={() => void processes.refetch()}
      />
    );
  } else if (rows && rows.length === 0) {
    content = filtered ? (
      <NoMatchNotice
        title="No processes match these filters"
        description="Try another search, or clear the filters."
        onClear={() => setFilters(clearedFilters(filters))}
      />
    ) : (
      <EmptyNotice
        icon={IconDatabase}
        title="No processes yet"
        description="Add the processes your teams run, import them from a CSV file, or submit an idea."
      >
        <Group gap="sm" justify="center">
          <Button leftSection={<IconPlus size={16} />} onClick={() => form.open(null)}>
            New process
          </Button>
          <Button variant="default" onClick={() => importer.open(null)}>
            Import CSV
          </Button>
        </Group>
      </EmptyNotice>
    );
  } else {
    content = (
      <>
        <ProcessTable
          processes={rows}
          people={people.byId}
          sort={filters.sort}
          onSort={(sort) => setFilters({ ...filters, sort })}
          stale={processes.isPlaceholderData}
          onOpen={overview.open}
          onEdit={(process) => form.open(process)}
          onAssess={(process) => assessment.open(process)}
          onDelete={(process) => deletion.open(process)}
        />
        {processes.isFetchNextPageError && (
          <QueryError
            title="More processes could not be loaded"
            error={processes.error}
            onRetry={() => void processes.fetchNextPage()}
          />
        )}
        {rows && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              {total != null
                ? `Showing ${formatNumber(rows.length)} of ${formatNumber(total)} processes`
                : `Showing ${formatNumber(rows.length)} processes`}
            </Text>
            {processes.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void processes.fetchNextPage()}
                loading={processes.isFetchingNextPage}
              >
                Load more
              </Button>
            )}
          </Group>
        )}
      </>
    );
  }

  return (
    <ListLayout
      testId="vault-page"
      filters={<ProcessFiltersBar filters={filters} onChange={setFilters} />}
      results={content}
    >
      <ProcessOverview
        opened={overview.openId !== null}
        processId={overview.shownId}
        people={people.byId}
        closeOnEscape={!form.opened && !assessment.opened && !deletion.opened}
        onClose={overview.close}
        onEdit={(process) => form.open(process)}
        onAssess={(process) => assessment.open(process)}
        onDelete={(process) => deletion.open(process)}
      />
      <ProcessForm
        key={`form:${form.key}`}
        {...form.props}
        process={form.target}
        onSaved={(process) => {
          if (!form.target) overview.open(process);
        }}
      />
      <AssessmentForm key={`assessment:${assessment.key}`} {...assessment.props} process={assessment.target} />
      <DeleteProcess
        key={`delete:${deletion.key}`}
        {...deletion.props}
        process={deletion.target}
        onDeleted={(process) => {
          if (overview.openId === process.id) overview.close();
        }}
      />
      <IdeaForm key={`idea:${idea.key}`} {...idea.props} onSubmitted={overview.open} />
      <ImportCsv key={`import:${importer.key}`} {...importer.props} />
    </ListLayout>
  );
}
