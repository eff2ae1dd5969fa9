//! Bot Profile's API through the real host: each test loads the built plugins (`make
//! modules`), Bot Profile with Process Vault for the processes' rates (and Calendar for the
//! heatmap's non-working days), into a fresh host with its own database, once on SQLite and
//! once on PostgreSQL (`on_both_engines!`). Runs arrive through the host's ingestion API with
//! a company API key, as an orchestrator sends them; every figure is compared with the value
//! worked out by hand. One file per feature; `common` holds what several use (the helpers and
//! the scenario of runs).

mod common;

mod calculation;
mod changes;
mod heatmap;
mod inventory;
mod isolation;
mod overview;
mod ranges;
mod rights;
mod runs;
mod sample;
mod status;
mod validation;
