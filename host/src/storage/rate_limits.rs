use super::Db;

/// Counts one hit in the fixed window starting at `window_start` and returns the count.
/// Kept in the database so every host instance shares the same counters.
pub async fn hit(db: &Db, bucket: &str, window_start: i64) -> sqlx::Result<i64> {
    let (hits,): (i64,) = sqlx::query_as(
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
         RETURNING hits",
    )
    .bind(bucket)
    .bind(window_start)
    .fetch_one(db.pool())
    .await?;
    Ok(hits)
}

/// Takes back one hit counted in the window starting at `window_start`.
pub async fn take_back(db: &Db, bucket: &str, window_start: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND window_start = $2 AND hits > 0")
        .bind(bucket)
        .bind(window_start)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Drops windows that started before `before`.
pub async fn purge(db: &Db, before: i64) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM rate_limits WHERE window_start < $1").bind(before).execute(db.pool()).await?;
    Ok(done.rows_affected())
}
