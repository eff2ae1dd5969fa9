use super::Db;

/// Counts one hit in each fixed window `(bucket, window_start)` and returns the counts in
/// the same order, in one statement. Kept in the database so every host instance shares
/// the same counters. The buckets must differ (a row is updated once per statement).
pub async fn hit_all<const N: usize>(db: &Db, windows: &[(String, i64); N]) -> sqlx::Result<[i64; N]> {
    let rows: Vec<String> = (1..=N).map(|at| format!("(${}, ${}, 1)", 2 * at - 1, 2 * at)).collect();
    let sql = format!(
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES {}
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
         RETURNING bucket, hits",
        rows.join(", ")
    );
    let mut query = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql));
    for (bucket, window_start) in windows {
        query = query.bind(bucket).bind(window_start);
    }
    let counted = query.fetch_all(db.pool()).await?;
    // RETURNING promises no order.
    let mut hits = [0; N];
    for (count, (bucket, _)) in hits.iter_mut().zip(windows) {
        *count = counted.iter().find(|(row, _)| row == bucket).ok_or(sqlx::Error::RowNotFound)?.1;
    }
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
