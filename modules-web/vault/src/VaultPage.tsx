import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDatabase, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useModuleApi, useNotify, usePageTitle } from '@autoscope/web-sdk';

import { saveCsv } from '../../common/src/csv';
import { EmptyNotice } from '../../common/src/EmptyNotice';
import { formatNumber, isoDay } from '../../common/src/format';
import { usePeople } from '../../common/src/queries';
import { QueryError } from '../../common/src/QueryError';
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
import { useDialog } from './dialogs';
import type { Process, ProcessFilters } from './types';
import { OPEN_PARAM, clearedFilters, filtersFromParams, isFiltered, withFilters } from './urlState';
import classes from './VaultPage.module.css';

/** Process Vault (/Process): every automation candidate of the company, searchable, with its overview. */
export default function VaultPage() {
  const api = useModuleApi();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const openId = params.get(OPEN_PARAM);
  // The overview keeps its process while it slides out.
  const [shownId, setShownId] = useState(openId);
  useEffect(() => {
    if (openId) setShownId(openId);
  }, [openId]);

  const processes = useProcesses(filters);
  const people = usePeople();
  const form = useDialog<Process | null>();
  const assessment = useDialog<Process>();
  const deletion = useDialog<Process>();
  const idea = useDialog<null>();
  const importer = useDialog<null>();
  const [exporting, setExporting] = useState(false);

  const setFilters = useCallback(
    (next: ProcessFilters) => setParams((current) => withFilters(current, next), { replace: true }),
    [setParams],
  );
  const openProcess = useCallback(
    (process: Process) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(OPEN_PARAM, process.id);
        return next;
      }),
    [setParams],
  );
  const closeProcess = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_PARAM);
        return next;
      }),
    [setParams],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllProcesses(api, filters);
      if (all.length === 0) {
        notify.failure('There are no processes to export');
        return;
      }
      saveCsv(processesCsv(all, people.byId), `processes-${isoDay()}.csv`);
      notify.success(`${formatNumber(all.length)} ${all.length === 1 ? 'process' : 'processes'} exported`);
    } catch (error) {
      notify.error(error);
    } finally {
      setExporting(false);
    }
  };

  usePageTitle({
    heading: 'Process Vault',
    breadcrumb: ['Process', 'Process Vault'],
    buttons: [
      { label: 'New process', icon: 'plus', kind: 'primary', onClick: () => form.open(null) },
      { label: 'Submit idea', icon: 'send', kind: 'secondary', onClick: () => idea.open(null) },
      { label: 'Import CSV', icon: 'upload', kind: 'secondary', onClick: () => importer.open(null) },
      {
        label: 'Export CSV',
        icon: 'download',
        kind: 'secondary',
        onClick: () => void exportCsv(),
        loading: exporting,
        disabled: exporting,
      },
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
      <EmptyNotice
        icon={IconFilterOff}
        title="No processes match these filters"
        description="Try another search, or clear the filters."
      >
        <Button variant="light" onClick={() => setFilters(clearedFilters(filters))}>
          Clear filters
        </Button>
      </EmptyNotice>
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
          onOpen={openProcess}
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
    <div className={classes.page} data-testid="vault-page">
      <Paper withBorder p="md" radius="md">
        <ProcessFiltersBar filters={filters} onChange={setFilters} />
      </Paper>
      <Paper withBorder p="md" radius="md" className={classes.results}>
        {content}
      </Paper>

      <ProcessOverview
        opened={openId !== null}
        processId={openId ?? shownId}
        people={people.byId}
        closeOnEscape={!form.opened && !assessment.opened && !deletion.opened}
        onClose={closeProcess}
        onEdit={(process) => form.open(process)}
        onAssess={(process) => assessment.open(process)}
        onDelete={(process) => deletion.open(process)}
      />
      <ProcessForm
        key={`form:${form.key}`}
        {...form.props}
        process={form.target}
        onSaved={(process) => {
          if (!form.target) openProcess(process);
        }}
      />
      <AssessmentForm key={`assessment:${assessment.key}`} {...assessment.props} process={assessment.target} />
      <DeleteProcess
        key={`delete:${deletion.key}`}
        {...deletion.props}
        process={deletion.target}
        onDeleted={(process) => {
          if (openId === process.id) closeProcess();
        }}
      />
      <IdeaForm key={`idea:${idea.key}`} {...idea.props} onSubmitted={openProcess} />
      <ImportCsv key={`import:${importer.key}`} {...importer.props} />
    </div>
  );
}
