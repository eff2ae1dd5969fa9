//! Ticket Management's API through the real host: each test loads the built plugin
//! (`make modules`) into a fresh host with its own database, once on SQLite and once on
//! PostgreSQL (`on_both_engines!`). One file per feature; `common` holds what several use.
//!
//! A test states one rule, or tells one story (a ticket through its statuses). A fresh
//! host and PostgreSQL database cost about as much as the rest of a test, so checks that
//! only read what one set-up made, or refused calls of one call each, share a test; the
//! doc line of such a test says so ("Grouped: ...").
//!
//! The host's clock is the wall clock plus what `harness.advance` added, so a call's
//! `now` is known only to the second it ran in: SLA values are checked against the
//! times the module stored (exact), and elapsed times against the advances (within a few
//! seconds of wall time the test itself takes).

mod common;

mod approvals;
mod attachments;
mod isolation;
mod retention;
mod signatures;
mod sla;
mod statuses;
mod summary;
mod tickets;
