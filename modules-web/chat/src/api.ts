/**
 * Chat's server state: every call to the plugin (`/api/m/chat/...`) as TanStack Query hooks, and
 * the realtime pushes that keep it current (`chat.message`, `chat.channel`, `chat.read`,
 * `chat.typing`, `chat.presence`). Keys start with 'chat' and the user (the shell's query client is
 * shared and outlives a session).
 */

import { useEffect, useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError, saveBlob, useCurrentUser, useModuleApi, useRealtime, type ApiClient } from '@autoscope/web-sdk';

import { removeChannel, upsertChannel, withNewMessage, withRead } from './channels';
import { pagesWithChange, pagesWithMessage, threadWithMessage, type MessagePages } from './messages';
import { HEARTBEAT_MS, heartbeatStatus, presenceMap, type PresenceMap } from './presence';
import type {
  ChannelChange,
  Heartbeat,
  Invite,
  MessageEdit,
  ReactionToggle,
  ReadRequest,
  ChannelEvent,
  ChannelList,
  ChannelView,
  ExportFile,
  FileContent,
  MessageEvent,
  MessagePage,
  MessageView,
  NewChannel,
  NewDirect,
  NewMessage,
  PresenceEvent,
  PresenceList,
  ReadEvent,
  SearchResults,
  Thread,
  TypingEvent,
} from './types';

export const PAGE_SIZE = 50;

export const chatKeys = {
  all: (user: string) => ['chat', user] as const,
  channels: (user: string) => ['chat', user, 'channels'] as const,
  /** Every loaded window of a channel's messages (the latest, and one around a search result). */
  messages: (user: string, channelId: string) => ['chat', user, 'messages', channelId] as const,
  window: (user: string, channelId: string, around: number | null) =>
    ['chat', user, 'messages', channelId, around ?? 'latest'] as const,
  thread: (user: string, rootId: string) => ['chat', user, 'thread', rootId] as const,
  presence: (user: string) => ['chat', user, 'presence'] as const,
  search: (user: string, q: string) => ['chat', user, 'search', q] as const,
  file: (user: string, id: string) => ['chat', user, 'file', id] as const,
};

const channelPath = (id: string) => `/channels/${encodeURIComponent(id)}`;
const messagePath = (id: string) => `/messages/${encodeURIComponent(id)}`;

export function useUserId(): string {
  return useCurrentUser()?.id ?? '';
}

export function useChannels() {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: chatKeys.channels(user),
    queryFn: ({ signal }) => api.get<ChannelList>('/channels', { signal }),
    select: (answer) => answer.channels,
  });
}

/** The channels' cache, changed in place. */
function updateChannels(client: QueryClient, user: string, change: (channels: ChannelView[]) => ChannelView[]) {
  client.setQueryData<ChannelList>(chatKeys.channels(user), (old) => (old ? { channels: change(old.channels) } : old));
}

function putChannel(client: QueryClient, user: string, channel: ChannelView) {
  updateChannels(client, user, (channels) => upsertChannel(channels, channel));
}

/**
 * A channel's messages, newest page first; older pages by `before_seq` (infinite scroll upwards).
 * With `around`, the first page is centred on that seq (a search result).
 */
export function useMessages(channelId: string, around: number | null) {
  const api = useModuleApi();
  const user = useUserId();
  return useInfiniteQuery({
    queryKey: chatKeys.window(user, channelId, around),
    initialPageParam: null as number | null,
    queryFn: ({ signal, pageParam }) =>
      api.get<MessagePage>(`${channelPath(channelId)}/messages`, {
        signal,
        query:
          pageParam === null && around !== null
            ? { around_seq: around, limit: PAGE_SIZE }
            : { before_seq: pageParam ?? undefined, limit: PAGE_SIZE },
      }),
    // `has_more`: older messages exist before the page's first (around a result too).
    getNextPageParam: (last) => (last.has_more ? last.messages[0]?.seq : undefined),
    // Realtime keeps it current; a gap refetches.
    staleTime: Infinity,
  });
}

export function useThread(rootId: string | null) {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: chatKeys.thread(user, rootId ?? ''),
    queryFn: ({ signal }) => api.get<Thread>(`${messagePath(rootId ?? '')}/thread`, { signal }),
    enabled: rootId !== null,
    staleTime: Infinity,
  });
}

/** Reply ids already counted on their root (an answer and its push both bring a new reply). */
const countedReplies = new Set<string>();

