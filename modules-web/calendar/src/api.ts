/**
 * Calendar's server state: every call to the plugin (`/api/m/calendar/...`) as TanStack Query hooks,
 * and the realtime pushes that keep it current (`calendar.changed`, `calendar.non_working`). Keys start
 * with 'calendar' and the user (the shell's query client is shared and outlives a session).
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob, useCurrentUser, useModuleApi, useRealtime } from '@autoscope/web-sdk';

import { shownZone } from './time';
import type {
  AnswerInput,
  BotLayer,
  Done,
  EventInput,
  EventView,
  FeedView,
  IcsFile,
  ImportInput,
  ImportResult,
  LinkKind,
  LinkTarget,
  MoveInput,
  NonWorking,
  NonWorkingInput,
  Person,
  Range,
  Scope,
} from './types';

export const calendarKeys = {
  ranges: (user: string) => ['calendar', user, 'range'] as const,
  range: (user: string, from: number, to: number) => ['calendar', user, 'range', from, to] as const,
  bots: (user: string, from: number, to: number, zone: string) => ['calendar', user, 'bots', from, to, zone] as const,
  events: (user: string) => ['calendar', user, 'event'] as const,
  event: (user: string, id: string, occurrence: number | null) => ['calendar', user, 'event', id, occurrence] as const,
  nonWorking: (user: string) => ['calendar', user, 'non-working'] as const,
  people: (user: string) => ['calendar', user, 'people'] as const,
  targets: (user: string, kind: LinkKind, q: string) => ['calendar', user, 'link-targets', kind, q] as const,
  feed: (user: string) => ['calendar', user, 'feed'] as const,
};

const eventPath = (id: string) => `/events/${encodeURIComponent(id)}`;

export function useUserId(): string {
  return useCurrentUser()?.id ?? '';
}

/** The zone the calendar is shown in (the person's profile zone, else the browser's). */
export function useZone(): string {
  return shownZone(useCurrentUser()?.timeZone);
}

/** What /range shows over [from, to) (seconds). */
export function useRange(from: number, to: number, enabled = true) {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: calendarKeys.range(user, from, to),
    queryFn: ({ signal }) => api.get<Range>('/range', { signal, query: { from, to } }),
    enabled: enabled && to > from,
    // The previous range stays drawn while the next loads (no flash when paging weeks).
    placeholderData: (previous) => previous,
  });
}

export function useBots(from: number, to: number, zone: string) {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: calendarKeys.bots(user, from, to, zone),
    queryFn: ({ signal }) => api.get<BotLayer>('/bots', { signal, query: { from, to, tz: zone } }),
    enabled: to > from,
    placeholderData: (previous) => previous,
  });
}

/** One event (an occurrence's times when `occurrence` is given, else the series'). */
export function useEvent(id: string | null, occurrence: number | null) {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: calendarKeys.event(user, id ?? '', occurrence),
    queryFn: ({ signal }) =>
      api.get<EventView>(eventPath(id ?? ''), { signal, query: { occurrence: occurrence ?? undefined } }),
    enabled: id !== null,
  });
}

export function usePeople() {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: calendarKeys.people(user),
    queryFn: ({ signal }) => api.get<Person[]>('/people', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLinkTargets(kind: LinkKind, q: string) {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: calendarKeys.targets(user, kind, q),
    queryFn: ({ signal }) => api.get<LinkTarget[]>('/link-targets', { signal, query: { kind, q } }),
    placeholderData: (previous) => previous,
  });
}

/** After a change to events: every drawn range and open event is read again. */
function useEventsChanged() {
  const client = useQueryClient();
  const user = useUserId();
  return () => {
    void client.invalidateQueries({ queryKey: calendarKeys.ranges(user) });
    void client.invalidateQueries({ queryKey: calendarKeys.events(user) });
  };
}

export function useCreateEvent() {
  const api = useModuleApi();
  const changed = useEventsChanged();
  return useMutation({
    mutationFn: (body: EventInput) => api.post<EventView>('/events', body),
    onSuccess: changed,
  });
}

export interface EventTarget {
  id: string;
  scope: Scope;
  /** The occurrence's original start; null for a one-off event or the whole series. */
  occurrence: number | null;
}

const targetQuery = ({ scope, occurrence }: EventTarget) => ({ scope, occurrence: occurrence ?? undefined });

