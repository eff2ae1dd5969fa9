//! Host services besides storage: bell notifications, mail, events, realtime messages,
//! the company's user directory, jobs, outbound webhooks and the system log. Each but the
//! log needs its capability granted at installation; the host answers 403 otherwise,
//! which `?` passes on.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::abi;
use crate::wire::HostFunction;
use crate::wire::HostReply;
use crate::wire::host::{
    DirectoryEntry, DirectoryQuery, Done, Ingest, IngestBackground, IngestReport, IngestTicket, Job, JobsOp, Log,
    LogLevel, Mail, Notify, Publish, Realtime, UsersIn, Webhook, WebhookDelivery, WebhookOp, WebhookSent,
};
use crate::wire::members::MembersOp;
use crate::{Error, Result};

/// Writes a line to the portal's system log, where administrators see it with the module,
/// the company and the request. Rate-limited per company: answers whether it was written.
/// A panic's message is logged this way by itself before the call fails.
pub fn log(level: LogLevel, message: impl Into<String>) -> Result<bool> {
    call::<_, Done>(HostFunction::Log, &Log { level, message: message.into() }).map(|done| done.count > 0)
}

/// Sends a bell notification to users of the company; answers how many were reached.
pub fn notify(notification: &Notify) -> Result<Done> {
    call(HostFunction::Notify, notification)
}

/// Sends one of the module's mail templates to users of the company.
pub fn mail(mail: &Mail) -> Result<Done> {
    call(HostFunction::Mail, mail)
}

/// Publishes the event `name` (`<module>.<name>`, declared in the manifest) to its
/// subscribers in the company.
pub fn publish<T: Serialize + ?Sized>(name: &str, payload: &T) -> Result<Done> {
    call(HostFunction::Publish, &Publish { name: name.to_string(), payload: encode(payload)? })
}

/// Sends a live message to the company channel `<module>.<channel>`, for every user who
/// may view the module.
pub fn realtime<T: Serialize + ?Sized>(channel: &str, payload: &T) -> Result<Done> {
    realtime_to(channel, payload, &[])
}

/// Sends a live message on `<module>.<channel>` to these users only (those of them who may
/// view the module); to everyone when `users` is empty. At most
/// [`crate::wire::host::MAX_REALTIME_USERS`] users.
pub fn realtime_to<T: Serialize + ?Sized>(channel: &str, payload: &T, users: &[String]) -> Result<Done> {
    let message =
        Realtime { channel: channel.to_string(), payload: encode(payload)?, users: users.to_vec(), users_in: None };
    call(HostFunction::Realtime, &message)
}

/// Sends a live message on `<module>.<channel>` to the users that `users_in` names (those
/// of them who may view the module): the host reads them, so a channel of thousands costs
/// the plugin no read. None found is nobody.
pub fn realtime_to_users_in<T: Serialize + ?Sized>(channel: &str, payload: &T, users_in: UsersIn) -> Result<Done> {
    let message = Realtime {
        channel: channel.to_string(),
        payload: encode(payload)?,
        users: Vec::new(),
        users_in: Some(users_in),
    };
    call(HostFunction::Realtime, &message)
}

/// Lists users of the company (all when `query.user_ids` is empty).
pub fn directory(query: &DirectoryQuery) -> Result<Vec<DirectoryEntry>> {
    call(HostFunction::Directory, query)
}

/// Reads or changes the company's members, invitations and roles (see
/// [`crate::wire::members`] for what each operation answers). The host checks the calling
/// person's own rights: 403 unless they may view the module, or administer the company
/// for a change.
pub fn members<O: DeserializeOwned>(op: &MembersOp) -> Result<O> {
    call(HostFunction::Members, op)
}

/// Stores records in an ingestion stream, by its collection's key: the module's own
/// (`"runs"`) or another module's granted with `ingest:` (`"bots.runs"`). Refused records
/// are listed in the report; the others are stored.
pub fn ingest(stream: &str, records: Vec<serde_json::Value>) -> Result<IngestReport> {
    call(HostFunction::Ingest, &Ingest { stream: stream.to_string(), records })
}

