/**
 * Ticket Management's server state: every call to the plugin (`/api/m/support/...`) as
 * TanStack Query hooks, and the live refresh on its `tickets` channel. Keys start with
 * 'support' and the user (the shell's query client is shared and outlives a session).
 */

import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCurrentUser, useModuleApi, useRealtime, type ApiClient } from '@autoscope/web-sdk';

import { useFileDownload } from '@common/lib/fileDownload';
import { fetchAllPages, type ListPage } from '@common/lib/lists';
import { useMasterNames } from '@common/lib/queries';
import { patchVersioned, useModuleMutation } from '@common/lib/mutations';
import type { ApprovalRequest, PolicyChange } from './generated';
import { PAGE_SIZE } from './pagination';
import type {
  AttachmentMeta,
  BotOption,
  ProcessOption,
  SlaAnswer,
  SlaPolicy,
  Summary,
  Ticket,
  TicketComment,
  TicketDetail,
  TicketFilters,
  TicketMessage,
} from './types';
import { listQuery } from './urlState';
import type { CreatePayload, TicketChanges } from './validation';

/** Process and bot names and SLA policies change rarely. */
const STALE_MS = 5 * 60_000;

export const supportKeys = {
  lists: (user: string) => ['support', user, 'tickets'] as const,
  list: (user: string, filters: TicketFilters, cursor: string | null) =>
    ['support', user, 'tickets', filters, cursor] as const,
  ticket: (user: string, id: string) => ['support', user, 'ticket', id] as const,
  summary: (user: string) => ['support', user, 'summary'] as const,
  sla: (user: string) => ['support', user, 'sla'] as const,
  processes: (user: string) => ['support', user, 'processes'] as const,
  bots: (user: string) => ['support', user, 'bots'] as const,
};

const ticketPath = (id: string) => `/tickets/${encodeURIComponent(id)}`;
const attachmentPath = (id: string) => `/attachments/${encodeURIComponent(id)}`;

function useUser(): string {
  return useCurrentUser()?.id ?? '';
}

/** One page of the table; the previous rows stay (dimmed) while other filters or a page load. */
export function useTicketList(filters: TicketFilters, cursor: string | null) {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: supportKeys.list(user, filters, cursor),
    queryFn: ({ signal }) =>
      api.get<ListPage<Ticket>>('/tickets', { signal, query: listQuery(filters, PAGE_SIZE, cursor) }),
    placeholderData: keepPreviousData,
  });
}

/** Every ticket the filters match, page after page (for the CSV export). */
export function fetchAllTickets(api: ApiClient, filters: TicketFilters): Promise<Ticket[]> {
  return fetchAllPages<Ticket>(api, '/tickets', (limit, cursor) => listQuery(filters, limit, cursor));
}

export function useTicket(id: string | null) {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: supportKeys.ticket(user, id ?? ''),
    queryFn: ({ signal }) => api.get<TicketDetail>(ticketPath(id ?? ''), { signal }),
    enabled: id !== null,
  });
}

/** Process Vault's processes (empty without the vault), with names by id and select options. */
export function useProcesses() {
  const api = useModuleApi();
  const user = useUser();
  const query = useQuery({
    queryKey: supportKeys.processes(user),
    queryFn: ({ signal }) => api.get<ProcessOption[]>('/processes', { signal }),
    staleTime: STALE_MS,
  });
  const byId = useMemo(() => new Map((query.data ?? []).map((process) => [process.id, process.name])), [query.data]);
  const options = useMemo(
    () =>
      (query.data ?? [])
        .map((process) => ({ value: process.id, label: process.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [query.data],
  );
  return { ...query, byId, options };
}

/** Bot Profile's bots by name (empty without Bot Profile): a ticket names its bot by name, as the runs do. */
export function useBots() {
  const api = useModuleApi();
  const user = useUser();
  const query = useQuery({
    queryKey: supportKeys.bots(user),
    queryFn: ({ signal }) => api.get<BotOption[]>('/bots', { signal }),
    staleTime: STALE_MS,
  });
  const names = useMemo(() => (query.data ?? []).map((bot) => bot.name), [query.data]);
  return { ...query, names };
}

/** The host's ticket categories and priorities (names, in the masters' order). */
export const useCategories = () => useMasterNames('ticket_category');
export const usePriorities = () => useMasterNames('ticket_priority');

export function useSla() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: supportKeys.sla(user),
    queryFn: ({ signal }) => api.get<SlaAnswer>('/sla', { signal }),
    staleTime: STALE_MS,
  });
}

