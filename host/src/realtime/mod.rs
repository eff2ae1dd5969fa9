//! The realtime hub: messages for a company's signed-in users, streamed to browsers as
//! server-sent events (`GET /api/realtime`). A module pushes to its company channels
//! (`<module>.<channel>`), seen by users who may view the module; the host pushes new
//! notifications to their user. In-process: one host instance.

use std::convert::Infallible;
use std::sync::Arc;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::Serialize;
use serde_json::Value;
use tokio::sync::broadcast;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::http::AppState;

/// The channel of a user's own notifications.
pub const NOTIFICATIONS: &str = "notifications";
/// A user's membership, role or rights changed: the shell reads them again (`GET /users/me`).
pub const SESSION: &str = "session";
/// The company's people changed (spec: the realtime write of user records): the shell reads
/// its user list again.
pub const DIRECTORY: &str = "directory";

/// Messages a slow browser may fall behind by before it misses some.
const BACKLOG: usize = 1024;

#[derive(Debug, Clone, Serialize)]
pub struct Message {
    #[serde(skip)]
    company_id: String,
    /// Only this user, when set.
    #[serde(skip)]
    user_id: Option<String>,
    pub channel: String,
    pub payload: Value,
}

#[derive(Clone)]
pub struct Realtime {
    sender: broadcast::Sender<Arc<Message>>,
}

impl Realtime {
    pub fn new() -> Self {
        Self { sender: broadcast::channel(BACKLOG).0 }
    }

    /// To every user of the company who may see `channel`; answers 1 (sent to the hub).
    pub fn publish(&self, company_id: &str, channel: &str, payload: Value) -> u64 {
        self.send(Message { company_id: company_id.into(), user_id: None, channel: channel.into(), payload });
        1
    }

    /// A new bell notification for one user.
    pub fn notify_user(&self, company_id: &str, user_id: &str, message: &str, now: i64) {
        let payload = serde_json::json!({ "message": message, "createdAt": crate::clock::iso8601(now) });
        self.send(Message {
            company_id: company_id.into(),
            user_id: Some(user_id.into()),
            channel: NOTIFICATIONS.into(),
            payload,
        });
    }

    /// Tells one user their standing in the company changed.
    pub fn session_changed(&self, company_id: &str, user_id: &str) {
        self.send(Message {
            company_id: company_id.into(),
            user_id: Some(user_id.into()),
            channel: SESSION.into(),
            payload: Value::Null,
        });
    }

    /// Tells every user of the company that their standing changed with the company's own
    /// (its edition, its currency).
    pub fn company_changed(&self, company_id: &str) {
        self.send(Message {
            company_id: company_id.into(),
            user_id: None,
            channel: SESSION.into(),
            payload: Value::Null,
        });
    }

    /// Tells the company's users that its people changed: who is in it, their names or
    /// pictures.
    pub fn directory_changed(&self, company_id: &str) {
        self.send(Message {
            company_id: company_id.into(),
            user_id: None,
            channel: DIRECTORY.into(),
            payload: Value::Null,
        });
    }

    fn send(&self, message: Message) {
        // No receivers is not an error: nobody is listening right now.
        let _ = self.sender.send(Arc::new(message));
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Message>> {
        self.sender.subscribe()
    }
}

impl Default for Realtime {
    fn default() -> Self {
        Self::new()
    }
}

/// A person's name, e-mail or picture changed: every company they are an active member of
/// reads its user list again.
pub async fn person_changed(state: &AppState, user_id: &str) -> crate::error::Result<()> {
    for seat in crate::storage::memberships::active_seats(&state.db, user_id).await? {
        state.realtime.directory_changed(&seat.company_id);
    }
    Ok(())
}

/// Whether `user` may receive `message`: same company, addressed to them, the company's
/// directory or standing, or a module channel whose module they may view.
pub fn may_receive(state: &AppState, user: &CurrentUser, message: &Message) -> bool {
    if message.company_id != user.company_id {
        return false;
    }
    if let Some(user_id) = &message.user_id {
        return *user_id == user.user_id;
    }
    if message.channel == DIRECTORY || message.channel == SESSION {
        return true;
    }
    let module_key = message.channel.split('.').next().unwrap_or_default();
    state
        .modules
        .get(module_key)
        .is_some_and(|module| crate::rights::allows(&user.rights, &module.manifest().rights_key))
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stream))
}

/// The caller's live messages as server-sent events: `event` is the channel, `data` the
/// JSON payload. Rights are those of the session when the stream opened.
#[utoipa::path(get, path = "/realtime", tag = "realtime", security(("bearer" = [])),
    responses((status = 200, description = "text/event-stream"), (status = 401, body = crate::http::Message)))]
async fn stream(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let receiver = state.realtime.subscribe();
    let messages = futures_util::stream::unfold((receiver, state, user), |(mut receiver, state, user)| async move {
        loop {
            let event = match receiver.recv().await {
                Ok(message) if may_receive(&state, &user, &message) => {
                    let data = serde_json::to_string(&message.payload).unwrap_or_else(|_| "null".into());
                    Event::default().event(message.channel.clone()).data(data)
                }
                Ok(_) => continue,
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    Event::default().event("lagged").data(missed.to_string())
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            };
            return Some((Ok(event), (receiver, state, user)));
        }
    });
    Sse::new(messages).keep_alive(KeepAlive::default())
}
