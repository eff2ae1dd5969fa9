//! Who is calling: session tokens and the extractors that check them, the client's
//! address, passwords, and rate limits.

pub mod client_addr;
pub mod password;
pub mod rate_limit;
pub mod session;

pub use client_addr::ClientAddr;
pub use session::{Admin, CurrentUser};
