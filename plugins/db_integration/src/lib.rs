//! `db_integration`: Database Integration. Brings run data from the databases of the RPA
//! orchestrators a company already runs (UiPath, Blue Prism, OpenOrchestrator, or any
//! table mapped by hand) into Bot Profile's runs and queue items, without a script.
//!
//! Company admins keep the connections through the host (`/api/modules/db_integration/
//! connections`: the plugin never sees a password). Here they map a connection's tables
//! (`mapping.rs`, from a preset in `presets.rs` or by hand, previewed on its first rows)
//! and sync on demand or on a schedule: a sync is a host job (`sync.rs`) that reads page by
//! page through the `sources` host function and stores through `ingest`, by key.

mod mapping;
mod presets;
mod sync;
#[cfg(test)]
mod typescript;

use std::collections::HashMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::{DayRange, DefaultDays, Rules};
use autoscope_sdk::sources;
use autoscope_sdk::wire::host::{DirectoryQuery, Notify};
use autoscope_sdk::wire::sources::{Connection, SourceRead};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use mapping::{Mapped, Row, TableMap};

fn router() -> Router {
    Router::new()
        .get("/presets", |_: &Request| ok(&presets::all()))
        .get("/connections", connections)
        .get("/connections/{id}/tables", |req: &Request| ok(&sources::tables(req.param("id")?)?))
        .get("/connections/{id}/columns", |req: &Request| {
            let table = input::non_blank(req.query("table")).ok_or_else(|| Error::bad_request("Choose a table"))?;
            ok(&sources::columns(req.param("id")?, table)?)
        })
        .post("/connections/{id}/preset", apply_preset)
        .post("/connections/{id}/custom", custom_table)
        .get("/connections/{id}/mapping", |req: &Request| ok(&mapping_of(req.param("id")?)?))
        .put("/connections/{id}/mapping", save_mapping)
        .post("/connections/{id}/preview", preview)
        .post("/connections/{id}/syncs", start_sync)
        .get("/syncs", syncs)
        .post("/syncs/{id}/cancel", |req: &Request| {
            req.company_admin(ADMIN_ONLY)?;
            ok(&host::cancel_job(req.param("id")?)?)
        })
        .on_job(SYNC, |_: &Context, step: &JobStep| sync::step(&sync::Host, step))
        .on_schedule("sync_due", sync_due)
}

autoscope_sdk::module!(router);

const SYNC: &str = "sync";
/// Rows a preview reads.
pub const PREVIEW_ROWS: u32 = 20;
pub const ADMIN_ONLY: &str = "Only a company admin may change database integrations";

fn configs() -> Collection {
    collection("configs")
}

fn positions() -> Collection {
    collection("positions")
}

/// A connection's mapping and schedule.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Mapping {
    /// The preset it started from, or null for a mapping made by hand.
    pub preset: Option<String>,
    pub tables: Vec<TableMap>,
    /// Sync every this many minutes (at least 5); null for on demand only.
    pub every_minutes: Option<u32>,
}

/// A stored mapping with its record's version (for the next save).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct StoredMapping {
    #[serde(flatten)]
    mapping: Mapping,
    version: i64,
}

fn stored(connection: &str) -> Result<Option<Record>> {
    Ok(configs().list(&Query::default().eq("connection_id", connection).limit(1))?.items.into_iter().next())
}

/// `GET /connections/{id}/mapping`: the saved mapping, or null.
fn mapping_of(connection: &str) -> Result<Option<StoredMapping>> {
    let Some(record) = stored(connection)? else { return Ok(None) };
    let mapping = Mapping {
        preset: record.get("preset").and_then(Value::as_str).map(str::to_string),
        tables: serde_json::from_value(record.get("tables").cloned().unwrap_or_default())?,
        every_minutes: record.get("every_minutes").and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok()),
    };
    Ok(Some(StoredMapping { mapping, version: record.get("version").and_then(Value::as_i64).unwrap_or_default() }))
}

/// `GET /connections`: whether the caller may change them, and the connections.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct Connections {
    company_admin: bool,
    connections: Vec<ConnectionItem>,
}

