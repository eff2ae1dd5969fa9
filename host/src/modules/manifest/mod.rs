//! `module.toml`: what a module package declares. Parsing checks the shape (serde);
//! [`Manifest::validate`] checks the meaning, so a package is refused whole with every
//! reason at once. The format is documented in `docs/module-reference.md`.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

mod validate;

/// The manifest of one module version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Lower-case letters, digits and single underscores; names the module's URLs and tables.
    pub key: String,
    /// The module's display name.
    pub name: String,
    pub version: semver::Version,
    /// The host API version the plugin was built for; must equal the one recorded in
    /// the wasm.
    pub host_api: u32,
    /// The rights key that gates the module: its users need view, and not disabled.
    pub rights_key: String,
    /// Must agree with the rights key: premium modules are disabled for community companies.
    #[serde(default)]
    pub premium: bool,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub pages: Vec<Page>,
    /// The federated remote's name, as its Module Federation build declares it.
    /// Required when the module has pages.
    #[serde(default)]
    pub remote: Option<String>,
    #[serde(default)]
    pub collections: BTreeMap<String, Collection>,
    /// Collections of earlier versions whose tables this version drops (destructive,
    /// so never implied by leaving a collection out).
    #[serde(default)]
    pub drop_collections: Vec<String>,
    #[serde(default)]
    pub capabilities: Capabilities,
    #[serde(default)]
    pub mail_templates: BTreeMap<String, MailTemplate>,
    #[serde(default)]
    pub public_routes: Vec<PublicRoute>,
    #[serde(default)]
    pub legacy_routes: Vec<LegacyRoute>,
    #[serde(default)]
    pub subscriptions: Vec<Subscription>,
    #[serde(default)]
    pub schedules: Vec<Schedule>,
    #[serde(default)]
    pub limits: Limits,
    /// Streams robots and orchestrators send records to with a company API key
    /// (`POST /api/ingest/<module>/<stream>`), each into a collection with a `key`.
    #[serde(default)]
    pub ingest: BTreeMap<String, IngestStream>,
    /// What a new company does first in the module: the landing page's getting-started
    /// checklist shows each step until it is done.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// The plugin answers `POST /sample` (store its sample records, each marked by its
    /// collection's [`SAMPLE_FIELD`]) and `DELETE /sample` (delete exactly those), which
    /// the host calls for a company administrator who loads or removes sample data.
    #[serde(default)]
    pub sample: bool,
}

/// A getting-started step: a link to one of the module's pages, done once the company has
/// what the step asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// A name of at most 40 characters, unique in the module.
    pub key: String,
    /// What to do, e.g. `Add or import processes`.
    pub title: String,
    /// How, in a sentence.
    #[serde(default)]
    pub description: Option<String>,
    /// One of the module's page routes, with a query when the step opens a tab
    /// (`/BotProfile?tab=keys`).
    pub route: String,
    /// Shown to company administrators only: what only they may do (API keys, invitations).
    #[serde(default)]
    pub company_admin: bool,
    pub done: StepDone,
}

/// When a step is done.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepDone {
    /// The company has a record in this collection of the module; sample records do not count.
    Collection(String),
    /// The company counts at least this many people: active members and pending
    /// invitations (a module with the `members` capability).
    Members(u32),
}

/// The most steps a module may declare.
pub const MAX_STEPS: usize = 8;

/// The field that marks a sample record in a module with `sample = true`: an optional
/// boolean, true on sample records.
pub const SAMPLE_FIELD: &str = "sample";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IngestStream {
    /// The module's own collection the records are stored in, upserted by its `key`.
    pub collection: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// The web route, e.g. `/Process`.
    pub route: String,
    pub label: String,
    /// Menu group: `Dashboards`, `Process`, `Support`, or none for a single item.
    #[serde(default)]
    pub group: Option<String>,
    #[serde(default)]
    pub icon: Option<String>,
    /// The menu key when it differs from the rights key (spec: `operation_insight`).
    #[serde(default)]
    pub menu_key: Option<String>,
    /// The remote's exposed page component, e.g. `./ProcessVault`.
    pub component: String,
    /// An exposed summary widget for `/DashboardDefault`.
    #[serde(default)]
    pub widget: Option<String>,
    /// A GET path of the module's own API (e.g. `/badge`) answering `{ "count": <integer> }`:
    /// the count the menu entry shows (unread messages). A message on one of the module's
    /// realtime channels [`badge_refresh`](Self::badge_refresh) names tells open pages to
    /// read it again.
    #[serde(default)]
    pub badge: Option<String>,
    /// With `badge` only: the module's realtime channels (names as `host::realtime` takes
    /// them, e.g. `["message", "read"]`) whose messages make the shell read the badge again;
    /// [`DEFAULT_BADGE_REFRESH`] when left out.
    #[serde(default)]
    pub badge_refresh: Option<Vec<String>>,
}

/// The channel a page's badge is read again on when it names none: `<key>.badge`.
pub const DEFAULT_BADGE_REFRESH: &str = "badge";

/// The most channels a page's `badge_refresh` may name.
pub const MAX_BADGE_REFRESH: usize = 8;

