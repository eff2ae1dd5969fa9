//! Alerts through the real host, on SQLite and PostgreSQL: each test loads the built
//! plugins (`make modules`), Alerts with Bot Profile (`bots`), whose runs and queue items
//! arrive through the ingestion API with a company API key, as an orchestrator sends them.
//! The host's clock moves when a test says (`Harness::advance`), and schedules and events
//! run when it says. One file per feature; `common` holds what several use.

mod common;

mod chat;
mod digest;
mod incidents;
mod kinds;
mod rules;
mod signatures;
mod webhooks;
