//! Presets: how the orchestrators RPA teams run keep their jobs and queue items, as
//! mappings ready to apply to a connection (then edited like any other). Table names are
//! the vendors'; a preset finds them in the connection's catalogue whatever their schema
//! (`dbo.Jobs` on a SQL Server copy, `Jobs` on MySQL) and case.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::mapping::{Exceptions, SKIP, Source, StatusRow, TableMap, Target};

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Preset {
    pub key: &'static str,
    pub name: &'static str,
    /// What the connection's time zone should be for the preset's times.
    pub time_zone_hint: &'static str,
    pub tables: Vec<TableMap>,
}

fn column(name: &str) -> Source {
    Source::Column { column: name.into(), or: None }
}

fn lookup(column: &str, table: &str, key: &str, value: &str) -> Source {
    Source::Lookup { column: column.into(), table: table.into(), key: key.into(), value: value.into() }
}

fn statuses(rows: &[(&str, &str)]) -> Vec<StatusRow> {
    rows.iter().map(|(from, to)| StatusRow { from: (*from).into(), to: (*to).into() }).collect()
}

fn fields(pairs: Vec<(&str, Source)>) -> BTreeMap<String, Source> {
    pairs.into_iter().map(|(name, source)| (name.to_string(), source)).collect()
}

const DAY: i64 = 86_400;

/// UiPath Orchestrator's database: `Jobs` (states 0-8; `Info` holds a faulted job's
/// error), `Releases` (processes), `Robots`, `QueueDefinitions` and `QueueItems` (statuses
/// 0-6). Its times are UTC.
fn uipath() -> Preset {
    let jobs = TableMap {
        target: Target::Runs,
        table: "Jobs".into(),
        key: vec!["Id".into()],
        cursor: "CreationTime".into(),
        overlap: DAY,
        fields: fields(vec![
            ("bot", lookup("RobotId", "Robots", "Id", "Name")),
            ("process", lookup("ReleaseId", "Releases", "Id", "Name")),
            ("started_at", Source::Column { column: "StartTime".into(), or: Some("CreationTime".into()) }),
            ("ended_at", column("EndTime")),
            ("status", column("State")),
            ("reason", column("Info")),
        ]),
        // Pending jobs have not run yet; Stopping, Terminating, Suspended and Resumed still run.
        statuses: statuses(&[
            ("0", SKIP),
            ("1", "running"),
            ("2", "running"),
            ("3", "running"),
            ("4", "failed"),
            ("5", "successful"),
            ("6", "stopped"),
            ("7", "running"),
            ("8", "running"),
        ]),
        exceptions: Some(Exceptions::Prefixes {
            column: "Info".into(),
            prefixes: statuses(&[("BusinessRuleException", "business")]),
            default: "system".into(),
        }),
    };
    let items = TableMap {
        target: Target::QueueItems,
        table: "QueueItems".into(),
        key: vec!["Id".into()],
        cursor: "CreationTime".into(),
        overlap: DAY,
        fields: fields(vec![
            ("queue", lookup("QueueDefinitionId", "QueueDefinitions", "Id", "Name")),
            ("reference", column("Reference")),
            ("status", column("Status")),
            ("added_at", column("CreationTime")),
            ("started_at", column("StartProcessing")),
            ("ended_at", column("EndProcessing")),
            ("sla_deadline", column("DueDate")),
            ("retries", column("RetryNumber")),
            ("bot", lookup("RobotId", "Robots", "Id", "Name")),
        ]),
        // A retried item's try failed (its retry is an item of its own); deleted ones are left out.
        statuses: statuses(&[
            ("0", "new"),
            ("1", "in_progress"),
            ("2", "failed"),
            ("3", "successful"),
            ("4", "abandoned"),
            ("5", "failed"),
            ("6", SKIP),
        ]),
        exceptions: None,
    };
    Preset { key: "uipath", name: "UiPath Orchestrator", time_zone_hint: "UTC", tables: vec![jobs, items] }
}

