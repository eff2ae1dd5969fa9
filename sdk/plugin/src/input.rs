//! Checks of what callers send, with the messages the module chooses: text, numbers,
//! choices, lists of names, users of the company, the fields a write gives, the sort and
//! page parameters of a list, and the body of a versioned write.
//!
//! Text is trimmed and counted in characters (not bytes); blank text stands for no value.
//! Each check answers the value to store, or the module's message as a 400 (`None` where
//! the caller picks the message at the call site).
//!
//! ```
//! use autoscope_sdk::input;
//! use serde_json::json;
//!
//! let title = input::required_text(json!("  Printer jams ").as_str(), 200, "Please enter a title", "Too long");
//! assert_eq!(title.unwrap(), "Printer jams");
//! assert_eq!(input::optional_text(&json!(" "), 100), Some(serde_json::Value::Null));
//! assert_eq!(input::number(&json!(" 1.5 ")), Some(Some(1.5)));
//! ```

use std::ops::RangeInclusive;

use serde::Deserialize;
use serde_json::Value;

use crate::host;
use crate::storage::{QueryExt, text};
use crate::wire::host::{DirectoryEntry, DirectoryQuery};
use crate::wire::storage::{MAX_PAGE, Query, Record};
use crate::{Error, Result};

/// The message of a `sort` parameter naming a field the list does not sort by.
pub const UNKNOWN_SORT: &str = "Unknown sort field";
/// The message of a `limit` parameter out of 1 to 500.
pub const LIMIT: &str = "The limit must be a whole number from 1 to 500";

/// A parameter's trimmed text; `None` when it is missing or blank.
pub fn non_blank(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|text| !text.is_empty())
}

/// Trimmed text of at most `max` characters that must be given: 400 with `required` when
/// it is missing, not text or blank, with `too_long` when it is longer.
pub fn required_text(text: Option<&str>, max: usize, required: &str, too_long: &str) -> Result<String> {
    let text = text.map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(Error::bad_request(required));
    }
    if text.chars().count() > max {
        return Err(Error::bad_request(too_long));
    }
    Ok(text.to_string())
}

/// Trimmed text of at most `max` characters, `null` when null or blank; `None` when too
/// long or not text.
pub fn optional_text(value: &Value, max: usize) -> Option<Value> {
    match value {
        Value::Null => Some(Value::Null),
        Value::String(text) => match text.trim() {
            "" => Some(Value::Null),
            text if text.chars().count() <= max => Some(text.into()),
            _ => None,
        },
        _ => None,
    }
}

/// A finite number, from a JSON number or from text (a CSV cell, say); `Some(None)` when
/// null or blank, `None` when it is not a number.
pub fn number(value: &Value) -> Option<Option<f64>> {
    let number = match value {
        Value::Null => return Some(None),
        Value::Number(number) => number.as_f64()?,
        Value::String(text) if text.trim().is_empty() => return Some(None),
        Value::String(text) => text.trim().parse().ok()?,
        _ => return None,
    };
    number.is_finite().then_some(Some(number))
}

/// `number` when it is a whole number within `range` (JSON numbers from a browser may
/// arrive as `3.0`: whole is what matters).
pub fn whole(number: f64, range: RangeInclusive<f64>) -> Option<i64> {
    (number.fract() == 0.0 && range.contains(&number)).then_some(number as i64)
}

/// 400 with `message` unless `user_id` is one of `users` (the company's directory, or the
/// part of it asked for).
pub fn member(user_id: &str, users: &[DirectoryEntry], message: &str) -> Result<()> {
    match users.iter().any(|user| user.user_id == user_id) {
        true => Ok(()),
        false => Err(Error::bad_request(message)),
    }
}

/// 400 with `message` when `fields` set `field` to a user id other than `current` (its
/// stored value; `None` for a new record) that is not a user of the company. The host's
/// directory is asked only then: not when the field is left out, null or unchanged.
pub fn member_field(fields: &Record, field: &str, current: Option<&str>, message: &str) -> Result<()> {
    match text(fields, field) {
        Some(user_id) if Some(user_id) != current => {
            let users = host::directory(&DirectoryQuery { user_ids: vec![user_id.to_string()] })?;
            member(user_id, &users, message)
        }
        _ => Ok(()),
    }
}