/// Starts storing records as [`ingest`] does, without waiting: the host stores them while
/// the plugin goes on (reads and maps its next page), and [`PendingIngest::wait`] answers
/// the report. At most [`crate::wire::host::MAX_BACKGROUND_INGESTS`] run at once per call;
/// the call ends only after its stores, and one that failed unread fails the call.
pub fn ingest_start(stream: &str, records: Vec<serde_json::Value>) -> Result<PendingIngest> {
    let start = IngestBackground::Start(Ingest { stream: stream.to_string(), records });
    call::<_, IngestTicket>(HostFunction::IngestBackground, &start)
        .map(|ticket| PendingIngest { ticket: ticket.ticket })
}

/// A store [`ingest_start`] began.
#[derive(Debug)]
#[must_use = "a store's report says which records were refused"]
pub struct PendingIngest {
    ticket: u32,
}

impl PendingIngest {
    /// Waits for the store to end and answers its report (or its error).
    pub fn wait(self) -> Result<IngestReport> {
        let wait: IngestBackground = IngestBackground::Wait { ticket: self.ticket };
        call(HostFunction::IngestBackground, &wait)
    }
}

/// Starts the job `name` (declared in `capabilities.jobs`) with `input`; with a `key`, 409
/// while another job of the module with that key runs in the company.
pub fn start_job(name: &str, input: serde_json::Value, key: Option<&str>) -> Result<Job> {
    call(HostFunction::Jobs, &JobsOp::Start { name: name.into(), input, key: key.map(str::to_string) })
}

/// One of the module's jobs; 404 when the company has none with this id.
pub fn job(id: &str) -> Result<Job> {
    call(HostFunction::Jobs, &JobsOp::Get { id: id.into() })
}

/// The module's jobs, newest first (those named `name` when given), at most `limit`.
pub fn jobs(name: Option<&str>, limit: u32) -> Result<Vec<Job>> {
    call(HostFunction::Jobs, &JobsOp::List { name: name.map(str::to_string), limit })
}

/// Asks a running job to stop after its current step.
pub fn cancel_job(id: &str) -> Result<Job> {
    call(HostFunction::Jobs, &JobsOp::Cancel { id: id.into() })
}

/// Sends `webhook.payload` as a signed POST to `webhook.url`: the host stores the delivery
/// and answers its id at once, then sends it in the background, trying again with backoff
/// until a 2xx answer (at most [`crate::wire::host::WEBHOOK_ATTEMPTS`] attempts). 400 for a
/// URL that is not http(s) or carries credentials, 403 for a host the operator does not
/// allow, 413 for a payload over 64 KB of JSON.
pub fn webhook(webhook: &Webhook) -> Result<WebhookSent> {
    call(HostFunction::Webhook, &WebhookOp::Send(webhook.clone()))
}

/// How a delivery [`webhook`] started stands; 404 when the module has none with this id in
/// the company.
pub fn webhook_status(id: &str) -> Result<WebhookDelivery> {
    call(HostFunction::Webhook, &WebhookOp::Get { id: id.into() })
}

fn encode<T: Serialize + ?Sized>(value: &T) -> Result<serde_json::Value> {
    serde_json::to_value(value).map_err(|err| Error::internal(format!("cannot encode the payload: {err}")))
}

/// Calls a host function with `input` as JSON and decodes its `HostReply<O>`.
pub(crate) fn call<I: Serialize + ?Sized, O: DeserializeOwned>(function: HostFunction, input: &I) -> Result<O> {
    let input = serde_json::to_vec(input)
        .map_err(|err| Error::internal(format!("cannot encode the {} call: {err}", function.name())))?;
    let answer = abi::call(function, &input)?;
    match serde_json::from_slice::<HostReply<O>>(&answer) {
        Ok(HostReply::Ok(value)) => Ok(value),
        Ok(HostReply::Error(err)) => Err(err.into()),
        Err(err) => Err(Error::new(502, format!("the host's {} answer is malformed: {err}", function.name()))),
    }
}
