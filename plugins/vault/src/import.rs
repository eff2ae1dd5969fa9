//! CSV import: rows as the browser parsed them (every value may be text) become new
//! processes; each invalid row is reported with its message instead.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryEntry;
use serde::Serialize;
use serde_json::Value;

use crate::scores;
use crate::validate::{self, EDITABLE, Mode};

/// At most this many rows an import (one `insert_many`).
pub const MAX_ROWS: usize = 1000;
pub const TOO_MANY_ROWS: &str = "An import may have at most 1000 rows";

/// A row that was not imported: its 1-based number among the rows, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RowError {
    pub row: usize,
    pub message: String,
}

/// What the rows hold: the processes to insert (scores computed) and the rows refused.
#[derive(Debug, Default)]
pub struct Parsed {
    pub processes: Vec<Record>,
    pub errors: Vec<RowError>,
}

/// Checks every row; `users` is the company's directory (owners are named by e-mail).
/// Unknown columns are ignored, so an exported CSV imports as it is.
pub fn parse(rows: &[Record], users: &[DirectoryEntry]) -> Result<Parsed> {
    if rows.len() > MAX_ROWS {
        return Err(Error::bad_request(TOO_MANY_ROWS));
    }
    let mut parsed = Parsed::default();
    for (index, row) in rows.iter().enumerate() {
        match process(row, users) {
            Ok(process) => parsed.processes.push(process),
            Err(err) => parsed.errors.push(RowError { row: index + 1, message: err.message }),
        }
    }
    Ok(parsed)
}

/// One row as a new process.
fn process(row: &Record, users: &[DirectoryEntry]) -> Result<Record> {
    // The owner comes by e-mail (people know those), never as an id.
    let columns: Record = row
        .iter()
        .filter(|(column, _)| *column != "owner_id" && EDITABLE.contains(&column.as_str()))
        .map(|(column, value)| (column.clone(), value.clone()))
        .collect();
    let mut process = validate::process_fields(&columns, Mode::Create)?;
    let owner = owner_id(row.get("owner_email").unwrap_or(&Value::Null), users)?;
    process.insert("owner_id".into(), owner.into());
    scores::refresh(&mut process);
    Ok(process)
}

/// The id of the user with the e-mail `email` (in any case); `None` when blank.
fn owner_id(email: &Value, users: &[DirectoryEntry]) -> Result<Option<String>> {
    let email = match email {
        Value::Null => return Ok(None),
        Value::String(email) if email.trim().is_empty() => return Ok(None),
        Value::String(email) => email.trim(),
        _ => return Err(Error::bad_request(validate::OWNER)),
    };
    let user = users.iter().find(|user| user.email.eq_ignore_ascii_case(email));
    user.map(|user| Some(user.user_id.clone())).ok_or_else(|| Error::bad_request(validate::OWNER))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn users() -> Vec<DirectoryEntry> {
        vec![DirectoryEntry {
            user_id: "u1".into(),
            email: "Ann@Acme.test".into(),
            firstname: "Ann".into(),
            lastname: "Lee".into(),
            job_title: String::new(),
            time_zone: None,
            company_admin: false,
        }]
    }

    fn rows(values: Value) -> Vec<Record> {
        serde_json::from_value(values).expect("rows are objects")
    }

    #[test]
    fn text_cells_become_a_process_with_scores() {
        let parsed = parse(
            &rows(json!([{
                "name": "Invoice posting", "description": "Posts invoices", "department": "Finance",
                "owner_email": " ann@acme.test ", "stage": "Assessment", "health": "On track",
                "monthly_volume": "1000", "handling_minutes": "6", "hourly_cost": "50", "exception_rate": "10",
                "automation_pct": "", "complexity": "low", "applications": "SAP; Excel ; ", "created_at": "ignored"
            }])),
            &users(),
        )
        .unwrap();
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let process = &parsed.processes[0];
        assert_eq!(
            (&process["owner_id"], &process["stage"], &process["health"]),
            (&json!("u1"), &json!("assessment"), &json!("on_track"))
        );
        assert_eq!((&process["monthly_volume"], &process["automation_pct"]), (&json!(1000), &json!(0.0)));
        assert_eq!(process["applications"], json!(["SAP", "Excel"]));
        // 1000 × 12 × 6 / 60 × 0.9 = 1080 h, × 50 = 54,000; ease 100 − 10 − 0 − 8 − 8 = 74.
        assert_eq!(
            (&process["benefit_hours"], &process["benefit_money"], &process["ease"]),
            (&json!(1080.0), &json!(54000.0), &json!(74.0))
        );
        assert_eq!(process["potential"], Value::Null);
        assert!(!process.contains_key("created_at"));
    }

    #[test]
    fn bad_rows_are_reported_by_number_and_good_ones_kept() {
        let parsed = parse(
            &rows(json!([
                { "name": "Good one" },
                { "name": "" },
                { "name": "Bad volume", "monthly_volume": "12.5" },
                { "name": "Stranger", "owner_email": "eve@elsewhere.test" },
                { "name": "Bad stage", "stage": "Someday" },
                { "name": "Also good", "owner_email": "" },
                { "name": "Given an id", "owner_id": "u1" }
            ])),
            &users(),
        )
        .unwrap();
        let names: Vec<&Value> = parsed.processes.iter().map(|process| &process["name"]).collect();
        assert_eq!(names, [&json!("Good one"), &json!("Also good"), &json!("Given an id")]);
        assert_eq!(parsed.processes[2]["owner_id"], Value::Null, "owners come by e-mail only");
        let error = |row: usize, message: &str| RowError { row, message: message.into() };
        assert_eq!(
            parsed.errors,
            [
                error(2, validate::NAME_REQUIRED),
                error(3, validate::MONTHLY_VOLUME),
                error(4, validate::OWNER),
                error(5, validate::UNKNOWN_STAGE)
            ]
        );
    }

    #[test]
    fn at_most_1000_rows() {
        let many = vec![Record::new(); MAX_ROWS + 1];
        let err = parse(&many, &users()).unwrap_err();
        assert_eq!((err.status, err.message.as_str()), (400, TOO_MANY_ROWS));
        let parsed = parse(&many[..MAX_ROWS], &users()).unwrap();
        assert_eq!(parsed.errors.len(), MAX_ROWS);
    }
}
