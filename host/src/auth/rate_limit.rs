//! Fixed-window rate limits kept in the database, shared by every host instance.

use std::net::IpAddr;

use crate::config::{ActionLimits, Limit};
use crate::error::{Error, Result};
use crate::storage::{Db, rate_limits};

pub const TOO_MANY: &str = "Too many attempts, please try again later";

/// One counter to bump: `scope` names the action and kind ("signin:account"), `key` the
/// account or address.
#[derive(Clone, Copy)]
pub struct Check<'a> {
    pub scope: &'a str,
    pub key: &'a str,
    pub limit: Limit,
}

impl Check<'_> {
    fn bucket(&self) -> String {
        format!("{}:{}", self.scope, self.key.to_lowercase())
    }

    fn window_start(&self, now: i64) -> i64 {
        window_start(now, self.limit.window.as_secs().max(1) as i64)
    }

    /// Takes back one hit counted in the window of `now`.
    pub async fn take_back(&self, db: &Db, now: i64) -> Result<()> {
        Ok(rate_limits::take_back(db, &self.bucket(), self.window_start(now)).await?)
    }
}

pub fn too_many() -> Error {
    Error::TooManyRequests(TOO_MANY.into())
}

/// Counts one hit on every check (each of its own scope or key) in the current window, in
/// one write; answers the counts with them, in order.
pub async fn hit_all<const N: usize>(db: &Db, now: i64, checks: [Check<'_>; N]) -> Result<[i64; N]> {
    let windows = checks.map(|check| (check.bucket(), check.window_start(now)));
    Ok(rate_limits::hit_all(db, &windows).await?)
}

/// Counts a hit on every check and fails with 429 when any is over its limit.
pub async fn enforce<const N: usize>(db: &Db, now: i64, checks: [Check<'_>; N]) -> Result<()> {
    let counts = hit_all(db, now, checks).await?;
    let over = checks.iter().zip(counts).any(|(check, count)| count > check.limit.max);
    if over { Err(too_many()) } else { Ok(()) }
}

/// Counts one hit of `action` for the account and one for the address.
pub async fn enforce_action(
    db: &Db,
    now: i64,
    action: &str,
    limits: &ActionLimits,
    account: &str,
    addr: IpAddr,
) -> Result<()> {
    let (account_scope, address_scope) = (format!("{action}:account"), format!("{action}:address"));
    let checks = [
        Check { scope: &account_scope, key: account, limit: limits.per_account },
        Check { scope: &address_scope, key: &addr.to_string(), limit: limits.per_address },
    ];
    enforce(db, now, checks).await
}

fn window_start(now: i64, window: i64) -> i64 {
    now - now.rem_euclid(window)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_are_aligned() {
        assert_eq!(window_start(1_000, 60), 960);
        assert_eq!(window_start(960, 60), 960);
        assert_eq!(window_start(1_019, 60), 960);
        assert_eq!(window_start(1_020, 60), 1_020);
    }
}
