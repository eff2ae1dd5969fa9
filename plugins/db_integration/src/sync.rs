//! A sync: a job (the host drives it a step at a time) that reads a connection's mapped
//! tables page by page, from the last cursor value each table reached less its overlap,
//! maps the rows and stores them in Bot Profile's streams by key, so reading a row again
//! replaces its record. Rows stored with a status they may still leave (a running job)
//! are read again by key on the next sync. Rows deleted at the source are never deleted
//! here. The job's progress is the report: rows read, stored, skipped and rejected, and
//! the first rejected rows with their reasons.

use std::collections::VecDeque;

use autoscope_sdk::prelude::*;
use autoscope_sdk::sources;
use autoscope_sdk::wire::host::{Job, JobStatus, MAX_BACKGROUND_INGESTS};
use autoscope_sdk::wire::sources::{ColumnKind, SourceFilter, SourceFilterOp, SourceRead, SourceRows};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::mapping::{Lookups, Mapped, Row, TableMap, text_of};

/// Failed syncs in a row of one connection before its company's admins are told.
pub const FAILURES: usize = 3;

/// The failed sync to tell the admins about: the latest, when the connection's last
/// [`FAILURES`] finished syncs all failed and it was not told of already. `jobs` are the
/// connection's syncs, newest first.
pub fn alert_for<'a>(jobs: &'a [Job], alerted: Option<&str>) -> Option<&'a Job> {
    let mut finished = jobs.iter().filter(|job| !matches!(job.status, JobStatus::Running | JobStatus::Cancelling));
    let last: Vec<&Job> = finished.by_ref().take(FAILURES).collect();
    let all_failed = last.len() == FAILURES && last.iter().all(|job| job.status == JobStatus::Failed);
    last.first().copied().filter(|latest| all_failed && alerted != Some(latest.id.as_str()))
}

/// Rows read per page.
pub const PAGE: u32 = 5_000;
/// Pages of a table read per step: each page's store runs while the next is read and
/// mapped, so a step of several pages keeps the database writing.
pub const PAGES_PER_STEP: usize = 4;
/// Rejected rows kept in a report.
pub const REPORTED: usize = 20;
/// Open keys read again per table, at most (one `in` read).
const MAX_OPEN: usize = 1_000;

/// What a sync is started with.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SyncInput {
    pub connection_id: String,
    /// A back-fill: the rows whose cursor (a time) is in `[from, to)`, unix seconds, read
    /// whatever the last sync saw, and no table's position moved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backfill: Option<(i64, i64)>,
}

/// The counts and first rejections of a sync, its progress and its report.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Report {
    /// The tables of the mapping, and the one being read (0-based).
    pub tables: usize,
    pub table: usize,
    pub read: u64,
    pub stored: u64,
    /// Left out by the status table (a job still pending).
    pub skipped: u64,
    pub rejected: u64,
    pub rejections: Vec<Rejection>,
    /// Set on the last step of a cancelled sync.
    #[serde(default)]
    pub cancelled: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Rejection {
    pub table: String,
    /// The row's key, as the record's `external_id` would hold it.
    pub key: String,
    pub reason: String,
}

/// Where the sync is between steps.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct State {
    table: usize,
    /// The open keys of the current table were read again.
    open_done: bool,
    /// The keyset position after the last row read of the current table.
    after: Option<Vec<Value>>,
    /// The highest cursor value read of the current table.
    high: Option<Value>,
    /// Keys (of a one-column key) of the current table stored with an open status.
    open: Vec<Value>,
    report: Report,
}

/// Where a table's last sync ended, kept per connection and table.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Position {
    pub cursor: Option<Value>,
    /// The keys of rows stored with a status they may still leave, to read again.
    pub open: Vec<Value>,
}

/// Storage the steps need, so that the step itself is plain (see the unit tests).
pub trait Store {
    fn tables(&self, connection: &str) -> Result<Vec<TableMap>>;
    fn position(&self, connection: &str, table: &str) -> Result<Position>;
    fn save_position(&self, connection: &str, table: &str, position: Position) -> Result<()>;
    fn read(&self, connection: &str, read: SourceRead) -> Result<SourceRows>;
    /// Whether the table's column holds times.
    fn is_time(&self, connection: &str, table: &str, column: &str) -> Result<bool>;
    /// A store started and not yet waited for.
    type Storing;
    /// Starts storing records, which runs while the next page is read and mapped.
    fn ingest_start(&self, stream: &str, records: Vec<Value>) -> Result<Self::Storing>;
    /// Waits for a store; answers how many were stored and the refused ones' (index, reason).
    fn ingest_wait(&self, storing: Self::Storing) -> Result<(u64, Vec<(usize, String)>)>;
}

