import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Center, Drawer, Loader, Stack } from '@mantine/core';
import { IconMessageOff, IconMessages } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useCurrentUser, usePageTitle } from '@autoscope/web-sdk';

import { nameOf } from '@common/domain/people';
import { useUrlState } from '@common/lib/listHooks';
import { usePeople } from '@common/lib/queries';
import { withParams } from '@common/lib/urlParams';
import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { useIsMobile } from '@common/ui/mobile';
import { QueryError } from '@common/ui/QueryError';
import { useChannels, useChatLive, usePresence, useUserId } from './api';
import { channelSections } from './channels';
import { ChannelSidebar } from './components/ChannelSidebar';
import { ChatContext, type ChatContextValue } from './components/chatContext';
import { Conversation } from './components/Conversation';
import { BrowseChannelsDialog, NewChannelDialog, NewMessageDialog } from './components/Dialogs';
import { ThreadPanel } from './components/ThreadPanel';
import { nextExpiry, typingUsers, withTyping, withoutTyping, type TypingState } from './typing';
import type { ChannelView, MessageView, SearchHit } from './types';
import classes from './ChatPage.module.css';

/** The URL's parameters: the open channel, a search result's window and message, the open thread, the search. */
const CHANNEL = 'channel';
const AROUND = 'around';
const MESSAGE = 'message';
const THREAD = 'thread';
const SEARCH = 'q';

const searchFromParams = (params: URLSearchParams) => params.get(SEARCH) ?? '';
const withSearch = (params: URLSearchParams, q: string) => withParams(params, { [SEARCH]: q });

