// Generated from Rust types by the test in plugins/chat/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-chat --lib generated_typescript_is_current

/**
 * What a channel is: open to the company, invited members only, or a conversation
 * between a fixed set of people.
 */
export type ChannelKind = "public" | "private" | "direct";

/**
 * A channel as the caller sees it.
 */
export type ChannelView = { id: string, kind: ChannelKind,
/**
 * `""` for a direct channel: the remote shows the other members' names.
 */
name: string, topic: string, archived: boolean, member_ids: Array<string>,
/**
 * The caller is a member (public channels are listed unjoined too).
 */
joined: boolean,
/**
 * Messages after the caller's marker, not the caller's own, replies included.
 */
unread: number,
/**
 * Of those, the ones mentioning the caller.
 */
mentions: number,
/**
 * The caller's marker.
 */
last_read_seq: number,
/**
 * The channel's latest message (0 when none).
 */
last_seq: number, last_message_at: number | null,
/**
 * Direct channels only: every member's marker (read receipts); empty otherwise.
 */
reads: Array<ReadMarker>, created_by: string, };

/**
 * A member's read marker.
 */
export type ReadMarker = { user_id: string, last_read_seq: number, };

/**
 * A message (a top-level one or a thread reply).
 */
export type MessageView = { id: string, channel_id: string,
/**
 * Per channel 1, 2, 3...
 */
seq: number, author_id: string,
/**
 * `""` when deleted. Mentions are `<@user_id>` tokens.
 */
text: string,
/**
 * The thread's root when this is a reply.
 */
parent_id: string | null,
/**
 * On a thread root: how many replies.
 */
reply_count: number, last_reply_at: number | null,
/**
 * The user ids mentioned.
 */
mentions: Array<string>, reactions: Array<Reaction>, file: FileView | null, edited: boolean, deleted: boolean, created_at: number, updated_at: number, };

/**
 * One emoji and who reacted with it, in the order they did.
 */
export type Reaction = { emoji: string, user_ids: Array<string>, };

/**
 * A message's file, without its content (`GET /files/{id}` has that).
 */
export type FileView = { id: string, name: string, mime: string, size: number,
/**
 * PNG, JPEG, GIF or WebP: the remote shows it inline.
 */
image: boolean, };

/**
 * A search result.
 */
export type SearchHit = { message: MessageView, channel_id: string, channel_name: string, };

/**
 * A heartbeat's status.
 */
export type Status = "online" | "away";

/**
 * A user's presence: `offline` when the last heartbeat is older than 90 s.
 */
export type PresenceStatus = "online" | "away" | "offline";

export type PresenceView = { user_id: string, status: PresenceStatus, };

/**
 * A person of the company directory (`GET /people` answers the host's directory).
 */
export type Person = { user_id: string, email: string, firstname: string, lastname: string, job_title: string, };

/**
 * `POST /channels`: the creator is a member; `member_ids` are invited with them.
 */
export type NewChannel = {
/**
 * `public` or `private`.
 */
kind: ChannelKind, name: string, topic?: string, member_ids?: Array<string>, };

/**
 * `POST /direct`: the other members (1 to 8); the caller is added.
 */
export type NewDirect = { user_ids: Array<string>, };

/**
 * `PATCH /channels/{id}`: what changes.
 */
export type ChannelChange = { name?: string, topic?: string, archived?: boolean, };

/**
 * `POST /channels/{id}/members`: the people invited.
 */
export type Invite = { user_ids: Array<string>, };

/**
 * A file sent with a message, its content base64.
 */
export type FileUpload = { name: string, mime: string, data: string, };

/**
 * `POST /channels/{id}/messages`.
 */
export type NewMessage = { text: string,
/**
 * A thread's root: this is a reply.
 */
parent_id?: string, file?: FileUpload, };

/**
 * `PATCH /messages/{id}`.
 */
export type MessageEdit = { text: string, };

/**
 * `POST /messages/{id}/reactions`: toggles the caller's reaction.
 */
export type ReactionToggle = { emoji: string, };

/**
 * `POST /channels/{id}/read`: the marker moves to `seq` (default the channel's last), never
 * backwards.
 */
export type ReadRequest = { seq?: number, };

/**
 * `POST /presence`: the heartbeat.
 */
export type Heartbeat = { status: Status, };

/**
 * `GET /channels`: joined channels and the public ones not joined, archived last.
 */
export type ChannelList = { channels: Array<ChannelView>, };

/**
 * `GET /channels/{id}/messages`: ascending `seq`, top-level messages only.
 */
export type MessagePage = { messages: Array<MessageView>,
/**
 * Older messages exist before the first one.
 */
has_more: boolean, };

/**
 * `GET /messages/{id}/thread`.
 */
export type Thread = { root: MessageView, replies: Array<MessageView>, };

/**
 * `GET /search`: newest first.
 */
export type SearchResults = { results: Array<SearchHit>, };

/**
 * `GET /presence` and `POST /presence`.
 */
export type PresenceList = { users: Array<PresenceView>, };

/**
 * `GET /files/{id}` (`data` base64) and `GET /channels/{id}/export` (`data` the file's
 * text).
 */
