//! Checks of what people send, with the messages they read. Each check answers the value
//! to store, normalised (trimmed text, known choices, numbers), or a 400 with the message.
//! A blank value (null, or text of only spaces) stands for the field's default.

use autoscope_sdk::input::{
    choice, given_fields, names, non_blank, number, optional_text, required_text, sort_and_page,
};
use autoscope_sdk::prelude::*;
use serde_json::Value;

pub const NAME_REQUIRED: &str = "Please enter the bot name";
pub const NAME_TOO_LONG: &str = "Name must be at most 100 characters";
pub const NAME_TAKEN: &str = "A bot with this name already exists";
pub const RENAME_WITH_RUNS: &str = "This bot has runs under its name, so it cannot be renamed";
pub const UNKNOWN_TYPE: &str = "Unknown bot type";
pub const UNKNOWN_VENDOR: &str = "Unknown vendor";
pub const UNKNOWN_STATUS: &str = "Unknown run status";
pub const MACHINE_TOO_LONG: &str = "Machine must be at most 100 characters";
pub const OWNER: &str = "Owner is not a user of this company";
pub const LICENCE_COST: &str = "Licence cost must be 0 or more";
pub const PROCESSES: &str = "Processes must be a list of names of at most 200 characters";
pub const TOO_MANY_PROCESSES: &str = "A bot may run at most 100 processes";
pub const SCHEDULE_TOO_LONG: &str = "Schedule must be at most 200 characters";
pub const NOTES_TOO_LONG: &str = "Notes must be at most 2000 characters";
pub const BOT_NOT_FOUND: &str = "Bot not found";

pub const TYPES: [&str; 2] = ["attended", "unattended"];
pub const VENDORS: [&str; 5] = ["UiPath", "Automation Anywhere", "Blue Prism", "Power Automate", "Other"];
pub const RUN_STATUSES: [&str; 4] = ["running", "successful", "failed", "stopped"];
const DEFAULT_TYPE: &str = "unattended";
const DEFAULT_VENDOR: &str = "Other";
const MAX_PROCESSES: usize = 100;
/// Beyond this a licence cost is a typing slip, and money sums would lose cents.
const MAX_LICENCE_COST: f64 = 1e12;

/// The fields a person edits, in the order their checks run.
pub const EDITABLE: [&str; 9] =
    ["name", "type", "machine", "vendor", "owner_id", "licence_cost", "processes", "schedule", "notes"];

/// The fields `GET /bots` sorts by.
pub const SORTABLE: [&str; 7] = ["name", "type", "vendor", "machine", "licence_cost", "updated_at", "created_at"];

/// A new bot (`Create`): the name is required; changes (`Patch`): only the fields given.
pub use autoscope_sdk::input::Mode;

/// The editable fields of `input`, checked and normalised; other keys are ignored.
pub fn bot_fields(input: &Record, mode: Mode) -> Result<Record> {
    if mode == Mode::Create && !input.contains_key("name") {
        return Err(Error::bad_request(NAME_REQUIRED));
    }
    given_fields(input, &EDITABLE, editable)
}

fn editable(field: &str, value: &Value) -> Result<Value> {
    let bad = |message: &str| Error::bad_request(message);
    Ok(match field {
        "name" => required_text(value.as_str(), 100, NAME_REQUIRED, NAME_TOO_LONG)?.into(),
        "type" => one_of(value, &TYPES, DEFAULT_TYPE).ok_or_else(|| bad(UNKNOWN_TYPE))?.into(),
        "vendor" => one_of(value, &VENDORS, DEFAULT_VENDOR).ok_or_else(|| bad(UNKNOWN_VENDOR))?.into(),
        "machine" => optional_text(value, 100).ok_or_else(|| bad(MACHINE_TOO_LONG))?,
        "owner_id" => optional_text(value, 100).ok_or_else(|| bad(OWNER))?,
        "licence_cost" => licence_cost(value).ok_or_else(|| bad(LICENCE_COST))?.into(),
        "processes" => processes(value)?,
        "schedule" => optional_text(value, 200).ok_or_else(|| bad(SCHEDULE_TOO_LONG))?,
        "notes" => optional_text(value, 2000).ok_or_else(|| bad(NOTES_TOO_LONG))?,
        other => return Err(Error::internal(format!("no check for the field '{other}'"))),
    })
}

