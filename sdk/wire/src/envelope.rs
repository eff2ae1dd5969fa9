//! What the host sends a plugin on each call, and what the plugin answers.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

/// One call into a plugin.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Envelope {
    /// [`crate::HOST_API_VERSION`] of the host that sent it.
    pub v: u32,
    pub context: Context,
    pub call: Call,
}

/// Who the call is for. The host fills it from the session (or, for a public route,
/// from the manifest's company binding); a plugin cannot change it, and every host
/// function acts within `company_id`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Context {
    pub module: String,
    pub company_id: String,
    /// The signed-in user; `None` on public routes, events and schedules.
    pub user: Option<Caller>,
    pub request_id: Option<String>,
    /// Unix seconds by the host's clock.
    pub now: i64,
    /// The portal's public address, without a trailing slash: for links in mails.
    #[serde(default)]
    pub portal_url: String,
    /// 32 random bytes from the host's CSPRNG, hex, new on every call: a plugin has no
    /// randomness of its own (no WASI), and tokens it hands out must not be guessable.
    #[serde(default)]
    pub entropy: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Caller {
    pub user_id: String,
    pub email: String,
    /// The caller's rights on every module key (view, disabled).
    pub rights: BTreeMap<String, Right>,
    /// Administers the company (company-wide settings such as SLA policies); the user
    /// who created the company is the first.
    #[serde(default)]
    pub company_admin: bool,
    /// The company's currency (ISO code and symbol) for money figures; USD and $ unless
    /// the company chose another.
    #[serde(default = "usd")]
    pub currency_code: String,
    #[serde(default = "dollar")]
    pub currency_symbol: String,
    /// The person's time zone (an IANA name such as `Europe/Berlin`) from their profile;
    /// `None` when they never chose one (their browser's zone then applies).
    #[serde(default)]
    pub time_zone: Option<String>,
}

fn usd() -> String {
    "USD".into()
}

fn dollar() -> String {
    "$".into()
}

/// A right on one rights key: may the user view the module, and is it disabled (greyed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Right {
    pub view: bool,
    pub disabled: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Call {
    Http(HttpRequest),
    Event(EventDelivery),
    Schedule(ScheduleRun),
    Job(JobStep),
}

/// An HTTP request to `/api/m/<module>/<path>` (or a legacy path mapped to it).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HttpRequest {
    /// Upper case: GET, POST, PUT, PATCH, DELETE.
    pub method: String,
    /// The path inside the module, starting with `/`.
    pub path: String,
    #[serde(default)]
    pub query: BTreeMap<String, String>,
    /// The JSON body, if any.
    #[serde(default)]
    pub body: Option<Value>,
    /// True when the route is public (no session checked).
    #[serde(default)]
    pub public: bool,
}

/// An event the module subscribed to, delivered at least once.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EventDelivery {
    /// Stable across redeliveries: handlers use it to stay idempotent.
    pub id: String,
    pub name: String,
    /// The publishing module.
    pub source: String,
    pub payload: Value,
    pub published_at: i64,
    /// 1 on the first delivery.
    pub attempt: u32,
}

/// A scheduled run for one company.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ScheduleRun {
    pub name: String,
}

/// One step of a job the module started (the `jobs` host function). The host calls the
/// steps one after another, each a call of its own within the module's limits, until one
/// answers `done` or the job is cancelled.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JobStep {
    pub id: String,
    pub name: String,
    /// What the job was started with.
    pub input: Value,
    /// The previous step's `state`; null on the first step.
    pub state: Value,
    /// 1 on the first step.
    pub step: u32,
    /// 1 on a step's first try. A step that failed (or whose host stopped) is tried again
    /// with the same state: make each step safe to repeat.
    pub attempt: u32,
    /// The job was cancelled: this last call only records how far it got (its answer's
    /// `progress` is kept, its `done` and `state` are not).
    pub cancelled: bool,
}

/// What a job step answers (the reply's body, with status 200).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct JobProgress {
    /// Handed to the next step.
    #[serde(default)]
    pub state: Value,
    /// Shown to the module's users as it is (counts, a fraction done, a report).
    #[serde(default)]
    pub progress: Value,
    /// No step follows.
    #[serde(default)]
    pub done: bool,
}

/// A plugin's answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Reply {
    pub status: u16,
    /// The JSON body as text. It stays unparsed on its way out, so a page a plugin got
    /// from storage reaches the client without being decoded and encoded again.
    #[serde(default = "null_body")]
    pub body: Box<RawValue>,
    /// Set for a body that is not JSON: the body is then a JSON string whose text the host
    /// answers with this content type, one of [`TEXT_CONTENT_TYPES`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
}

/// The content types a plugin may answer text with: data formats only. HTML, scripts and
/// images would run or render on the portal's own origin.
pub const TEXT_CONTENT_TYPES: [&str; 3] =
    ["text/calendar; charset=utf-8", "text/csv; charset=utf-8", "text/plain; charset=utf-8"];

fn null_body() -> Box<RawValue> {
    RawValue::NULL.to_owned()
}

impl Reply {
    pub fn new(status: u16, body: Value) -> Self {
        // A `Value` always encodes; its text is valid JSON by construction.
        let body = serde_json::value::to_raw_value(&body).unwrap_or_else(|_| null_body());
        Self { status, body, content_type: None }
    }

    /// A reply whose body is JSON text already (e.g. a storage page passed through).
    pub fn raw(status: u16, body: Box<RawValue>) -> Self {
        Self { status, body, content_type: None }
    }

    pub fn ok(body: Value) -> Self {
        Self::new(200, body)
    }

    /// An error answer in the host's shape, `{ "message": ... }`.
    pub fn message(status: u16, message: impl Into<String>) -> Self {
        Self::new(status, serde_json::json!({ "message": message.into() }))
    }

    /// The body decoded, for tests and logs; `Null` if it is not JSON.
    pub fn body_value(&self) -> Value {
        serde_json::from_str(self.body.get()).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/module-reference.md shows authors an HTTP call's envelope: it must be one, with
    /// every field the host sends (a field it left out would appear on the way back).
    #[test]
    fn the_documented_envelope_is_one_with_every_field() {
        let doc = include_str!("../../../docs/module-reference.md");
        let sample = doc.split("The envelope of an HTTP call:").nth(1).and_then(|rest| rest.split("```json\n").nth(1));
        let sample: Value = serde_json::from_str(sample.and_then(|block| block.split("```").next()).unwrap()).unwrap();
        let envelope: Envelope = serde_json::from_value(sample.clone()).unwrap();
        assert_eq!(serde_json::to_value(&envelope).unwrap(), sample);
    }
}