export type FileContent = { name: string, mime: string, data: string, };

/**
 * `GET /badge`: the caller's unread total over joined channels.
 */
export type Badge = { count: number, };

/**
 * `POST /channels/{id}/typing` and other answers without content.
 */
export type Done = { ok: boolean, };

export type MessageEventKind = "created" | "edited" | "deleted" | "reaction";

/**
 * `chat.message`, to the channel's members.
 */
export type MessageEvent = { event: MessageEventKind, message: MessageView, };

/**
 * `chat.channel`: the channel's members, name, topic or archive changed (to members and
 * ex-members): refetch the channel or the list.
 */
export type ChannelEvent = { channel_id: string, };

/**
 * `chat.read`, to the channel's members.
 */
export type ReadEvent = { channel_id: string, user_id: string, last_read_seq: number, };

/**
 * `chat.typing`, to the other members: show "X is typing…" for 5 s.
 */
export type TypingEvent = { channel_id: string, user_id: string, };

/**
 * `chat.presence`, to everyone, when a status changes.
 */
export type PresenceEvent = { user_id: string, status: PresenceStatus, };

/**
 * The most characters of a message.
 */
export const MAX_TEXT = 4000;

/**
 * The most characters of a channel name.
 */
export const MAX_NAME = 80;

/**
 * The most characters of a topic.
 */
export const MAX_TOPIC = 250;

/**
 * The most other people of a direct conversation.
 */
export const MAX_DIRECT_OTHERS = 8;

/**
 * The author id of the messages the Alerts module posts (no person's).
 */
export const ALERTS_AUTHOR = "module:alerts";

/**
 * How the Alerts module is shown as an author.
 */
export const ALERTS_NAME = "Alerts";

/**
 * The accepted file types: the extension, the MIME type sent for it and what the content must
 * look like (`@common/lib/files` checks a file against them).
 */
export const FILE_TYPES = [
  { extension: "pdf", mime: "application/pdf", content: { signature: [[37, 80, 68, 70, 45]] } },
  { extension: "png", mime: "image/png", content: { signature: [[137, 80, 78, 71, 13, 10, 26, 10]] } },
  { extension: "jpg", mime: "image/jpeg", content: { signature: [[255, 216, 255]] } },
  { extension: "jpeg", mime: "image/jpeg", content: { signature: [[255, 216, 255]] } },
  { extension: "gif", mime: "image/gif", content: { signature: [[71, 73, 70, 56, 55, 97], [71, 73, 70, 56, 57, 97]] } },
  { extension: "webp", mime: "image/webp", content: { riff: [87, 69, 66, 80] } },
  { extension: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", content: { signature: [[80, 75, 3, 4]] } },
  { extension: "xlsx", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", content: { signature: [[80, 75, 3, 4]] } },
  { extension: "pptx", mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", content: { signature: [[80, 75, 3, 4]] } },
  { extension: "txt", mime: "text/plain", content: "text" },
  { extension: "log", mime: "text/plain", content: "text" },
  { extension: "csv", mime: "text/csv", content: "text" },
  { extension: "json", mime: "application/json", content: "text" },
] as const;

/**
 * The largest file, in bytes.
 */
export const MAX_FILE_BYTES = 5242880;

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  TEXT_REQUIRED: "A message cannot be empty",
  TEXT_TOO_LONG: "A message may be at most 4,000 characters",
  NAME_REQUIRED: "A channel name is required",
  NAME_TOO_LONG: "A channel name may be at most 80 characters",
  NAME_TAKEN: "A channel with this name already exists",
  TOPIC_TOO_LONG: "A topic may be at most 250 characters",
  AUTHOR_ONLY: "Only the author can edit or delete a message",
  ARCHIVED: "This channel is archived",
  NOT_MEMBER: "You are not a member of this channel",
  EXPORT_ADMIN_ONLY: "Only company admins can export a channel",
  CHANNEL_NOT_FOUND: "Channel not found",
  MESSAGE_NOT_FOUND: "Message not found",
  KIND_REQUIRED: "A channel is public or private",
  DIRECT_SIZE: "Choose 1 to 8 people for a direct conversation",
  DIRECT_FIXED: "The people of a direct conversation cannot change",
  JOIN_PUBLIC_ONLY: "Only public channels can be joined",
  UNKNOWN_PERSON: "Someone chosen is not a member of the company",
  PEOPLE_REQUIRED: "Choose at least one person",
  MESSAGE_DELETED: "This message was deleted",
  REPLY_TO_ROOT: "Replies go to a thread's first message",
  EMOJI_INVALID: "Choose an emoji",
  QUERY_TOO_SHORT: "Search for at least 2 characters",
  EXPORT_FORMAT: "Export as json or csv",
  FILE_NAME_REQUIRED: "Please enter the file name",
  FILE_NAME_TOO_LONG: "File name must be at most 200 characters",
  TYPE_NOT_ACCEPTED: "This file type is not accepted",
  NOT_BASE64: "The file's content is not valid base64",
  TOO_BIG: "A file may be at most 5 MB",
  CONTENT_MISMATCH: "The file content does not match its type",
  FILE_NOT_FOUND: "File not found",
} as const;
