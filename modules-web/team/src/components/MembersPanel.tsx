import type { ReactNode } from 'react';
import { Anchor, Group, Select, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';

import cells from '@common/ui/Cells.module.css';
import { EmptyNotice, NoMatchNotice } from '@common/ui/EmptyNotice';
import { FILTER_CLASS, FilterBar, activeFilters } from '@common/ui/FilterBar';
import { formatDate, formatDateTime } from '@common/lib/format';
import { ListLayout } from '@common/ui/ListLayout';
import { Pager, useCursorPaging } from '@common/ui/Pager';
import { rowsText } from '@common/lib/paging';
import { QueryError } from '@common/ui/QueryError';
import { SkeletonRows, SortableHead, type SortColumn } from '@common/ui/SortHeader';
import type { Member, Members } from '../api';
import {
  PAGE_SIZE,
  STATUS_OPTIONS,
  clearedFilters,
  isFiltered,
  memberName,
  pageOf,
  seatsText,
  type MemberFilters,
  type MemberStatus,
  type SortField,
} from '../members';
import { MemberTags, StatusBadge } from './MemberBadges';
import classes from '../TeamMasterPage.module.css';

const COLUMNS: readonly (SortColumn & { sort: SortField })[] = [
  { label: 'Name', sort: 'name' },
  { label: 'E-mail', sort: 'email' },
  { label: 'Role', sort: 'role' },
  { label: 'Department', sort: 'department' },
  { label: 'Job title', sort: 'job_title' },
  { label: 'Status', sort: 'status' },
  { label: 'Last sign-in', sort: 'last_signin_at' },
  { label: 'Joined', sort: 'joined_at' },
];

interface MembersPanelProps {
  members: UseQueryResult<Members>;
  /** The members the filters leave, sorted. */
  visible: readonly Member[];
  filters: MemberFilters;
  onFilters: (filters: MemberFilters) => void;
  /** The roles to filter by. */
  roleOptions: { value: string; label: string }[];
  onOpen: (member: { id: string }) => void;
}

/** The members: search, role and status filters, a sortable table by pages; a row opens the member. */
export function MembersPanel({ members, visible, filters, onFilters, roleOptions, onOpen }: MembersPanelProps) {
  const paging = useCursorPaging(JSON.stringify(filters));
  const page = pageOf(visible, paging.cursor, PAGE_SIZE);
  const data = members.data;
  const seats = seatsText(data?.seats_left ?? null);

  let results: ReactNode;
  if (members.isError && !data) {
    results = (
      <QueryError
        title="The members could not be loaded"
        error={members.error}
        onRetry={() => void members.refetch()}
      />
    );
  } else if (data && visible.length === 0) {
    results = isFiltered(filters) ? (
      <NoMatchNotice
        title="No members match these filters"
        description="Try another name or e-mail, or clear the filters."
        onClear={() => onFilters(clearedFilters(filters))}
      />
    ) : (
      <EmptyNotice
        icon={IconUsers}
        title="No members yet"
        description="Invite people to the company to see them here."
      />
    );
  } else {
    results = (
      <>
        {members.isError && <QueryError error={members.error} onRetry={() => void members.refetch()} />}
        <Table.ScrollContainer minWidth={1000} type="native">
          <Table highlightOnHover verticalSpacing="sm" aria-label="Members" data-testid="members-table">
            <SortableHead columns={COLUMNS} sort={filters.sort} onSort={(sort) => onFilters({ ...filters, sort })} />
            <Table.Tbody>
              {data ? (
                page.items.map((member) => (
                  <MemberRow key={member.user_id} member={member} isMe={member.user_id === data.me} onOpen={onOpen} />
                ))
              ) : (
                <SkeletonRows columns={COLUMNS.length} />
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {data && (
          <Pager
            page={paging.page}
            nextCursor={page.next_cursor}
            settled
            loading={false}
            status={`${rowsText(paging.page, page.items.length, PAGE_SIZE)} of ${visible.length} members`}
            label="Pages of members"
            onPrevious={paging.previous}
            onNext={paging.next}
          />
        )}
      </>
    );
  }

  return (
    <ListLayout
      testId="team-members"
      filters={
        <FilterBar
          search={{ value: filters.q, placeholder: 'Name or e-mail', onCommit: (q) => onFilters({ ...filters, q }) }}
          active={activeFilters(filters, clearedFilters(filters))}
          onClear={() => onFilters(clearedFilters(filters))}
        >
          <Select
            className={FILTER_CLASS}
            label="Role"
            placeholder="Any role"
            data={roleOptions}
            value={filters.role}
            onChange={(role) => onFilters({ ...filters, role })}
            clearable
            searchable
          />
          <Select
            className={FILTER_CLASS}
            label="Status"
            placeholder="Any status"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => onFilters({ ...filters, status: status as MemberStatus | null })}
            clearable
          />
        </FilterBar>
      }
      results={
        <>
          {seats && (
            <Text size="sm" c="dimmed">
              {seats}
            </Text>
          )}
          {results}
        </>
      }
    />
  );
}

function MemberRow({
  member,
  isMe,
  onOpen,
}: {
  member: Member;
  isMe: boolean;
  onOpen: (member: { id: string }) => void;
}) {
  const open = () => onOpen({ id: member.user_id });
  return (
    <Table.Tr className={classes.row} onClick={open} data-status={member.status}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Anchor
            component="button"
            type="button"
            fw={500}
            className={cells.name}
            c={member.status === 'removed' ? 'dimmed' : undefined}
            onClick={(event) => {
              event.stopPropagation();
              open();
            }}
          >
            {memberName(member)}
          </Anchor>
          <MemberTags member={member} isMe={isMe} />
        </Group>
      </Table.Td>
      <Table.Td className={cells.name}>{member.email}</Table.Td>
      <Table.Td>{member.role || '—'}</Table.Td>
      <Table.Td>{member.department || '—'}</Table.Td>
      <Table.Td>{member.job_title || '—'}</Table.Td>
      <Table.Td className={cells.badge}>
        <StatusBadge status={member.status} />
      </Table.Td>
      <Table.Td className={classes.nowrap}>{formatDateTime(member.last_signin_at) || 'Never'}</Table.Td>
      <Table.Td className={classes.nowrap}>{formatDate(member.joined_at)}</Table.Td>
    </Table.Tr>
  );
}
