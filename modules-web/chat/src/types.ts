/**
 * What the chat plugin's API answers (`/api/m/chat/...`, plugins/chat/src). Times are unix seconds.
 * The views are generated from its Rust types (./generated.ts); the answers that wrap them are written here.
 */

import type { ChannelView, MessageView } from './generated';

export type { ChannelView, MessageView };

export type ChannelKind = ChannelView['kind'];
export type Reaction = MessageView['reactions'][number];
export type FileView = NonNullable<MessageView['file']>;
export type ReadMarker = ChannelView['reads'][number];

/** `GET /channels`. */
export interface ChannelList {
  channels: ChannelView[];
}

/** `GET /channels/{id}/messages`: top-level messages in ascending seq. */
export interface MessagePage {
  messages: MessageView[];
  has_more: boolean;
}

/** `GET /messages/{id}/thread`. */
export interface ThreadAnswer {
  root: MessageView;
  replies: MessageView[];
}

/** One result of `GET /search`. */
export interface SearchHit {
  message: MessageView;
  channel_id: string;
  channel_name: string;
}

export type PresenceStatus = 'online' | 'away' | 'offline';

export interface PresenceView {
  user_id: string;
  status: PresenceStatus;
}

/** `GET /files/{id}`: the content base64. */
export interface FileContent {
  name: string;
  mime: string;
  data: string;
}

/** `GET /channels/{id}/export`: the file's text (not base64). */
export interface ExportFile {
  name: string;
  mime: string;
  data: string;
}

/** A file sent with a message. */
export interface FileUpload {
  name: string;
  mime: string;
  /** base64 */
  data: string;
}

/** The realtime pushes, as `chat.<name>` carries them. */
export interface MessageEvent {
  event: 'created' | 'edited' | 'deleted' | 'reaction';
  message: MessageView;
}
export interface ChannelEvent {
  channel_id: string;
}
export interface ReadEvent {
  channel_id: string;
  user_id: string;
  last_read_seq: number;
}
export interface TypingEvent {
  channel_id: string;
  user_id: string;
}
export interface PresenceEvent {
  user_id: string;
  status: PresenceStatus;
}
