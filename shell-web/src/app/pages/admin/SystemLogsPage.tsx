/**
 * Admin: the system log of every company (GET /api/admin/logs), filtered by company, user,
 * level and days, paged by the host; the filtered log downloads as CSV
 * (GET /api/admin/logs/export).
 */

import { Button, Card, Group, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFilter, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { api, failureMessage } from '../../../api';
import type { Session } from '../../../session';
import { notifyFailure } from '../../../ui';
import { formatDateTime } from '../../format';
import { queryKeys } from '../../queryClient';
import { AdminCardHeading, AdminRows, ServerPager, WhenLoaded, type AdminColumn } from './AdminParts';
import {
  NO_LOG_FILTERS,
  SERVER_PAGE_SIZE,
  downloadFile,
  logFiltersError,
  logsExportPath,
  logsFileName,
  logsPath,
  pageCount,
  type LogFilters,
} from './adminLists';
import type { AdminLogPage, CompanyList } from './generated';

const COLUMNS: readonly AdminColumn[] = [
  { label: 'Time' },
  { label: 'Level' },
  { label: 'Event' },
  { label: 'Message' },
  { label: 'Company' },
  { label: 'User' },
  { label: 'Client address' },
];

const LEVELS = [
  { value: 'info', label: 'Info' },
  { value: 'warn', label: 'Warning' },
  { value: 'error', label: 'Error' },
];

const LEVEL_COLOR: Record<string, string> = { info: 'blue', warn: 'orange', error: 'red' };
const LEVEL_LABEL: Record<string, string> = Object.fromEntries(LEVELS.map(({ value, label }) => [value, label]));

function Filters({
  session,
  applied,
  onApply,
}: {
  session: Session;
  applied: LogFilters;
  onApply: (filters: LogFilters) => void;
}) {
  const [draft, setDraft] = useState<LogFilters>(applied);
  const [error, setError] = useState<string | null>(null);
  const companies = useQuery({
    queryKey: queryKeys.adminCompanies(session.token),
    queryFn: ({ signal }) => api<CompanyList>('/admin/companies', { token: session.token, signal }),
  });
  const set = (key: keyof LogFilters) => (value: string | null) => setDraft((old) => ({ ...old, [key]: value ?? '' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = logFiltersError(draft);
    setError(problem);
    if (!problem) onApply(draft);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 6 }} spacing="sm">
        <Select
          label="Company"
          placeholder={companies.isPending ? 'Loading…' : 'Every company'}
          data={(companies.data?.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
          value={draft.company || null}
          onChange={set('company')}
          searchable
          clearable
          error={companies.isError ? 'The companies could not be loaded' : undefined}
        />
        <TextInput
          label="User"
          placeholder="E-mail or user id"
          value={draft.user}
          onChange={(event) => set('user')(event.currentTarget.value)}
        />
        <Select
          label="Level"
          placeholder="Every level"
          data={LEVELS}
          value={draft.level || null}
          onChange={set('level')}
          clearable
        />
        <TextInput
          label="From"
          type="date"
          value={draft.from}
          onChange={(event) => set('from')(event.currentTarget.value)}
          error={error}
        />
        <TextInput label="To" type="date" value={draft.to} onChange={(event) => set('to')(event.currentTarget.value)} />
        <TextInput
          label="Event"
          placeholder="e.g. module.log.support"
          value={draft.event}
          onChange={(event) => set('event')(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button type="submit" leftSection={<IconFilter size={16} />}>
          Apply filters
        </Button>
        <Button
          variant="default"
          leftSection={<IconX size={16} />}
          onClick={() => {
            setDraft(NO_LOG_FILTERS);
            setError(null);
            onApply(NO_LOG_FILTERS);
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  );
}

export function SystemLogsPage({ session }: { session: Session }) {
  const [filters, setFilters] = useState<LogFilters>(NO_LOG_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const logs = useQuery({
    queryKey: ['shell', 'admin', 'logs', session.token, filters, page],
    queryFn: ({ signal }) => api<AdminLogPage>(logsPath(filters, page), { token: session.token, signal }),
    placeholderData: keepPreviousData,
  });
  const total = logs.data?.total ?? 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(logsExportPath(filters), session.token, logsFileName(filters));
    } catch (err) {
      notifyFailure(failureMessage(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <AdminCardHeading
          title="System logs"
          description="Every company's log and the platform's own entries, newest first. Days are UTC."
          query={logs}
          refreshingLabel="Refreshing the log"
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          onClick={() => void exportCsv()}
          disabled={total === 0}
        >
          Export CSV
        </Button>
      </Group>
      <Filters
        session={session}
        applied={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <WhenLoaded query={logs} loadingLabel="Loading the log">
        <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <AdminRows
            rows={logs.data?.data ?? []}
            minWidth={960}
            columns={COLUMNS}
            empty="No entry matches the filters."
            row={(entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* Text, not a badge: a badge's label is cut short in a narrow column. */}
                  <Text size="sm" fw={600} c={LEVEL_COLOR[entry.level] ?? 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                    {LEVEL_LABEL[entry.level] ?? entry.level}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {entry.event}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.message}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.companyName ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {entry.userEmail ?? entry.userId ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {entry.clientAddr ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          />
          <ServerPager
            total={total}
            page={page}
            pages={pageCount(total, logs.data?.pageSize ?? SERVER_PAGE_SIZE)}
            noun={total === 1 ? 'entry' : 'entries'}
            onPage={setPage}
          />
        </div>
      </WhenLoaded>
    </Card>
  );
}
