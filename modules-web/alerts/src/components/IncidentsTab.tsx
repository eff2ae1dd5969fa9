import { useMemo } from 'react';
import { Anchor, Button, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconBellCheck } from '@tabler/icons-react';

import { nameOf, type PeopleIndex } from '@common/domain/people';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { LoadMore } from '@common/ui/LoadMore';
import { QueryError } from '@common/ui/QueryError';
import { SkeletonRows } from '@common/ui/SortHeader';
import { ColumnHeads } from '@common/ui/TableHead';
import cells from '@common/ui/Cells.module.css';
import { useIncidents } from '../api';
import type { Incident } from '../generated';
import type { StatusFilter } from '../urlState';
import { SeverityBadge, StatusBadge } from './Badges';
import { When } from './When';
import classes from '../AlertsPage.module.css';

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

const EMPTY: Readonly<Record<StatusFilter, { title: string; description: string }>> = {
  open: { title: 'No open incidents.', description: 'Rules that fire open one here.' },
  closed: { title: 'No closed incidents.', description: 'An incident closes when its rule’s condition clears.' },
  all: { title: 'No incidents yet.', description: 'Rules that fire open one here.' },
};

const COLUMNS = ['Severity', 'Rule', 'Summary', 'Opened', 'Status', 'Acknowledged / assignee'];

interface IncidentsTabProps {
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  people: PeopleIndex;
  now: number;
  onOpen: (incident: Incident) => void;
}

/** The incidents, newest first: open, closed or all; a row opens the incident beside the list. */
export function IncidentsTab({ status, onStatus, people, now, onOpen }: IncidentsTabProps) {
  const incidents = useIncidents(status);
  const pages = incidents.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.items) ?? null, [pages]);
  const total = pages?.[0]?.total ?? null;
  const stale = incidents.isPlaceholderData;

  let content;
  if (incidents.isError && !rows) {
    content = (
      <QueryError
        title="The incidents could not be loaded"
        error={incidents.error}
        onRetry={() => void incidents.refetch()}
      />
    );
  } else if (rows && rows.length === 0 && !stale) {
    const empty = EMPTY[status];
    content = (
      <EmptyNotice icon={IconBellCheck} title={empty.title} description={empty.description}>
        {status !== 'all' && (
          <Button variant="light" onClick={() => onStatus('all')}>
            Show all incidents
          </Button>
        )}
      </EmptyNotice>
    );
  } else {
    content = (
      <Stack gap="sm">
        {incidents.isError && <QueryError error={incidents.error} onRetry={() => void incidents.refetch()} />}
        <Table.ScrollContainer minWidth={960} type="native">
          <Table
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Incidents"
            aria-busy={rows === null || stale}
            className={stale ? classes.stale : undefined}
          >
            <ColumnHeads columns={COLUMNS} />
            <Table.Tbody>
              {rows === null ? (
                <SkeletonRows columns={COLUMNS.length} />
              ) : (
                rows.map((incident) => (
                  <IncidentRow key={incident.id} incident={incident} people={people} now={now} onOpen={onOpen} />
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows && <LoadMore shown={rows.length} total={total} noun="incidents" pages={incidents} />}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <SegmentedControl
          data={FILTERS}
          value={status}
          onChange={(value) => onStatus(value as StatusFilter)}
          aria-label="Incidents shown"
          className={classes.segments}
        />
        {content}
      </Stack>
    </Paper>
  );
}

interface IncidentRowProps {
  incident: Incident;
  people: PeopleIndex;
  now: number;
  onOpen: (incident: Incident) => void;
}

function IncidentRow({ incident, people, now, onOpen }: IncidentRowProps) {
  const acknowledgedBy = nameOf(people, incident.acknowledged_by);
  const assignee = nameOf(people, incident.assignee_id);
  return (
    <Table.Tr className={classes.row} onClick={() => onOpen(incident)}>
      <Table.Td>
        <SeverityBadge severity={incident.severity} />
      </Table.Td>
      <Table.Td className={cells.name}>
        <Anchor
          component="button"
          type="button"
          fw={500}
          className={classes.rowLink}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(incident);
          }}
        >
          {incident.rule_name}
        </Anchor>
      </Table.Td>
      <Table.Td className={classes.summary}>
        <Text size="sm">{incident.summary || '—'}</Text>
      </Table.Td>
      <Table.Td>
        <When at={incident.opened_at} now={now} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={incident.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={acknowledgedBy ? undefined : 'dimmed'}>
          {acknowledgedBy ? `Acknowledged by ${acknowledgedBy}` : 'Not acknowledged'}
        </Text>
        <Text size="xs" c="dimmed">
          {assignee ? `Assigned to ${assignee}` : 'Unassigned'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
