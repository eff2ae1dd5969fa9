//! The Process Vault's API through the real host: each test loads the built plugin
//! (`make modules`) into a fresh host with its own database, once on SQLite and once on
//! PostgreSQL (`on_both_engines!`). One file per feature; `common` holds what several use.
//!
//! A test states one rule, or tells one story (an idea through its assessments). A fresh
//! host and PostgreSQL database cost about as much as the rest of a test, so checks that
//! only read what one set-up made, or refused calls of one call each, share a test; the
//! doc line of such a test says so ("Grouped: ...").

mod common;

mod documents;
mod events;
mod ideas;
mod import;
mod isolation;
mod processes;
mod sample;
mod summary;
mod tickets;
