//! The realtime hub: messages for a company's signed-in users, streamed to browsers as
//! server-sent events (`GET /api/realtime`). A module pushes to its company channels
//! (`<module>.<channel>`), seen by users who may view the module; the host pushes new
//! notifications to their user, and tells the company when its people or a user's standing
//! changed.
//!
//! Why server-sent events and not WebSocket: the browser only listens here (anything it
//! says goes through the ordinary HTTP API, with its rights checks, rate limits and logs),
//! one stream per tab is all it needs, and SSE is plain HTTP: the bearer header, proxies
//! and the web SDK's reader keep working as they are.
//!
//! Fan-out is per company: each company keeps its open streams, and a message is offered
//! only to its own company's streams that may receive it. Each stream has a bounded queue;
//! one that fills up is dropped with a final `overloaded` event instead of memory growing.
//! Each company's messages are numbered (the SSE `id`) and its last [`hub::WINDOW`] kept
//! (at most [`hub::WINDOW_BYTES`]), so a client that reconnects with `Last-Event-ID` (or
//! `?after=`) gets what it missed, without loss or duplicates; past the window it is told
//! to `reset`. A task ends the streams of revoked or expired sessions within a second or
//! two (`ended`). A stream carries its session's rights from when it opened: a change of the
//! user's standing ends it with `refresh`, and the client comes back with the new rights.
//!
//! The numbering and the window belong to one host process (an id from another run or
//! instance resets). With `NATS_URL`, messages cross host instances ([`bus`]): each
//! instance delivers every instance's messages to its own streams.

pub mod bus;
pub mod hub;
pub mod sse;

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub use hub::{Audience, Ending, Listener};

use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::http::{AppState, Query};

/// The channel of a user's own notifications.
pub const NOTIFICATIONS: &str = "notifications";
/// A user's membership, role or rights changed: the shell reads them again (`GET /users/me`).
pub const SESSION: &str = "session";
/// The company's people changed (spec: the realtime write of user records): the shell reads
/// its user list again.
pub const DIRECTORY: &str = "directory";

/// The last event of a stream whose client did not keep up; it reconnects and resumes.
pub const OVERLOADED: &str = "overloaded";
/// The last event of a stream whose session ended (logout, deactivation).
pub const ENDED: &str = "ended";
/// The last event of a stream whose user's standing changed: it reconnects with the new
/// rights and resumes.
pub const REFRESH: &str = "refresh";
pub const REFRESH_REASON: &str = "Your rights changed";
/// The last event of every stream when the host shuts down: the client reconnects at once
/// (to another instance behind the proxy) and resumes or resets.
pub const RESTARTING: &str = "restarting";
pub const RESTARTING_REASON: &str = "The server is restarting";
/// The client's last id cannot be resumed from: it reloads what it shows.
pub const RESET: &str = "reset";
pub const OVERLOADED_REASON: &str = "The connection fell too far behind";
pub const ENDED_REASON: &str = "The session ended";
pub const RESET_REASON: &str = "Messages since the last one received are no longer available";
/// A request from another site's page.
pub const CROSS_ORIGIN: &str = "The realtime stream serves the portal's own pages only";

/// The largest payload a module may push, as JSON.
pub const MAX_PAYLOAD_BYTES: usize = 64 * 1024;
pub const PAYLOAD_TOO_LARGE: &str = "A realtime message may be at most 64 KB of JSON";

/// How often the host looks for revoked sessions.
const REVOCATION_CHECK: Duration = Duration::from_secs(1);
/// Seconds each look reaches back before the previous one: a revocation stamped just before
/// a look but committed after it, or a stream that opened just after its session was
/// revoked, is still seen.
const REVOCATION_OVERLAP_SECS: i64 = 2;

/// A payload over [`MAX_PAYLOAD_BYTES`].
#[derive(Debug, PartialEq, Eq)]
pub struct PayloadTooLarge;

#[derive(Clone, Default)]
pub struct Realtime {
    hub: Arc<hub::Hub>,
    /// With NATS: carries each message to the other host instances.
    bus: Option<bus::Bus>,
}

impl Realtime {
    /// In this process only.
    pub fn new() -> Self {
        Self::default()
    }

    /// Across the host instances on the NATS server at `url`.
    pub async fn across(url: &str) -> anyhow::Result<Self> {
        let hub = Arc::new(hub::Hub::default());
        let bus = bus::Bus::connect(url, hub.clone()).await?;
        Ok(Self { hub, bus: Some(bus) })
    }