/// What a write does: which of a module's checks apply (its required fields, its defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A new record: the module's required fields must be given.
    Create,
    /// Changes to a record: only the fields given.
    Patch,
}

/// The fields of `input` named in `editable`, in that order, each checked by `check`
/// (`check(field, value)` answers the value to store); fields left out stay out, other
/// keys are ignored. The first refusal is the answer.
pub fn given_fields(
    input: &Record,
    editable: &[&str],
    check: impl Fn(&str, &Value) -> Result<Value>,
) -> Result<Record> {
    let mut fields = Record::new();
    for field in editable {
        if let Some(value) = input.get(*field) {
            fields.insert(field.to_string(), check(field, value)?);
        }
    }
    Ok(fields)
}

/// One of a list of choices: `default` when null or blank, else what `find` makes of the
/// trimmed text (`None` for no match); `None` when not text.
pub fn choice(
    value: &Value,
    default: &'static str,
    find: impl FnOnce(&str) -> Option<&'static str>,
) -> Option<&'static str> {
    match value {
        Value::Null => Some(default),
        Value::String(text) => match text.trim() {
            "" => Some(default),
            text => find(text),
        },
        _ => None,
    }
}

/// A list of names: an array of text, or one text with the names separated by `;` (a CSV
/// cell); empty when null. Names are trimmed; blank and repeated ones are left out, the
/// others keep their order. `None` when it is neither (or an item is not text).
pub fn names(value: &Value) -> Option<Vec<&str>> {
    let given: Vec<&str> = match value {
        Value::Null => Vec::new(),
        Value::String(text) => text.split(';').collect(),
        Value::Array(items) => items.iter().map(Value::as_str).collect::<Option<_>>()?,
        _ => return None,
    };
    let mut names: Vec<&str> = Vec::with_capacity(given.len());
    for name in given.into_iter().map(str::trim).filter(|name| !name.is_empty()) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    Some(names)
}

/// `query` with the sort and page parameters of a list route, after its filters:
/// `sort` (fields separated by `,`, `-` before one for descending; `default_sort` when not
/// given), `limit` (1 to 500) and `cursor` (a previous page's `next_cursor`). `param`
/// reads a query parameter (`|name| req.query(name)`); blank ones count as not given.
/// 400 with [`UNKNOWN_SORT`] for a field not in `sortable`, with [`LIMIT`] for a bad limit.
pub fn sort_and_page<'a>(
    mut query: Query,
    param: impl Fn(&str) -> Option<&'a str>,
    sortable: &[&str],
    default_sort: &str,
) -> Result<Query> {
    let given = |name: &str| non_blank(param(name));
    for key in given("sort").unwrap_or(default_sort).split(',').map(str::trim) {
        let (field, desc) = key.strip_prefix('-').map_or((key, false), |field| (field, true));
        if !sortable.contains(&field) {
            return Err(Error::bad_request(UNKNOWN_SORT));
        }
        query = if desc { query.sort_desc(field) } else { query.sort(field) };
    }
    if let Some(limit) = given("limit") {
        let limit = limit.parse().ok().filter(|limit| (1..=MAX_PAGE).contains(limit));
        query = query.limit(limit.ok_or_else(|| Error::bad_request(LIMIT))?);
    }
    Ok(query.cursor(given("cursor").map(str::to_string)))
}

/// The body of a write to a record read at `version`, with the fields to change:
/// `{version, ...fields}`. The storage answers 409 when the record changed meanwhile.
#[derive(Debug, Clone, Deserialize)]
pub struct Versioned {
    /// The version the caller read.
    pub version: i64,
    /// Every other key of the body.
    #[serde(flatten)]
    pub fields: Record,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn message<T: std::fmt::Debug>(result: Result<T>) -> String {
        let err = result.expect_err("an error");
        assert_eq!(err.status, 400, "{err}");
        err.message
    }

    #[test]
    fn blank_parameters_are_not_given() {
        assert_eq!(non_blank(Some("  a b ")), Some("a b"));
        assert_eq!(non_blank(Some(" \t")), None);
        assert_eq!(non_blank(None), None);
    }