export function useSummary() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: supportKeys.summary(user),
    queryFn: ({ signal }) => api.get<Summary>('/summary', { signal }),
  });
}

/** After tickets changed: the lists and the summary refetched. */
function listsChanged(client: QueryClient, user: string) {
  void client.invalidateQueries({ queryKey: supportKeys.lists(user) });
  void client.invalidateQueries({ queryKey: supportKeys.summary(user) });
}

/** After a ticket changed: its details (history, SLA fields) and the lists refetched. */
function ticketChanged(client: QueryClient, user: string, id: string) {
  void client.invalidateQueries({ queryKey: supportKeys.ticket(user, id) });
  listsChanged(client, user);
}

/** A call to the plugin that changes something, and what the cache does after it succeeded (for the user's keys). */
function useSupportMutation<Variables, Result>(
  call: (api: ApiClient, variables: Variables) => Promise<Result>,
  changed: (client: QueryClient, user: string, result: Result, variables: Variables) => void,
) {
  const user = useUser();
  return useModuleMutation(call, (client, result: Result, variables: Variables) =>
    changed(client, user, result, variables),
  );
}

export const useCreateTicket = () =>
  useSupportMutation(
    (api, payload: CreatePayload) => api.post<Ticket>('/tickets', payload),
    (client, user) => listsChanged(client, user),
  );

/** `PATCH /tickets/{id}` with the version the change was made on: 409 when someone saved first. */
export const useUpdateTicket = () =>
  useSupportMutation(
    patchVersioned<Ticket, TicketChanges & { status?: string }>(ticketPath),
    (client, user, ticket) => {
      // The new version at once, so a next change does not meet a 409 of its own making.
      client.setQueryData<TicketDetail>(supportKeys.ticket(user, ticket.id), (old) => (old ? { ...old, ticket } : old));
      ticketChanged(client, user, ticket.id);
    },
  );

/** After a 409: the ticket refetched, so the next attempt starts from the current version. */
export function useRefetchTicket() {
  const client = useQueryClient();
  const user = useUser();
  return (id: string) => void client.invalidateQueries({ queryKey: supportKeys.ticket(user, id) });
}

export const useAddComment = (ticketId: string) =>
  useSupportMutation(
    (api, text: string) => api.post<TicketComment>(`${ticketPath(ticketId)}/comments`, { text }),
    (client, user) => ticketChanged(client, user, ticketId),
  );

export const useUploadAttachment = (ticketId: string) =>
  useSupportMutation(
    (api, file: { name: string; mime: string; data: string }) =>
      api.post<AttachmentMeta>(`${ticketPath(ticketId)}/attachments`, file),
    (client, user) => ticketChanged(client, user, ticketId),
  );

export const useDeleteAttachment = (ticketId: string) =>
  useSupportMutation(
    (api, attachmentId: string) => api.delete<{ message: string }>(attachmentPath(attachmentId)),
    (client, user) => ticketChanged(client, user, ticketId),
  );

/** Fetches an attachment's content and has the browser save it under its name. */
export const useDownloadAttachment = () => useFileDownload(attachmentPath);

export const useRequestApproval = (ticketId: string) =>
  useSupportMutation(
    (api, personIds: string[]) =>
      api.post<unknown>(`${ticketPath(ticketId)}/approvals`, { person_ids: personIds } satisfies ApprovalRequest),
    (client, user) => ticketChanged(client, user, ticketId),
  );

export const useSaveSla = () =>
  useSupportMutation(
    (api, policies: SlaPolicy[]) => api.put<SlaAnswer>('/sla', { policies } satisfies PolicyChange),
    (client, user, answer) => {
      if (answer && Array.isArray(answer.policies)) client.setQueryData(supportKeys.sla(user), answer);
      void client.invalidateQueries({ queryKey: supportKeys.sla(user) });
    },
  );

/**
 * Keeps what is shown live: every change on the module's `tickets` channel refetches the
 * lists, the summary and that ticket's details; after missed messages, everything.
 */
export function useLiveTickets() {
  const client = useQueryClient();
  const user = useUser();
  useRealtime<TicketMessage>(
    'tickets',
    (message) => {
      listsChanged(client, user);
      if (typeof message?.ticket_id === 'string') {
        void client.invalidateQueries({ queryKey: supportKeys.ticket(user, message.ticket_id) });
      }
    },
    { onGap: () => void client.invalidateQueries({ queryKey: ['support', user] }) },
  );
}