    /// Delivers to this instance's streams, and through NATS to the other instances'; a
    /// change of `standing` as [`hub::Hub::publish_standing`] does.
    fn send(&self, company_id: &str, audience: Audience, channel: &str, data: String, standing: bool) -> usize {
        if let Some(bus) = &self.bus {
            bus.send(company_id, audience.clone(), channel, data.clone(), standing);
        }
        if standing {
            self.hub.publish_standing(company_id, audience, channel, data)
        } else {
            self.hub.publish(company_id, audience, channel, data)
        }
    }

    /// Ends this instance's streams for a shutdown ([`hub::Hub::close`]); answers how many.
    pub fn close(&self) -> usize {
        self.hub.close()
    }

    /// A module's message on `channel` to the users of the company whose rights let them
    /// view the module (`rights_key`): all of them, or those among `users` when it names
    /// any. Answers how many of this instance's streams it was queued for.
    pub fn publish(
        &self,
        company_id: &str,
        channel: &str,
        rights_key: &str,
        payload: &Value,
        users: &[String],
    ) -> std::result::Result<u64, PayloadTooLarge> {
        let data = json(payload);
        if data.len() > MAX_PAYLOAD_BYTES {
            return Err(PayloadTooLarge);
        }
        let audience = if users.is_empty() {
            Audience::Viewers(rights_key.into())
        } else {
            Audience::ViewersAmong { rights_key: rights_key.into(), users: users.iter().cloned().collect() }
        };
        Ok(self.send(company_id, audience, channel, data, false) as u64)
    }

    /// A new bell notification for one user.
    pub fn notify_user(&self, company_id: &str, user_id: &str, message: &str, link: Option<&str>, now: i64) {
        let payload = serde_json::json!({ "message": message, "link": link, "createdAt": crate::clock::iso8601(now) });
        self.send(company_id, Audience::User(user_id.into()), NOTIFICATIONS, json(&payload), false);
    }

    /// Tells one user their standing in the company changed; their open streams reconnect
    /// with the new rights.
    pub fn session_changed(&self, company_id: &str, user_id: &str) {
        self.send(company_id, Audience::User(user_id.into()), SESSION, json(&Value::Null), true);
    }

    /// Tells every user of the company that their standing changed with the company's own
    /// (its edition, its currency); their open streams reconnect with the new rights.
    pub fn company_changed(&self, company_id: &str) {
        self.send(company_id, Audience::Everyone, SESSION, json(&Value::Null), true);
    }

    /// Tells the company's users that its people changed: who is in it, their names or
    /// pictures.
    pub fn directory_changed(&self, company_id: &str) {
        self.send(company_id, Audience::Everyone, DIRECTORY, json(&Value::Null), false);
    }
}

fn json(payload: &Value) -> String {
    serde_json::to_string(payload).unwrap_or_else(|_| "null".into())
}

/// A person's name, e-mail or picture changed: every company they are an active member of
/// reads its user list again.
pub async fn person_changed(state: &AppState, user_id: &str) -> Result<()> {
    for seat in crate::storage::memberships::active_seats(&state.db, user_id).await? {
        state.realtime.directory_changed(&seat.company_id);
    }
    Ok(())
}

