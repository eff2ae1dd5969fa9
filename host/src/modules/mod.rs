//! The module platform: everything that loads, runs and serves third-party modules.
//! Its parts import one way, each only from those above it in this list (`make lint`
//! checks that no cycle comes back):
//!
//! - `manifest`: `module.toml`, its types and validation (imports nothing of the platform);
//! - `collections`: module storage, the statements of each collection's table;
//! - `runtime`: the Extism engine, limits and the call of a plugin;
//! - `events`: publishing module events and delivering them through the runtime;
//! - `jobs`: long work a module starts and the host drives, a step per plugin call;
//! - `ingestion`: the bulk ingestion API into module collections;
//! - `sources`: outside databases connected to a module, read through the host;
//! - `webhooks`: signed POSTs a module sends to outside addresses, stored and sent by a worker;
//! - `capabilities`: the host functions a plugin calls, each checked against its grants;
//! - `registry`: packages, install, upgrade, remove and loading at start;
//! - `gateway`: `/api/m/<key>/...` and the legacy routes, into the runtime;
//! - `onboarding`: the getting-started steps modules declare, and their sample data;
//! - `schedules`, `workers`: schedule runs and the background work of modules;
//! - `kit`: `autoscope module new` and `build`, for module authors (over `registry`'s packing);
//! - `typescript` (tests): the web SDK's types of the platform's answers.

pub mod capabilities;
pub mod collections;
pub mod events;
pub mod gateway;
pub mod ingestion;
pub mod jobs;
pub mod kit;
pub mod manifest;
pub mod onboarding;
pub mod registry;
pub mod runtime;
pub mod schedules;
pub mod sources;
#[cfg(test)]
mod typescript;
pub mod webhooks;
pub mod workers;
