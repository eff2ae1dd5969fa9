use sqlx::FromRow;

use super::Db;

#[derive(Debug, Clone, FromRow)]
pub struct LogEntry {
    pub id: String,
    pub company_id: Option<String>,
    pub user_id: Option<String>,
    pub level: String,
    pub event: String,
    pub message: String,
    pub request_id: Option<String>,
    /// The client's address, when a person's request made the entry.
    pub client_addr: Option<String>,
    pub created_at: i64,
}

pub async fn insert(db: &Db, entry: &LogEntry) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO system_logs (id, company_id, user_id, level, event, message, request_id, client_addr, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&entry.id)
    .bind(&entry.company_id)
    .bind(&entry.user_id)
    .bind(&entry.level)
    .bind(&entry.event)
    .bind(&entry.message)
    .bind(&entry.request_id)
    .bind(&entry.client_addr)
    .bind(entry.created_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// One page of a company's log, newest first; `before` is the created_at/id cursor.
pub async fn list_for_company(
    db: &Db,
    company_id: &str,
    before: Option<(i64, &str)>,
    limit: i64,
) -> sqlx::Result<Vec<LogEntry>> {
    let (before_ts, before_id) = before.unwrap_or((i64::MAX, ""));
    sqlx::query_as(
        "SELECT id, company_id, user_id, level, event, message, request_id, client_addr, created_at FROM system_logs
         WHERE company_id = $1 AND (created_at < $2 OR (created_at = $2 AND id < $3))
         ORDER BY created_at DESC, id DESC LIMIT $4",
    )
    .bind(company_id)
    .bind(before_ts)
    .bind(before_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// The latest entries of a company about one person (what they did, and what was done to
/// their membership), newest first.
pub async fn list_for_company_user(
    db: &Db,
    company_id: &str,
    user_id: &str,
    limit: i64,
) -> sqlx::Result<Vec<LogEntry>> {
    sqlx::query_as(
        "SELECT id, company_id, user_id, level, event, message, request_id, client_addr, created_at FROM system_logs
         WHERE company_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3",
    )
    .bind(company_id)
    .bind(user_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// A person's latest entries, in any company or none (their account's events are the
/// platform's), newest first.
pub async fn list_for_user(db: &Db, user_id: &str, limit: i64) -> sqlx::Result<Vec<LogEntry>> {
    sqlx::query_as(
        "SELECT id, company_id, user_id, level, event, message, request_id, client_addr, created_at FROM system_logs
         WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// What the administrators' log is narrowed to; each filter is optional.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub company_id: Option<String>,
    /// A user id, or text the user's e-mail contains (case-insensitive).
    pub user: Option<String>,
    pub level: Option<String>,
    /// `[from, to)`, unix seconds.
    pub from: Option<i64>,
    pub to: Option<i64>,
    /// The event's name, exactly (`module.log.<key>`: a module's own lines).
    pub event: Option<String>,
}

/// An entry with the names of its company and user.
#[derive(Debug, Clone, FromRow)]
pub struct NamedEntry {
    #[sqlx(flatten)]
    pub entry: LogEntry,
    pub companyname: Option<String>,
    pub user_email: Option<String>,
}

// Every filter is a bound parameter; a missing one (NULL) matches everything.
const FILTERED: &str = "FROM system_logs l LEFT JOIN companies c ON c.id = l.company_id
        LEFT JOIN users u ON u.id = l.user_id
    WHERE ($1 IS NULL OR l.company_id = $1)
      AND ($2 IS NULL OR l.user_id = $2 OR LOWER(u.email) LIKE $3 ESCAPE '\\')
      AND ($4 IS NULL OR l.level = $4)
      AND ($5 IS NULL OR l.created_at >= $5)
      AND ($6 IS NULL OR l.created_at < $6)
      AND ($7 IS NULL OR l.event = $7)";

fn bind_filter<'q, O>(
    query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments>,
    filter: &'q Filter,
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments> {
    let contains = filter.user.as_deref().map(super::contains_pattern);
    query
        .bind(filter.company_id.as_deref())
        .bind(filter.user.as_deref())
        .bind(contains)
        .bind(filter.level.as_deref())
        .bind(filter.from)
        .bind(filter.to)
        .bind(filter.event.as_deref())
}

/// Entries of every company (and the platform's own) that pass the filter, newest first.
pub async fn search(db: &Db, filter: &Filter, limit: i64, offset: i64) -> sqlx::Result<Vec<NamedEntry>> {
    let sql = format!(
        "SELECT l.id, l.company_id, c.name AS companyname, l.user_id, u.email AS user_email, l.level, l.event,
                l.message, l.request_id, l.client_addr, l.created_at
         {FILTERED} ORDER BY l.created_at DESC, l.id DESC LIMIT $8 OFFSET $9"
    );
    bind_filter(sqlx::query_as(sqlx::AssertSqlSafe(sql)), filter).bind(limit).bind(offset).fetch_all(db.pool()).await
}

pub async fn count(db: &Db, filter: &Filter) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) {FILTERED}");
    let (total,): (i64,) = bind_filter(sqlx::query_as(sqlx::AssertSqlSafe(sql)), filter).fetch_one(db.pool()).await?;
    Ok(total)
}