impl Page {
    /// The full names (`<module_key>.<name>`) of the realtime channels whose messages make
    /// the shell read the badge again; none without a badge.
    pub fn badge_refresh_channels(&self, module_key: &str) -> Vec<String> {
        if self.badge.is_none() {
            return Vec::new();
        }
        match &self.badge_refresh {
            Some(names) => names.iter().map(|name| format!("{module_key}.{name}")).collect(),
            None => vec![format!("{module_key}.{DEFAULT_BADGE_REFRESH}")],
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Collection {
    pub fields: BTreeMap<String, Field>,
    /// Each index is a list of field names (system fields `created_at`, `updated_at`
    /// allowed); every index is also scoped by company.
    #[serde(default)]
    pub indexes: Vec<Vec<String>>,
    /// Fields of the previous version whose columns this version drops.
    #[serde(default)]
    pub drop_fields: Vec<String>,
    /// A required text or integer field unique within a company: the id a sender gives
    /// a record, by which ingestion updates it when it arrives again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// Pre-aggregated tables the host keeps in step with the rows; an aggregate that
    /// fits one is answered from it (see `storage::collections::rollup`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rollups: Vec<Rollup>,
}

/// Counts and sums of a collection per company, UTC day of `time`, `group` fields and
/// (optionally) bin of one numeric field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rollup {
    pub name: String,
    /// A required timestamp field: the day each row counts on.
    pub time: String,
    #[serde(default)]
    pub group: Vec<String>,
    /// Integer or number fields whose sum, count, min and max are kept.
    #[serde(default)]
    pub measures: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bins: Option<Bins>,
}

/// Bins of a numeric field: 0 below `bounds[0]`, i from `bounds[i-1]` up to `bounds[i]`,
/// `bounds.len()` from the last bound up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bins {
    pub field: String,
    pub bounds: Vec<f64>,
}

/// The most rollups a collection may declare, and bounds a bins key may list.
pub const MAX_ROLLUPS: usize = 4;
pub const MAX_BINS: usize = 64;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Field {
    #[serde(rename = "type")]
    pub kind: FieldType,
    #[serde(default)]
    pub required: bool,
    /// Text only: the longest value, in characters.
    #[serde(default)]
    pub max_length: Option<u32>,
    /// Text only: the allowed values.
    #[serde(default)]
    pub values: Option<Vec<String>>,
    /// Stored when an insert leaves the field out; required for a required field added
    /// by an upgrade (existing rows get it).
    #[serde(default)]
    pub default: Option<serde_json::Value>,
    /// A derived field the database keeps: the first field minus the second (both
    /// timestamps, integers or numbers; null when either is). Read-only for plugins, and
    /// declared together with its collection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difference: Option<[String; 2]>,
}

impl Collection {
    /// Whether its records carry the [`SAMPLE_FIELD`] marker.
    pub fn marks_samples(&self) -> bool {
        self.fields.get(SAMPLE_FIELD).is_some_and(Field::is_sample_marker)
    }
}

impl Field {
    /// The shape of [`SAMPLE_FIELD`]: an optional boolean without a default, true on sample
    /// records and null (or false) on the others, so adding it to a large collection only adds
    /// a column.
    pub fn is_sample_marker(&self) -> bool {
        self.kind == FieldType::Boolean && !self.required && self.default.is_none()
    }

    /// An optional field of `kind` with no constraints or default.
    pub fn of(kind: FieldType) -> Self {
        Self { kind, required: false, max_length: None, values: None, default: None, difference: None }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldType {
    Text,
    Integer,
    Number,
    Boolean,
    /// Unix seconds; the field time buckets group by.
    Timestamp,
    /// Any JSON value, stored as text; not filterable or sortable.
    Json,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Capabilities {
    /// Read and write the module's own collections.
    #[serde(default)]
    pub storage: bool,
    /// Other modules' collections to read, as `<module>.<collection>`: for a person, only
    /// when their rights open the owning module.
    #[serde(default)]
    pub read: Vec<String>,
    /// Other modules' collections to count and aggregate (never to read records), for
    /// anyone the module itself serves: figures whose point is to reach people without
    /// the owning module's right.
    #[serde(default)]
    pub aggregate: Vec<String>,
    /// Other modules' collections whose records it may update (with the version check),
    /// as `<module>.<collection>`; reading them needs `read` too.
    #[serde(default)]
    pub update: Vec<String>,
    /// Bell notifications to users of the company.
    #[serde(default)]
    pub notify: bool,
    /// Mail from the module's templates to users of the company.
    #[serde(default)]
    pub mail: bool,
    /// Events the module publishes, each `<this module's key>.<name>`.
    #[serde(default)]
    pub publish: Vec<String>,
    /// Realtime messages to the module's company channels.
    #[serde(default)]
    pub realtime: bool,
    /// Read the company's user directory.
    #[serde(default)]
    pub directory: bool,
    /// Administer the company's members, invitations and roles, within the calling
    /// person's own rights (Team Master).
    #[serde(default)]
    pub members: bool,
    /// Read-only queries on the outside databases the company's administrators connect
    /// to the module (the host keeps the credentials and builds the SQL).
    #[serde(default)]
    pub sources: bool,
    /// Other modules' ingestion streams it writes records to, as `<module>.<stream>`
    /// (Database Integration's imported runs into `bots.runs`).
    #[serde(default)]
    pub ingest: Vec<String>,
    /// The long jobs it starts and the host drives a step at a time (an import).
    #[serde(default)]
    pub jobs: Vec<String>,
    /// Signed POSTs to outside addresses the operator allows, sent by the host in the
    /// background (an incident to a rule's webhook).
    #[serde(default)]
    pub webhooks: bool,
}

/// One grantable capability. Installation grants a subset of what the manifest declares.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Capability {
    Storage,
    Read(String),
    /// Counts and aggregates of another module's collection, whatever the caller's rights
    /// on that module ([`Capability::Read`] follows them).
    Aggregate(String),
    Update(String),
    Ingest(String),
    Notify,
    Mail,
    Publish,
    Subscribe,
    Realtime,
    Directory,
    Members,
    Sources,
    Jobs,
    Webhooks,
    Schedule,
    /// Limits above the operator's policy ([`Limits::above`]). Never implied by granting
    /// what is declared: an administrator names it.
    Limits,
    /// A spec path under `/api` the module answers, as `<METHOD> <path>` (a legacy route).
    Route(String),
    /// A route of the module's own that answers without a session, as `<METHOD> <path>`.
    Public(String),
}

impl Capability {
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "storage" => Self::Storage,
            "notify" => Self::Notify,
            "mail" => Self::Mail,
            "publish" => Self::Publish,
            "subscribe" => Self::Subscribe,
            "realtime" => Self::Realtime,
            "directory" => Self::Directory,
            "members" => Self::Members,
            "sources" => Self::Sources,
            "jobs" => Self::Jobs,
            "webhooks" => Self::Webhooks,
            "schedule" => Self::Schedule,
            "limits" => Self::Limits,
            other => {
                if let Some(route) = other.strip_prefix("route:") {
                    return is_route_key(route).then(|| Self::Route(route.to_string()));
                }
                if let Some(route) = other.strip_prefix("public:") {
                    return is_route_key(route).then(|| Self::Public(route.to_string()));
                }
                let (kind, collection) = other.split_once(':').filter(|(_, c)| c.contains('.'))?;
                match kind {
                    "read" => Self::Read(collection.to_string()),
                    "aggregate" => Self::Aggregate(collection.to_string()),
                    "update" => Self::Update(collection.to_string()),
                    "ingest" => Self::Ingest(collection.to_string()),
                    _ => return None,
                }
            }
        })
    }
}

