//! The module registry: package format, validation, installation, and what the web
//! shell learns about the modules a user may see.

pub mod manifest;
