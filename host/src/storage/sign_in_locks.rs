//! Turns of a locked account's sign-in attempts, shared by every host instance.

use super::Db;

/// Takes the account's next turn: `spacing_ms` after the last turn taken, or after `now_ms`
/// when that is past. Answers when the turn comes (unix milliseconds), or `None`, taking
/// nothing, when it would come more than `max_wait_ms` from now.
pub async fn take_turn(
    db: &Db,
    account: &str,
    now_ms: i64,
    spacing_ms: i64,
    max_wait_ms: i64,
) -> sqlx::Result<Option<i64>> {
    let turn: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO sign_in_locks (account, next_at_ms) VALUES ($1, $2 + $3)
         ON CONFLICT (account) DO UPDATE
           SET next_at_ms = CASE WHEN sign_in_locks.next_at_ms > $2 THEN sign_in_locks.next_at_ms ELSE $2 END + $3
           WHERE sign_in_locks.next_at_ms <= $2 + $4 - $3
         RETURNING next_at_ms",
    )
    .bind(account)
    .bind(now_ms)
    .bind(spacing_ms)
    .bind(max_wait_ms)
    .fetch_optional(db.pool())
    .await?;
    Ok(turn.map(|(at,)| at))
}

/// Drops the turns of accounts whose last turn came before `before_ms`.
pub async fn purge(db: &Db, before_ms: i64) -> sqlx::Result<u64> {
    let done =
        sqlx::query("DELETE FROM sign_in_locks WHERE next_at_ms < $1").bind(before_ms).execute(db.pool()).await?;
    Ok(done.rows_affected())
}