/** A message created (my answer or a push): into its windows, its thread and its channel's counts. */
export function messageCreated(client: QueryClient, user: string, message: MessageView) {
  if (message.parent_id !== null) {
    client.setQueryData<Thread>(chatKeys.thread(user, message.parent_id), (old) =>
      old ? threadWithMessage(old, message) : old,
    );
    if (!countedReplies.has(message.id)) {
      countedReplies.add(message.id);
      client.setQueriesData<MessagePages>({ queryKey: chatKeys.messages(user, message.channel_id) }, (old) =>
        old ? pagesWithMessage(old, message, false) : old,
      );
    }
  } else {
    // Only the latest window reaches the channel's end; one around a search result does not grow.
    client.setQueryData<MessagePages>(chatKeys.window(user, message.channel_id, null), (old) =>
      old ? pagesWithMessage(old, message, true) : old,
    );
  }
  updateChannels(client, user, (channels) =>
    channels.map((channel) => (channel.id === message.channel_id ? withNewMessage(channel, message, user) : channel)),
  );
}

/** A message changed (edited, deleted, reactions): replaced wherever it is shown. */
export function messageChanged(client: QueryClient, user: string, message: MessageView) {
  client.setQueriesData<MessagePages>({ queryKey: chatKeys.messages(user, message.channel_id) }, (old) =>
    old ? pagesWithChange(old, message) : old,
  );
  const rootId = message.parent_id ?? message.id;
  client.setQueryData<Thread>(chatKeys.thread(user, rootId), (old) => (old ? threadWithMessage(old, message) : old));
}

export function useSendMessage(channelId: string) {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: (body: NewMessage) => api.post<MessageView>(`${channelPath(channelId)}/messages`, body),
    onSuccess: (message) => messageCreated(client, user, message),
  });
}

export function useEditMessage() {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api.patch<MessageView>(messagePath(id), { text } satisfies MessageEdit),
    onSuccess: (message) => messageChanged(client, user, message),
  });
}

export function useDeleteMessage() {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageView>(messagePath(id)),
    onSuccess: (message) => messageChanged(client, user, message),
  });
}

export function useToggleReaction() {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: ({ id, emoji }: { id: string; emoji: string }) =>
      api.post<MessageView>(`${messagePath(id)}/reactions`, { emoji } satisfies ReactionToggle),
    onSuccess: (message) => messageChanged(client, user, message),
  });
}

/** A change to a channel that answers the channel: it replaces the listed one. */
function useChannelMutation<Variables>(call: (api: ApiClient, variables: Variables) => Promise<ChannelView>) {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: (variables: Variables) => call(api, variables),
    onSuccess: (channel) => putChannel(client, user, channel),
  });
}

export const useCreateChannel = () =>
  useChannelMutation((api, body: { kind: 'public' | 'private'; name: string; topic?: string; member_ids?: string[] }) =>
    api.post<ChannelView>('/channels', body satisfies NewChannel),
  );

export const useOpenDirect = () =>
  useChannelMutation((api, userIds: string[]) =>
    api.post<ChannelView>('/direct', { user_ids: userIds } satisfies NewDirect),
  );

export const useUpdateChannel = (channelId: string) =>
  useChannelMutation((api, changes: ChannelChange) => api.patch<ChannelView>(channelPath(channelId), changes));

/** Joins, leaves or invites, then reads the channel again (those answers are not promised to be the channel). */
function useMembership<Variables>(call: (api: ApiClient, channelId: string, variables: Variables) => Promise<unknown>) {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: async ({ channelId, variables }: { channelId: string; variables: Variables }) => {
      await call(api, channelId, variables);
      return channelId;
    },
    onSuccess: (channelId) => void refreshChannel(client, api, user, channelId),
  });
}

export const useJoinChannel = () => useMembership((api, id) => api.post(`${channelPath(id)}/join`, {}));
export const useLeaveChannel = () => useMembership((api, id) => api.post(`${channelPath(id)}/leave`, {}));
export const useInvite = () =>
  useMembership((api, id, userIds: string[]) =>
    api.post(`${channelPath(id)}/members`, { user_ids: userIds } satisfies Invite),
  );

/** Reads one channel again: put in the list, or taken out when the caller may no longer see it. */
export async function refreshChannel(client: QueryClient, api: ApiClient, user: string, channelId: string) {
  try {
    const channel = await api.get<ChannelView>(channelPath(channelId));
    putChannel(client, user, channel);
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      updateChannels(client, user, (channels) => removeChannel(channels, channelId));
    } else {
      void client.invalidateQueries({ queryKey: chatKeys.channels(user) });
    }
  }
}

export function useMarkRead() {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  return useMutation({
    mutationFn: ({ channelId, seq }: { channelId: string; seq: number }) =>
      api.post<ChannelView>(`${channelPath(channelId)}/read`, { seq } satisfies ReadRequest),
    onSuccess: (channel) => {
      if (channel && typeof channel.id === 'string') putChannel(client, user, channel);
    },
  });
}

