//! What the plugin answers, parses and pushes (realtime payloads too), rendered for the
//! remote into `modules-web/chat/src/generated.ts` by `typescript.rs`. Times are unix
//! seconds.

use serde::{Deserialize, Serialize};

/// What a channel is: open to the company, invited members only, or a conversation
/// between a fixed set of people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum ChannelKind {
    Public,
    Private,
    Direct,
}

impl ChannelKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ChannelKind::Public => "public",
            ChannelKind::Private => "private",
            ChannelKind::Direct => "direct",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "public" => Some(ChannelKind::Public),
            "private" => Some(ChannelKind::Private),
            "direct" => Some(ChannelKind::Direct),
            _ => None,
        }
    }
}

/// A channel as the caller sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ChannelView {
    pub id: String,
    pub kind: ChannelKind,
    /// `""` for a direct channel: the remote shows the other members' names.
    pub name: String,
    pub topic: String,
    pub archived: bool,
    pub member_ids: Vec<String>,
    /// The caller is a member (public channels are listed unjoined too).
    pub joined: bool,
    /// Messages after the caller's marker, not the caller's own, replies included.
    pub unread: i64,
    /// Of those, the ones mentioning the caller.
    pub mentions: i64,
    /// The caller's marker.
    pub last_read_seq: i64,
    /// The channel's latest message (0 when none).
    pub last_seq: i64,
    pub last_message_at: Option<i64>,
    /// Direct channels only: every member's marker (read receipts); empty otherwise.
    pub reads: Vec<ReadMarker>,
    pub created_by: String,
}

/// A member's read marker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ReadMarker {
    pub user_id: String,
    pub last_read_seq: i64,
}

/// A message (a top-level one or a thread reply).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MessageView {
    pub id: String,
    pub channel_id: String,
    /// Per channel 1, 2, 3...
    pub seq: i64,
    pub author_id: String,
    /// `""` when deleted. Mentions are `<@user_id>` tokens.
    pub text: String,
    /// The thread's root when this is a reply.
    pub parent_id: Option<String>,
    /// On a thread root: how many replies.
    pub reply_count: i64,
    pub last_reply_at: Option<i64>,
    /// The user ids mentioned.
    pub mentions: Vec<String>,
    pub reactions: Vec<Reaction>,
    pub file: Option<FileView>,
    pub edited: bool,
    pub deleted: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// One emoji and who reacted with it, in the order they did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Reaction {
    pub emoji: String,
    pub user_ids: Vec<String>,
}

/// A message's file, without its content (`GET /files/{id}` has that).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FileView {
    pub id: String,
    pub name: String,
    pub mime: String,
    pub size: i64,
    /// PNG, JPEG, GIF or WebP: the remote shows it inline.
    pub image: bool,
}

/// A search result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SearchHit {
    pub message: MessageView,
    pub channel_id: String,
    pub channel_name: String,
}

/// A heartbeat's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Status {
    Online,
    Away,
}

/// A user's presence: `offline` when the last heartbeat is older than 90 s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum PresenceStatus {
    Online,
    Away,
    Offline,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PresenceView {
    pub user_id: String,
    pub status: PresenceStatus,
}

/// A person of the company directory (`GET /people` answers the host's directory).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Person {
    pub user_id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub job_title: String,
}

// ---- request bodies ----

/// `POST /channels`: the creator is a member; `member_ids` are invited with them.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NewChannel {
    /// `public` or `private`.
    pub kind: ChannelKind,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub topic: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub member_ids: Option<Vec<String>>,
}

/// `POST /direct`: the other members (1 to 8); the caller is added.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NewDirect {
    pub user_ids: Vec<String>,
}

/// `PATCH /channels/{id}`: what changes.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ChannelChange {
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub name: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub topic: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub archived: Option<bool>,
}

/// `POST /channels/{id}/members`: the people invited.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Invite {
    pub user_ids: Vec<String>,
}

/// A file sent with a message, its content base64.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FileUpload {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub mime: String,
    pub data: String,
}

/// `POST /channels/{id}/messages`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NewMessage {
    #[serde(default)]
    pub text: String,
    /// A thread's root: this is a reply.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub parent_id: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub file: Option<FileUpload>,
}

/// `PATCH /messages/{id}`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MessageEdit {
    pub text: String,
}

/// `POST /messages/{id}/reactions`: toggles the caller's reaction.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ReactionToggle {
    pub emoji: String,
}

/// `POST /channels/{id}/read`: the marker moves to `seq` (default the channel's last), never
/// backwards.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ReadRequest {
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub seq: Option<i64>,
}

/// `POST /presence`: the heartbeat.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Heartbeat {
    pub status: Status,
}

// ---- answers ----

/// `GET /channels`: joined channels and the public ones not joined, archived last.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ChannelList {
    pub channels: Vec<ChannelView>,
}

/// `GET /channels/{id}/messages`: ascending `seq`, top-level messages only.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MessagePage {
    pub messages: Vec<MessageView>,
    /// Older messages exist before the first one.
    pub has_more: bool,
}

/// `GET /messages/{id}/thread`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Thread {
    pub root: MessageView,
    pub replies: Vec<MessageView>,
}

/// `GET /search`: newest first.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SearchResults {
    pub results: Vec<SearchHit>,
}

/// `GET /presence` and `POST /presence`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PresenceList {
    pub users: Vec<PresenceView>,
}

/// `GET /files/{id}` (`data` base64) and `GET /channels/{id}/export` (`data` the file's
/// text).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FileContent {
    pub name: String,
    pub mime: String,
    pub data: String,
}

/// `GET /badge`: the caller's unread total over joined channels.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Badge {
    pub count: i64,
}

/// `POST /channels/{id}/typing` and other answers without content.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Done {
    pub ok: bool,
}

// ---- realtime payloads (the remote hears `chat.<name>`) ----

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum MessageEventKind {
    Created,
    Edited,
    Deleted,
    Reaction,
}

/// `chat.message`, to the channel's members.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MessageEvent {
    pub event: MessageEventKind,
    pub message: MessageView,
}

/// `chat.channel`: the channel's members, name, topic or archive changed (to members and
/// ex-members): refetch the channel or the list.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ChannelEvent {
    pub channel_id: String,
}

/// `chat.read`, to the channel's members.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ReadEvent {
    pub channel_id: String,
    pub user_id: String,
    pub last_read_seq: i64,
}

/// `chat.typing`, to the other members: show "X is typing…" for 5 s.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TypingEvent {
    pub channel_id: String,
    pub user_id: String,
}

/// `chat.presence`, to everyone, when a status changes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PresenceEvent {
    pub user_id: String,
    pub status: PresenceStatus,
}