/// A connection with what the module keeps for it.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct ConnectionItem {
    connection: Connection,
    preset: Option<String>,
    every_minutes: Option<u32>,
    mapped: bool,
}

/// `GET /connections`: the module's connections, each with its mapping's outline (members
/// may look; only company admins change them).
fn connections(req: &Request) -> Result<Reply> {
    let mapped: HashMap<String, Record> = configs()
        .list_all(&Query::default(), 1_000)?
        .into_iter()
        .filter_map(|record| Some((record.get("connection_id")?.as_str()?.to_string(), record)))
        .collect();
    let items: Vec<ConnectionItem> = sources::connections()?
        .into_iter()
        .map(|connection| {
            let config = mapped.get(&connection.id);
            let text = |field: &str| config.and_then(|c| c.get(field)).and_then(Value::as_str).map(str::to_string);
            ConnectionItem {
                preset: text("preset"),
                every_minutes: config.and_then(|c| c.get("every_minutes")).and_then(Value::as_u64).map(|n| n as u32),
                mapped: config.is_some(),
                connection,
            }
        })
        .collect();
    ok(&Connections { company_admin: req.caller()?.company_admin, connections: items })
}

/// The connection's tables, by the names its catalogue gives them.
fn catalogue(connection: &str) -> Result<Vec<String>> {
    Ok(sources::tables(connection)?.into_iter().map(|table| table.name).collect())
}

/// `POST /connections/{id}/preset {preset}`: the preset's tables as this connection names
/// them, to review before saving (nothing is saved); 404 naming the tables it lacks.
fn apply_preset(req: &Request) -> Result<Reply> {
    #[derive(Deserialize)]
    struct Body {
        preset: String,
    }
    let body: Body = req.body()?;
    let preset = presets::find(&body.preset).ok_or_else(|| Error::not_found(format!("No preset '{}'", body.preset)))?;
    match presets::apply(&preset, &catalogue(req.param("id")?)?) {
        Ok(tables) => ok(&Mapping { preset: Some(preset.key.into()), tables, every_minutes: None }),
        Err(missing) => Err(Error::not_found(format!(
            "The database has no {}: is it the {} database?",
            missing.join(", "),
            preset.name
        ))),
    }
}

/// `POST /connections/{id}/custom {target, table}`: a starting mapping of one of the
/// connection's tables onto `target`: each field from a column of its name when there is one.
fn custom_table(req: &Request) -> Result<Reply> {
    #[derive(Deserialize)]
    struct Body {
        target: mapping::Target,
        table: String,
    }
    let Body { target, table } = req.body()?;
    let columns: Vec<String> =
        sources::columns(req.param("id")?, &table)?.into_iter().map(|column| column.name).collect();
    ok(&presets::custom(target, &table, &columns))
}

/// `PUT /connections/{id}/mapping {preset, tables, every_minutes, version?}`: saves the
/// mapping after checking it against the connection's catalogue.
fn save_mapping(req: &Request) -> Result<Reply> {
    req.company_admin(ADMIN_ONLY)?;
    #[derive(Deserialize)]
    struct Body {
        #[serde(flatten)]
        mapping: Mapping,
        version: Option<i64>,
    }
    let connection = req.param("id")?;
    let Body { mapping, version } = req.body()?;
    check(connection, &mapping)?;
    let next = mapping.every_minutes.map(|minutes| req.context().now + i64::from(minutes) * 60);
    let fields = json!({
        "preset": mapping.preset, "tables": mapping.tables, "every_minutes": mapping.every_minutes, "next_sync_at": next,
    });
    let saved = match stored(connection)? {
        Some(record) => {
            let id = storage::id_of(&record)?.to_string();
            let version = version.unwrap_or_else(|| record.get("version").and_then(Value::as_i64).unwrap_or_default());
            configs().update(&id, version, storage::to_record(&fields)?)?
        }
        None => {
            let mut record = storage::to_record(&fields)?;
            record.insert("connection_id".into(), connection.into());
            configs().insert(record)?
        }
    };
    ok(&json!({ "version": saved.get("version") }))
}