/** Says the caller types in a channel (the composer throttles it); failures are of no interest. */
export function useSendTyping() {
  const api = useModuleApi();
  return useMemo(
    () => (channelId: string) => void api.post(`${channelPath(channelId)}/typing`, {}).catch(() => undefined),
    [api],
  );
}

export function useSearch(q: string) {
  const api = useModuleApi();
  const user = useUserId();
  const query = q.trim();
  return useQuery({
    queryKey: chatKeys.search(user, query),
    queryFn: ({ signal }) => api.get<SearchResults>('/search', { signal, query: { q: query, limit: 20 } }),
    enabled: query.length >= 2,
    select: (answer) => answer.results,
  });
}

/** A file's content (images are shown inline). */
export function useFileContent(fileId: string | null) {
  const api = useModuleApi();
  const user = useUserId();
  return useQuery({
    queryKey: chatKeys.file(user, fileId ?? ''),
    queryFn: ({ signal }) => api.get<FileContent>(`/files/${encodeURIComponent(fileId ?? '')}`, { signal }),
    enabled: fileId !== null,
    staleTime: Infinity,
  });
}

/** Downloads a channel's export (JSON or CSV) as a file. */
export function useExportChannel() {
  const api = useModuleApi();
  return useMutation({
    mutationFn: async ({ channelId, format }: { channelId: string; format: 'json' | 'csv' }) => {
      const file = await api.get<ExportFile>(`${channelPath(channelId)}/export`, { query: { format } });
      saveBlob(new Blob([file.data], { type: file.mime || 'text/plain' }), file.name);
    },
  });
}

const NOBODY: PresenceMap = {};

/** Everyone's status, kept by `chat.presence`; this tab's heartbeat every 30 s and when it is hidden or shown. */
export function usePresence(): PresenceMap {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  const query = useQuery({
    queryKey: chatKeys.presence(user),
    queryFn: ({ signal }) => api.get<PresenceList>('/presence', { signal }),
    select: (answer) => presenceMap(answer.users ?? []),
  });

  useEffect(() => {
    let stopped = false;
    const beat = () => {
      api
        .post<PresenceList>('/presence', { status: heartbeatStatus(document.visibilityState) } satisfies Heartbeat)
        .then((answer) => {
          if (!stopped && answer && Array.isArray(answer.users)) client.setQueryData(chatKeys.presence(user), answer);
        })
        .catch(() => undefined);
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    document.addEventListener('visibilitychange', beat);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
    };
  }, [api, client, user]);

  return query.data ?? NOBODY;
}

/** What the page does with the pushes that are not cache changes. */
export interface LiveHandlers {
  onTyping: (event: TypingEvent) => void;
  /** A message arrived: its author stopped typing. */
  onMessage: (message: MessageView) => void;
}

/** Keeps the channels, messages, threads and presence current from the plugin's pushes; after a gap, refetches all. */
export function useChatLive(handlers: LiveHandlers) {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUserId();
  const onGap = () => void client.invalidateQueries({ queryKey: chatKeys.all(user) });

  useRealtime<MessageEvent>(
    'message',
    (push) => {
      if (!push?.message) return;
      if (push.event === 'created') {
        messageCreated(client, user, push.message);
        handlers.onMessage(push.message);
      } else {
        messageChanged(client, user, push.message);
      }
    },
    { onGap },
  );
  useRealtime<ChannelEvent>(
    'channel',
    (push) => {
      if (typeof push?.channel_id === 'string') void refreshChannel(client, api, user, push.channel_id);
    },
    { onGap },
  );
  useRealtime<ReadEvent>(
    'read',
    (push) => {
      if (typeof push?.channel_id !== 'string') return;
      updateChannels(client, user, (channels) =>
        channels.map((channel) =>
          channel.id === push.channel_id ? withRead(channel, push.user_id, push.last_read_seq, user) : channel,
        ),
      );
    },
    { onGap },
  );
  useRealtime<TypingEvent>('typing', (push) => {
    if (typeof push?.channel_id === 'string' && push.user_id !== user) handlers.onTyping(push);
  });
  useRealtime<PresenceEvent>('presence', (push) => {
    if (typeof push?.user_id !== 'string') return;
    client.setQueryData<PresenceList>(chatKeys.presence(user), (old) => {
      const users = (old?.users ?? []).filter((entry) => entry.user_id !== push.user_id);
      return { users: [...users, { user_id: push.user_id, status: push.status }] };
    });
  });
}
