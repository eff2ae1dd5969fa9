/**
 * Alerts' server state: every call to the plugin (`/api/m/alerts/...`, plugins/alerts/src/lib.rs)
 * as TanStack Query hooks, and the live refresh on its `incidents` channel. Keys start with
 * 'alerts' and the user (the shell's query client is shared and outlives a session).
 */

import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCurrentUser, useModuleApi, useRealtime, type NotifyKind } from '@autoscope/web-sdk';

import type { ListPage } from '@common/lib/lists';
import { useModuleMutation } from '@common/lib/mutations';
import type {
  Assignment,
  Channel,
  Checked,
  Incident,
  IncidentDetail,
  NewComment,
  Rule,
  RuleDraft,
  Settings,
  Signature,
} from './generated';
import { incidentsQuery, type StatusFilter } from './urlState';

export const alertsKeys = {
  incidents: (user: string) => ['alerts', user, 'incidents'] as const,
  incidentList: (user: string, status: StatusFilter) => ['alerts', user, 'incidents', 'list', status] as const,
  incident: (user: string, id: string) => ['alerts', user, 'incidents', 'detail', id] as const,
  rules: (user: string) => ['alerts', user, 'rules'] as const,
  signatures: (user: string) => ['alerts', user, 'signatures'] as const,
  settings: (user: string) => ['alerts', user, 'settings'] as const,
  channels: (user: string) => ['alerts', user, 'channels'] as const,
};

const incidentPath = (id: string) => `/incidents/${encodeURIComponent(id)}`;
const rulePath = (id: string) => `/rules/${encodeURIComponent(id)}`;

function useUser(): string {
  return useCurrentUser()?.id ?? '';
}

/** The incidents of a status, newest first, 50 a page; "Load more" reads the next. */
export function useIncidents(status: StatusFilter) {
  const api = useModuleApi();
  const user = useUser();
  return useInfiniteQuery({
    queryKey: alertsKeys.incidentList(user, status),
    queryFn: ({ pageParam, signal }) =>
      api.get<ListPage<Incident>>('/incidents', { signal, query: incidentsQuery(status, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** An incident with its history. */
export function useIncident(id: string | null) {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: alertsKeys.incident(user, id ?? ''),
    queryFn: ({ signal }) => api.get<IncidentDetail>(incidentPath(id ?? ''), { signal }),
    enabled: id !== null,
  });
}

/** What the plugin says on its `incidents` channel when an incident changes. */
type IncidentMessage = Partial<Pick<Incident, 'id' | 'status'>> | null;

/**
 * Keeps the incidents live: a change on the module's `incidents` channel refetches the lists and
 * that incident; after missed messages, every incident.
 */
export function useLiveIncidents() {
  const client = useQueryClient();
  const user = useUser();
  useRealtime<IncidentMessage>(
    'incidents',
    (message) => {
      void client.invalidateQueries({ queryKey: [...alertsKeys.incidents(user), 'list'] });
      if (typeof message?.id === 'string') {
        void client.invalidateQueries({ queryKey: alertsKeys.incident(user, message.id) });
      }
    },
    { onGap: () => void client.invalidateQueries({ queryKey: alertsKeys.incidents(user) }) },
  );
}

/** A change to an incident answers it with its history: shown at once, and the lists read again. */
function incidentChanged(client: QueryClient, user: string, detail: IncidentDetail) {
  client.setQueryData(alertsKeys.incident(user, detail.incident.id), detail);
  void client.invalidateQueries({ queryKey: [...alertsKeys.incidents(user), 'list'] });
}

export function useAcknowledge(id: string) {
  const user = useUser();
  return useModuleMutation(
    (api) => api.post<IncidentDetail>(`${incidentPath(id)}/acknowledge`),
    (client, detail) => incidentChanged(client, user, detail),
  );
}

export function useAssign(id: string) {
  const user = useUser();
  return useModuleMutation(
    (api, assignee_id: string | null) =>
      api.post<IncidentDetail>(`${incidentPath(id)}/assign`, { assignee_id } satisfies Assignment),
    (client, detail) => incidentChanged(client, user, detail),
  );
}

export function useAddComment(id: string) {
  const user = useUser();
  return useModuleMutation(
    (api, text: string) => api.post<IncidentDetail>(`${incidentPath(id)}/comments`, { text } satisfies NewComment),
    (client, detail) => incidentChanged(client, user, detail),
  );
}

/** Every rule, by name. */
export function useRules() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: alertsKeys.rules(user),
    queryFn: ({ signal }) => api.get<Rule[]>('/rules', { signal }),
  });
}

/** Chat's public channels a rule may post to; none without Chat. */
export function useChannels() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: alertsKeys.channels(user),
    queryFn: ({ signal }) => api.get<Channel[]>('/channels', { signal }),
  });
}

/** A rule saved or checked: the rules and incidents read again (an evaluation may open or close one). */
function ruleChecked(client: QueryClient, user: string) {
  void client.invalidateQueries({ queryKey: alertsKeys.rules(user) });
  void client.invalidateQueries({ queryKey: alertsKeys.incidents(user) });
}

/** `POST /rules`, or `PUT /rules/{id}` with the version the form started from. */
export function useSaveRule() {
  const user = useUser();
  return useModuleMutation(
    (api, { rule, draft }: { rule: Rule | null; draft: RuleDraft }) =>
      rule
        ? api.put<Checked>(rulePath(rule.id), { version: rule.version, ...draft })
        : api.post<Checked>('/rules', draft),
    (client) => ruleChecked(client, user),
  );
}

/** "Check now": `POST /rules/{id}/evaluate`. */
export function useEvaluateRule() {
  const user = useUser();
  return useModuleMutation(
    (api, rule: Rule) => api.post<Checked>(`${rulePath(rule.id)}/evaluate`),
    (client) => ruleChecked(client, user),
  );
}

export function useDeleteRule() {
  const user = useUser();
  return useModuleMutation(
    (api, rule: Rule) => api.delete<{ message: string }>(rulePath(rule.id)),
    (client) => ruleChecked(client, user),
  );
}

/** The failure signatures, the latest failure first, 50 a page. */
export function useSignatures() {
  const api = useModuleApi();
  const user = useUser();
  return useInfiniteQuery({
    queryKey: alertsKeys.signatures(user),
    queryFn: ({ pageParam, signal }) =>
      api.get<ListPage<Signature>>('/signatures', { signal, query: pageParam ? { cursor: pageParam } : undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useSettings() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: alertsKeys.settings(user),
    queryFn: ({ signal }) => api.get<Settings>('/settings', { signal }),
  });
}

export function useSaveSettings() {
  const user = useUser();
  return useModuleMutation(
    (api, settings: Settings) => api.put<Settings>('/settings', settings),
    (client, saved) => client.setQueryData(alertsKeys.settings(user), saved),
  );
}

/**
 * What a save or "Check now" says: the evaluation's summary, firing or OK; why the rule could not
 * be checked (its facts could not be read); or that a switched-off rule was not checked.
 */
export function checkedNotice(checked: Checked): { message: string; kind: NotifyKind } {
  if (checked.evaluation) {
    const { firing, summary } = checked.evaluation;
    return firing ? { message: `Firing: ${summary}`, kind: 'warning' } : { message: `OK: ${summary}`, kind: 'success' };
  }
  if (checked.error) return { message: `${checked.rule.name} could not be checked: ${checked.error}`, kind: 'failure' };
  return { message: `${checked.rule.name} is switched off: it is not checked`, kind: 'success' };
}