impl std::fmt::Display for Capability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Storage => f.write_str("storage"),
            Self::Read(collection) => write!(f, "read:{collection}"),
            Self::Aggregate(collection) => write!(f, "aggregate:{collection}"),
            Self::Update(collection) => write!(f, "update:{collection}"),
            Self::Ingest(stream) => write!(f, "ingest:{stream}"),
            Self::Notify => f.write_str("notify"),
            Self::Mail => f.write_str("mail"),
            Self::Publish => f.write_str("publish"),
            Self::Subscribe => f.write_str("subscribe"),
            Self::Realtime => f.write_str("realtime"),
            Self::Directory => f.write_str("directory"),
            Self::Members => f.write_str("members"),
            Self::Sources => f.write_str("sources"),
            Self::Jobs => f.write_str("jobs"),
            Self::Webhooks => f.write_str("webhooks"),
            Self::Schedule => f.write_str("schedule"),
            Self::Limits => f.write_str("limits"),
            Self::Route(route) => write!(f, "route:{route}"),
            Self::Public(route) => write!(f, "public:{route}"),
        }
    }
}

/// `<METHOD> <path>`, as route capabilities name a route.
fn is_route_key(text: &str) -> bool {
    text.split_once(' ').is_some_and(|(method, path)| {
        !method.is_empty()
            && method.bytes().all(|b| b.is_ascii_uppercase())
            && path.starts_with('/')
            && !path.contains(' ')
    })
}

impl From<Capability> for String {
    fn from(capability: Capability) -> Self {
        capability.to_string()
    }
}

impl TryFrom<String> for Capability {
    type Error = String;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        Self::parse(&text).ok_or_else(|| format!("unknown capability '{text}'"))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailTemplate {
    pub subject: String,
    /// Plain text with `{{name}}` placeholders.
    pub text: String,
    /// HTML with `{{name}}` placeholders; values are escaped.
    #[serde(default)]
    pub html: Option<String>,
}

/// A route called without a session. The host binds the call to the company of the
/// user whose id is in the `company_from` parameter (query or JSON body), so the
/// module's storage stays company-scoped; the plugin verifies its own token.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublicRoute {
    pub method: String,
    pub path: String,
    pub company_from: String,
}

impl PublicRoute {
    /// The capability an installation grants to open this route without a session.
    pub fn capability(&self) -> Capability {
        Capability::Public(format!("{} {}", self.method, self.path))
    }
}

/// A spec path under `/api` that belongs to this module, e.g. `/support/approve_request`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyRoute {
    pub method: String,
    pub path: String,
    /// The module path it maps to.
    pub to: String,
}

impl LegacyRoute {
    /// The capability an installation grants to answer this path.
    pub fn capability(&self) -> Capability {
        Capability::Route(format!("{} {}", self.method, self.path))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Subscription {
    /// `<publisher>.<name>`.
    pub event: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    pub name: String,
    /// Seconds between runs for each company; at least [`MIN_SCHEDULE_SECONDS`].
    pub every_seconds: u64,
}

pub const MIN_SCHEDULE_SECONDS: u64 = 60;

/// Per-call limits. Missing values take the defaults; the host caps them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ModuleLimits"))]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Wasm instructions (fuel) per call: deterministic, per instance.
    pub fuel: u64,
    /// Guest heap, MiB (request and response buffers are added on top).
    pub memory_mb: u32,
    /// Wall-clock backstop per call, milliseconds.
    pub timeout_ms: u64,
    pub max_request_kb: u32,
    pub max_response_kb: u32,
    /// Calls of this module running at once; more wait.
    pub concurrency: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            fuel: 200_000_000,
            memory_mb: 16,
            timeout_ms: 5_000,
            max_request_kb: 1_024,
            max_response_kb: 2_048,
            concurrency: 8,
        }
    }
}

