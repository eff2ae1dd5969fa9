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

    /// 403 when a call acting for a person reads another module's records (or figures
    /// through `read:`) and the person's rights do not open that module, `owner` by name.
    pub fn rights_refusal(owner: &str) -> Self {
        Self::new(403, format!("{RIGHTS_REFUSAL}{owner}, whose data this needs"))
    }

    /// Whether this is a [`HostError::rights_refusal`].
    pub fn is_rights_refusal(status: u16, message: &str) -> bool {
        status == 403 && message.starts_with(RIGHTS_REFUSAL) && message.ends_with(", whose data this needs")
    }
}

/// How a [`HostError::rights_refusal`] begins.
const RIGHTS_REFUSAL: &str = "Your rights do not allow ";

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
    /// The page the notification opens when clicked: an in-app path with its query, such as
    /// `/TicketManagement?ticket=<id>` (at most [`MAX_NOTIFICATION_LINK`] characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// The longest link a notification may carry.
pub const MAX_NOTIFICATION_LINK: usize = 512;

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

/// The most records one `ingest` call takes.
pub const MAX_INGEST_RECORDS: usize = 10_000;

/// `ingest`: records into an ingestion stream (a manifest's `[ingest.<stream>]`), stored by
/// the collection's key exactly as the ingestion API stores them, so re-sending a record
/// replaces it. `stream` is the module's own (`runs`) or another module's granted with
/// `ingest:<module>.<stream>` (`bots.runs`). `R` is how the records are held: parsed (a
/// plugin builds them), or as JSON text that the host parses on the thread that stores them.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Ingest<R = Vec<Value>> {
    pub stream: String,
    pub records: R,
}

/// What a batch came to: `ingest`'s answer, and the ingestion API's.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct IngestReport {
    /// Records in the batch (lines, for NDJSON).
    pub received: usize,
    /// Records stored (new or replacing the one with their key).
    pub stored: usize,
    /// One entry per refused record: `index` (0-based position), `message`, and the
    /// record's key under the key field's name when it had one.
    pub errors: Vec<Map<String, Value>>,
}

/// Background stores one plugin call may have running at once.
pub const MAX_BACKGROUND_INGESTS: usize = 2;

/// `ingest_background`: [`Ingest`] without waiting, so a plugin reads and maps its next
/// page while the host stores the last. `start` checks the stream and answers at once with
/// an [`IngestTicket`]; `wait` answers that store's [`IngestReport`]. The call that started
/// a store ends only after it: one that failed and was never waited for fails the call.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum IngestBackground<R = Vec<Value>> {
    Start(Ingest<R>),
    Wait { ticket: u32 },
}

/// A background store of the calling plugin call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct IngestTicket {
    pub ticket: u32,
}

/// `jobs`: long work the host drives a step at a time (see [`crate::JobStep`]): an import,
/// a back-fill. The host keeps each job's state between steps, runs it on whichever host
/// instance is free, resumes it after a restart, and pushes each change of a job to the
/// module's viewers on the realtime channel `<module>.jobs`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum JobsOp {
    /// Starts a job named in the manifest's `capabilities.jobs`. With a `key`, at most one
    /// job of the module with that key runs at a time in the company (409 otherwise).
    Start {
        name: String,
        #[serde(default)]
        input: Value,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
    },
    Get {
        id: String,
    },
    /// The module's jobs, newest first (those named `name` when given).
    List {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default = "default_jobs_listed")]
        limit: u32,
    },
    /// Asks a running job to stop: no step follows the one running now, and a last call
    /// with `cancelled` records how far it got.
    Cancel {
        id: String,
    },
}

fn default_jobs_listed() -> u32 {
    20
}

/// The most jobs one `list` answers.
pub const MAX_JOBS_LISTED: u32 = 100;

