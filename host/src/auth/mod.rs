//! Who is calling: session tokens and the extractors that check them, the client's
//! address, passwords, how password guesses are throttled, and rate limits.

pub mod client_addr;
pub mod password;
pub mod password_guesses;
pub mod rate_limit;
pub mod session;

pub use client_addr::ClientAddr;
pub use session::{Admin, CurrentUser};
