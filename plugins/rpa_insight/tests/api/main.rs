//! Operational Insight's API through the real host: each test loads the built plugins
//! (`make modules`), Operational Insight with Bot Profile (`bots`), into a fresh host with its
//! own database, once on SQLite and once on PostgreSQL (`on_both_engines!`). Runs and queue
//! items arrive through the host's ingestion API with a company API key, as an orchestrator
//! sends them, and every figure is compared with the value worked out by hand. One file per
//! feature; `common` holds what several use (the helpers and the scenarios of runs and of
//! queue items).

mod common;

mod availability;
mod figures;
mod filters;
mod isolation;
mod queues;
mod ranges;
mod rights;
mod runs;
mod stuck;
mod validation;
