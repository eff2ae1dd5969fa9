//! Ingestion's writes: records stored by the collection's key, so a record sent again
//! replaces the stored one. A batch goes in one transaction, a statement's worth of
//! records (a [`Chunk`]) at a time. Checking a chunk ([`check`]) needs no database, so the
//! caller can check the next chunk on another thread while [`store`] stores this one.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use autoscope_wire::host::HostError;
use autoscope_wire::storage::Record;
use sqlx::{Any, Executor, Row, Transaction};

use super::sql::{Param, Statement};
use super::{Target, rollup, validate, write};
use crate::modules::manifest::Collection;
use crate::storage::Db;

/// A statement's worth of checked records, one per key, ready for [`store`].
pub struct Chunk {
    /// The records as new ones: the plain insert tried first (built with the chunk, so
    /// the storing side only runs it).
    insert: Statement,
    rows: Vec<Keyed>,
    /// Records of the chunk that a later one with their key replaced: they arrived, and
    /// count as stored.
    superseded: usize,
    /// The days of the new values, per rollup time field.
    days: BTreeMap<String, BTreeSet<i64>>,
}

struct Keyed {
    /// The key as text (how a `RETURNING` of the key reads back).
    text: String,
    row: write::NewRow,
}

/// Where the key and the rollups' time fields sit among a record's bound values (keys
/// and rollup times are stored fields, never derived); each time field once.
struct Layout<'a> {
    key: &'a str,
    key_at: usize,
    times: Vec<(&'a str, usize)>,
}

fn layout(spec: &Collection) -> Result<Layout<'_>, HostError> {
    let internal = || HostError::new(500, crate::error::INTERNAL_MESSAGE);
    let key = spec.key.as_deref().ok_or_else(internal)?;
    let stored: Vec<&str> = super::sql::stored_columns(spec).collect();
    let position = |name: &str| stored.iter().position(|column| *column == name);
    let key_at = position(key).ok_or_else(internal)?;
    let mut times: Vec<(&str, usize)> =
        spec.rollups.iter().filter_map(|r| position(&r.time).map(|at| (r.time.as_str(), at))).collect();
    times.sort_unstable();
    times.dedup();
    Ok(Layout { key, key_at, times })
}

/// Checks `records` for `target` (which has a key): the chunk of the good ones for
/// [`store`], and each refused one's position in `records` with why. `records` is one
/// statement's worth ([`write::rows_per_insert`]) at most.
pub fn check(
    target: &Target,
    company_id: &str,
    now: i64,
    records: &[(usize, Record)],
) -> Result<(Chunk, Vec<(usize, String)>), HostError> {
    let spec = &target.spec;
    let layout = layout(spec)?;
    let mut refused = Vec::new();
    let mut rows: Vec<Keyed> = Vec::with_capacity(records.len());
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(records.len());
    let mut superseded = 0;
    for (i, (_, record)) in records.iter().enumerate() {
        let fields = match validate::new_row(&target.collection, spec, record) {
            Ok(fields) => fields,
            Err(message) => {
                refused.push((i, message));
                continue;
            }
        };
        // Keys are required text or integers (the manifest's rule).
        let text = match &fields[layout.key_at] {
            Param::Int(Some(n)) => n.to_string(),
            Param::Text(Some(text)) => text.clone(),
            _ => return Err(HostError::new(500, crate::error::INTERNAL_MESSAGE)),
        };
        let keyed = Keyed { text: text.clone(), row: write::NewRow { id: crate::storage::new_id(), fields } };
        match seen.get(&text) {
            Some(&at) => {
                rows[at] = keyed;
                superseded += 1;
            }
            None => {
                seen.insert(text, rows.len());
                rows.push(keyed);
            }
        }
    }
    let mut days: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    for (time, at) in &layout.times {
        let of_rows = rows.iter().filter_map(|keyed| match keyed.row.fields[*at] {
            Param::Int(Some(t)) => Some(t),
            _ => None,
        });
        days.insert(time.to_string(), rollup::days(of_rows));
    }
    let new_rows = rows.iter().map(|keyed| keyed.row.clone()).collect();
    let insert = write::insert(&target.table(), spec, company_id, now, new_rows, None).query();
    Ok((Chunk { insert, rows, superseded, days }, refused))
}