/// Every problem of the mapping, with the connection's own tables and columns.
fn check(connection: &str, mapping: &Mapping) -> Result<()> {
    let mut problems = Vec::new();
    if mapping.tables.is_empty() {
        problems.push("Map at least one table".to_string());
    }
    if mapping.every_minutes.is_some_and(|minutes| !(5..=10_080).contains(&minutes)) {
        problems.push("Sync every 5 minutes to 7 days (10,080 minutes), or on demand only".to_string());
    }
    let catalogue = catalogue(connection)?;
    for table in &mapping.tables {
        problems.extend(table.problems().into_iter().map(|problem| format!("{}: {problem}", table.table)));
        if !catalogue.contains(&table.table) {
            problems.push(format!("{}: the database has no such table", table.table));
            continue;
        }
        let columns: Vec<String> =
            sources::columns(connection, &table.table)?.into_iter().map(|column| column.name).collect();
        for column in table.columns() {
            if !columns.contains(&column) {
                problems.push(format!("{}: there is no column '{column}'", table.table));
            }
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(Error::bad_request(problems.join("; "))) }
}

/// What a preview shows: the first rows as records, and the rows that would be left out or
/// rejected, with why.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct Preview {
    #[cfg_attr(test, ts(type = "Array<Record<string, unknown>>"))]
    records: Vec<Value>,
    skipped: u32,
    rejected: Vec<sync::Rejection>,
}

/// `POST /connections/{id}/preview {table map}`: the first 20 rows of the table mapped,
/// with the rejected ones and their reasons (nothing is stored).
fn preview(req: &Request) -> Result<Reply> {
    let connection = req.param("id")?;
    let table: TableMap = req.body()?;
    let problems = table.problems();
    if !problems.is_empty() {
        return Err(Error::bad_request(problems.join("; ")));
    }
    let order = if table.key.contains(&table.cursor) { table.key.clone() } else { vec![table.cursor.clone()] };
    let read = SourceRead {
        table: table.table.clone(),
        columns: table.columns(),
        order,
        limit: PREVIEW_ROWS,
        ..SourceRead::default()
    };
    let rows = sources::read(connection, read)?;
    let named: Vec<Row> = Row::all(&rows).collect();
    let lookups = sync::lookups(&table, &named, |read| sources::read(connection, read))?;
    let mut preview = Preview { records: Vec::new(), skipped: 0, rejected: Vec::new() };
    for &row in &named {
        match table.map(connection, row, &lookups) {
            Mapped::Record(record) => preview.records.push(Value::Object(record)),
            Mapped::Skipped => preview.skipped += 1,
            Mapped::Rejected(reason) => {
                preview.rejected.push(sync::Rejection { table: table.table.clone(), key: table.key_text(row), reason });
            }
        }
    }
    ok(&preview)
}

/// Back-fills span at most ten years.
const BACKFILL: Rules = Rules { default: DefaultDays::Last(30), max_days: 3_660 };

/// `POST /connections/{id}/syncs[?from=YYYY-MM-DD&to=YYYY-MM-DD]`: starts a sync of the
/// connection, or with `from` a back-fill of those days (409 while one runs).
fn start_sync(req: &Request) -> Result<Reply> {
    req.company_admin(ADMIN_ONLY)?;
    let connection = req.param("id")?;
    if stored(connection)?.is_none() {
        return Err(Error::not_found("Map the connection's tables before syncing"));
    }
    let backfill = match input::non_blank(req.query("from")) {
        Some(_) => Some(DayRange::from_query(req, &BACKFILL)?).map(|days| (days.start(), days.end())),
        None => None,
    };
    let input = serde_json::to_value(sync::SyncInput { connection_id: connection.into(), backfill })?;
    match host::start_job(SYNC, input, Some(connection)) {
        Err(err) if err.status == 409 => Err(Error::conflict("A sync of this connection is already running")),
        started => created(&started?),
    }
}