/// One of `choices`, matched without regard to case or spaces around; the default when blank.
fn one_of(value: &Value, choices: &[&'static str], default: &'static str) -> Option<&'static str> {
    choice(value, default, |text| choices.iter().copied().find(|choice| choice.eq_ignore_ascii_case(text)))
}

/// A number from 0 up; 0 when blank.
fn licence_cost(value: &Value) -> Option<f64> {
    let cost = number(value)?.unwrap_or(0.0);
    (0.0..=MAX_LICENCE_COST).contains(&cost).then_some(cost)
}

/// Process names: an array of text, or one text with the names separated by `;` (a CSV
/// cell). Trimmed; blank and repeated names are left out.
fn processes(value: &Value) -> Result<Value> {
    let names = names(value).ok_or_else(|| Error::bad_request(PROCESSES))?;
    if names.iter().any(|name| name.chars().count() > 200) {
        return Err(Error::bad_request(PROCESSES));
    }
    if names.len() > MAX_PROCESSES {
        return Err(Error::bad_request(TOO_MANY_PROCESSES));
    }
    Ok(names.into())
}

/// The page `GET /bots` asks for: `q` (name or machine contains), `type`, `vendor`,
/// `owner_id`, `sort` (`name` by default), `limit`, `cursor`; always with the total (an
/// inventory is small).
pub fn list_query<'a>(param: impl Fn(&str) -> Option<&'a str>) -> Result<Query> {
    let given = |name: &str| non_blank(param(name));
    let mut query = Query::default().with_total();
    if let Some(text) = given("q") {
        query = query.filter("name", FilterOp::Contains, text);
    }
    if let Some(kind) = given("type") {
        let kind = TYPES.iter().find(|known| **known == kind).ok_or_else(|| Error::bad_request(UNKNOWN_TYPE))?;
        query = query.eq("type", *kind);
    }
    if let Some(vendor) = given("vendor") {
        let vendor =
            VENDORS.iter().find(|known| **known == vendor).ok_or_else(|| Error::bad_request(UNKNOWN_VENDOR))?;
        query = query.eq("vendor", *vendor);
    }
    if let Some(owner) = given("owner_id") {
        query = query.eq("owner_id", owner);
    }
    sort_and_page(query, &param, &SORTABLE, "name")
}

