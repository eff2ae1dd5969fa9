//! API integration tests: each runs against a real host on SQLite and on PostgreSQL.

mod support;

mod admin;
mod admin_area;
mod cli;
mod collections;
mod crash_safety;
mod directory;
mod docs;
mod enterprise;
mod health;
mod housekeeping;
mod ingestion;
mod logs;
mod mail;
mod masters;
mod memberships;
mod module_jobs;
mod module_registry;
mod module_runtime;
mod module_storage;
mod notifications;
mod onboarding;
mod profile;
mod profile_pictures;
mod profile_settings;
mod rate_limits;
mod realtime;
mod reset;
mod signin;
mod signup;
mod social;
mod sources;
mod tenancy;
mod web_shell;
mod webhooks;