/// Every second: forgets the windows of companies long without a stream, and while streams
/// are open, ends the streams of sessions that expired, and of the sessions revoked since
/// the last look (logout, a deactivated member, person or company, a password change), with
/// one query for the whole host.
pub async fn follow_revocations(state: AppState) {
    let mut tick = tokio::time::interval(REVOCATION_CHECK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut since = state.clock.now();
    loop {
        tick.tick().await;
        let now = state.clock.now();
        state.realtime.hub.forget_idle();
        if state.realtime.hub.is_idle() {
            since = now;
            continue;
        }
        state.realtime.hub.end_expired(now);
        match crate::storage::sessions::revoked_since(&state.db, since - REVOCATION_OVERLAP_SECS).await {
            Ok(revoked) => {
                state.realtime.hub.end_sessions(&revoked, Ending::Revoked);
                since = now;
            }
            Err(err) => tracing::warn!(error = %err, "reading revoked sessions failed"),
        }
    }
}

/// Whether a request's `Origin` is the portal's own: the origin of `public_url`, or the
/// scheme's host and port the request was sent to (`Host`).
pub fn same_origin(origin: &str, public_url: &str, host: Option<&str>) -> bool {
    let Ok(origin) = url::Url::parse(origin) else { return false };
    if !matches!(origin.scheme(), "http" | "https") {
        return false;
    }
    let serialized = origin.origin().ascii_serialization();
    if url::Url::parse(public_url).is_ok_and(|own| own.origin().ascii_serialization() == serialized) {
        return true;
    }
    let (Some(host), Some(origin_host)) = (host, origin.host_str()) else { return false };
    let authority = match origin.port() {
        Some(port) => format!("{origin_host}:{port}"),
        None => origin_host.to_string(),
    };
    authority.eq_ignore_ascii_case(host.trim())
}

/// Refuses (403) a request that another site's page sent: its `Origin` is not the
/// portal's. A request without `Origin` (same-origin GET, curl) passes.
pub struct SameOrigin;

impl FromRequestParts<AppState> for SameOrigin {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {
        let Some(origin) = parts.headers.get(axum::http::header::ORIGIN) else { return Ok(Self) };
        let host = parts.headers.get(axum::http::header::HOST).and_then(|value| value.to_str().ok());
        match origin.to_str() {
            Ok(origin) if same_origin(origin, &state.config.public_url, host) => Ok(Self),
            _ => Err(Error::Forbidden(CROSS_ORIGIN.into())),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
struct Resume {
    /// The id of the last event received, to resume after (as the `Last-Event-ID` header,
    /// which wins when both are sent).
    after: Option<String>,
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stream))
}

/// One server-sent event as a client's parser reads it, for the API document (the host
/// writes events as bytes: [`sse::frame`]).
#[derive(ToSchema)]
pub struct StreamEvent {
    /// The event's number, to resume from with `Last-Event-ID`.
    pub id: Option<String>,
    /// The channel (`notifications`, `<module>.<channel>`) or the stream's own (`reset`,
    /// `overloaded`, `ended`, `refresh`, `restarting`).
    pub event: Option<String>,
    /// The payload: JSON for messages, a sentence for the stream's own events.
    pub data: Option<String>,
}

/// The caller's live messages as server-sent events: `id` numbers them per company,
/// `event` is the channel, `data` the JSON payload. With `Last-Event-ID` (or `after`) the
/// stream first replays what the caller missed since, or sends `reset` when it cannot.
/// It ends with `overloaded` when the caller does not keep up, with `ended` when the
/// session is revoked or expires, with `refresh` when the user's standing changed (the
/// client reconnects with the new rights and resumes).
#[utoipa::path(get, path = "/realtime", tag = "realtime", security(("bearer" = [])),
    params(Resume, ("Last-Event-ID" = Option<String>, Header, description = "The id of the last event received")),
    responses((status = 200, description = "Server-sent events, until the session ends or the host stops",
        content_type = "text/event-stream", body = StreamEvent), (status = 401, body = crate::http::Message),
        (status = 403, body = crate::http::Message, description = "Another site's page (Origin)")))]
async fn stream(
    State(state): State<AppState>,
    _origin: SameOrigin,
    user: CurrentUser,
    headers: HeaderMap,
    Query(resume): Query<Resume>,
) -> Response {
    let last_id =
        headers.get("last-event-id").and_then(|value| value.to_str().ok()).map(str::to_string).or(resume.after);
    let listener = Listener {
        company_id: user.company_id,
        user_id: user.user_id,
        session_id: user.session_id,
        rights: Arc::new(user.rights),
        expires_at: user.expires_at,
    };
    let mut subscription = state.realtime.hub.subscribe(listener, last_id.as_deref());
    let opening = opening(&mut subscription);
    let keep_alive = tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
    let live = Live { opening: Some(opening), subscription, keep_alive, done: false };
    let chunks = futures_util::stream::unfold(live, |mut live| async move {
        if let Some(opening) = live.opening.take() {
            return Some((Ok::<_, Infallible>(opening), live));
        }
        if live.done {
            return None;
        }
        let chunk = tokio::select! {
            biased;
            ending = &mut live.subscription.ending => {
                live.done = true;
                let ending = ending.ok()?;
                let mut out = Vec::new();
                if ending == Ending::Refresh {
                    // What was queued under the old rights goes first, in order.
                    while let Ok(message) = live.subscription.messages.try_recv() {
                        out.extend_from_slice(&message.frame);
                    }
                }
                out.extend_from_slice(&ending_frame(ending));
                Bytes::from(out)
            }
            message = live.subscription.messages.recv() => batch(&*message?, &mut live.subscription.messages),
            _ = live.keep_alive.tick() => sse::KEEP_ALIVE,
        };
        Some((Ok(chunk), live))
    });
    let headers = [(header::CONTENT_TYPE, "text/event-stream"), (header::CACHE_CONTROL, "no-cache")];
    (headers, Body::from_stream(chunks)).into_response()
}