/// A run status of the query, if one is given.
pub fn run_status(text: Option<&str>) -> Result<Option<&'static str>> {
    match non_blank(text) {
        None => Ok(None),
        Some(text) => RUN_STATUSES
            .iter()
            .copied()
            .find(|status| *status == text)
            .map(Some)
            .ok_or_else(|| Error::bad_request(UNKNOWN_STATUS)),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn record(value: Value) -> Record {
        serde_json::from_value(value).expect("an object")
    }

    fn message(result: Result<Record>) -> String {
        let err = result.expect_err("a refusal");
        assert_eq!(err.status, 400, "{err:?}");
        err.message
    }

    #[test]
    fn a_new_bot_is_normalised_with_its_defaults() {
        let fields = bot_fields(
            &record(json!({
                "name": "  Invoice bot ", "type": "ATTENDED", "vendor": " uipath ", "machine": " VM-01 ",
                "owner_id": "", "licence_cost": "1200.50", "processes": "Invoice posting; ; Vendor invoices;Invoice posting",
                "schedule": "Mon-Fri 06:00-18:00", "notes": "  ", "version": 3, "id": "ignored"
            })),
            Mode::Create,
        )
        .unwrap();
        assert_eq!(
            Value::Object(fields),
            json!({
                "name": "Invoice bot", "type": "attended", "vendor": "UiPath", "machine": "VM-01", "owner_id": null,
                "licence_cost": 1200.5, "processes": ["Invoice posting", "Vendor invoices"],
                "schedule": "Mon-Fri 06:00-18:00", "notes": null
            })
        );
        let blank =
            bot_fields(&record(json!({ "name": "B", "type": null, "vendor": "", "licence_cost": null })), Mode::Create);
        assert_eq!(
            Value::Object(blank.unwrap()),
            json!({ "name": "B", "type": "unattended", "vendor": "Other", "licence_cost": 0.0 })
        );
    }

    #[test]
    fn a_patch_checks_only_what_it_names() {
        let fields = bot_fields(&record(json!({ "licence_cost": 5, "processes": [] })), Mode::Patch).unwrap();
        assert_eq!(Value::Object(fields), json!({ "licence_cost": 5.0, "processes": [] }));
        assert_eq!(message(bot_fields(&record(json!({ "name": " " })), Mode::Patch)), NAME_REQUIRED);
    }

    #[test]
    fn each_bad_value_has_its_message() {
        let cases = [
            (json!({}), NAME_REQUIRED),
            (json!({ "name": "x".repeat(101) }), NAME_TOO_LONG),
            (json!({ "name": 5 }), NAME_REQUIRED),
            (json!({ "name": "B", "type": "robot" }), UNKNOWN_TYPE),
            (json!({ "name": "B", "vendor": "Acme RPA" }), UNKNOWN_VENDOR),
            (json!({ "name": "B", "machine": "m".repeat(101) }), MACHINE_TOO_LONG),
            (json!({ "name": "B", "owner_id": 7 }), OWNER),
            (json!({ "name": "B", "licence_cost": -1 }), LICENCE_COST),
            (json!({ "name": "B", "licence_cost": "a lot" }), LICENCE_COST),
            (json!({ "name": "B", "licence_cost": 2e12 }), LICENCE_COST),
            (json!({ "name": "B", "processes": [1] }), PROCESSES),
            (json!({ "name": "B", "processes": { "a": 1 } }), PROCESSES),
            (json!({ "name": "B", "processes": ["p".repeat(201)] }), PROCESSES),
            (
                json!({ "name": "B", "processes": (0..101).map(|i| format!("P{i}")).collect::<Vec<_>>() }),
                TOO_MANY_PROCESSES,
            ),
            (json!({ "name": "B", "schedule": "s".repeat(201) }), SCHEDULE_TOO_LONG),
            (json!({ "name": "B", "notes": "n".repeat(2001) }), NOTES_TOO_LONG),
        ];
        for (input, expected) in cases {
            assert_eq!(message(bot_fields(&record(input.clone()), Mode::Create)), expected, "{input}");
        }
        let longest = json!({ "name": "é".repeat(100), "notes": "n".repeat(2000), "licence_cost": 1e12 });
        assert!(bot_fields(&record(longest), Mode::Create).is_ok(), "limits count characters");
    }

    fn page(params: &[(&str, &str)]) -> Result<Query> {
        list_query(|name| params.iter().find(|(key, _)| *key == name).map(|(_, value)| *value))
    }

    #[test]
    fn the_list_searches_filters_sorts_and_counts() {
        let query = serde_json::to_value(
            page(&[
                ("q", " inv "),
                ("type", "attended"),
                ("vendor", "Blue Prism"),
                ("owner_id", "u1"),
                ("sort", "-licence_cost"),
            ])
            .unwrap(),
        )
        .unwrap();
        assert_eq!(
            query["filters"],
            json!([
                { "field": "name", "op": "contains", "value": "inv" },
                { "field": "type", "op": "eq", "value": "attended" },
                { "field": "vendor", "op": "eq", "value": "Blue Prism" },
                { "field": "owner_id", "op": "eq", "value": "u1" }
            ])
        );
        assert_eq!(
            (&query["sort"], &query["total"]),
            (&json!([{ "field": "licence_cost", "desc": true }]), &json!(true))
        );
        let defaults = serde_json::to_value(page(&[]).unwrap()).unwrap();
        assert_eq!(defaults["sort"], json!([{ "field": "name", "desc": false }]));
        assert_eq!(page(&[("type", "robot")]).unwrap_err().message, UNKNOWN_TYPE);
        assert_eq!(page(&[("vendor", "uipath")]).unwrap_err().message, UNKNOWN_VENDOR, "filters take the stored value");
        assert_eq!(page(&[("sort", "owner_id")]).unwrap_err().message, autoscope_sdk::input::UNKNOWN_SORT);
    }

    #[test]
    fn run_statuses_are_known_ones() {
        assert_eq!(run_status(Some(" failed ")), Ok(Some("failed")));
        assert_eq!(run_status(Some("")), Ok(None));
        assert_eq!(run_status(Some("Failed")).unwrap_err().message, UNKNOWN_STATUS);
    }
}
