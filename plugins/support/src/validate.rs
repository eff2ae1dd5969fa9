//! Input checks with the messages people read. Each check answers the value to store,
//! normalised (trimmed text, status keys), or a 400 with the message. Blank text stands
//! for no value (the default priority for `priority`).

use autoscope_sdk::input::{non_blank, optional_text, required_text, sort_and_page, whole};
use autoscope_sdk::prelude::*;
use serde::Deserialize;
use serde_json::Value;

use crate::sla::{Policy, Targets};
use crate::vocab;

pub const TITLE_REQUIRED: &str = "Please enter a title";
pub const TITLE_TOO_LONG: &str = "Title must be at most 200 characters";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 10000 characters";
pub const CATEGORY_TOO_LONG: &str = "Category must be at most 100 characters";
pub const PRIORITY_TOO_LONG: &str = "Priority must be at most 100 characters";
pub const PROCESS_TOO_LONG: &str = "Process must be at most 100 characters";
pub const BOT_TOO_LONG: &str = "Bot must be at most 200 characters";
pub const ASSIGNEE: &str = "Assignee is not a user of this company";
pub const UNKNOWN_STATUS: &str = "Unknown status";
pub const TICKET_NOT_FOUND: &str = "Ticket not found";
pub const COMMENT_REQUIRED: &str = "Please write a comment";
pub const COMMENT_TOO_LONG: &str = "A comment may be at most 5000 characters";
pub const SLA_ADMIN_ONLY: &str = "Only a company administrator may change the SLA policies";
pub const SLA_MINUTES: &str = "SLA targets must be whole minutes from 1 to 525600";
pub const SLA_ORDER: &str = "The resolution target cannot be shorter than the response target";
pub const SLA_PRIORITY: &str = "Please name the priority of each SLA policy";
pub const SLA_DUPLICATE: &str = "Each priority may have only one SLA policy";

/// The most minutes of an SLA target: a year.
const MAX_MINUTES: i64 = 525_600;

/// The fields a person edits, in the order their checks run (`status` only on a change).
pub const EDITABLE: [&str; 8] =
    ["title", "description", "category", "priority", "assignee_id", "process_id", "bot_id", "status"];

/// The fields `GET /tickets` sorts by.
pub const SORTABLE: [&str; 7] = ["number", "title", "status", "priority", "created_at", "updated_at", "resolution_due"];

/// A new ticket (`Create`): the title is required, the priority defaults, the status is
/// `open`; changes (`Patch`): only the fields given.
pub use autoscope_sdk::input::Mode;

/// The editable fields of `input` checked and normalised; other keys are ignored.
pub fn ticket_fields(input: &Record, mode: Mode) -> Result<Record> {
    let mut fields = Record::new();
    for field in EDITABLE {
        if field == "status" && mode == Mode::Create {
            continue;
        }
        let value = match (input.get(field), mode, field) {
            (Some(value), _, _) => value,
            (None, Mode::Create, "title" | "priority") => &Value::Null,
            (None, _, _) => continue,
        };
        fields.insert(field.to_string(), editable(field, value)?);
    }
    Ok(fields)
}

fn editable(field: &str, value: &Value) -> Result<Value> {
    let bad = |message: &str| Error::bad_request(message);
    Ok(match field {
        "title" => required_text(value.as_str(), 200, TITLE_REQUIRED, TITLE_TOO_LONG)?.into(),
        "description" => optional_text(value, 10_000).ok_or_else(|| bad(DESCRIPTION_TOO_LONG))?,
        "category" => optional_text(value, 100).ok_or_else(|| bad(CATEGORY_TOO_LONG))?,
        "priority" => match optional_text(value, 100).ok_or_else(|| bad(PRIORITY_TOO_LONG))? {
            Value::Null => vocab::DEFAULT_PRIORITY.into(),
            priority => priority,
        },
        "assignee_id" => optional_text(value, 100).ok_or_else(|| bad(ASSIGNEE))?,
        "process_id" => optional_text(value, 100).ok_or_else(|| bad(PROCESS_TOO_LONG))?,
        "bot_id" => optional_text(value, 200).ok_or_else(|| bad(BOT_TOO_LONG))?,
        "status" => value.as_str().and_then(vocab::status).ok_or_else(|| bad(UNKNOWN_STATUS))?.into(),
        other => return Err(Error::internal(format!("no check for the field '{other}'"))),
    })
}

