//! Chat's API through the real host: each test loads the built plugin (`make modules`)
//! into a fresh host with its own database, once on SQLite and once on PostgreSQL
//! (`on_both_engines!`). One file per feature; `common` holds what several use.
//!
//! A fresh host costs about as much as the rest of a test, so checks that read what one
//! set-up made share a test; the doc line of such a test says so ("Grouped: ...").

mod common;

mod alerts;
mod channels;
mod export;
mod files;
mod isolation;
mod mentions;
mod messages;
mod reads;
mod realtime;
mod search;
