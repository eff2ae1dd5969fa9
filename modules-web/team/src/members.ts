/**
 * The members list: who a member is called, their status in words, the filters and sort kept
 * in the URL, the rows they leave, pages of them and the CSV of the filtered rows. The host
 * answers the whole list at once, so all of this happens here.
 */

import { toCsv } from '@common/lib/csv';
import { formatDate, formatDateTime } from '@common/lib/format';
import { sortRows, validSort, type SortKey } from '@common/lib/sort';
import { paramOneOf, textParam, withParams } from '@common/lib/urlParams';
import { personName } from '@common/domain/people';
import type { ListPage } from '@common/lib/lists';
import type { Member } from './api';

/** A member's name: first and last, or the e-mail when both are blank. */
export function memberName(member: Member): string {
  return personName(member);
}

export const MEMBER_STATUSES = ['active', 'deactivated', 'removed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

const STATUS_LABELS: Readonly<Record<string, string>> = {
  active: 'Active',
  deactivated: 'Deactivated',
  removed: 'Former member',
};
const STATUS_COLORS: Readonly<Record<string, string>> = { active: 'green', deactivated: 'orange', removed: 'gray' };

export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;
export const statusColor = (status: string): string => STATUS_COLORS[status] ?? 'gray';
export const STATUS_OPTIONS = MEMBER_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

/** The fields the members table sorts on. */
export const SORT_FIELDS = [
  'name',
  'email',
  'role',
  'department',
  'job_title',
  'status',
  'last_signin_at',
  'joined_at',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const DEFAULT_SORT = 'name';

export interface MemberFilters {
  /** Part of a name or e-mail. */
  q: string;
  /** A role's id. */
  role: string | null;
  status: MemberStatus | null;
  /** A sort field, `-` first for descending. */
  sort: string;
}

export function filtersFromParams(params: URLSearchParams): MemberFilters {
  return {
    q: params.get('q') ?? '',
    role: textParam(params, 'role'),
    status: paramOneOf(params, 'status', MEMBER_STATUSES, null),
    sort: validSort(params.get('sort'), SORT_FIELDS, DEFAULT_SORT),
  };
}

/** `params` with the filters replaced; defaults and empty values are left out. */
export function withFilters(params: URLSearchParams, filters: MemberFilters): URLSearchParams {
  return withParams(params, { ...filters }, { sort: DEFAULT_SORT });
}

export function isFiltered(filters: MemberFilters): boolean {
  return Boolean(filters.q.trim() || filters.role || filters.status);
}

export function clearedFilters(filters: MemberFilters): MemberFilters {
  return { ...filters, q: '', role: null, status: null };
}

function matches(member: Member, filters: MemberFilters): boolean {
  const q = filters.q.trim().toLowerCase();
  if (q && !memberName(member).toLowerCase().includes(q) && !member.email.toLowerCase().includes(q)) return false;
  if (filters.role && member.role_id !== filters.role) return false;
  return !filters.status || member.status === filters.status;
}

/** The sort key of a field: text, or unix seconds (null: never signed in). */
function sortValue(member: Member, field: SortField): SortKey {
  switch (field) {
    case 'name':
      return memberName(member);
    case 'status':
      return statusLabel(member.status);
    case 'last_signin_at':
    case 'joined_at':
      return member[field];
    default:
      return member[field].trim();
  }
}

/** The members the filters leave, in the sort asked for (by name within equal values). */
export function visibleMembers(members: readonly Member[], filters: MemberFilters): Member[] {
  return sortRows(
    members.filter((member) => matches(member, filters)),
    filters.sort,
    sortValue,
    (a, b) => memberName(a).localeCompare(memberName(b), undefined, { sensitivity: 'base' }),
  );
}

/** Rows of the members table per page. */
export const PAGE_SIZE = 25;

/** One page of rows already loaded: `cursor` is the first row's offset (null: the first page). */
export function pageOf<T>(rows: readonly T[], cursor: string | null, size: number): ListPage<T> {
  const offset = Math.min(Math.max(Number(cursor) || 0, 0), rows.length);
  const next = offset + size;
  return { items: rows.slice(offset, next), next_cursor: next < rows.length ? String(next) : null, total: rows.length };
}

/** The CSV of members: one row each, dates as the table shows them. */
export function membersCsv(members: readonly Member[]): string {
  return toCsv(
    ['Name', 'E-mail', 'Role', 'Company admin', 'Department', 'Job title', 'Status', 'Last sign-in', 'Joined'],
    members.map((member) => [
      memberName(member),
      member.email,
      member.role,
      member.company_admin ? 'Yes' : 'No',
      member.department,
      member.job_title,
      statusLabel(member.status),
      formatDateTime(member.last_signin_at),
      formatDate(member.joined_at),
    ]),
  );
}

/** What the community edition's seats allow now; null without a limit. */
export function seatsText(seatsLeft: number | null): string | null {
  if (seatsLeft === null) return null;
  if (seatsLeft === 0) return 'No seats left: the community edition allows 5 users';
  return `${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left on the community edition`;
}