/// 400 when a ticket in `current` status is moved to it again.
pub fn status_change(current: &str, to: &str) -> Result<()> {
    match current == to {
        true => Err(Error::bad_request(format!("The ticket is already {}", vocab::label(to)))),
        false => Ok(()),
    }
}

/// A comment's trimmed text: required, at most 5000 characters.
pub fn comment(text: &Value) -> Result<String> {
    required_text(text.as_str(), 5000, COMMENT_REQUIRED, COMMENT_TOO_LONG)
}

/// The page `GET /tickets` asks for: `q` (`#12` or `12` finds the number, other text the
/// title), `status` and `priority` (one or several, separated by `,`), `assignee_id`,
/// `requester_id`, `process_id`, `bot_id`, `sort` (fields separated by `,`, `-` for
/// descending; `-created_at` by default), `limit`, `cursor`; always with the total.
pub fn list_query<'a>(param: impl Fn(&str) -> Option<&'a str>) -> Result<Query> {
    let given = |name: &str| non_blank(param(name));
    let mut query = Query::default().with_total();
    if let Some(text) = given("q") {
        query = match text.strip_prefix('#').unwrap_or(text).parse::<i64>() {
            Ok(number) => query.eq("number", number),
            Err(_) => query.filter("title", FilterOp::Contains, text),
        };
    }
    if let Some(statuses) = given("status") {
        let keys = statuses
            .split(',')
            .map(|status| vocab::status(status).ok_or_else(|| Error::bad_request(UNKNOWN_STATUS)))
            .collect::<Result<Vec<_>>>()?;
        query = query.filter("status", FilterOp::In, keys);
    }
    if let Some(priorities) = given("priority") {
        let names: Vec<&str> = priorities.split(',').map(str::trim).filter(|name| !name.is_empty()).collect();
        query = query.filter("priority", FilterOp::In, names);
    }
    for field in ["assignee_id", "requester_id", "process_id", "bot_id"] {
        if let Some(value) = given(field) {
            query = query.eq(field, value);
        }
    }
    sort_and_page(query, &param, &SORTABLE, "-created_at")
}

/// A policy as sent: minutes are checked as numbers, whatever JSON number they are.
#[derive(Debug, Deserialize)]
pub struct PolicyInput {
    #[serde(default)]
    priority: Value,
    #[serde(default)]
    response_minutes: Value,
    #[serde(default)]
    resolution_minutes: Value,
}

/// The policies of `PUT /sla`, checked: a named priority each (once), whole minutes from
/// 1 to 525,600, and resolution no shorter than response.
pub fn policies(input: &[PolicyInput]) -> Result<Vec<Policy>> {
    let mut policies: Vec<Policy> = Vec::with_capacity(input.len());
    for policy in input {
        let priority = match optional_text(&policy.priority, 100) {
            Some(Value::String(priority)) => priority,
            _ => return Err(Error::bad_request(SLA_PRIORITY)),
        };
        if policies.iter().any(|known| known.priority.eq_ignore_ascii_case(&priority)) {
            return Err(Error::bad_request(SLA_DUPLICATE));
        }
        let response_minutes = minutes(&policy.response_minutes)?;
        let resolution_minutes = minutes(&policy.resolution_minutes)?;
        if resolution_minutes < response_minutes {
            return Err(Error::bad_request(SLA_ORDER));
        }
        policies.push(Policy { priority, targets: Targets { response_minutes, resolution_minutes } });
    }
    Ok(policies)
}