    #[test]
    fn required_text_is_trimmed_and_bounded_in_characters() {
        let check = |text: Option<&str>| required_text(text, 3, "required", "too long");
        assert_eq!(check(Some(" abc ")), Ok("abc".to_string()));
        assert_eq!(check(Some("ééé")), Ok("ééé".to_string()), "characters, not bytes");
        assert_eq!(message(check(Some("abcd"))), "too long");
        assert_eq!(message(check(Some("  "))), "required");
        assert_eq!(message(check(None)), "required");
        assert_eq!(message(required_text(json!(5).as_str(), 3, "required", "too long")), "required");
    }

    #[test]
    fn optional_text_is_null_when_blank() {
        assert_eq!(optional_text(&json!(" Finance "), 7), Some(json!("Finance")));
        assert_eq!(optional_text(&json!("é".repeat(7)), 7), Some(json!("é".repeat(7))));
        assert_eq!(optional_text(&json!("  "), 7), Some(Value::Null));
        assert_eq!(optional_text(&Value::Null, 7), Some(Value::Null));
        assert_eq!(optional_text(&json!("x".repeat(8)), 7), None);
        assert_eq!(optional_text(&json!(12), 7), None);
        assert_eq!(optional_text(&json!(["a"]), 7), None);
    }

    #[test]
    fn numbers_come_from_json_numbers_or_text() {
        assert_eq!(number(&json!(4.5)), Some(Some(4.5)));
        assert_eq!(number(&json!(" 1200 ")), Some(Some(1200.0)));
        assert_eq!(number(&json!("-3")), Some(Some(-3.0)));
        assert_eq!(number(&Value::Null), Some(None));
        assert_eq!(number(&json!("  ")), Some(None));
        assert_eq!(number(&json!("many")), None);
        assert_eq!(number(&json!("NaN")), None, "finite only");
        assert_eq!(number(&json!("inf")), None);
        assert_eq!(number(&json!(true)), None);
        assert_eq!(number(&json!([1])), None);
    }

    #[test]
    fn whole_numbers_are_within_the_range() {
        assert_eq!(whole(3.0, 1.0..=5.0), Some(3));
        assert_eq!(whole(1.0, 1.0..=5.0), Some(1));
        assert_eq!(whole(5.0, 1.0..=5.0), Some(5));
        assert_eq!(whole(2.5, 1.0..=5.0), None);
        assert_eq!(whole(0.0, 1.0..=5.0), None);
        assert_eq!(whole(6.0, 1.0..=5.0), None);
        assert_eq!(whole(f64::NAN, 0.0..=f64::MAX), None);
    }

    #[test]
    fn members_are_in_the_directory() {
        let users = vec![DirectoryEntry {
            user_id: "u1".into(),
            email: "ann@acme.test".into(),
            firstname: "Ann".into(),
            lastname: "Lee".into(),
            job_title: String::new(),
            time_zone: None,
            company_admin: false,
        }];
        assert!(member("u1", &users, "not a user").is_ok());
        assert_eq!(message(member("u2", &users, "not a user")), "not a user");
        assert_eq!(message(member("u1", &[], "not a user")), "not a user");
    }

    #[test]
    fn a_member_field_is_checked_only_when_it_changes() {
        let fields = |value: Value| -> Record { serde_json::from_value(json!({ "owner_id": value })).unwrap() };
        assert!(member_field(&Record::new(), "owner_id", None, "not a user").is_ok(), "left out");
        assert!(member_field(&fields(Value::Null), "owner_id", Some("u1"), "not a user").is_ok(), "cleared");
        assert!(member_field(&fields(json!("u1")), "owner_id", Some("u1"), "not a user").is_ok(), "unchanged");
        // A change asks the host's directory, which only a plugin inside the host can reach.
        let err = member_field(&fields(json!("u2")), "owner_id", Some("u1"), "not a user").unwrap_err();
        assert_eq!(err.status, 501, "{err}");
        assert_eq!(member_field(&fields(json!("u2")), "owner_id", None, "x").unwrap_err().status, 501);
    }

