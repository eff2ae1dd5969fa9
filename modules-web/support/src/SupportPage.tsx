import { useCallback, useMemo } from 'react';
import { Button } from '@mantine/core';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useModuleApi, usePageTitle } from '@autoscope/web-sdk';

import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice, NoMatchNotice } from '@common/ui/EmptyNotice';
import { useCsvExportButton, useOpenParam } from '@common/lib/listHooks';
import { ListLayout } from '@common/ui/ListLayout';
import { Pager, useCursorPaging } from '@common/ui/Pager';
import { indexPeople } from '@common/domain/people';
import { usePeople } from '@common/lib/queries';
import { QueryError } from '@common/ui/QueryError';
import { useNow } from '@common/lib/useNow';
import { fetchAllTickets, useLiveTickets, useProcesses, useTicketList } from './api';
import { CreateTicket } from './components/CreateTicket';
import { SlaPolicies } from './components/SlaPolicies';
import { TicketDrawer } from './components/TicketDrawer';
import { TicketFiltersBar } from './components/TicketFiltersBar';
import { TicketTable } from './components/TicketTable';
import { ticketsCsv } from './csv';
import type { Names } from './history';
import { pageCount, rangeText } from './pagination';
import type { TicketFilters } from './types';
import { OPEN_PARAM, clearedFilters, filtersFromParams, isFiltered, withFilters } from './urlState';

/** Ticket Management (/Support): the company's support tickets, their SLA, and each ticket's details in a drawer. */
export default function SupportPage() {
  const api = useModuleApi();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  // The ticket open in the drawer; the drawer keeps it while it slides out.
  const drawer = useOpenParam(OPEN_PARAM);

  // Pages of the current filters; other filters start on the first page.
  const filtersKey = JSON.stringify(filters);
  const paging = useCursorPaging(filtersKey);
  const page = paging.page;

  useLiveTickets();
  const list = useTicketList(filters, paging.cursor);
  const people = usePeople();
  const processes = useProcesses();
  const names = useMemo<Names>(
    () => ({ people: people.byId, processes: processes.byId }),
    [people.byId, processes.byId],
  );
  const creation = useDialog<null>();
  const slaDialog = useDialog<null>();

  const setFilters = useCallback(
    (next: TicketFilters) => setParams((current) => withFilters(current, next), { replace: true }),
    [setParams],
  );
  const exportButton = useCsvExportButton(['ticket', 'tickets'], async () => {
    // Names need the directory: read it first when it has not loaded (or failed).
    const directory = people.data ?? (await people.refetch()).data ?? [];
    const all = await fetchAllTickets(api, filters);
    return { count: all.length, csv: ticketsCsv(all, { ...names, people: indexPeople(directory) }) };
  });

  usePageTitle({
    heading: 'Ticket Management',
    breadcrumb: ['Support', 'Ticket Management'],
    buttons: [
      { label: 'New ticket', icon: 'plus', kind: 'primary', onClick: () => creation.open(null) },
      { label: 'SLA policies', icon: 'settings', kind: 'secondary', onClick: () => slaDialog.open(null) },
      exportButton,
    ],
  });

  const rows = list.data?.items ?? null;
  const total = list.data?.total ?? null;
  const nextCursor = list.data?.next_cursor ?? null;
  const filtered = isFiltered(filters);
  // The rows shown belong to the current filters and page (not the previous ones kept while loading).
  const settled = !list.isPlaceholderData;

  let content;
  if (list.isError && !rows) {
    content = (
      <QueryError title="The tickets could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
    );
  } else if (rows && rows.length === 0 && settled && page > 1) {
    // The last tickets of this page went (closed and removed, or filtered away by a change).
    content = (
      <EmptyNotice icon={IconTicket} title="This page is empty now" description="The tickets it held have changed.">
        <Button variant="light" onClick={paging.reset}>
          First page
        </Button>
      </EmptyNotice>
    );
  } else if (rows && rows.length === 0 && settled) {
    content = filtered ? (
      <NoMatchNotice
        title="No tickets match these filters"
        description="Try another search (a title, or #12 for ticket 12), or clear the filters."
        onClear={() => setFilters(clearedFilters(filters))}
      />
    ) : (
      <EmptyNotice
        icon={IconTicket}
        title="No tickets yet"
        description="Raise a ticket for a bot failure, a change or access request, or a question."
      >
        <Button leftSection={<IconPlus size={16} />} onClick={() => creation.open(null)}>
          New ticket
        </Button>
      </EmptyNotice>
    );
  } else {
    content = (
      <>
        {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
        <TicketTable
          tickets={rows}
          people={people.byId}
          sort={filters.sort}
          onSort={(sort) => setFilters({ ...filters, sort })}
          stale={list.isPlaceholderData}
          now={now}
          onOpen={drawer.open}
        />
        {rows && (
          <Pager
            page={page}
            nextCursor={nextCursor}
            settled={settled}
            loading={list.isFetching}
            status={rangeText(page, rows.length, total)}
            pageSuffix={total != null ? ` of ${pageCount(total)}` : ''}
            size="sm"
            onPrevious={paging.previous}
            onNext={paging.next}
          />
        )}
      </>
    );
  }

  return (
    <ListLayout
      testId="support-page"
      filters={<TicketFiltersBar filters={filters} onChange={setFilters} />}
      results={content}
    >
      <TicketDrawer
        opened={drawer.openId !== null}
        ticketId={drawer.shownId}
        names={names}
        now={now}
        closeOnEscape={!creation.opened && !slaDialog.opened}
        onClose={drawer.close}
      />
      <CreateTicket key={`create:${creation.key}`} {...creation.props} onCreated={drawer.open} />
      <SlaPolicies key={`sla:${slaDialog.key}`} {...slaDialog.props} />
    </ListLayout>
  );
}
