//! Password checks of sign-in and of its kin (accepting an invitation with an account,
//! confirming one's own password), throttled by failures: a success never counts, so
//! people behind one address do not use up each other's sign-ins, and the owner of an
//! account someone is guessing still gets in, at a cost in time instead of a refusal.
//!
//! - Failures from one address past `per_address` in the window: that address is refused
//!   (429) before any password is checked. A refused attempt counts as a failure.
//! - Failures on one account past `per_account`: the account is locked until the window
//!   ends. Its attempts, right or wrong, then take turns, one at a time across every host
//!   instance, spaced as [`SignInLock`] says; an attempt whose turn is too far off is
//!   refused (429) without taking one. A guesser gets at most a few hundred tries an hour
//!   on an account however many addresses it uses; the owner waits seconds, at most the
//!   longest wait.

use std::net::IpAddr;
use std::time::Duration;

use super::password;
use super::rate_limit::{self, Check};
use crate::config::{ActionLimits, SignInLock};
use crate::error::Result;
use crate::http::AppState;
use crate::storage::sign_in_locks;

/// Who is guessing what: `action` names the counters ("signin"), `account` is the e-mail.
pub struct Guess<'a> {
    pub action: &'a str,
    pub account: &'a str,
    pub addr: IpAddr,
}

/// Whether `password` is the one `stored` hashes (`None`: no account, checked all the same
/// so timing does not tell), under the policy above.
pub async fn check(state: &AppState, guess: Guess<'_>, password: String, stored: Option<String>) -> Result<bool> {
    let limits = &state.config.rate_limits;
    let (account_scope, address_scope) =
        (format!("{}_failures:account", guess.action), format!("{}_failures:address", guess.action));
    let address = guess.addr.to_string();
    let account = Check { scope: &account_scope, key: guess.account, limit: limits.signin.per_account };
    let from_address = Check { scope: &address_scope, key: &address, limit: limits.signin.per_address };
    // Each attempt counts as a failure before its check and is taken back if it succeeds:
    // so concurrent guesses cannot all slip in under the limit at once. Both counters in one
    // write, the only one of a failed attempt.
    let now = state.clock.now();
    let [address_failures, failures] = rate_limit::hit_all(&state.db, now, [from_address, account]).await?;
    if address_failures > from_address.limit.max {
        // An address refused counts against itself only, not against the account it named.
        account.take_back(&state.db, now).await?;
        return Err(rate_limit::too_many());
    }
    if failures > account.limit.max {
        wait_for_turn(state, guess.account, spacing(&limits.signin_lock, &limits.signin, failures - 1)).await?;
    }
    let matches = password::verify(password, stored).await?;
    if matches {
        // Counted in the window the attempt began in, so a turn's wait does not move it.
        account.take_back(&state.db, now).await?;
        from_address.take_back(&state.db, now).await?;
    }
    Ok(matches)
}

/// Takes the locked account's next turn and sleeps until it comes.
async fn wait_for_turn(state: &AppState, account: &str, spacing: Duration) -> Result<()> {
    let max_wait = state.config.rate_limits.signin_lock.max_wait;
    let now_ms = state.clock.now_ms();
    let turn = sign_in_locks::take_turn(&state.db, &account.to_lowercase(), now_ms, millis(spacing), millis(max_wait))
        .await?
        .ok_or_else(rate_limit::too_many)?;
    tokio::time::sleep(Duration::from_millis(turn.saturating_sub(now_ms).max(0) as u64)).await;
    Ok(())
}

/// The spacing between a locked account's turns after `failures` failures: the first
/// spacing, doubled for every further `per_account.max` failures, at most the maximum.
fn spacing(lock: &SignInLock, limits: &ActionLimits, failures: i64) -> Duration {
    let step = limits.per_account.max.max(1);
    let doublings = ((failures - limits.per_account.max).max(0) / step).min(16) as u32;
    lock.first_spacing.saturating_mul(1 << doublings).min(lock.max_spacing)
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Limit;

    #[test]
    fn the_spacing_doubles_with_every_further_limit_of_failures_up_to_the_maximum() {
        let lock = SignInLock {
            first_spacing: Duration::from_secs(1),
            max_spacing: Duration::from_secs(30),
            max_wait: Duration::from_secs(45),
        };
        let limits = ActionLimits { per_account: Limit::per_minutes(10, 15), per_address: Limit::per_minutes(100, 15) };
        let seconds = |failures| spacing(&lock, &limits, failures).as_secs();
        assert_eq!(seconds(10), 1);
        assert_eq!(seconds(19), 1);
        assert_eq!(seconds(20), 2);
        assert_eq!(seconds(30), 4);
        assert_eq!(seconds(50), 16);
        assert_eq!(seconds(60), 30);
        assert_eq!(seconds(10_000_000), 30);
    }
}