    #[test]
    fn given_fields_are_checked_in_order_and_others_ignored() {
        let input: Record = serde_json::from_value(json!({ "b": " x ", "a": 1, "other": true })).unwrap();
        let order = std::cell::RefCell::new(Vec::new());
        let check = |field: &str, value: &Value| {
            order.borrow_mut().push(field.to_string());
            match value {
                Value::String(text) => Ok(text.trim().into()),
                _ => Ok(value.clone()),
            }
        };
        let fields = given_fields(&input, &["a", "b", "c"], check).unwrap();
        assert_eq!(Value::Object(fields), json!({ "a": 1, "b": "x" }));
        assert_eq!(*order.borrow(), ["a", "b"], "in the order of the list, left out ones not checked");
        let refuse = |field: &str, _: &Value| match field {
            "a" => Err(Error::bad_request("bad a")),
            _ => Ok(Value::Null),
        };
        assert_eq!(message(given_fields(&input, &["b", "a"], refuse)), "bad a");
        assert!(given_fields(&Record::new(), &["a"], refuse).unwrap().is_empty());
    }

    #[test]
    fn choices_default_when_blank() {
        let find = |text: &str| ["low", "high"].into_iter().find(|known| known.eq_ignore_ascii_case(text));
        assert_eq!(choice(&json!(" HIGH "), "low", find), Some("high"), "trimmed");
        assert_eq!(choice(&json!("  "), "low", find), Some("low"));
        assert_eq!(choice(&Value::Null, "low", find), Some("low"));
        assert_eq!(choice(&json!("middle"), "low", find), None);
        assert_eq!(choice(&json!(1), "low", find), None);
        assert_eq!(choice(&json!(["high"]), "low", find), None);
    }

    #[test]
    fn names_come_as_a_list_or_one_text_without_blanks_or_repeats() {
        assert_eq!(names(&json!(" SAP ; ;Excel;SAP ")), Some(vec!["SAP", "Excel"]));
        assert_eq!(names(&json!(["Excel", " SAP", "", "Excel"])), Some(vec!["Excel", "SAP"]));
        assert_eq!(names(&Value::Null), Some(vec![]));
        assert_eq!(names(&json!("")), Some(vec![]));
        assert_eq!(names(&json!("sap;SAP")), Some(vec!["sap", "SAP"]), "case counts");
        assert_eq!(names(&json!(["SAP", 1])), None);
        assert_eq!(names(&json!(3)), None);
        assert_eq!(names(&json!({ "a": "SAP" })), None);
    }

    fn page(params: &[(&str, &str)]) -> Result<Query> {
        let param = |name: &str| params.iter().find(|(key, _)| *key == name).map(|(_, value)| *value);
        sort_and_page(Query::default().eq("done", false), param, &["name", "created_at"], "-created_at")
    }

    #[test]
    fn lists_are_sorted_and_paged_after_their_filters() {
        let query = page(&[("sort", " name , -created_at"), ("limit", "500"), ("cursor", " c1 ")]).unwrap();
        assert_eq!(
            serde_json::to_value(&query).unwrap(),
            json!({
                "filters": [{ "field": "done", "op": "eq", "value": false }],
                "sort": [{ "field": "name", "desc": false }, { "field": "created_at", "desc": true }],
                "limit": 500,
                "cursor": "c1",
                "total": false
            })
        );
        let defaults = serde_json::to_value(page(&[("sort", " "), ("limit", ""), ("cursor", "")]).unwrap()).unwrap();
        assert_eq!(defaults["sort"], json!([{ "field": "created_at", "desc": true }]));
        assert_eq!((&defaults["limit"], &defaults["cursor"]), (&Value::Null, &Value::Null));
    }

    #[test]
    fn sort_and_limit_are_checked() {
        assert_eq!(message(page(&[("sort", "title")])), UNKNOWN_SORT);
        assert_eq!(message(page(&[("sort", "name,")])), UNKNOWN_SORT);
        assert_eq!(message(page(&[("sort", "--name")])), UNKNOWN_SORT);
        for limit in ["0", "501", "-1", "2.5", "ten"] {
            assert_eq!(message(page(&[("limit", limit)])), LIMIT, "{limit}");
        }
        assert_eq!(serde_json::to_value(page(&[("limit", "1")]).unwrap()).unwrap()["limit"], json!(1));
    }

    #[test]
    fn a_versioned_body_keeps_the_other_keys() {
        let body: Versioned = serde_json::from_value(json!({ "version": 3, "name": "a", "stage": null })).unwrap();
        assert_eq!(body.version, 3);
        assert_eq!(Value::Object(body.fields), json!({ "name": "a", "stage": null }));
        assert!(serde_json::from_value::<Versioned>(json!({ "name": "a" })).is_err(), "the version is required");
    }
}
