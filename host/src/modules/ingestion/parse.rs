//! Reading an ingestion batch: a JSON array, `{"records": [...]}`, or NDJSON (one record
//! a line, so one bad line is one record's error). Timestamps may arrive as unix
//! seconds or RFC 3339 text; they are stored as unix seconds.

use serde_json::{Map, Value};

use crate::modules::manifest::{Collection, FieldType};

/// The most records one request or module call may carry.
pub const MAX_RECORDS: usize = autoscope_wire::host::MAX_INGEST_RECORDS;

/// A record as read, or why it could not be read (its position is kept either way).
pub type Read = Result<Map<String, Value>, String>;

/// The records of a body, or why the body as a whole cannot be read.
pub fn records(body: &[u8], ndjson: bool) -> Result<Vec<Read>, String> {
    let records: Vec<Read> = if ndjson {
        let text = std::str::from_utf8(body).map_err(|_| "The body is not UTF-8 text".to_string())?;
        text.lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| match serde_json::from_str::<Value>(line) {
                Ok(Value::Object(record)) => Ok(record),
                Ok(_) => Err("The line is not a JSON object".to_string()),
                Err(err) => Err(format!("The line is not valid JSON: {err}")),
            })
            .collect()
    } else {
        let value: Value = serde_json::from_slice(body).map_err(|err| format!("The body is not valid JSON: {err}"))?;
        let list = match value {
            Value::Array(list) => list,
            Value::Object(mut wrapper) => match wrapper.remove("records") {
                Some(Value::Array(list)) => list,
                _ => return Err("The body must be a JSON array of records or {\"records\": [...]}".into()),
            },
            _ => return Err("The body must be a JSON array of records or {\"records\": [...]}".into()),
        };
        objects(list)
    };
    if records.is_empty() {
        return Err("The batch holds no records".into());
    }
    at_most_max(records)
}

/// The records a module sends with `ingest` (a JSON array, maybe empty), or why they
/// cannot be read.
pub fn module_records(json: &str) -> Result<Vec<Read>, String> {
    let list: Vec<Value> =
        serde_json::from_str(json).map_err(|err| format!("The records must be a JSON array: {err}"))?;
    at_most_max(objects(list))
}

fn objects(list: Vec<Value>) -> Vec<Read> {
    list.into_iter()
        .map(|value| match value {
            Value::Object(record) => Ok(record),
            _ => Err("The record is not a JSON object".to_string()),
        })
        .collect()
}

fn at_most_max(records: Vec<Read>) -> Result<Vec<Read>, String> {
    if records.len() > MAX_RECORDS {
        return Err(format!("A batch takes at most {MAX_RECORDS} records; send the rest in another request"));
    }
    Ok(records)
}

/// Turns RFC 3339 text in the collection's timestamp fields into unix seconds; other
/// values are left for the storage checks to judge.
pub fn timestamps(spec: &Collection, record: &mut Map<String, Value>) -> Result<(), String> {
    for (name, _) in spec.fields.iter().filter(|(_, field)| field.kind == FieldType::Timestamp) {
        if let Some(Value::String(text)) = record.get(name) {
            let time = chrono::DateTime::parse_from_rfc3339(text).map_err(|_| {
                format!("'{name}' must be unix seconds or an RFC 3339 time such as 2026-11-22T08:30:00Z")
            })?;
            record.insert(name.clone(), Value::from(time.timestamp()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::modules::manifest::Field;

    #[test]
    fn the_three_body_shapes_read_alike() {
        let array = records(br#"[{"a": 1}, 2]"#, false).unwrap();
        assert_eq!(array.len(), 2);
        assert!(array[0].is_ok() && array[1].is_err());
        let wrapped = records(br#"{"records": [{"a": 1}]}"#, false).unwrap();
        assert_eq!(wrapped[0].as_ref().unwrap()["a"], 1);
        let lines = records(b"{\"a\": 1}\n\nnot json\n[1]\n{\"a\": 2}\n", true).unwrap();
        assert_eq!(lines.len(), 4);
        assert!(lines[1].as_ref().unwrap_err().contains("not valid JSON"));
        assert!(lines[2].as_ref().unwrap_err().contains("not a JSON object"));
        assert_eq!(lines[3].as_ref().unwrap()["a"], 2);
    }

    #[test]
    fn unreadable_empty_and_oversized_bodies_are_refused_whole() {
        assert!(records(b"{", false).unwrap_err().contains("not valid JSON"));
        assert!(records(br#"{"rows": []}"#, false).is_err());
        assert!(records(b"[]", false).unwrap_err().contains("no records"));
        let many = format!("[{}]", vec!["{}"; MAX_RECORDS + 1].join(","));
        assert!(records(many.as_bytes(), false).unwrap_err().contains("at most"));
    }

    #[test]
    fn a_module_sends_an_array_which_may_be_empty() {
        let read = module_records(r#"[{"a": 1}, 2]"#).unwrap();
        assert!(read[0].is_ok() && read[1].is_err());
        assert!(module_records("[]").unwrap().is_empty());
        assert!(module_records(r#"{"records": []}"#).unwrap_err().contains("JSON array"));
        let many = format!("[{}]", vec!["{}"; MAX_RECORDS + 1].join(","));
        assert!(module_records(&many).unwrap_err().contains("at most"));
    }

    #[test]
    fn rfc3339_times_become_unix_seconds() {
        let spec = Collection {
            fields: [
                ("at".to_string(), Field::of(FieldType::Timestamp)),
                ("n".to_string(), Field::of(FieldType::Text)),
            ]
            .into(),
            ..Collection::default()
        };
        let mut record =
            json!({"at": "2026-11-22T01:00:00+01:00", "n": "2026-11-22T00:00:00Z"}).as_object().unwrap().clone();
        timestamps(&spec, &mut record).unwrap();
        assert_eq!(record["at"], 1_795_305_600);
        assert_eq!(record["n"], "2026-11-22T00:00:00Z");
        let mut bad = json!({"at": "yesterday"}).as_object().unwrap().clone();
        assert!(timestamps(&spec, &mut bad).unwrap_err().contains("RFC 3339"));
        let mut seconds = json!({"at": 5}).as_object().unwrap().clone();
        timestamps(&spec, &mut seconds).unwrap();
        assert_eq!(seconds["at"], 5);
    }
}