/// The host: the module's collections, its sources and its ingestion grant.
pub struct Host;

impl Store for Host {
    fn tables(&self, connection: &str) -> Result<Vec<TableMap>> {
        let config = crate::stored(connection)?;
        let tables = config.and_then(|mut record| record.remove("tables")).unwrap_or_default();
        serde_json::from_value(tables).map_err(|_| Error::not_found("The connection has no mapping to sync"))
    }

    fn position(&self, connection: &str, table: &str) -> Result<Position> {
        let key = position_key(connection, table);
        let found = crate::positions().list(&Query::default().eq("key", key.as_str()).limit(1))?.items;
        Ok(found
            .first()
            .and_then(|record| record.get("position"))
            .and_then(|value| serde_json::from_value(value.clone()).ok())
            .unwrap_or_default())
    }

    fn save_position(&self, connection: &str, table: &str, position: Position) -> Result<()> {
        let key = position_key(connection, table);
        let found = crate::positions().list(&Query::default().eq("key", key.as_str()).limit(1))?.items;
        let mut changes = Record::new();
        changes.insert("position".into(), serde_json::to_value(position)?);
        match found.first().and_then(|record| Some((storage::id_of(record).ok()?, record.get("version")?.as_i64()?))) {
            Some((id, version)) => crate::positions().update(id, version, changes)?,
            None => {
                changes.insert("key".into(), key.into());
                changes.insert("connection_id".into(), connection.into());
                crate::positions().insert(changes)?
            }
        };
        Ok(())
    }

    fn read(&self, connection: &str, read: SourceRead) -> Result<SourceRows> {
        sources::read(connection, read)
    }

    fn is_time(&self, connection: &str, table: &str, column: &str) -> Result<bool> {
        let columns = sources::columns(connection, table)?;
        Ok(columns.iter().any(|known| known.name == column && known.kind == ColumnKind::Timestamp))
    }

    type Storing = host::PendingIngest;

    fn ingest_start(&self, stream: &str, records: Vec<Value>) -> Result<host::PendingIngest> {
        host::ingest_start(stream, records)
    }

    fn ingest_wait(&self, storing: host::PendingIngest) -> Result<(u64, Vec<(usize, String)>)> {
        let report = storing.wait()?;
        let refused = report
            .errors
            .iter()
            .map(|error| {
                let index = error.get("index").and_then(Value::as_u64).unwrap_or_default() as usize;
                (index, error.get("message").and_then(Value::as_str).unwrap_or_default().to_string())
            })
            .collect();
        Ok((report.stored as u64, refused))
    }
}

fn position_key(connection: &str, table: &str) -> String {
    format!("{connection}/{table}")
}

/// One step of the sync of `input.connection_id`: the open keys of a table, or up to
/// [`PAGES_PER_STEP`] pages of its rows.
pub fn step<S: Store>(store: &S, job: &JobStep) -> Result<JobProgress> {
    let input: SyncInput = serde_json::from_value(job.input.clone())?;
    let connection = input.connection_id.as_str();
    let mut state: State =
        if job.state.is_null() { State::default() } else { serde_json::from_value(job.state.clone())? };
    let tables = store.tables(connection)?;
    state.report.tables = tables.len();
    if job.cancelled {
        state.report.cancelled = true;
        return finish(state, true);
    }
    let Some(table) = tables.get(state.table) else {
        return finish(state, true);
    };
    state.report.table = state.table;
    let position = match input.backfill {
        Some(_) if !store.is_time(connection, &table.table, &table.cursor)? => {
            return Err(Error::bad_request(format!(
                "A back-fill reads by time: the cursor '{}' of {} holds no times",
                table.cursor, table.table
            )));
        }
        // A back-fill reads its days only, and leaves the open rows to the next sync.
        Some(_) => {
            state.open_done = true;
            Position::default()
        }
        None => store.position(connection, &table.table)?,
    };
    if !state.open_done {
        state.open_done = true;
        if let Some(read) = open_read(table, &position) {
            let rows = store.read(connection, read)?;
            let page = map_page(store, connection, table, &rows, &mut state.open)?;
            let storing = send(store, table, page, &mut state.report)?;
            settle(store, table, storing, &mut state.report)?;
            return finish(state, false);
        }
    }
    let order = page_order(table);
    // The stores under way, oldest first: a page waits only for the store of the page
    // before the last, so the database always has the next page to write.
    let mut storing = VecDeque::with_capacity(MAX_BACKGROUND_INGESTS);
    for _ in 0..PAGES_PER_STEP {
        let rows = store.read(connection, page_read(table, &position, state.after.clone(), input.backfill))?;
        let page = map_page(store, connection, table, &rows, &mut state.open)?;
        if storing.len() == MAX_BACKGROUND_INGESTS {
            settle(store, table, storing.pop_front(), &mut state.report)?;
        }
        storing.extend(send(store, table, page, &mut state.report)?);
        if let Some(last) = rows.rows.last() {
            state.after = Some(order.iter().map(|column| value_of(&rows, last, column).clone()).collect());
            let cursor = value_of(&rows, last, &table.cursor).clone();
            // Rows come in cursor order: the page's last is its highest.
            state.high = Some(cursor);
        }
        if rows.rows.len() < PAGE as usize {
            // The position moves only past rows whose store ended.
            settle_all(store, table, &mut storing, &mut state.report)?;
            let cursor = state.high.take().or(position.cursor);
            let mut open = std::mem::take(&mut state.open);
            open.sort_by_key(Value::to_string);
            open.dedup();
            if input.backfill.is_none() {
                store.save_position(connection, &table.table, Position { cursor, open })?;
            }
            state.table += 1;
            state.open_done = false;
            state.after = None;
            break;
        }
    }
    settle_all(store, table, &mut storing, &mut state.report)?;
    let done = state.table >= tables.len();
    finish(state, done)
}

