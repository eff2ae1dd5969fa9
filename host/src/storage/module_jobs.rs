//! Modules' long jobs (see migration 0015 and `modules::jobs`).

use sqlx::FromRow;

use super::Db;

const COLUMNS: &str = "id, company_id, module, name, job_key, input, state, progress, status, error, steps, attempts, \
                       next_at, started_by, created_at, updated_at, finished_at";

#[derive(Debug, Clone, FromRow)]
pub struct JobRow {
    pub id: String,
    pub company_id: String,
    pub module: String,
    pub name: String,
    pub job_key: Option<String>,
    /// JSON text, as are `state` and `progress`.
    pub input: String,
    pub state: String,
    pub progress: String,
    /// `running`, `cancelling`, `done`, `failed` or `cancelled`.
    pub status: String,
    pub error: Option<String>,
    pub steps: i64,
    /// Failed tries of the current step.
    pub attempts: i64,
    pub next_at: i64,
    pub started_by: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
}

/// Stores a new job; false when a running job of the module already has its key.
pub async fn insert(db: &Db, job: &JobRow) -> sqlx::Result<bool> {
    let inserted = sqlx::query(
        "INSERT INTO module_jobs (id, company_id, module, name, job_key, input, state, progress, status, steps,
             attempts, next_at, started_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(&job.id)
    .bind(&job.company_id)
    .bind(&job.module)
    .bind(&job.name)
    .bind(&job.job_key)
    .bind(&job.input)
    .bind(&job.state)
    .bind(&job.progress)
    .bind(&job.status)
    .bind(job.steps)
    .bind(job.attempts)
    .bind(job.next_at)
    .bind(&job.started_by)
    .bind(job.created_at)
    .bind(job.updated_at)
    .execute(db.pool())
    .await;
    super::written_unless_taken(inserted)
}

pub async fn get(db: &Db, company_id: &str, module: &str, id: &str) -> sqlx::Result<Option<JobRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM module_jobs WHERE company_id = $1 AND module = $2 AND id = $3"
    )))
    .bind(company_id)
    .bind(module)
    .bind(id)
    .fetch_optional(db.pool())
    .await
}

/// The module's jobs in the company, newest first; only those named `name` when given.
pub async fn list(
    db: &Db,
    company_id: &str,
    module: &str,
    name: Option<&str>,
    limit: i64,
) -> sqlx::Result<Vec<JobRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM module_jobs WHERE company_id = $1 AND module = $2 AND ($3 IS NULL OR name = $3)
         ORDER BY created_at DESC, id DESC LIMIT $4"
    )))
    .bind(company_id)
    .bind(module)
    .bind(name)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// Asks a running job to stop; false when it is not running.
pub async fn request_cancel(db: &Db, company_id: &str, module: &str, id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE module_jobs SET status = 'cancelling', updated_at = $1
         WHERE company_id = $2 AND module = $3 AND id = $4 AND status = 'running'",
    )
    .bind(now)
    .bind(company_id)
    .bind(module)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The jobs due at `now` to run (their ids and modules), oldest first: none is claimed yet.
pub async fn due(db: &Db, now: i64, limit: i64) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT id, module FROM module_jobs WHERE status IN ('running', 'cancelling') AND next_at <= $1
         ORDER BY next_at LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// Claims the job `id` if it is still due at `now`: no other instance claims it until
/// `lease_until` (the runner moves that on with every step).
pub async fn claim(db: &Db, id: &str, now: i64, lease_until: i64) -> sqlx::Result<Option<JobRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE module_jobs SET next_at = $1
         WHERE id = $2 AND status IN ('running', 'cancelling') AND next_at <= $3
         RETURNING {COLUMNS}"
    )))
    .bind(lease_until)
    .bind(id)
    .bind(now)
    .fetch_optional(db.pool())
    .await
}

/// The job's status now (a cancel may have come since it was claimed).
pub async fn status_of(db: &Db, id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT status FROM module_jobs WHERE id = $1").bind(id).fetch_optional(db.pool()).await
}

/// Writes what the runner holds of `job`. A cancel that arrived meanwhile stays: a job
/// written back as running remains cancelling.
pub async fn save(db: &Db, job: &JobRow) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE module_jobs SET state = $1, progress = $2, error = $3, steps = $4, attempts = $5, next_at = $6,
             updated_at = $7, finished_at = $8,
             status = CASE WHEN status = 'cancelling' AND $9 = 'running' THEN 'cancelling' ELSE $9 END
         WHERE id = $10",
    )
    .bind(&job.state)
    .bind(&job.progress)
    .bind(&job.error)
    .bind(job.steps)
    .bind(job.attempts)
    .bind(job.next_at)
    .bind(job.updated_at)
    .bind(job.finished_at)
    .bind(&job.status)
    .bind(&job.id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Drops up to `limit` jobs that finished before `before` (a running or cancelling job is
/// never dropped); answers how many.
pub async fn purge_finished_before(db: &Db, before: i64, limit: i64) -> sqlx::Result<u64> {
    super::delete_before(
        db,
        "DELETE FROM module_jobs WHERE id IN
           (SELECT id FROM module_jobs WHERE finished_at < $1 AND status NOT IN ('running', 'cancelling')
            ORDER BY finished_at LIMIT $2)",
        before,
        limit,
    )
    .await
}