/// How often an idle stream sends a comment, so that it and the proxies on the way stay open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// The most bytes one write carries when messages queued up.
const BATCH_BYTES: usize = 64 * 1024;

/// `first` and whatever else is queued already, up to [`BATCH_BYTES`], as one write: a
/// burst costs a stream one wake-up and one write, not one per message. A lone message's
/// frame is sent as it is, without a copy.
fn batch(first: &hub::Message, queued: &mut tokio::sync::mpsc::Receiver<Arc<hub::Message>>) -> Bytes {
    let Ok(second) = queued.try_recv() else { return first.frame.clone() };
    let mut out = Vec::with_capacity(first.frame.len() * 4);
    out.extend_from_slice(&first.frame);
    out.extend_from_slice(&second.frame);
    while out.len() < BATCH_BYTES {
        let Ok(next) = queued.try_recv() else { break };
        out.extend_from_slice(&next.frame);
    }
    Bytes::from(out)
}

struct Live {
    opening: Option<Bytes>,
    subscription: hub::Subscription,
    keep_alive: tokio::time::Interval,
    done: bool,
}

/// What a stream sends before live messages: the missed ones, or `reset`; and the latest
/// id (an event without data only sets the client's last id), so a client that
/// reconnects before any message arrives still resumes.
fn opening(subscription: &mut hub::Subscription) -> Bytes {
    let latest = subscription.latest.clone();
    match std::mem::replace(&mut subscription.start, hub::Start::Now) {
        hub::Start::Reset => sse::frame(Some(&latest), Some(RESET), Some(RESET_REASON)),
        hub::Start::Now => sse::frame(Some(&latest), None, None),
        hub::Start::Resume(missed) => {
            let mut out = Vec::new();
            for message in &missed {
                out.extend_from_slice(&message.frame);
            }
            if missed.last().map(|message| message.id.as_str()) != Some(latest.as_str()) {
                out.extend_from_slice(&sse::frame(Some(&latest), None, None));
            }
            Bytes::from(out)
        }
    }
}

fn ending_frame(ending: Ending) -> Bytes {
    match ending {
        Ending::Overloaded => sse::frame(None, Some(OVERLOADED), Some(OVERLOADED_REASON)),
        Ending::Revoked => sse::frame(None, Some(ENDED), Some(ENDED_REASON)),
        Ending::Refresh => sse::frame(None, Some(REFRESH), Some(REFRESH_REASON)),
        Ending::Restarting => sse::frame(None, Some(RESTARTING), Some(RESTARTING_REASON)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_portal_s_own_origin_passes_and_others_do_not() {
        let public = "https://portal.example.com";
        assert!(same_origin("https://portal.example.com", public, None));
        assert!(same_origin("https://portal.example.com:443", public, None));
        assert!(same_origin("http://127.0.0.1:8080", public, Some("127.0.0.1:8080")));
        assert!(same_origin("http://LOCALHOST:8080", public, Some("localhost:8080")));
        assert!(!same_origin("http://portal.example.com", public, None), "another scheme");
        assert!(!same_origin("https://evil.example.com", public, Some("portal.example.com")));
        assert!(!same_origin("https://portal.example.com.evil.net", public, None));
        assert!(!same_origin("http://127.0.0.1:9090", public, Some("127.0.0.1:8080")));
        assert!(!same_origin("null", public, Some("portal.example.com")));
        assert!(!same_origin("file:///tmp/x", public, None));
    }

    #[test]
    fn a_module_payload_over_the_cap_is_refused() {
        let realtime = Realtime::new();
        let small = serde_json::json!({ "text": "x".repeat(100) });
        assert_eq!(realtime.publish("c", "crud.board", "process", &small, &[]), Ok(0));
        let large = serde_json::json!({ "text": "x".repeat(MAX_PAYLOAD_BYTES) });
        assert_eq!(realtime.publish("c", "crud.board", "process", &large, &[]), Err(PayloadTooLarge));
    }
}