/// What the checking side sends [`store`]: chunks, then `Complete`.
pub enum Part {
    Chunk(Chunk),
    Complete,
}

/// Stores the chunks as they arrive, in one transaction for `company_id`: a record whose
/// key the company has already sent replaces the stored one, so a batch sent again
/// changes nothing. The rollup marks (the days of the new values and, for a replaced
/// record, of its old ones) go in the same transaction. Answers how many records were
/// stored. When the channel closes before `Complete` (the checking side failed, and
/// says why), nothing is stored.
pub async fn store(
    db: &Db,
    target: &Target,
    company_id: &str,
    now: i64,
    mut parts: tokio::sync::mpsc::Receiver<Part>,
) -> Result<usize, HostError> {
    let internal = |err: sqlx::Error| {
        tracing::error!(module = %target.module, collection = %target.collection, error = %err, "ingestion failed");
        HostError::new(500, crate::error::INTERNAL_MESSAGE)
    };
    let mut tx = None;
    let mut days: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    let mut stored = 0;
    loop {
        match parts.recv().await {
            Some(Part::Chunk(chunk)) => {
                let tx = match &mut tx {
                    Some(tx) => tx,
                    None => tx.insert(db.pool().begin().await.map_err(internal)?),
                };
                stored += store_chunk(tx, target, company_id, now, chunk, &mut days).await.map_err(internal)?;
            }
            Some(Part::Complete) => break,
            // Dropping the transaction rolls it back.
            None => return Err(HostError::new(500, crate::error::INTERNAL_MESSAGE)),
        }
    }
    let Some(mut tx) = tx else { return Ok(0) };
    let spec = &target.spec;
    let marks = rollup::mark(&target.module, &target.collection, spec, company_id, |time| {
        days.get(time).cloned().unwrap_or_default()
    });
    if let Some(marks) = marks {
        marks.query().execute(&mut *tx).await.map_err(internal)?;
    }
    tx.commit().await.map_err(internal)?;
    Ok(stored)
}

/// One chunk: as new records first (the usual case, a plain insert); when one of them is
/// known after all, the chunk goes in again skipping the known ones, whose stored times
/// are read (their old days need rebuilding too) before they are replaced. A record
/// another request stores meanwhile is skipped once the other commits, then replaced.
async fn store_chunk(
    tx: &mut Transaction<'static, Any>,
    target: &Target,
    company_id: &str,
    now: i64,
    chunk: Chunk,
    days: &mut BTreeMap<String, BTreeSet<i64>>,
) -> Result<usize, sqlx::Error> {
    let spec = &target.spec;
    let Ok(Layout { key, key_at, times }) = layout(spec) else { return Ok(0) };
    let Chunk { insert, rows, superseded, days: new_days } = chunk;
    for (time, set) in new_days {
        days.entry(time).or_default().extend(set);
    }
    let stored = rows.len() + superseded;
    if rows.is_empty() {
        return Ok(stored);
    }
    let table = target.table();
    (&mut **tx).execute("SAVEPOINT fresh").await?;
    let inserted: HashSet<String> = match insert.execute(&mut **tx).await {
        Ok(_) => {
            (&mut **tx).execute("RELEASE SAVEPOINT fresh").await?;
            return Ok(stored);
        }
        Err(err) if err.as_database_error().is_some_and(|err| err.is_unique_violation()) => {
            (&mut **tx).execute("ROLLBACK TO SAVEPOINT fresh").await?;
            let new_rows = rows.iter().map(|keyed| keyed.row.clone()).collect();
            let skip = write::insert(&table, spec, company_id, now, new_rows, Some(write::OnKey::Skip(key)));
            skip.query().fetch_all(&mut **tx).await?.iter().map(key_of).collect::<Result<_, _>>()?
        }
        Err(err) => return Err(err),
    };
    let known: Vec<Keyed> = rows.into_iter().filter(|keyed| !inserted.contains(&keyed.text)).collect();
    if known.is_empty() {
        return Ok(stored);
    }
    let names: Vec<&str> = times.iter().map(|(time, _)| *time).collect();
    let keys = known.iter().map(|keyed| keyed.row.fields[key_at].clone()).collect();
    for row in write::stored_times(&table, company_id, key, &names, keys).query().fetch_all(&mut **tx).await? {
        for (i, time) in names.iter().enumerate() {
            if let Some(at) = row.try_get::<Option<i64>, _>(i + 1)? {
                days.entry(time.to_string()).or_default().extend(rollup::days([at]));
            }
        }
    }
    let rows = known.into_iter().map(|keyed| keyed.row).collect();
    write::insert(&table, spec, company_id, now, rows, Some(write::OnKey::Replace(key)))
        .query()
        .execute(&mut **tx)
        .await?;
    Ok(stored)
}