fn value_of<'a>(rows: &'a SourceRows, row: &'a [Value], column: &str) -> &'a Value {
    rows.columns.iter().position(|known| known.name == column).and_then(|at| row.get(at)).unwrap_or(&Value::Null)
}

/// A page's rows mapped, before the report counts them.
#[derive(Default)]
struct Page {
    read: u64,
    records: Vec<Value>,
    /// The key of each record's row.
    keys: Vec<String>,
    skipped: u64,
    /// (key, reason) of each row the mapping refused.
    rejected: Vec<(String, String)>,
}

/// A page's records being stored, with their rows' keys for the refused ones.
struct Storing<T> {
    store: T,
    keys: Vec<String>,
}

/// Maps the rows (with the lookups they need); the keys of rows stored with an open status
/// join `open`.
fn map_page(
    store: &impl Store,
    connection: &str,
    table: &TableMap,
    rows: &SourceRows,
    open: &mut Vec<Value>,
) -> Result<Page> {
    if rows.rows.is_empty() {
        return Ok(Page::default());
    }
    let named: Vec<Row> = Row::all(rows).collect();
    let lookups = lookups(table, &named, |read| store.read(connection, read))?;
    let mut page = Page { read: named.len() as u64, ..Page::default() };
    page.records.reserve(named.len());
    page.keys.reserve(named.len());
    for &row in &named {
        let key = table.key_text(row);
        match table.map(connection, row, &lookups) {
            Mapped::Record(record) => {
                let is_open =
                    record.get("status").and_then(Value::as_str).is_some_and(|status| table.target.open(status));
                if let ([column], true) = (table.key.as_slice(), is_open) {
                    open.push(row.get(column).clone());
                }
                page.records.push(Value::Object(record));
                page.keys.push(key);
            }
            Mapped::Skipped => page.skipped += 1,
            Mapped::Rejected(reason) => page.rejected.push((key, reason)),
        }
    }
    Ok(page)
}

/// Counts the page and starts storing its records.
fn send<S: Store>(store: &S, table: &TableMap, page: Page, report: &mut Report) -> Result<Option<Storing<S::Storing>>> {
    report.read += page.read;
    report.skipped += page.skipped;
    for (key, reason) in page.rejected {
        reject(report, table, key, reason);
    }
    if page.records.is_empty() {
        return Ok(None);
    }
    let started = store.ingest_start(table.target.stream(), page.records)?;
    Ok(Some(Storing { store: started, keys: page.keys }))
}

/// Waits for a page's store and counts what it stored and refused.
fn settle<S: Store>(
    store: &S,
    table: &TableMap,
    storing: Option<Storing<S::Storing>>,
    report: &mut Report,
) -> Result<()> {
    let Some(Storing { store: started, keys }) = storing else { return Ok(()) };
    let (stored, refused) = store.ingest_wait(started)?;
    report.stored += stored;
    for (index, reason) in refused {
        reject(report, table, keys.get(index).cloned().unwrap_or_default(), reason);
    }
    Ok(())
}