/// `GET /syncs?connection=`: the syncs, newest first (of one connection when given).
fn syncs(req: &Request) -> Result<Reply> {
    let connection = req.query("connection");
    let jobs = host::jobs(Some(SYNC), 100)?;
    let jobs: Vec<_> =
        jobs.into_iter().filter(|job| connection.is_none_or(|id| job.key.as_deref() == Some(id))).collect();
    ok(&jobs)
}

/// Each minute: forgets the mappings of connections an admin deleted, starts the syncs
/// whose time has come (a connection whose sync still runs waits for the next turn), and
/// tells the company admins of a connection whose last syncs all failed.
fn sync_due(ctx: &Context, _: &ScheduleRun) -> Result<()> {
    let live = sources::connections()?;
    forget_deleted(&live)?;
    let due = Query::default().filter("next_sync_at", FilterOp::Lte, ctx.now).limit(100);
    for record in configs().list(&due)?.items {
        let (Some(id), Some(connection)) =
            (storage::id_of(&record).ok(), record.get("connection_id").and_then(Value::as_str))
        else {
            continue;
        };
        let minutes = record.get("every_minutes").and_then(Value::as_i64).unwrap_or(60);
        let version = record.get("version").and_then(Value::as_i64).unwrap_or_default();
        let mut changes = Record::new();
        changes.insert("next_sync_at".into(), (ctx.now + minutes * 60).into());
        // A save meanwhile set its own next time: that one stands.
        if configs().update(id, version, changes).is_err() {
            continue;
        }
        let input = serde_json::to_value(sync::SyncInput { connection_id: connection.into(), backfill: None })?;
        match host::start_job(SYNC, input, Some(connection)) {
            Err(err) if err.status == 409 => {}
            other => {
                other?;
            }
        }
    }
    alert_failures(&live)
}

/// Deletes the mapping and positions of each connection the host no longer has (the host
/// keeps connections; deleting one does not call the module).
fn forget_deleted(live: &[Connection]) -> Result<()> {
    for record in configs().list_all(&Query::default(), 1_000)? {
        let Some(connection) = record.get("connection_id").and_then(Value::as_str) else { continue };
        if !live.iter().any(|known| known.id == connection) {
            positions().delete_matching(vec![storage::filter("connection_id", FilterOp::Eq, connection)])?;
            configs().delete(storage::id_of(&record)?, None)?;
        }
    }
    Ok(())
}

/// Tells the company admins, once, of each connection whose last syncs all failed.
fn alert_failures(live: &[Connection]) -> Result<()> {
    let jobs = host::jobs(Some(SYNC), 100)?;
    let mut admins: Option<Vec<String>> = None;
    for record in configs().list_all(&Query::default(), 1_000)? {
        let Some(connection) = record.get("connection_id").and_then(Value::as_str) else { continue };
        let syncs: Vec<_> = jobs.iter().filter(|job| job.key.as_deref() == Some(connection)).cloned().collect();
        let alerted = record.get("alerted_sync").and_then(Value::as_str);
        let Some(failed) = sync::alert_for(&syncs, alerted) else { continue };
        let admins = match &admins {
            Some(admins) => admins,
            None => admins.insert(
                host::directory(&DirectoryQuery::default())?
                    .into_iter()
                    .filter(|person| person.company_admin)
                    .map(|person| person.user_id)
                    .collect(),
            ),
        };
        let name = live.iter().find(|known| known.id == connection).map_or(connection, |known| known.name.as_str());
        let why = failed.error.as_deref().unwrap_or("no reason was given");
        let message = format!("The last {} syncs of the database connection '{name}' failed: {why}", sync::FAILURES);
        if !admins.is_empty() {
            let link = Some(format!("/databaseIntegration?connection={connection}"));
            host::notify(&Notify { user_ids: admins.clone(), message, link })?;
        }
        let (id, version) =
            (storage::id_of(&record)?, record.get("version").and_then(Value::as_i64).unwrap_or_default());
        let mut changes = Record::new();
        changes.insert("alerted_sync".into(), failed.id.clone().into());
        configs().update(id, version, changes)?;
    }
    Ok(())
}