export function useUpdateEvent() {
  const api = useModuleApi();
  const changed = useEventsChanged();
  return useMutation({
    mutationFn: ({ target, body }: { target: EventTarget; body: EventInput }) =>
      api.put<EventView>(eventPath(target.id), body, { query: targetQuery(target) }),
    onSuccess: changed,
  });
}

export function useMoveEvent() {
  const api = useModuleApi();
  const changed = useEventsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveInput }) => api.post<EventView>(`${eventPath(id)}/move`, body),
    onSuccess: changed,
  });
}

export function useDeleteEvent() {
  const api = useModuleApi();
  const changed = useEventsChanged();
  return useMutation({
    mutationFn: (target: EventTarget) =>
      api.delete<Done>(eventPath(target.id), undefined, { query: targetQuery(target) }),
    onSuccess: changed,
  });
}

export function useAnswer() {
  const api = useModuleApi();
  const changed = useEventsChanged();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string } & AnswerInput) =>
      api.post<EventView>(`${eventPath(id)}/answer`, { answer } satisfies AnswerInput),
    onSuccess: changed,
  });
}

function saveIcs(file: IcsFile) {
  saveBlob(new Blob([file.content], { type: 'text/calendar' }), file.filename);
}

export function useDownloadIcs() {
  const api = useModuleApi();
  return useMutation({
    mutationFn: async ({ id, occurrence }: { id: string; occurrence: number | null }) =>
      saveIcs(await api.get<IcsFile>(`${eventPath(id)}/ics`, { query: { occurrence: occurrence ?? undefined } })),
  });
}

export function useExportRange() {
  const api = useModuleApi();
  return useMutation({
    mutationFn: async ({ from, to }: { from: number; to: number }) =>
      saveIcs(await api.get<IcsFile>('/export', { query: { from, to } })),
  });
}

export function useImportIcs() {
  const api = useModuleApi();
  const changed = useEventsChanged();
  return useMutation({
    mutationFn: (content: string) => api.post<ImportResult>('/import', { content } satisfies ImportInput),
    onSuccess: changed,
  });
}

export function useFeed() {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: calendarKeys.feed(user),
    queryFn: ({ signal }) => api.get<FeedView>('/feed', { signal }),
  });
}

/** A new subscription URL (`post`) or none (`delete`); the answer replaces the shown one. */
export function useChangeFeed() {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: (change: 'new' | 'off') =>
      change === 'new' ? api.post<FeedView>('/feed', {}) : api.delete<FeedView>('/feed'),
    onSuccess: (feed) => client.setQueryData(calendarKeys.feed(user), feed),
  });
}

export function useNonWorking(from: number, to: number) {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: [...calendarKeys.nonWorking(user), from, to],
    queryFn: ({ signal }) => api.get<NonWorking[]>('/non-working', { signal, query: { from, to } }),
  });
}

/** Adds (no id) or changes a non-working entry, or deletes it. */
export function useSaveNonWorking() {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: NonWorkingInput }) =>
      id === null
        ? api.post<NonWorking>('/non-working', body)
        : api.put<NonWorking>(`/non-working/${encodeURIComponent(id)}`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: calendarKeys.nonWorking(user) });
      void client.invalidateQueries({ queryKey: calendarKeys.ranges(user) });
    },
  });
}

export function useDeleteNonWorking() {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: (id: string) => api.delete<Done>(`/non-working/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: calendarKeys.nonWorking(user) });
      void client.invalidateQueries({ queryKey: calendarKeys.ranges(user) });
    },
  });
}

/** Keeps the drawn ranges, open events and non-working days current from the plugin's pushes. */
export function useCalendarLive() {
  const client = useQueryClient();
  const user = useUserId();
  const eventsChanged = () => {
    void client.invalidateQueries({ queryKey: calendarKeys.ranges(user) });
    void client.invalidateQueries({ queryKey: calendarKeys.events(user) });
  };
  const nonWorkingChanged = () => {
    void client.invalidateQueries({ queryKey: calendarKeys.ranges(user) });
    void client.invalidateQueries({ queryKey: calendarKeys.nonWorking(user) });
  };
  useRealtime('changed', eventsChanged, { onGap: eventsChanged });
  useRealtime('non_working', nonWorkingChanged, { onGap: nonWorkingChanged });
}