/// The most any manifest may ask for.
pub const MAX_LIMITS: Limits = Limits {
    fuel: 5_000_000_000,
    memory_mb: 256,
    timeout_ms: 30_000,
    max_request_kb: 16_384,
    max_response_kb: 16_384,
    concurrency: 64,
};

/// What the portal lets a package declare unless an installation grants
/// [`Capability::Limits`]: the hard maximum, with fewer calls at once. Operators set
/// their own (`AUTOSCOPE_MODULE_LIMITS`, read by [`Limits::policy`]).
pub const DEFAULT_POLICY: Limits = Limits { concurrency: 16, ..MAX_LIMITS };

impl Limits {
    /// Each limit with the name the manifest gives it.
    pub fn named(&self) -> [(&'static str, u64); 6] {
        [
            ("fuel", self.fuel),
            ("memory_mb", self.memory_mb.into()),
            ("timeout_ms", self.timeout_ms),
            ("max_request_kb", self.max_request_kb.into()),
            ("max_response_kb", self.max_response_kb.into()),
            ("concurrency", self.concurrency.into()),
        ]
    }

    /// The limits this asks for above `policy`, each as a reason to refuse it.
    pub fn above(&self, policy: &Limits) -> Vec<String> {
        self.named()
            .into_iter()
            .zip(policy.named())
            .filter(|((_, asked), (_, allowed))| asked > allowed)
            .map(|((name, asked), (_, allowed))| {
                format!("limits.{name} {asked} is above the portal's policy of {allowed}; grant 'limits' to allow it")
            })
            .collect()
    }

    /// An operator's policy: [`DEFAULT_POLICY`] with comma-separated `name=value` pairs
    /// applied (`concurrency=8,timeout_ms=10000`), each within [`MAX_LIMITS`].
    pub fn policy(text: &str) -> Result<Limits, String> {
        let mut policy = DEFAULT_POLICY;
        for pair in text.split(',').map(str::trim).filter(|pair| !pair.is_empty()) {
            let (name, value) = pair.split_once('=').ok_or_else(|| format!("'{pair}' is not name=value"))?;
            let (name, value) = (name.trim(), value.trim().replace('_', ""));
            let max = MAX_LIMITS.named().into_iter().find(|(known, _)| *known == name).map(|(_, max)| max);
            let max = max.ok_or_else(|| format!("'{name}' is not a module limit"))?;
            let value: u64 = value
                .parse()
                .ok()
                .filter(|v| (1..=max).contains(v))
                .ok_or_else(|| format!("{name} must be a whole number between 1 and {max}"))?;
            // Below `max`, which fits each field's type.
            let narrow = |value: u64| u32::try_from(value).unwrap_or(u32::MAX);
            match name {
                "fuel" => policy.fuel = value,
                "memory_mb" => policy.memory_mb = narrow(value),
                "timeout_ms" => policy.timeout_ms = value,
                "max_request_kb" => policy.max_request_kb = narrow(value),
                "max_response_kb" => policy.max_response_kb = narrow(value),
                _ => policy.concurrency = narrow(value),
            }
        }
        Ok(policy)
    }
}

impl Manifest {
    pub fn parse(text: &str) -> Result<Self, String> {
        toml::from_str(text).map_err(|err| format!("module.toml: {}", err.message()))
    }

    /// What the remote's build must expose: each page's component and widget.
    pub fn exposed_components(&self) -> impl Iterator<Item = &String> {
        self.pages.iter().flat_map(|page| std::iter::once(&page.component).chain(&page.widget))
    }

    /// Every capability the manifest declares, as installation grants name them.
    pub fn declared_capabilities(&self) -> BTreeSet<Capability> {
        let caps = &self.capabilities;
        let mut declared = BTreeSet::new();
        for (on, capability) in [
            (caps.storage, Capability::Storage),
            (caps.notify, Capability::Notify),
            (caps.mail, Capability::Mail),
            (!caps.publish.is_empty(), Capability::Publish),
            (!self.subscriptions.is_empty(), Capability::Subscribe),
            (caps.realtime, Capability::Realtime),
            (caps.directory, Capability::Directory),
            (caps.members, Capability::Members),
            (caps.sources, Capability::Sources),
            (!caps.jobs.is_empty(), Capability::Jobs),
            (caps.webhooks, Capability::Webhooks),
            (!self.schedules.is_empty(), Capability::Schedule),
        ] {
            if on {
                declared.insert(capability);
            }
        }
        declared.extend(caps.read.iter().cloned().map(Capability::Read));
        declared.extend(caps.aggregate.iter().cloned().map(Capability::Aggregate));
        declared.extend(caps.update.iter().cloned().map(Capability::Update));
        declared.extend(caps.ingest.iter().cloned().map(Capability::Ingest));
        declared.extend(self.legacy_routes.iter().map(LegacyRoute::capability));
        declared.extend(self.public_routes.iter().map(PublicRoute::capability));
        declared
    }

