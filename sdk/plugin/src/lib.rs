//! The Autoscope plugin SDK: write a module's server side as a WASM plugin.
//!
//! A plugin crate (`crate-type = ["cdylib"]`, built for `wasm32-unknown-unknown`) builds a
//! [`Router`] and names it once with [`module!`]:
//!
//! ```ignore
//! use autoscope_sdk::prelude::*;
//!
//! fn router() -> Router {
//!     Router::new().get("/items/{id}", get_item)
//! }
//!
//! fn get_item(req: &Request) -> Result<Reply> {
//!     let item = storage::collection("items").get(req.param("id")?)?;
//!     ok(&item.ok_or_else(|| Error::not_found("Item not found"))?)
//! }
//!
//! autoscope_sdk::module!(router);
//! ```
//!
//! Everything a handler does to the outside world goes through the host: [`storage`] for
//! the module's company-scoped collections, [`host`] for notifications, mail, events,
//! realtime messages, the user directory, jobs and outbound webhooks. Each host call answers a [`Result`] whose
//! error carries the HTTP status to pass on, so `?` is usually all a handler needs.
//!
//! What callers send is checked with [`input`] (text, numbers, users, list parameters,
//! versioned writes) and [`files`] (base64 uploads: type, size and content, and their
//! storage), each with the module's own messages. [`days`] is the UTC calendar: days since
//! 1970-01-01, `YYYY-MM-DD`, months and Monday weeks; [`range`] the date range of a
//! dashboard's query, with its checks, messages and storage filters. [`histogram`] reads
//! percentiles off counts per bin, as storage's `bins` aggregates answer them.
//!
//! With the `zones` feature (on `chrono` and `chrono-tz`), `zones` reads local times in
//! IANA zones and `bot_schedule` a bot's free-text schedule as run windows.
#![warn(missing_docs)]

mod abi;
#[cfg(feature = "zones")]
pub mod bot_schedule;
pub mod days;
mod error;
pub mod files;
pub mod histogram;
pub mod host;
pub mod input;
pub mod range;
pub mod reply;
mod request;
mod router;
pub mod sources;
pub mod storage;
#[cfg(feature = "zones")]
pub mod zones;

/// The wire contract shared with the host (envelopes, storage queries, host replies).
pub use autoscope_wire as wire;

pub use error::{Error, Result};
pub use reply::{created, json, ok};
pub use request::{Request, require_company_admin};
pub use router::{EventHandler, Handler, JobHandler, Router, ScheduleHandler};
pub use wire::Reply;

/// What most plugins need in one `use`.
pub mod prelude {
    pub use crate::storage::{self, AggregateExt, Collection, QueryExt, collection};
    pub use crate::wire::host::LogLevel;
    pub use crate::wire::storage::{Aggregate, Bucket, Filter, FilterOp, MetricFn, Page, Query, Record};
    pub use crate::wire::{Context, EventDelivery, JobProgress, JobStep, ScheduleRun};
    pub use crate::{Error, Reply, Request, Result, Router, created, files, host, input, json, ok, reply};
}

/// Declares the plugin: `autoscope_sdk::module!(router)` at the crate root, where
/// `router: fn() -> Router`.
///
/// It records [`wire::HOST_API_VERSION`] in the wasm custom section
/// [`wire::API_VERSION_SECTION`] and exports [`wire::HANDLE_EXPORT`], which decodes the
/// envelope, dispatches it and writes the reply. The router is built on the first call and
/// kept for the life of the instance. The plugin crate must not define its own `handle`.
#[macro_export]
macro_rules! module {
    ($router:expr) => {
        #[unsafe(link_section = "autoscope.host_api")]
        #[used]
        static __AUTOSCOPE_HOST_API: [u8; 4] = $crate::wire::HOST_API_VERSION.to_le_bytes();

        /// The plugin's one export: takes an `Envelope`, answers a `Reply` (both JSON).
        #[unsafe(no_mangle)]
        pub extern "C" fn handle() -> i32 {
            static ROUTER: ::std::sync::OnceLock<$crate::Router> = ::std::sync::OnceLock::new();
            let build: fn() -> $crate::Router = $router;
            $crate::__private::handle(ROUTER.get_or_init(build))
        }
    };
}

/// Used by [`module!`]; not part of the API.
#[doc(hidden)]
pub mod __private {
    /// Reads the call's input, dispatches it and sets the output; the extism return code.
    pub fn handle(router: &crate::Router) -> i32 {
        static PANICS_LOGGED: ::std::sync::Once = ::std::sync::Once::new();
        // A panic aborts the call (502 "The module failed"); its message is what the
        // module's author needs, so it goes to the system log first.
        PANICS_LOGGED.call_once(|| {
            ::std::panic::set_hook(Box::new(|info| {
                let _ = crate::host::log(crate::wire::host::LogLevel::Error, info.to_string());
            }));
        });
        let reply = router.handle_bytes(&crate::abi::input());
        crate::abi::output(&reply)
    }
}
