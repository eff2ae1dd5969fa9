//! API integration tests: each runs against a real host on SQLite and on PostgreSQL.

mod support;

mod signin;
mod signup;