/** Chat (/Chat): channels and direct conversations, threads, search, presence and read receipts, live. */
export default function ChatPage() {
  const me = useUserId();
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const channels = useChannels();
  const people = usePeople();
  const presence = usePresence();
  const companyAdmin = useCurrentUser()?.companyAdmin === true;
  const [search, setSearch] = useUrlState(searchFromParams, withSearch);
  const [typing, setTyping] = useState<TypingState>({});
  const [now, setNow] = useState(() => Date.now());
  const newChannel = useDialog<null>();
  const newMessage = useDialog<null>();
  const browse = useDialog<null>();

  usePageTitle({ heading: 'Chat', breadcrumb: ['Chat'] });

  useChatLive({
    onTyping: (push) => {
      const at = Date.now();
      setNow(at);
      setTyping((state) => withTyping(state, push.channel_id, push.user_id, at));
    },
    onMessage: (message) => setTyping((state) => withoutTyping(state, message.channel_id, message.author_id)),
  });

  // "… is typing" ends 5 s after the last push.
  useEffect(() => {
    const next = nextExpiry(typing, now);
    if (next === null) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), next - now + 20);
    return () => clearTimeout(timer);
  }, [typing, now]);

  const list = useMemo(() => channels.data ?? [], [channels.data]);
  const sections = channelSections(list);
  const requested = params.get(CHANNEL);
  const fallback = isMobile ? null : (sections.channels[0] ?? sections.direct[0] ?? null);
  const activeId = requested ?? fallback?.id ?? null;
  const active = list.find((channel) => channel.id === activeId) ?? null;
  const aroundParam = Number.parseInt(params.get(AROUND) ?? '', 10);
  const around = Number.isFinite(aroundParam) && aroundParam > 0 ? aroundParam : null;
  const highlightId = params.get(MESSAGE);
  const threadId = active ? params.get(THREAD) : null;

  const open = useCallback(
    (channelId: string | null, extra: { around?: number; message?: string; thread?: string } = {}) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of [CHANNEL, AROUND, MESSAGE, THREAD]) next.delete(key);
        if (channelId) next.set(CHANNEL, channelId);
        if (extra.around) next.set(AROUND, String(extra.around));
        if (extra.message) next.set(MESSAGE, extra.message);
        if (extra.thread) next.set(THREAD, extra.thread);
        return next;
      }),
    [setParams],
  );

  const setParam = (key: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      if (key === CHANNEL || (key === AROUND && value === null)) next.delete(MESSAGE);
      return next;
    });

  const openHit = (hit: SearchHit) => {
    const reply = hit.message.parent_id;
    open(hit.channel_id, {
      around: hit.message.seq,
      message: reply ?? hit.message.id,
      thread: reply ?? undefined,
    });
  };

  const context = useMemo<ChatContextValue>(
    () => ({ me, people: people.data ?? [], byId: people.byId, presence }),
    [me, people.data, people.byId, presence],
  );

  const typingNames = active
    ? typingUsers(typing, active.id, now, me).map((userId) => nameOf(people.byId, userId) ?? 'Someone')
    : [];

  const openChannel = (channel: ChannelView) => open(channel.id);
  const openThread = (message: MessageView) => setParam(THREAD, message.id);
  const closeThread = () => setParam(THREAD, null);

  let main;
  if (channels.isPending) {
    main = (
      <Center className={classes.main}>
        <Loader aria-label="Loading channels" />
      </Center>
    );
  } else if (channels.isError) {
    main = (
      <Stack className={classes.main} p="md">
        <QueryError
          title="The channels could not be loaded"
          error={channels.error}
          onRetry={() => void channels.refetch()}
        />
      </Stack>
    );
  } else if (active) {
    main = (
      <Conversation
        key={active.id}
        channel={active}
        around={around}
        highlightId={highlightId}
        onJumpToLatest={() => setParam(AROUND, null)}
        onOpenThread={openThread}
        typing={typingNames}
        companyAdmin={companyAdmin}
        onBack={isMobile ? () => open(null) : undefined}
        onLeft={() => open(null)}
      />
    );
  } else if (requested) {
    main = (
      <Center className={classes.main}>
        <EmptyNotice
          icon={IconMessageOff}
          title="This conversation is not available"
          description="It may have been removed, or you are no longer a member."
        >
          <Button variant="light" onClick={() => open(null)}>
            Back to channels
          </Button>
        </EmptyNotice>
      </Center>
    );
  } else {
    main = (
      <Center className={classes.main}>
        <EmptyNotice
          icon={IconMessages}
          title="No channels yet"
          description="Start a channel for a team or a topic with New channel, or write to someone with New message."
        />
      </Center>
    );
  }

  const showSidebar = !isMobile || (!active && !requested);
  const showMain = !isMobile || active !== null || requested !== null;
  const sideThread = threadId !== null && active !== null && !isMobile;
  const pageClass = [classes.page, sideThread ? classes.withThread : '', isMobile ? classes.mobile : '']
    .filter(Boolean)
    .join(' ');

  return (
    <ChatContext.Provider value={context}>
      <div className={pageClass} data-testid="chat-page">
        {showSidebar && (
          <ChannelSidebar
            channels={list}
            activeId={active?.id ?? null}
            onOpen={(channelId) => open(channelId)}
            onNewChannel={() => newChannel.open(null)}
            onNewMessage={() => newMessage.open(null)}
            onBrowse={() => browse.open(null)}
            search={search}
            onSearch={setSearch}
            onOpenHit={openHit}
          />
        )}
        {showMain && main}
        {sideThread && active && threadId && (
          <ThreadPanel key={threadId} channel={active} rootId={threadId} onClose={closeThread} />
        )}
      </div>
      {isMobile && (
        <Drawer
          opened={threadId !== null && active !== null}
          onClose={closeThread}
          position="right"
          size="100%"
          title="Thread"
        >
          {active && threadId && (
            <ThreadPanel key={threadId} channel={active} rootId={threadId} onClose={closeThread} inDrawer />
          )}
        </Drawer>
      )}
      <NewChannelDialog key={`channel:${newChannel.key}`} {...newChannel.props} onCreated={openChannel} />
      <NewMessageDialog key={`direct:${newMessage.key}`} {...newMessage.props} onOpened={openChannel} />
      <BrowseChannelsDialog {...browse.props} channels={sections.browsable} onOpen={openChannel} />
    </ChatContext.Provider>
  );
}
