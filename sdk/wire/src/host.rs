//! Calls from a plugin to the host. Every host function answers a [`HostReply`]; the
//! requests are in this module (storage's in [`crate::storage`]).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The answer of every host function: the value, or an error with the HTTP status a
/// plugin should pass on (403 capability not granted, 404, 409 version conflict, ...).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HostReply<T> {
    Ok(T),
    Error(HostError),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostError {
    pub status: u16,
    pub message: String,
}

impl HostError {
    pub fn new(status: u16, message: impl Into<String>) -> Self {
        Self { status, message: message.into() }
    }
}

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.status)
    }
}

impl std::error::Error for HostError {}

/// `notify`: a bell notification for users of the calling company.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Notify {
    pub user_ids: Vec<String>,
    pub message: String,
}

/// `mail`: a mail from one of the module's declared templates to users of the calling
/// company. Values fill the template's `{{name}}` placeholders (escaped in HTML).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Mail {
    pub template: String,
    pub user_ids: Vec<String>,
    #[serde(default)]
    pub values: Map<String, Value>,
}

/// `publish`: an event to every module subscribed to `name`, in the calling company.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Publish {
    pub name: String,
    #[serde(default)]
    pub payload: Value,
}

/// `realtime`: a message to the company channel `<module>.<channel>`, received live by
/// signed-in users of the company who may view the module: all of them, or only `users`
/// and those of `users_in` when either is given (the members of a private chat channel,
/// say). The host's work grows with the recipients, not with the company.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Realtime {
    pub channel: String,
    #[serde(default)]
    pub payload: Value,
    /// User ids; with no `users_in` either, empty is everyone who may view the module.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub users: Vec<String>,
    /// The users a collection names, read by the host: a large audience costs the plugin
    /// no read and no list of ids. None found (and no `users`) is nobody, never everyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub users_in: Option<UsersIn>,
}

/// The distinct values of the text field `field` in the records of `collection` (the
/// module's own, or one granted for reads) that match `filters`: the user ids of a chat
/// channel's members, say.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UsersIn {
    pub collection: String,
    #[serde(default)]
    pub filters: Vec<crate::storage::Filter>,
    pub field: String,
}

/// The most users one realtime message may name.
pub const MAX_REALTIME_USERS: usize = 10_000;

/// `directory`: the users of the calling company.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct DirectoryQuery {
    /// Only these users; all when empty.
    #[serde(default)]
    pub user_ids: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DirectoryEntry {
    pub user_id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub job_title: String,
    /// The person's time zone from their profile (IANA), when they chose one.
    #[serde(default)]
    pub time_zone: Option<String>,
}

/// What `directory` answers.
pub type Directory = Vec<DirectoryEntry>;

/// What `notify`, `mail` and `publish` answer: how many users or subscribed modules
/// were reached (`realtime`: 1, the message went to the hub).
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Done {
    pub count: u64,
}
