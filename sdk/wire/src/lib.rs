//! The contract between the Autoscope host and a module plugin, independent of the WASM
//! runtime that carries it. A plugin exports one function, [`HANDLE_EXPORT`], that takes
//! an [`Envelope`] as JSON and returns a [`Reply`] as JSON. It reaches the host only
//! through the functions of [`HOST_NAMESPACE`], each taking JSON and returning a
//! [`HostReply`] as JSON.

pub mod envelope;
pub mod host;
pub mod members;
pub mod sources;
pub mod storage;

pub use envelope::{
    Call, Caller, Context, Envelope, EventDelivery, HttpRequest, JobProgress, JobStep, Reply, Right, ScheduleRun,
    TEXT_CONTENT_TYPES,
};
pub use host::{HostError, HostReply};

/// The version of this contract. A plugin records the version it was built against in
/// the wasm custom section [`API_VERSION_SECTION`]; the host refuses versions it does
/// not serve before compiling anything.
pub const HOST_API_VERSION: u32 = 1;

/// The wasm custom section holding the plugin's host API version (4 bytes, little-endian).
pub const API_VERSION_SECTION: &str = "autoscope.host_api";

/// The one function a plugin exports.
pub const HANDLE_EXPORT: &str = "handle";

/// The import module of every host function; versioned with the contract.
pub const HOST_NAMESPACE: &str = "autoscope:host/v1";

/// A host function of [`HOST_NAMESPACE`]: the host registers each, and refuses a plugin
/// that imports any other name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostFunction {
    Storage,
    Notify,
    Mail,
    Publish,
    Realtime,
    Directory,
    Members,
    Sources,
    Ingest,
    IngestBackground,
    Jobs,
    Webhook,
    Log,
}

impl HostFunction {
    pub const ALL: [Self; 13] = [
        Self::Storage,
        Self::Notify,
        Self::Mail,
        Self::Publish,
        Self::Realtime,
        Self::Directory,
        Self::Members,
        Self::Sources,
        Self::Ingest,
        Self::IngestBackground,
        Self::Jobs,
        Self::Webhook,
        Self::Log,
    ];

    /// The import's name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Storage => "storage",
            Self::Notify => "notify",
            Self::Mail => "mail",
            Self::Publish => "publish",
            Self::Realtime => "realtime",
            Self::Directory => "directory",
            Self::Members => "members",
            Self::Sources => "sources",
            Self::Ingest => "ingest",
            Self::IngestBackground => "ingest_background",
            Self::Jobs => "jobs",
            Self::Webhook => "webhook",
            Self::Log => "log",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|function| function.name() == name)
    }
}

impl std::fmt::Display for HostFunction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