    /// The collections whose sample records the module marks: none unless it has sample data.
    pub fn sample_collections(&self) -> impl Iterator<Item = (&String, &Collection)> {
        self.collections.iter().filter(|(_, collection)| self.sample && collection.marks_samples())
    }

    /// Every problem at once, or nothing.
    pub fn validate(&self) -> Result<(), Vec<String>> {
        validate::problems(self)
    }
}

/// Lower-case ASCII letters, digits and single underscores, starting with a letter;
/// safe as part of an SQL identifier and unambiguous with `__` as a separator.
pub fn is_name(text: &str, max: usize) -> bool {
    !text.is_empty()
        && text.len() <= max
        && text.starts_with(|c: char| c.is_ascii_lowercase())
        && !text.ends_with('_')
        && !text.contains("__")
        && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Whether a JSON value may be stored in the field (type, length and allowed values).
pub fn value_fits(field: &Field, value: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (field.kind, value) {
        (_, Value::Null) => !field.required,
        (FieldType::Text, Value::String(text)) => {
            field.max_length.is_none_or(|max| text.chars().count() <= max as usize)
                && field.values.as_ref().is_none_or(|values| values.contains(text))
        }
        (FieldType::Integer | FieldType::Timestamp, Value::Number(n)) => n.is_i64(),
        (FieldType::Number, Value::Number(_)) => true,
        (FieldType::Boolean, Value::Bool(_)) => true,
        (FieldType::Json, _) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub const EXAMPLE: &str = r#"
key = "items"
name = "Items"
version = "1.0.0"
host_api = 1
rights_key = "process"
remote = "items"

[[pages]]
route = "/Items"
label = "Items"
group = "Process"
component = "./ItemsPage"

[collections.items.fields]
title = { type = "text", required = true, max_length = 200 }
qty = { type = "integer", default = 0 }
due = { type = "timestamp" }

[collections.items]
indexes = [["title"], ["due", "qty"]]

[capabilities]
storage = true
read = ["support.tickets"]
update = ["support.tickets"]
publish = ["items.created"]

[[public_routes]]
method = "POST"
path = "/approve"
company_from = "person_id"

[[schedules]]
name = "cleanup"
every_seconds = 3600
"#;

    #[test]
    fn a_complete_manifest_parses_and_validates() {
        let manifest = Manifest::parse(EXAMPLE).unwrap();
        manifest.validate().unwrap();
        assert_eq!(manifest.version, semver::Version::new(1, 0, 0));
        assert_eq!(manifest.limits, Limits::default());
        let declared = manifest.declared_capabilities();
        assert!(declared.contains(&Capability::Read("support.tickets".into())));
        assert!(declared.contains(&Capability::Update("support.tickets".into())));
        assert!(declared.contains(&Capability::Schedule));
        assert!(declared.contains(&Capability::Public("POST /approve".into())));
        assert!(!declared.contains(&Capability::Notify));
    }

    #[test]
    fn webhooks_are_declared_by_their_flag() {
        assert!(!Manifest::parse(EXAMPLE).unwrap().declared_capabilities().contains(&Capability::Webhooks));
        let manifest =
            Manifest::parse(&EXAMPLE.replace("[capabilities]\n", "[capabilities]\nwebhooks = true\n")).unwrap();
        manifest.validate().unwrap();
        assert!(manifest.declared_capabilities().contains(&Capability::Webhooks));
    }

    #[test]
    fn a_route_declared_twice_is_refused() {
        let route = "\n[[legacy_routes]]\nmethod = \"POST\"\npath = \"/items/approve\"\nto = \"/approve\"\n";
        let manifest = Manifest::parse(&format!("{EXAMPLE}{route}{route}")).unwrap();
        let problems = manifest.validate().unwrap_err();
        assert_eq!(problems, ["legacy route POST /items/approve is declared twice"]);
        let declared = manifest.declared_capabilities();
        assert!(declared.contains(&Capability::Route("POST /items/approve".into())));
    }

    /// docs/module-reference.md shows authors these: each must be what it says.
    #[test]
    fn the_documented_toml_samples_parse_and_the_complete_manifest_validates() {
        let doc = include_str!("../../../../docs/module-reference.md");
        let samples: Vec<&str> = doc.split("```toml\n").skip(1).filter_map(|rest| rest.split("```").next()).collect();
        assert!(samples.len() >= 5, "{} samples", samples.len());
        let complete = Manifest::parse(samples[0]).unwrap();
        complete.validate().unwrap();
        assert_eq!(complete.key, "tickets");
        assert_eq!(complete.limits, Limits::default(), "the sample's [limits] are the defaults");
        for sample in &samples[1..] {
            toml::from_str::<toml::Table>(sample).unwrap_or_else(|err| panic!("{err}\n{sample}"));
        }
    }

    #[test]
    fn unknown_keys_are_refused_with_their_name() {
        let err = Manifest::parse(&format!("{EXAMPLE}\nsurprise = 1\n")).unwrap_err();
        assert!(err.contains("surprise"), "{err}");
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let mut manifest = Manifest::parse(EXAMPLE).unwrap();
        manifest.key = "Bad-Key".into();
        manifest.rights_key = "databaseIntegration".into();
        manifest.capabilities.storage = false;
        manifest.limits.fuel = 0;
        manifest.capabilities.publish = vec!["other.created".into()];
        let problems = manifest.validate().unwrap_err();
        assert_eq!(problems.len(), 5, "{problems:#?}");
        assert!(problems.iter().any(|p| p.contains("premium must be true")));
    }

    #[test]
    fn keys_derived_fields_rollups_and_streams_are_checked() {
        let text = format!(
            "{EXAMPLE}
[collections.runs]
key = \"note\"
[collections.runs.fields]
note = {{ type = \"text\" }}
at = {{ type = \"timestamp\" }}
size = {{ type = \"number\" }}
span = {{ type = \"integer\", difference = [\"at\", \"size\"], default = 1 }}
[[collections.runs.rollups]]
name = \"daily\"
time = \"at\"
group = [\"at\", \"nothing\"]
measures = [\"note\"]
bins = {{ field = \"size\", bounds = [2.0, 1.0] }}
[[collections.runs.rollups]]
name = \"daily\"
time = \"at\"
[ingest.runs]
collection = \"nowhere\"
"
        );
        let problems = Manifest::parse(&text).unwrap().validate().unwrap_err();
        for expected in [
            "key 'note' must be a required text or integer field",
            "difference needs two stored fields of one kind",
            "a difference is derived, so it takes no required or default",
            "time 'at' must be a required timestamp field",
            "group 'at' must be a field other than the time",
            "group 'nothing' must be a field other than the time",
            "measure 'note' must be an integer or number field",
            "bins need 1 to 64 increasing finite bounds",
            "rollup 'runs.daily' is declared twice",
            "ingest stream 'runs' names 'nowhere'",
        ] {
            assert!(problems.iter().any(|p| p.contains(expected)), "{expected}: {problems:#?}");
        }
    }

    #[test]
    fn a_page_badge_is_optional_and_parsed() {
        let manifest = Manifest::parse(EXAMPLE).unwrap();
        assert_eq!(manifest.pages[0].badge, None);
        let text = EXAMPLE.replace("component = \"./ItemsPage\"", "component = \"./ItemsPage\"\nbadge = \"/badge\"");
        let manifest = Manifest::parse(&text).unwrap();
        manifest.validate().unwrap();
        assert_eq!(manifest.pages[0].badge.as_deref(), Some("/badge"));
        for good in ["/", "/badge", "/rooms/unread_count", &format!("/{}", "a".repeat(199))] {
            let mut manifest = manifest.clone();
            manifest.pages[0].badge = Some(good.to_string());
            manifest.validate().unwrap_or_else(|problems| panic!("{good}: {problems:#?}"));
        }
    }

    #[test]
    fn a_page_badge_must_be_a_plain_path_of_the_module() {
        let manifest = Manifest::parse(EXAMPLE).unwrap();
        let too_long = format!("/{}", "a".repeat(200));
        for bad in [
            "",
            "badge",
            "https://elsewhere.test/badge",
            "/../users/me",
            "/a/..",
            "/badge?all=1",
            "/badge#x",
            "/un read",
            too_long.as_str(),
        ] {
            let mut manifest = manifest.clone();
            manifest.pages[0].badge = Some(bad.to_string());
            let problems = manifest.validate().unwrap_err();
            assert_eq!(problems.len(), 1, "{bad}: {problems:#?}");
            assert!(
                problems[0].contains("page /Items: badge") && problems[0].contains("must be a path"),
                "{bad}: {problems:#?}"
            );
        }
        // A misspelt key is refused by name, as every unknown key is.
        let text = EXAMPLE.replace("component = \"./ItemsPage\"", "component = \"./ItemsPage\"\nbadges = \"/badge\"");
        let err = Manifest::parse(&text).unwrap_err();
        assert!(err.contains("badges"), "{err}");
        // Not a string: refused when parsing.
        let text = EXAMPLE.replace("component = \"./ItemsPage\"", "component = \"./ItemsPage\"\nbadge = 3");
        assert!(Manifest::parse(&text).is_err());
    }

    /// The example with a badge on its page and, when given, `badge_refresh = <refresh>`.
    fn with_badge(refresh: Option<&str>) -> String {
        let mut keys = "component = \"./ItemsPage\"\nbadge = \"/badge\"".to_string();
        if let Some(refresh) = refresh {
            keys.push_str(&format!("\nbadge_refresh = {refresh}"));
        }
        EXAMPLE.replace("component = \"./ItemsPage\"", &keys)
    }

    #[test]
    fn a_badge_is_read_again_on_its_badge_channel_unless_the_page_names_others() {
        let manifest = Manifest::parse(&with_badge(None)).unwrap();
        manifest.validate().unwrap();
        assert_eq!(manifest.pages[0].badge_refresh, None);
        assert_eq!(manifest.pages[0].badge_refresh_channels("items"), ["items.badge"]);

        let manifest = Manifest::parse(&with_badge(Some(r#"["message", "read", "channel"]"#))).unwrap();
        manifest.validate().unwrap();
        assert_eq!(
            manifest.pages[0].badge_refresh.as_deref(),
            Some(&["message".into(), "read".into(), "channel".into()][..])
        );
        assert_eq!(manifest.pages[0].badge_refresh_channels("chat"), ["chat.message", "chat.read", "chat.channel"]);

        // Eight names, each a channel name of 40 characters at most.
        let eight: Vec<String> = (0..MAX_BADGE_REFRESH).map(|i| format!("channel_{i}")).collect();
        let mut manifest = manifest.clone();
        manifest.pages[0].badge_refresh = Some(eight);
        manifest.validate().unwrap();
        manifest.pages[0].badge_refresh = Some(vec!["a".repeat(40)]);
        manifest.validate().unwrap();

        // No badge, no channels.
        let manifest = Manifest::parse(EXAMPLE).unwrap();
        assert!(manifest.pages[0].badge_refresh_channels("items").is_empty());
    }

    #[test]
    fn badge_refresh_names_at_most_eight_distinct_channels_of_a_page_with_a_badge() {
        let manifest = Manifest::parse(&with_badge(None)).unwrap();
        let names = |names: &[&str]| Some(names.iter().map(|name| name.to_string()).collect::<Vec<_>>());
        let too_long = "a".repeat(41);
        for (refresh, expected) in [
            (names(&["Message"]), "badge_refresh channel 'Message' must be 1-40 lower-case letters"),
            (names(&["chat.message"]), "badge_refresh channel 'chat.message' must be"),
            (names(&[""]), "badge_refresh channel '' must be"),
            (names(&["a__b"]), "badge_refresh channel 'a__b' must be"),
            (names(&["read_"]), "badge_refresh channel 'read_' must be"),
            (names(&[&too_long]), "must be 1-40 lower-case letters"),
            (names(&["message", "read", "message"]), "badge_refresh names 'message' twice"),
            (names(&["a", "b", "c", "d", "e", "f", "g", "h", "i"]), "badge_refresh names more than 8 channels"),
        ] {
            let mut manifest = manifest.clone();
            manifest.pages[0].badge_refresh = refresh.clone();
            let problems = manifest.validate().unwrap_err();
            assert_eq!(problems.len(), 1, "{refresh:?}: {problems:#?}");
            assert!(problems[0].starts_with("page /Items: ") && problems[0].contains(expected), "{problems:#?}");
        }

        // Only with a badge: without one there is nothing to read again.
        let text =
            EXAMPLE.replace("component = \"./ItemsPage\"", "component = \"./ItemsPage\"\nbadge_refresh = [\"read\"]");
        let problems = Manifest::parse(&text).unwrap().validate().unwrap_err();
        assert_eq!(problems, ["page /Items: badge_refresh needs a badge"]);

        // Not a list of strings: refused when parsing.
        assert!(Manifest::parse(&with_badge(Some("\"message\""))).is_err());
        assert!(Manifest::parse(&with_badge(Some("[1]"))).is_err());
    }

    /// The example with `steps` appended (TOML after its last table goes into that table,
    /// so the steps come as an array of tables).
    fn with_steps(steps: &str) -> String {
        format!("{EXAMPLE}{steps}")
    }

    const TWO_STEPS: &str = r#"
[[steps]]
key = "first_item"
title = "Add an item"
description = "Or import a list of them."
route = "/Items"
done = { collection = "items" }

[[steps]]
key = "colleague"
title = "Invite a colleague"
route = "/Items?tab=people"
company_admin = true
done = { members = 2 }
"#;

    #[test]
    fn steps_are_parsed_in_order_with_their_done_condition() {
        let text = with_steps(TWO_STEPS).replace("[capabilities]\n", "[capabilities]\nmembers = true\n");
        let manifest = Manifest::parse(&text).unwrap();
        manifest.validate().unwrap();
        let [first, second] = &manifest.steps[..] else { panic!("{:?}", manifest.steps) };
        assert_eq!(first.key, "first_item");
        assert_eq!(first.description.as_deref(), Some("Or import a list of them."));
        assert_eq!(first.done, StepDone::Collection("items".into()));
        assert!(!first.company_admin);
        assert_eq!(second.route, "/Items?tab=people");
        assert_eq!(second.done, StepDone::Members(2));
        assert!(second.company_admin);
        assert!(Manifest::parse(EXAMPLE).unwrap().steps.is_empty());
    }

    #[test]
    fn a_step_must_lead_to_a_page_of_the_module_and_be_done_by_something_it_has() {
        // Without the members capability, the second step's condition is refused.
        let manifest = Manifest::parse(&with_steps(TWO_STEPS)).unwrap();
        assert_eq!(
            manifest.validate().unwrap_err(),
            ["step 'colleague': done by members needs the members capability"]
        );

        let step = |key: &str, route: &str, done: &str| {
            format!("\n[[steps]]\nkey = \"{key}\"\ntitle = \"Do it\"\nroute = \"{route}\"\ndone = {done}\n")
        };
        for (steps, expected) in [
            (
                step("a", "/Elsewhere", "{ collection = \"items\" }"),
                "step 'a': route '/Elsewhere' must be one of the module's page routes",
            ),
            (step("a", "/Items#top", "{ collection = \"items\" }"), "step 'a': route '/Items#top' must be"),
            (step("a", "/Items?q=a b", "{ collection = \"items\" }"), "must be one of the module's page routes"),
            (
                step("a", "https://elsewhere.test/Items", "{ collection = \"items\" }"),
                "must be one of the module's page routes",
            ),
            (
                step("a", "/Items", "{ collection = \"nothing\" }"),
                "step 'a': done names 'nothing', which is not a collection",
            ),
            (step("Bad-Key", "/Items", "{ collection = \"items\" }"), "step 'Bad-Key' must be 1-40 lower-case letters"),
            (step("a", "/Items", "{ collection = \"items\" }").repeat(2), "step 'a' is declared twice"),
            (
                step("a", "/Items", "{ collection = \"items\" }").replace("Do it", " "),
                "step 'a': the title must be 1-80 characters",
            ),
        ] {
            let problems = Manifest::parse(&with_steps(&steps)).unwrap().validate().unwrap_err();
            assert_eq!(problems.len(), 1, "{steps}: {problems:#?}");
            assert!(problems[0].contains(expected), "{expected}: {problems:#?}");
        }

        let nine: String =
            (0..=MAX_STEPS).map(|i| step(&format!("s{i}"), "/Items", "{ collection = \"items\" }")).collect();
        let problems = Manifest::parse(&with_steps(&nine)).unwrap().validate().unwrap_err();
        assert_eq!(problems, ["a module declares at most 8 steps"]);

        // A done condition the host cannot count is refused when parsing, by name.
        let err = Manifest::parse(&with_steps(&step("a", "/Items", "{ clicks = 3 }"))).unwrap_err();
        assert!(err.contains("clicks"), "{err}");
        assert!(Manifest::parse(&with_steps(&step("a", "/Items", "{ members = -1 }"))).is_err());
    }

    #[test]
    fn sample_data_needs_collections_that_mark_their_sample_records() {
        let marker = "[collections.items.fields]\nsample = { type = \"boolean\" }";
        let marked = EXAMPLE.replace("[collections.items.fields]", marker);

        let manifest = Manifest::parse(&format!("sample = true\n{marked}")).unwrap();
        manifest.validate().unwrap();
        assert!(manifest.sample);
        assert_eq!(manifest.sample_collections().map(|(name, _)| name.as_str()).collect::<Vec<_>>(), ["items"]);
        // Without sample = true, no collection's records are samples.
        let manifest = Manifest::parse(&marked).unwrap();
        manifest.validate().unwrap();
        assert_eq!(manifest.sample_collections().count(), 0);

        let problems = Manifest::parse(&format!("sample = true\n{EXAMPLE}")).unwrap().validate().unwrap_err();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].starts_with("sample data needs a collection with the field sample"), "{problems:#?}");

        for wrong in [
            "{ type = \"boolean\", default = false }",
            "{ type = \"boolean\", required = true, default = true }",
            "{ type = \"text\", required = true, default = \"no\" }",
        ] {
            let text = format!(
                "sample = true\n{}",
                EXAMPLE.replace("[collections.items.fields]", &format!("[collections.items.fields]\nsample = {wrong}"))
            );
            let problems = Manifest::parse(&text).unwrap().validate().unwrap_err();
            assert!(
                problems.iter().any(|p| p
                    == "field 'items.sample' marks sample records: it must be an optional boolean without a default"),
                "{wrong}: {problems:#?}"
            );
        }
    }

    #[test]
    fn names_are_safe_identifiers() {
        assert!(is_name("process_vault", 24));
        for bad in ["", "Process", "a__b", "_a", "a_", "1a", "a-b", "a;drop"] {
            assert!(!is_name(bad, 24), "{bad}");
        }
    }

    #[test]
    fn an_operators_policy_sets_the_limits_it_names_and_refuses_the_rest() {
        let policy = Limits::policy("concurrency=4, timeout_ms=10_000").unwrap();
        assert_eq!(policy, Limits { concurrency: 4, timeout_ms: 10_000, ..DEFAULT_POLICY });
        assert_eq!(Limits::policy("").unwrap(), DEFAULT_POLICY);
        assert_eq!(Limits::policy("speed=3").unwrap_err(), "'speed' is not a module limit");
        assert_eq!(Limits::policy("concurrency").unwrap_err(), "'concurrency' is not name=value");
        assert_eq!(
            Limits::policy("concurrency=65").unwrap_err(),
            "concurrency must be a whole number between 1 and 64"
        );
        assert!(Limits::policy("memory_mb=0").is_err());
        let asked = Limits { concurrency: 8, timeout_ms: 30_000, ..Limits::default() };
        assert_eq!(
            asked.above(&policy),
            [
                "limits.timeout_ms 30000 is above the portal's policy of 10000; grant 'limits' to allow it",
                "limits.concurrency 8 is above the portal's policy of 4; grant 'limits' to allow it",
            ]
        );
        assert!(Limits::default().above(&DEFAULT_POLICY).is_empty());
    }

    #[test]
    fn capabilities_round_trip_as_text() {
        for text in [
            "storage",
            "read:support.tickets",
            "update:support.tickets",
            "publish",
            "webhooks",
            "schedule",
            "limits",
            "route:POST /support/approve_request",
            "public:GET /feed.ics",
        ] {
            assert_eq!(Capability::parse(text).unwrap().to_string(), text);
        }
        for route in ["route:/support/approve_request", "route:post /x", "public:GET x", "route:GET /a b"] {
            assert!(Capability::parse(route).is_none(), "{route}");
        }
        assert!(Capability::parse("read:tickets").is_none());
        assert!(Capability::parse("delete:support.tickets").is_none());
        assert!(Capability::parse("network").is_none());
    }

    #[test]
    fn values_must_fit_their_field() {
        let text = Field { required: true, max_length: Some(3), ..Field::of(FieldType::Text) };
        assert!(value_fits(&text, &serde_json::json!("abc")));
        assert!(!value_fits(&text, &serde_json::json!("abcd")));
        assert!(!value_fits(&text, &serde_json::Value::Null));
        let int = Field::of(FieldType::Integer);
        assert!(value_fits(&int, &serde_json::json!(3)));
        assert!(!value_fits(&int, &serde_json::json!(3.5)));
        assert!(value_fits(&int, &serde_json::Value::Null));
    }
}