fn minutes(value: &Value) -> Result<i64> {
    value
        .as_f64()
        .and_then(|minutes| whole(minutes, 1.0..=MAX_MINUTES as f64))
        .ok_or_else(|| Error::bad_request(SLA_MINUTES))
}

#[cfg(test)]
mod tests {
    use autoscope_sdk::input::{LIMIT, UNKNOWN_SORT};
    use serde_json::json;

    use super::*;

    fn record(value: Value) -> Record {
        serde_json::from_value(value).expect("an object")
    }

    fn message<T: std::fmt::Debug>(result: Result<T>) -> String {
        let err = result.expect_err("an error");
        assert_eq!(err.status, 400, "{err}");
        err.message
    }

    #[test]
    fn a_new_ticket_is_trimmed_and_defaulted() {
        let fields = ticket_fields(
            &record(json!({
                "title": "  Printer jams ", "description": " ", "category": "Question", "assignee_id": "",
                "status": "closed", "number": 7, "requester_id": "me"
            })),
            Mode::Create,
        )
        .unwrap();
        assert_eq!(
            Value::Object(fields),
            json!({ "title": "Printer jams", "description": null, "category": "Question", "priority": "Medium", "assignee_id": null })
        );
    }

    #[test]
    fn a_patch_has_only_the_fields_given() {
        let fields =
            ticket_fields(&record(json!({ "status": "In progress", "priority": "High", "version": 3 })), Mode::Patch)
                .unwrap();
        assert_eq!(Value::Object(fields), json!({ "priority": "High", "status": "in_progress" }));
        let blank = ticket_fields(&record(json!({ "priority": " " })), Mode::Patch).unwrap();
        assert_eq!(blank["priority"], json!("Medium"));
    }

    #[test]
    fn bad_fields_get_their_messages() {
        let cases = [
            (json!({}), TITLE_REQUIRED),
            (json!({ "title": "  " }), TITLE_REQUIRED),
            (json!({ "title": 5 }), TITLE_REQUIRED),
            (json!({ "title": "x".repeat(201) }), TITLE_TOO_LONG),
            (json!({ "title": "a", "description": "x".repeat(10_001) }), DESCRIPTION_TOO_LONG),
            (json!({ "title": "a", "category": "x".repeat(101) }), CATEGORY_TOO_LONG),
            (json!({ "title": "a", "priority": "x".repeat(101) }), PRIORITY_TOO_LONG),
            (json!({ "title": "a", "assignee_id": 12 }), ASSIGNEE),
            (json!({ "title": "a", "process_id": "x".repeat(101) }), PROCESS_TOO_LONG),
            (json!({ "title": "a", "bot_id": ["b"] }), BOT_TOO_LONG),
        ];
        for (input, expected) in cases {
            assert_eq!(message(ticket_fields(&record(input.clone()), Mode::Create)), expected, "{input}");
        }
        assert_eq!(message(ticket_fields(&record(json!({ "status": "done" })), Mode::Patch)), UNKNOWN_STATUS);
        assert_eq!(message(ticket_fields(&record(json!({ "title": "" })), Mode::Patch)), TITLE_REQUIRED);
        let longest = ticket_fields(&record(json!({ "title": "é".repeat(200) })), Mode::Create);
        assert!(longest.is_ok(), "characters, not bytes");
    }

    #[test]
    fn a_status_cannot_be_set_to_itself() {
        assert!(status_change("open", "waiting").is_ok());
        assert_eq!(message(status_change("in_progress", "in_progress")), "The ticket is already In progress");
    }

    #[test]
    fn comments_are_required_and_bounded() {
        assert_eq!(comment(&json!(" Looking into it ")).unwrap(), "Looking into it");
        assert_eq!(message(comment(&json!("  "))), COMMENT_REQUIRED);
        assert_eq!(message(comment(&Value::Null)), COMMENT_REQUIRED);
        assert_eq!(message(comment(&json!("x".repeat(5001)))), COMMENT_TOO_LONG);
    }