/// The key a row's first column holds, as text.
fn key_of(row: &sqlx::any::AnyRow) -> Result<String, sqlx::Error> {
    match row.try_get::<String, _>(0) {
        Ok(text) => Ok(text),
        Err(_) => Ok(row.try_get::<i64, _>(0)?.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde_json::{Value, json};

    use super::*;
    use crate::modules::manifest::{Field, FieldType, Rollup};

    fn target() -> Target {
        let rollup = |name: &str, time: &str| Rollup {
            name: name.into(),
            time: time.into(),
            group: vec![],
            measures: vec![],
            bins: None,
        };
        let spec = Collection {
            fields: BTreeMap::from([
                ("ref".into(), Field { required: true, ..Field::of(FieldType::Text) }),
                ("at".into(), Field { required: true, ..Field::of(FieldType::Timestamp) }),
                ("done_at".into(), Field { required: true, ..Field::of(FieldType::Timestamp) }),
                ("qty".into(), Field::of(FieldType::Integer)),
            ]),
            key: Some("ref".into()),
            rollups: vec![rollup("by_start", "at"), rollup("by_end", "done_at"), rollup("by_start_too", "at")],
            ..Collection::default()
        };
        Target { module: "shop".into(), collection: "orders".into(), spec }
    }

    fn records(values: Vec<Value>) -> Vec<(usize, Record)> {
        values.into_iter().enumerate().map(|(i, v)| (i + 10, v.as_object().unwrap().clone())).collect()
    }

    #[test]
    fn a_chunk_keeps_the_later_record_of_a_key_and_names_refused_ones_by_position() {
        let day = 86_400;
        let batch = records(vec![
            json!({ "ref": "a", "at": day + 5, "done_at": 2 * day, "qty": 1 }),
            json!({ "ref": "b", "at": day, "done_at": day }),
            json!({ "ref": "a", "at": 3 * day, "done_at": 3 * day + 1, "qty": 2 }),
            json!({ "ref": "c", "at": "soon", "done_at": day }),
            json!({ "at": day, "done_at": day }),
        ]);
        let (chunk, refused) = check(&target(), "c1", 100, &batch).unwrap();
        assert_eq!(refused.iter().map(|(at, _)| *at).collect::<Vec<_>>(), [3, 4], "positions in the slice");
        assert_eq!(refused[1].1, "'ref' is required");
        let keys: Vec<&str> = chunk.rows.iter().map(|row| row.text.as_str()).collect();
        assert_eq!(keys, ["a", "b"], "one row a key, where the key first appeared");
        // Declaration order: at, done_at, qty, ref; the later `a` won.
        assert_eq!(chunk.rows[0].row.fields[2], Param::Int(Some(2)));
        assert_eq!(chunk.superseded, 1);
        // The days of the stored values, once per time field (not the superseded `a`'s).
        assert_eq!(chunk.days.keys().collect::<Vec<_>>(), ["at", "done_at"]);
        assert_eq!(chunk.days["at"], BTreeSet::from([day, 3 * day]));
        assert_eq!(chunk.days["done_at"], BTreeSet::from([day, 3 * day]));
    }

    #[test]
    fn integer_keys_read_as_text_and_a_collection_without_a_key_is_refused() {
        let mut target = target();
        target.spec.fields.insert("ref".into(), Field { required: true, ..Field::of(FieldType::Integer) });
        let (chunk, _) = check(&target, "c1", 100, &records(vec![json!({ "ref": 7, "at": 1, "done_at": 1 })])).unwrap();
        assert_eq!((chunk.rows[0].text.as_str(), &chunk.rows[0].row.fields[3]), ("7", &Param::Int(Some(7))));
        target.spec.key = None;
        assert_eq!(check(&target, "c1", 100, &[]).err().map(|err| err.status), Some(500));
    }
}