fn settle_all<S: Store>(
    store: &S,
    table: &TableMap,
    storing: &mut VecDeque<Storing<S::Storing>>,
    report: &mut Report,
) -> Result<()> {
    while let Some(started) = storing.pop_front() {
        settle(store, table, Some(started), report)?;
    }
    Ok(())
}

fn reject(report: &mut Report, table: &TableMap, key: String, reason: String) {
    report.rejected += 1;
    if report.rejections.len() < REPORTED {
        report.rejections.push(Rejection { table: table.table.clone(), key, reason });
    }
}

/// The lookup rows the page names, read with `read`: one read per lookup table, by key.
pub fn lookups(table: &TableMap, rows: &[Row], read: impl Fn(SourceRead) -> Result<SourceRows>) -> Result<Lookups> {
    let needed = table.lookups_needed(|column| rows.iter().map(|row| row.get(column).clone()).collect());
    let mut found = Lookups::new();
    for (lookup, key, value, keys) in needed {
        for chunk in keys.chunks(1_000) {
            let lookup_read = SourceRead {
                table: lookup.into(),
                columns: vec![key.into(), value.into()],
                filters: vec![SourceFilter {
                    column: key.into(),
                    op: SourceFilterOp::In,
                    value: Value::Array(chunk.to_vec()),
                }],
                order: Vec::new(),
                after: None,
                limit: chunk.len() as u32,
            };
            for row in read(lookup_read)?.rows {
                if let [id, name] = row.as_slice()
                    && let Some(id) = text_of(id)
                {
                    found.entry(lookup.to_string()).or_default().insert(id, name.clone());
                }
            }
        }
    }
    Ok(found)
}

fn finish(state: State, done: bool) -> Result<JobProgress> {
    Ok(JobProgress { progress: serde_json::to_value(&state.report)?, state: serde_json::to_value(&state)?, done })
}

/// The rows stored with an open status last time, read again by key (single-column keys).
fn open_read(table: &TableMap, position: &Position) -> Option<SourceRead> {
    let [key] = table.key.as_slice() else { return None };
    if position.open.is_empty() {
        return None;
    }
    let keys: Vec<Value> = position.open.iter().take(MAX_OPEN).cloned().collect();
    Some(SourceRead {
        table: table.table.clone(),
        columns: table.columns(),
        filters: vec![SourceFilter { column: key.clone(), op: SourceFilterOp::In, value: Value::Array(keys) }],
        order: Vec::new(),
        after: None,
        limit: MAX_OPEN as u32,
    })
}

/// The keyset of a table's pages: the cursor, then the key's other columns.
fn page_order(table: &TableMap) -> Vec<String> {
    let mut order = vec![table.cursor.clone()];
    order.extend(table.key.iter().filter(|column| **column != table.cursor).cloned());
    order
}