/// Blue Prism's database: `BPASession` (status ids 0-8; local times with their offsets in
/// seconds), `BPAProcess`, `BPAResource`, `BPAWorkQueue` and `BPAWorkQueueItem` (a retry
/// shares its item's `id` and counts `attempt`).
fn blue_prism() -> Preset {
    let sessions = TableMap {
        target: Target::Runs,
        table: "BPASession".into(),
        key: vec!["sessionid".into()],
        cursor: "startdatetime".into(),
        overlap: DAY,
        fields: fields(vec![
            ("bot", lookup("runningresourceid", "BPAResource", "resourceid", "name")),
            ("process", lookup("processid", "BPAProcess", "processid", "name")),
            (
                "started_at",
                Source::LocalWithOffset { column: "startdatetime".into(), offset: "starttimezoneoffset".into() },
            ),
            ("ended_at", Source::LocalWithOffset { column: "enddatetime".into(), offset: "endtimezoneoffset".into() }),
            ("status", column("statusid")),
        ]),
        // Pending and debug sessions are not runs; Archived ones completed; Stopping and
        // Warning (running long) still run.
        statuses: statuses(&[
            ("0", SKIP),
            ("1", "running"),
            ("2", "failed"),
            ("3", "stopped"),
            ("4", "successful"),
            ("5", SKIP),
            ("6", "successful"),
            ("7", "running"),
            ("8", "running"),
        ]),
        exceptions: Some(Exceptions::Fixed { default: "system".into() }),
    };
    let items = TableMap {
        target: Target::QueueItems,
        table: "BPAWorkQueueItem".into(),
        key: vec!["id".into(), "attempt".into()],
        cursor: "loaded".into(),
        overlap: DAY,
        fields: fields(vec![
            ("queue", lookup("queueid", "BPAWorkQueue", "id", "name")),
            ("reference", column("keyvalue")),
            ("status", column("state")),
            ("added_at", column("loaded")),
            ("started_at", column("lastupdated")),
            ("ended_at", column("finished")),
            ("retries", column("attempt")),
        ]),
        // The item's state: pending, locked (being worked), deferred, completed, exceptioned.
        statuses: statuses(&[("1", "new"), ("2", "in_progress"), ("3", "new"), ("4", "successful"), ("5", "failed")]),
        exceptions: None,
    };
    Preset { key: "blue_prism", name: "Blue Prism", time_zone_hint: "UTC", tables: vec![sessions, items] }
}

/// OpenOrchestrator (the PyPI package, on SQLite, PostgreSQL or MariaDB): `Jobs` and
/// `Queues`, statuses stored by name, times naive in the scheduler's local time.
fn open_orchestrator() -> Preset {
    let jobs = TableMap {
        target: Target::Runs,
        table: "Jobs".into(),
        key: vec!["id".into()],
        cursor: "start_time".into(),
        overlap: DAY,
        fields: fields(vec![
            ("bot", column("scheduler_name")),
            ("process", column("process_name")),
            ("started_at", column("start_time")),
            ("ended_at", column("end_time")),
            ("status", column("status")),
        ]),
        statuses: statuses(&[
            ("RUNNING", "running"),
            ("DONE", "successful"),
            ("FAILED", "failed"),
            ("KILLED", "stopped"),
        ]),
        exceptions: Some(Exceptions::Fixed { default: "system".into() }),
    };
    let queues = TableMap {
        target: Target::QueueItems,
        table: "Queues".into(),
        key: vec!["id".into()],
        cursor: "created_date".into(),
        overlap: DAY,
        fields: fields(vec![
            ("queue", column("queue_name")),
            ("reference", column("reference")),
            ("status", column("status")),
            ("added_at", column("created_date")),
            ("started_at", column("start_date")),
            ("ended_at", column("end_date")),
        ]),
        statuses: statuses(&[
            ("NEW", "new"),
            ("IN_PROGRESS", "in_progress"),
            ("DONE", "successful"),
            ("FAILED", "failed"),
            ("ABANDONED", "abandoned"),
        ]),
        exceptions: None,
    };
    Preset {
        key: "open_orchestrator",
        name: "OpenOrchestrator",
        time_zone_hint: "the scheduler machine's zone",
        tables: vec![jobs, queues],
    }
}

pub fn all() -> Vec<Preset> {
    vec![uipath(), blue_prism(), open_orchestrator()]
}

pub fn find(key: &str) -> Option<Preset> {
    all().into_iter().find(|preset| preset.key == key)
}