/// A job as the host keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Job {
    pub id: String,
    pub name: String,
    pub key: Option<String>,
    pub status: JobStatus,
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub input: Value,
    /// The last step's `progress`.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub progress: Value,
    /// Steps done.
    pub steps: u32,
    /// Why the job failed, or why its last step did (the step is tried again).
    pub error: Option<String>,
    /// Who started it; null for a job a schedule or event started.
    pub started_by: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum JobStatus {
    Running,
    /// Cancelled while a step ran: stops after it.
    Cancelling,
    Done,
    Failed,
    Cancelled,
}

/// `webhook`: a signed POST to an outside address, which the host stores and sends in the
/// background (retried with backoff), or a delivery's state. The operator lists the hosts
/// a webhook may reach; the secret signs every attempt and is never answered back.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum WebhookOp {
    /// Stores the delivery and answers a [`WebhookSent`] at once.
    Send(Webhook),
    /// A delivery of the module in the company, as a [`WebhookDelivery`].
    Get { id: String },
}

/// A webhook to send: `payload` as the JSON body of a POST to `url`, signed with `secret`
/// (`x-autoscope-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`).
#[derive(Clone, Serialize, Deserialize)]
pub struct Webhook {
    /// `http` or `https`, without credentials, on a host the operator allows.
    pub url: String,
    /// 1 to [`MAX_WEBHOOK_SECRET_CHARS`] characters, shared with the receiver.
    pub secret: String,
    /// At most [`MAX_WEBHOOK_PAYLOAD_BYTES`] of JSON.
    #[serde(default)]
    pub payload: Value,
}

impl std::fmt::Debug for Webhook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret stays out of logs and panic messages.
        f.debug_struct("Webhook").field("url", &self.url).field("payload", &self.payload).finish_non_exhaustive()
    }
}

/// The most characters a webhook's secret may have.
pub const MAX_WEBHOOK_SECRET_CHARS: usize = 200;
/// The most bytes of JSON a webhook's payload may hold.
pub const MAX_WEBHOOK_PAYLOAD_BYTES: usize = 64 << 10;
/// Attempts of one delivery before it fails.
pub const WEBHOOK_ATTEMPTS: u32 = 6;

/// What `send` answers: the delivery's id, for `get`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebhookSent {
    pub id: String,
}

/// A delivery as the host keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebhookDelivery {
    pub id: String,
    pub url: String,
    pub status: WebhookStatus,
    /// Attempts made so far (at most [`WEBHOOK_ATTEMPTS`]).
    pub attempts: u32,
    /// The HTTP status of the last attempt; null before one, or when it got no answer.
    pub last_status: Option<u16>,
    /// Why the last attempt failed; null after a success.
    pub last_error: Option<String>,
    pub created_at: i64,
    pub delivered_at: Option<i64>,
    /// When the next attempt is due, while the delivery is pending.
    pub next_attempt_at: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WebhookStatus {
    /// Not sent yet, or to be tried again.
    Pending,
    /// A 2xx answer came.
    Delivered,
    /// Every attempt failed.
    Failed,
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
    /// Administers the company (company-wide settings, alerts meant for its admins).
    #[serde(default)]
    pub company_admin: bool,
}

/// What `directory` answers.
pub type Directory = Vec<DirectoryEntry>;

/// A line for the portal's system log (`log`), which the host tags with the module, the
/// company and the request; no grant needed. A module writes at most
/// [`LOG_LINES_PER_MINUTE`] a minute per company (the rest are dropped, and `Done.count`
/// is 0), each cut to [`MAX_LOG_CHARS`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Log {
    pub level: LogLevel,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    Info,
    Warn,
    Error,
}

pub const LOG_LINES_PER_MINUTE: u32 = 30;
pub const MAX_LOG_CHARS: usize = 2_000;

/// What `notify`, `mail` and `publish` answer: how many users or subscribed modules
/// were reached (`realtime`: 1, the message went to the hub).
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Done {
    pub count: u64,
}