/// The next page of rows past the table's last cursor value less its overlap, or of a
/// back-fill's times.
fn page_read(
    table: &TableMap,
    position: &Position,
    after: Option<Vec<Value>>,
    backfill: Option<(i64, i64)>,
) -> SourceRead {
    let cursor = |op, value| SourceFilter { column: table.cursor.clone(), op, value };
    let filters = match backfill {
        Some((from, to)) => vec![cursor(SourceFilterOp::Gte, from.into()), cursor(SourceFilterOp::Lt, to.into())],
        None => {
            let from = position.cursor.as_ref().map(|last| match last.as_i64() {
                Some(number) => Value::from(number - table.overlap),
                None => last.clone(),
            });
            from.map(|value| cursor(SourceFilterOp::Gte, value)).into_iter().collect()
        }
    };
    SourceRead {
        table: table.table.clone(),
        columns: table.columns(),
        filters,
        order: page_order(table),
        after,
        limit: PAGE,
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::collections::{BTreeMap, HashMap};

    use autoscope_sdk::wire::sources::{ColumnKind, SourceColumn};
    use serde_json::json;

    use super::*;
    use crate::mapping::{Source, StatusRow, Target};

    /// A source of one table `Jobs` (Id, State, Start) and what a sync stores.
    #[derive(Default)]
    struct Fake {
        rows: RefCell<Vec<[i64; 3]>>,
        positions: RefCell<HashMap<String, Position>>,
        stored: RefCell<BTreeMap<String, Value>>,
        reads: RefCell<Vec<SourceRead>>,
        /// Reads, stores started and waited for, and positions saved, in order.
        events: RefCell<Vec<String>>,
    }

    fn jobs() -> TableMap {
        let column = |name: &str| Source::Column { column: name.into(), or: None };
        TableMap {
            target: Target::Runs,
            table: "Jobs".into(),
            key: vec!["Id".into()],
            cursor: "Id".into(),
            overlap: 1,
            fields: [
                ("bot", Source::Constant { value: json!("Robot") }),
                ("process", Source::Constant { value: json!("Invoices") }),
                ("started_at", column("Start")),
                ("status", column("State")),
            ]
            .map(|(name, source)| (name.to_string(), source))
            .into(),
            statuses: [("0", "skip"), ("1", "running"), ("5", "successful")]
                .map(|(from, to)| StatusRow { from: from.into(), to: to.into() })
                .to_vec(),
            exceptions: None,
        }
    }

    impl Store for Fake {
        fn tables(&self, _: &str) -> Result<Vec<TableMap>> {
            Ok(vec![jobs()])
        }
        fn position(&self, _: &str, table: &str) -> Result<Position> {
            Ok(self.positions.borrow().get(table).cloned().unwrap_or_default())
        }
        fn save_position(&self, _: &str, table: &str, position: Position) -> Result<()> {
            self.events.borrow_mut().push("save".into());
            self.positions.borrow_mut().insert(table.into(), position);
            Ok(())
        }
        fn read(&self, _: &str, read: SourceRead) -> Result<SourceRows> {
            self.reads.borrow_mut().push(read.clone());
            self.events.borrow_mut().push("read".into());
            let kept = |row: &[i64; 3]| {
                read.filters.iter().all(|filter| match filter.op {
                    SourceFilterOp::In => filter.value.as_array().unwrap().contains(&json!(row[0])),
                    SourceFilterOp::Gte => row[0] >= filter.value.as_i64().unwrap(),
                    _ => unreachable!(),
                }) && read.after.as_ref().is_none_or(|after| row[0] > after[0].as_i64().unwrap())
            };
            let rows = self
                .rows
                .borrow()
                .iter()
                .filter(|row| kept(row))
                .take(read.limit as usize)
                .map(|row| row.map(Value::from).to_vec())
                .collect();
            let columns = ["Id", "State", "Start"]
                .map(|name| SourceColumn {
                    name: name.into(),
                    kind: ColumnKind::Integer,
                    db_type: "int".into(),
                    nullable: false,
                })
                .to_vec();
            Ok(SourceRows { columns, rows })
        }
        fn is_time(&self, _: &str, _: &str, column: &str) -> Result<bool> {
            Ok(column == "Start")
        }
        /// Stores at once; the count is what a wait answers.
        type Storing = u64;
        fn ingest_start(&self, stream: &str, records: Vec<Value>) -> Result<u64> {
            assert_eq!(stream, "bots.runs");
            let count = records.len() as u64;
            self.events.borrow_mut().push(format!("start {count}"));
            for record in records {
                self.stored.borrow_mut().insert(record["external_id"].as_str().unwrap().into(), record);
            }
            Ok(count)
        }
        fn ingest_wait(&self, count: u64) -> Result<(u64, Vec<(usize, String)>)> {
            self.events.borrow_mut().push(format!("wait {count}"));
            Ok((count, Vec::new()))
        }
    }

    /// Runs a whole sync; answers its report and how many steps it took.
    fn sync(store: &Fake) -> (Report, u32) {
        let mut state = Value::Null;
        for step in 1..=10 {
            let job = JobStep {
                id: "j".into(),
                name: "sync".into(),
                input: json!({ "connection_id": "c1" }),
                state,
                step,
                attempt: 1,
                cancelled: false,
            };
            let progress = super::step(store, &job).unwrap();
            if progress.done {
                return (serde_json::from_value(progress.progress).unwrap(), step);
            }
            state = progress.state;
        }
        panic!("the sync did not end")
    }

    #[test]
    fn admins_are_told_once_after_three_failed_syncs_in_a_row() {
        let job = |id: &str, status: JobStatus| Job {
            id: id.into(),
            name: "sync".into(),
            key: Some("c1".into()),
            status,
            input: Value::Null,
            progress: Value::Null,
            steps: 0,
            error: Some("no table".into()),
            started_by: None,
            created_at: 0,
            updated_at: 0,
            finished_at: None,
        };
        use JobStatus::{Done, Failed, Running};
        let three = [job("4", Running), job("3", Failed), job("2", Failed), job("1", Failed)];
        assert_eq!(alert_for(&three, None).map(|job| job.id.as_str()), Some("3"), "a running sync does not count");
        assert!(alert_for(&three, Some("3")).is_none(), "told once");
        assert!(alert_for(&three[..3], None).is_none(), "two are not three");
        let recovered = [job("3", Failed), job("2", Done), job("1", Failed), job("0", Failed)];
        assert!(alert_for(&recovered, None).is_none());
    }

    #[test]
    fn a_second_sync_reads_the_open_rows_and_the_overlap_again() {
        let store = Fake::default();
        *store.rows.borrow_mut() = vec![[1, 5, 100], [2, 1, 200], [3, 0, 300], [4, 5, 400]];
        let (report, steps) = sync(&store);
        assert_eq!((report.read, report.stored, report.skipped, report.rejected, steps), (4, 3, 1, 0, 1));
        assert_eq!(store.positions.borrow()["Jobs"].cursor, Some(json!(4)));
        assert_eq!(store.positions.borrow()["Jobs"].open, [json!(2)], "job 2 still runs");

        // Job 2 finished, job 5 is new: the open key first, then from cursor 4 less 1.
        *store.rows.borrow_mut() = vec![[1, 5, 100], [2, 5, 200], [3, 0, 300], [4, 5, 400], [5, 1, 500]];
        let (report, steps) = sync(&store);
        assert_eq!((report.read, report.stored, steps), (4, 3, 2));
        let reads = store.reads.borrow();
        assert_eq!(reads[reads.len() - 2].filters[0].value, json!([2]));
        assert_eq!(reads[reads.len() - 1].filters[0].value, json!(3));
        assert_eq!(store.stored.borrow()["c1:2"]["status"], "successful");
        assert_eq!(store.stored.borrow().len(), 4, "re-read rows replace their records");
        assert_eq!(store.positions.borrow()["Jobs"].open, [json!(5)]);
    }

    #[test]
    fn two_pages_are_stored_while_the_next_is_read_and_the_position_waits_for_the_last() {
        let store = Fake::default();
        let pages = PAGES_PER_STEP as i64 + 1;
        *store.rows.borrow_mut() = (1..=PAGE as i64 * pages).map(|id| [id, 5, id]).collect();
        let (report, steps) = sync(&store);
        assert_eq!((report.stored, steps), (PAGE as u64 * pages as u64, 2), "the last read finds no rows");
        let page = format!("{PAGE}");
        let events = store.events.borrow();
        let first_step: Vec<&str> = events.iter().take(7).map(String::as_str).collect();
        let (start, wait) = (format!("start {page}"), format!("wait {page}"));
        let (start, wait) = (start.as_str(), wait.as_str());
        assert_eq!(first_step, ["read", start, "read", start, "read", wait, start]);
        let waits = events.iter().filter(|event| event.starts_with("wait")).count();
        assert_eq!(waits, pages as usize, "every store is waited for");
        assert_eq!(events.last().map(String::as_str), Some("save"), "after the last store's wait");
        let before_save = &events[events.len() - 3..events.len() - 1];
        assert_eq!(before_save, ["read", wait], "the empty page started no store");
    }

    #[test]
    fn a_backfill_needs_a_time_cursor() {
        let job = JobStep {
            id: "j".into(),
            name: "sync".into(),
            input: json!({ "connection_id": "c1", "backfill": [0, 86_400] }),
            state: Value::Null,
            step: 1,
            attempt: 1,
            cancelled: false,
        };
        let refused = super::step(&Fake::default(), &job).unwrap_err();
        assert_eq!(refused.message, "A back-fill reads by time: the cursor 'Id' of Jobs holds no times");
    }

    #[test]
    fn pages_follow_the_keyset_and_a_cancel_ends_with_the_report() {
        let store = Fake::default();
        *store.rows.borrow_mut() = (1..=PAGE as i64 + 10).map(|id| [id, 5, id]).collect();
        let (report, steps) = sync(&store);
        assert_eq!((report.read, report.stored, steps), (PAGE as u64 + 10, PAGE as u64 + 10, 1));
        assert_eq!(store.reads.borrow()[1].after, Some(vec![json!(PAGE)]));

        let job = JobStep {
            id: "j".into(),
            name: "sync".into(),
            input: json!({ "connection_id": "c1" }),
            state: Value::Null,
            step: 1,
            attempt: 1,
            cancelled: true,
        };
        let last = super::step(&store, &job).unwrap();
        assert!(last.done && last.progress["cancelled"] == json!(true));
    }
}