/// The catalogue's name of the vendor's table `name`: the same name, or one in a schema
/// (`dbo.Jobs`), ignoring case.
pub fn resolve<'a>(name: &str, catalogue: &'a [String]) -> Option<&'a str> {
    let bare = |full: &str| full.rsplit('.').next().unwrap_or(full).to_string();
    catalogue
        .iter()
        .find(|full| full.eq_ignore_ascii_case(name))
        .or_else(|| catalogue.iter().find(|full| bare(full).eq_ignore_ascii_case(name)))
        .map(String::as_str)
}

/// The preset's tables with the names the connection's catalogue gives them (lookup tables
/// too); the vendor tables the catalogue lacks are answered instead.
pub fn apply(preset: &Preset, catalogue: &[String]) -> Result<Vec<TableMap>, Vec<String>> {
    let mut missing = Vec::new();
    let mut named = |name: &mut String| match resolve(name, catalogue) {
        Some(found) => *name = found.to_string(),
        None if !missing.contains(name) => missing.push(name.clone()),
        None => {}
    };
    let mut tables = preset.tables.clone();
    for table in &mut tables {
        named(&mut table.table);
        for source in table.fields.values_mut() {
            if let Source::Lookup { table, .. } = source {
                named(table);
            }
        }
    }
    if missing.is_empty() { Ok(tables) } else { Err(missing) }
}

/// A starting point for a custom mapping of `table`: the target's required fields, each
/// from a column of the same name when there is one.
pub fn custom(target: Target, table: &str, columns: &[String]) -> TableMap {
    let fields = target
        .fields()
        .iter()
        .filter_map(|field| {
            let found = columns.iter().find(|name| name.eq_ignore_ascii_case(field.name))?;
            Some((field.name.to_string(), column(found)))
        })
        .collect();
    let first = columns.first().cloned().unwrap_or_default();
    TableMap {
        target,
        table: table.into(),
        key: vec![first.clone()],
        cursor: first,
        overlap: 0,
        fields,
        statuses: target
            .statuses()
            .iter()
            .map(|status| StatusRow { from: (*status).into(), to: (*status).into() })
            .collect(),
        exceptions: (target == Target::Runs).then(|| Exceptions::Fixed { default: "system".into() }),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn every_preset_is_a_valid_mapping() {
        for preset in all() {
            for table in &preset.tables {
                assert_eq!(table.problems(), Vec::<String>::new(), "{} {}", preset.key, table.table);
            }
        }
    }

    #[test]
    fn a_preset_finds_its_tables_in_any_schema_and_case() {
        let catalogue: Vec<String> =
            ["dbo.Jobs", "dbo.Releases", "dbo.robots", "dbo.QueueItems", "dbo.QueueDefinitions"]
                .map(String::from)
                .to_vec();
        let tables = apply(&uipath(), &catalogue).unwrap();
        assert_eq!(tables[0].table, "dbo.Jobs");
        assert_eq!(tables[0].fields["bot"], lookup("RobotId", "dbo.robots", "Id", "Name"));
        assert_eq!(apply(&uipath(), &catalogue[..2]).unwrap_err(), ["Robots", "QueueItems", "QueueDefinitions"]);
        assert_eq!(resolve("jobs", &["public.jobs_old".into(), "public.Jobs".into()]), Some("public.Jobs"));
    }

    #[test]
    fn a_custom_mapping_starts_from_columns_of_the_same_names() {
        let columns: Vec<String> = ["run_id", "Bot", "process", "started_at", "status"].map(String::from).to_vec();
        let table = custom(Target::Runs, "runs", &columns);
        assert_eq!(table.key, ["run_id"]);
        assert_eq!(table.fields.keys().collect::<Vec<_>>(), ["bot", "process", "started_at", "status"]);
        assert!(table.problems().is_empty(), "{:?}", table.problems());
        let mut missing = custom(Target::Runs, "runs", &columns[..1]);
        missing.fields.insert("process".into(), Source::Constant { value: json!("Imported") });
        assert_eq!(
            missing.problems(),
            ["Map 'bot': it is required", "Map 'started_at': it is required", "Map 'status': it is required"]
        );
    }
}