    fn list(params: &[(&str, &str)]) -> Result<Query> {
        list_query(|name| params.iter().find(|(key, _)| *key == name).map(|(_, value)| *value))
    }

    #[test]
    fn the_list_query_has_filters_sort_and_page() {
        let query = list(&[
            ("q", " printer "),
            ("status", "open,In progress"),
            ("priority", "High, Critical"),
            ("assignee_id", "u1"),
            ("bot_id", ""),
            ("sort", "-resolution_due,number"),
            ("limit", "20"),
            ("cursor", "c"),
        ])
        .unwrap();
        assert_eq!(
            serde_json::to_value(&query).unwrap(),
            json!({
                "filters": [
                    { "field": "title", "op": "contains", "value": "printer" },
                    { "field": "status", "op": "in", "value": ["open", "in_progress"] },
                    { "field": "priority", "op": "in", "value": ["High", "Critical"] },
                    { "field": "assignee_id", "op": "eq", "value": "u1" }
                ],
                "sort": [{ "field": "resolution_due", "desc": true }, { "field": "number", "desc": false }],
                "limit": 20,
                "cursor": "c",
                "total": true
            })
        );
    }

    #[test]
    fn a_number_finds_its_ticket() {
        for q in ["#12", "12", " #12 "] {
            let query = serde_json::to_value(list(&[("q", q)]).unwrap()).unwrap();
            assert_eq!(query["filters"], json!([{ "field": "number", "op": "eq", "value": 12 }]), "{q}");
        }
        let query = serde_json::to_value(list(&[]).unwrap()).unwrap();
        assert_eq!(query["sort"], json!([{ "field": "created_at", "desc": true }]));
    }

    #[test]
    fn list_parameters_are_checked() {
        assert_eq!(message(list(&[("sort", "description")])), UNKNOWN_SORT);
        assert_eq!(message(list(&[("status", "open,done")])), UNKNOWN_STATUS);
        assert_eq!(message(list(&[("limit", "0")])), LIMIT);
        assert_eq!(message(list(&[("limit", "501")])), LIMIT);
    }

    fn inputs(value: Value) -> Vec<PolicyInput> {
        serde_json::from_value(value).expect("policies")
    }

    #[test]
    fn policies_are_whole_minutes_in_order() {
        let policies = policies(&inputs(json!([
            { "priority": " Critical ", "response_minutes": 10, "resolution_minutes": 10.0 },
            { "priority": "Low", "response_minutes": 1, "resolution_minutes": 525_600 }
        ])))
        .unwrap();
        assert_eq!(policies[0].priority, "Critical");
        assert_eq!(policies[0].targets, Targets { response_minutes: 10, resolution_minutes: 10 });
        assert_eq!(policies[1].targets.resolution_minutes, 525_600);
        for bad in [json!(0), json!(525_601), json!(1.5), json!("60"), Value::Null, json!(-5)] {
            let input = inputs(json!([{ "priority": "High", "response_minutes": bad, "resolution_minutes": 600 }]));
            assert_eq!(message(super::policies(&input)), SLA_MINUTES, "{bad}");
        }
        let shorter = inputs(json!([{ "priority": "High", "response_minutes": 60, "resolution_minutes": 59 }]));
        assert_eq!(message(super::policies(&shorter)), SLA_ORDER);
        let unnamed = inputs(json!([{ "priority": " ", "response_minutes": 1, "resolution_minutes": 1 }]));
        assert_eq!(message(super::policies(&unnamed)), SLA_PRIORITY);
        let twice = inputs(json!([
            { "priority": "High", "response_minutes": 1, "resolution_minutes": 1 },
            { "priority": "high", "response_minutes": 2, "resolution_minutes": 2 }
        ]));
        assert_eq!(message(super::policies(&twice)), SLA_DUPLICATE);
    }
}
