//! Team Master through the real host (built plugin: `make modules`), on SQLite and
//! PostgreSQL: members, invitations and roles as the host's `members` capability keeps
//! them, with the caller's own rights checked for every call.

mod common;
mod invitations;
mod isolation;
mod members;
mod roles;
