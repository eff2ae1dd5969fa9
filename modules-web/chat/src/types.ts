/**
 * What the chat plugin's API answers, takes and pushes (`/api/m/chat/...`, plugins/chat/src).
 * Times are unix seconds. Its Rust types are generated (./generated.ts); the names the remote
 * reads them by are given here.
 */

export type {
  ChannelChange,
  ChannelEvent,
  ChannelKind,
  ChannelList,
  ChannelView,
  FileContent,
  FileUpload,
  FileView,
  Heartbeat,
  Invite,
  MessageEdit,
  MessageEvent,
  MessagePage,
  MessageView,
  NewChannel,
  NewDirect,
  NewMessage,
  PresenceEvent,
  PresenceList,
  PresenceStatus,
  PresenceView,
  Reaction,
  ReactionToggle,
  ReadRequest,
  ReadEvent,
  ReadMarker,
  SearchHit,
  SearchResults,
  Thread,
  TypingEvent,
} from './generated';

import type { FileContent } from './generated';

/** `GET /channels/{id}/export`: `data` is the file's text (not base64). */
export type ExportFile = FileContent;
