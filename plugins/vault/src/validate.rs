//! Input checks with the messages people read. Each check answers the value to store,
//! normalised (trimmed text, stage keys, numbers), or a 400 with the message.
//!
//! A blank value (null, or text of only spaces) stands for the field's default: no text,
//! no list, 0, or the default stage, health and complexity. Values may arrive as text
//! (a CSV import): numbers are parsed from it.

use autoscope_sdk::files::{Content, FileType, Messages, Rules, VAGUE_TYPES};
use autoscope_sdk::input::{
    choice, given_fields, names, non_blank, number, optional_text, required_text, sort_and_page, whole,
};
use autoscope_sdk::prelude::*;
use serde_json::Value;

use crate::scores::ANSWER_FIELDS;
use crate::vocab::{self, COMPLEXITIES, Choice, HEALTHS, STAGES};

pub const NAME_REQUIRED: &str = "Please enter the process name";
pub const NAME_TOO_LONG: &str = "Name must be at most 200 characters";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 4000 characters";
pub const DEPARTMENT_TOO_LONG: &str = "Department must be at most 100 characters";
pub const UNKNOWN_STAGE: &str = "Unknown stage";
pub const UNKNOWN_HEALTH: &str = "Unknown health";
pub const UNKNOWN_COMPLEXITY: &str = "Unknown complexity";
pub const MONTHLY_VOLUME: &str = "Monthly volume must be a whole number of 0 or more";
pub const HANDLING_MINUTES: &str = "Handling time must be 0 or more minutes";
pub const HOURLY_COST: &str = "Hourly cost must be 0 or more";
pub const EXCEPTION_RATE: &str = "Exception rate must be between 0 and 100";
pub const AUTOMATION: &str = "Automation must be between 0 and 100";
pub const FTES: &str = "FTEs must be 0 or more";
pub const APPLICATIONS: &str = "Applications must be a list of names";
pub const BOTS: &str = "Bots must be a list of names";
pub const OWNER: &str = "Owner is not a user of this company";
pub const ANSWER: &str = "Each assessment answer must be between 1 and 5";
pub const PROCESS_NOT_FOUND: &str = "Process not found";
pub const DOCUMENT_NAME_REQUIRED: &str = "Please enter the document name";
pub const DOCUMENT_NAME_TOO_LONG: &str = "Document name must be at most 200 characters";
pub const DOCUMENT_TYPE: &str = files::TYPE_NOT_ACCEPTED;
pub const DOCUMENT_DATA: &str = "The document's content is not valid base64";
pub const DOCUMENT_TOO_BIG: &str = "A document may be at most 2 MB";
pub const TOO_MANY_DOCUMENTS: &str = "A process may have at most 20 documents";
pub const DOCUMENT_NOT_FOUND: &str = "Document not found";

/// The fields a person edits, in the order their checks run.
pub const EDITABLE: [&str; 15] = [
    "name",
    "description",
    "department",
    "owner_id",
    "applications",
    "stage",
    "health",
    "monthly_volume",
    "handling_minutes",
    "hourly_cost",
    "exception_rate",
    "automation_pct",
    "complexity",
    "bots",
    "ftes",
];

/// What an assessment may change besides its five answers (the detailed assessment).
pub const ASSESSMENT_DETAILS: [&str; 7] =
    ["monthly_volume", "handling_minutes", "ftes", "applications", "hourly_cost", "exception_rate", "complexity"];

/// The fields `GET /processes` sorts by.
pub const SORTABLE: [&str; 10] = [
    "name",
    "stage",
    "health",
    "department",
    "monthly_volume",
    "benefit_money",
    "potential",
    "ease",
    "updated_at",
    "created_at",
];

pub const MAX_DOCUMENT_BYTES: usize = 2 * 1024 * 1024;
pub const MAX_DOCUMENTS: u64 = 20;

/// A new process (`Create`): the name is required; changes (`Patch`): only the fields given.
pub use autoscope_sdk::input::Mode;

/// The editable fields of `input` checked and normalised; other keys are ignored.
pub fn process_fields(input: &Record, mode: Mode) -> Result<Record> {
    if mode == Mode::Create && !input.contains_key("name") {
        return Err(Error::bad_request(NAME_REQUIRED));
    }
    given_fields(input, &EDITABLE, editable)
}

/// The five answers (all required) and any detail of a detailed assessment.
pub fn assessment(input: &Record) -> Result<Record> {
    let mut fields = Record::new();
    for field in ANSWER_FIELDS {
        fields.insert(field.to_string(), answer(input.get(field).unwrap_or(&Value::Null))?.into());
    }
    fields.extend(given_fields(input, &ASSESSMENT_DETAILS, editable)?);
    Ok(fields)
}

/// One editable field's value to store.
fn editable(field: &str, value: &Value) -> Result<Value> {
    let bad = |message: &str| Error::bad_request(message);
    Ok(match field {
        "name" => name(value)?.into(),
        "description" => optional_text(value, 4000).ok_or_else(|| bad(DESCRIPTION_TOO_LONG))?,
        "department" => optional_text(value, 100).ok_or_else(|| bad(DEPARTMENT_TOO_LONG))?,
        "owner_id" => optional_text(value, 100).ok_or_else(|| bad(OWNER))?,
        "applications" => names(value).map(Value::from).ok_or_else(|| bad(APPLICATIONS))?,
        "bots" => names(value).map(Value::from).ok_or_else(|| bad(BOTS))?,
        "stage" => one_of(value, &STAGES, vocab::IDEA).ok_or_else(|| bad(UNKNOWN_STAGE))?.into(),
        "health" => one_of(value, &HEALTHS, "on_track").ok_or_else(|| bad(UNKNOWN_HEALTH))?.into(),
        "complexity" => one_of(value, &COMPLEXITIES, "medium").ok_or_else(|| bad(UNKNOWN_COMPLEXITY))?.into(),
        "monthly_volume" => whole_number(value).ok_or_else(|| bad(MONTHLY_VOLUME))?.into(),
        "handling_minutes" => ranged(value, None).ok_or_else(|| bad(HANDLING_MINUTES))?.into(),
        "hourly_cost" => ranged(value, None).ok_or_else(|| bad(HOURLY_COST))?.into(),
        "exception_rate" => ranged(value, Some(100.0)).ok_or_else(|| bad(EXCEPTION_RATE))?.into(),
        "automation_pct" => ranged(value, Some(100.0)).ok_or_else(|| bad(AUTOMATION))?.into(),
        "ftes" => ranged(value, None).ok_or_else(|| bad(FTES))?.into(),
        other => return Err(Error::internal(format!("no check for the field '{other}'"))),
    })
}

/// The trimmed name: required, at most 200 characters.
pub fn name(value: &Value) -> Result<String> {
    required_text(value.as_str(), 200, NAME_REQUIRED, NAME_TOO_LONG)
}

/// A choice's key (by key or label); the default when blank.
fn one_of(value: &Value, choices: &[Choice], default: &'static str) -> Option<&'static str> {
    choice(value, default, |text| vocab::parse(choices, text))
}

/// A number from 0 to `max` (no upper bound when `None`); 0 when blank.
fn ranged(value: &Value, max: Option<f64>) -> Option<f64> {
    let number = number(value)?.unwrap_or(0.0);
    (number >= 0.0 && max.is_none_or(|max| number <= max)).then_some(number)
}

/// A whole number of 0 or more; 0 when blank.
fn whole_number(value: &Value) -> Option<i64> {
    // Beyond 2^53 a float no longer holds every whole number.
    whole(number(value)?.unwrap_or(0.0), 0.0..=9_007_199_254_740_992.0)
}

/// An assessment answer: a whole number from 1 to 5.
fn answer(value: &Value) -> Result<i64> {
    number(value).flatten().and_then(|answer| whole(answer, 1.0..=5.0)).ok_or_else(|| Error::bad_request(ANSWER))
}

/// The page `GET /processes` asks for: `q` (name contains), `stage`, `health`,
/// `department`, `owner_id`, `sort` (fields separated by `,`, `-` for descending;
/// `-updated_at` by default), `limit`, `cursor`; always with the total.
pub fn list_query<'a>(param: impl Fn(&str) -> Option<&'a str>) -> Result<Query> {
    let given = |name: &str| non_blank(param(name));
    let mut query = Query::default().with_total();
    if let Some(text) = given("q") {
        query = query.filter("name", FilterOp::Contains, text);
    }
    if let Some(stage) = given("stage") {
        query = query.eq("stage", vocab::parse(&STAGES, stage).ok_or_else(|| Error::bad_request(UNKNOWN_STAGE))?);
    }
    if let Some(health) = given("health") {
        query = query.eq("health", vocab::parse(&HEALTHS, health).ok_or_else(|| Error::bad_request(UNKNOWN_HEALTH))?);
    }
    for field in ["department", "owner_id"] {
        if let Some(value) = given(field) {
            query = query.eq(field, value);
        }
    }
    sort_and_page(query, &param, &SORTABLE, "-updated_at")
}

/// 400 when a process with `count` documents may take no more.
pub fn room_for_document(count: u64) -> Result<()> {
    match count < MAX_DOCUMENTS {
        true => Ok(()),
        false => Err(Error::bad_request(TOO_MANY_DOCUMENTS)),
    }
}

/// The accepted file types: extension, MIME type, and how the content is checked (the
/// same checks as Ticket Management's attachments: a file named `.pdf` must be one).
const DOCUMENT_TYPES: [FileType; 12] = [
    FileType::new("pdf", "application/pdf", files::PDF),
    FileType::new("png", "image/png", files::PNG),
    FileType::new("jpg", "image/jpeg", files::JPEG),
    FileType::new("jpeg", "image/jpeg", files::JPEG),
    FileType::new("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", files::ZIP),
    FileType::new("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", files::ZIP),
    FileType::new("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", files::ZIP),
    FileType::new("vsdx", "application/vnd.ms-visio.drawing", files::ZIP),
    FileType::new("bpmn", "application/bpmn+xml", Content::Text),
    FileType::new("xml", "application/xml", Content::Text),
    FileType::new("txt", "text/plain", Content::Text),
    FileType::new("csv", "text/csv", Content::Text),
];

/// What a process accepts as a document: its name, its type (by its MIME type, or its
/// name's extension when the browser gave no specific type: `.bpmn`, `.vsdx`) and its
/// base64 content of at most 2 MB.
pub const DOCUMENTS: Rules = Rules {
    types: &DOCUMENT_TYPES,
    // Other names in use for the accepted types.
    aliases: &[
        ("image/jpg", "image/jpeg"),
        ("text/xml", "application/xml"),
        ("application/vnd.visio", "application/vnd.ms-visio.drawing"),
        ("application/vnd.ms-visio.drawing.main+xml", "application/vnd.ms-visio.drawing"),
    ],
    vague: &VAGUE_TYPES,
    max_name: files::MAX_NAME,
    max_bytes: MAX_DOCUMENT_BYTES,
    messages: Messages {
        name_required: DOCUMENT_NAME_REQUIRED,
        name_too_long: DOCUMENT_NAME_TOO_LONG,
        type_not_accepted: DOCUMENT_TYPE,
        not_base64: DOCUMENT_DATA,
        too_big: DOCUMENT_TOO_BIG,
        content_mismatch: files::CONTENT_MISMATCH,
    },
};

#[cfg(test)]
mod tests {
    use autoscope_sdk::files::Checked;
    use autoscope_sdk::input::UNKNOWN_SORT;
    use serde_json::json;

    use super::*;

    fn record(value: Value) -> Record {
        serde_json::from_value(value).expect("an object")
    }

    fn message(result: Result<impl std::fmt::Debug>) -> String {
        let err = result.expect_err("expected a 400");
        assert_eq!(err.status, 400);
        err.message
    }

    fn create(value: Value) -> Result<Record> {
        process_fields(&record(value), Mode::Create)
    }

    #[test]
    fn a_new_process_needs_a_name() {
        assert_eq!(message(create(json!({}))), NAME_REQUIRED);
        assert_eq!(message(create(json!({ "name": "   " }))), NAME_REQUIRED);
        assert_eq!(message(create(json!({ "name": null }))), NAME_REQUIRED);
        assert_eq!(message(create(json!({ "name": "x".repeat(201) }))), NAME_TOO_LONG);
        assert_eq!(
            create(json!({ "name": format!(" {} ", "é".repeat(200)) })).unwrap()["name"],
            json!("é".repeat(200))
        );
        assert!(
            process_fields(&record(json!({ "health": "at_risk" })), Mode::Patch).is_ok(),
            "a patch may leave it out"
        );
    }

    #[test]
    fn fields_are_normalised() {
        let fields = create(json!({
            "name": " Invoice posting ", "description": "  ", "department": " Finance ",
            "owner_id": "", "applications": [" SAP ", "Excel", "SAP", ""], "stage": "Live",
            "health": "at risk", "monthly_volume": "1200", "handling_minutes": 4.5, "hourly_cost": "35.5",
            "exception_rate": null, "automation_pct": 100, "complexity": "HIGH", "bots": "Bot A; Bot B;",
            "ftes": "1.5", "potential": 99, "id": "ignored"
        }))
        .unwrap();
        assert_eq!(
            Value::Object(fields),
            json!({
                "name": "Invoice posting", "description": null, "department": "Finance", "owner_id": null,
                "applications": ["SAP", "Excel"], "stage": "live", "health": "at_risk", "monthly_volume": 1200,
                "handling_minutes": 4.5, "hourly_cost": 35.5, "exception_rate": 0.0, "automation_pct": 100.0,
                "complexity": "high", "bots": ["Bot A", "Bot B"], "ftes": 1.5
            })
        );
    }

    #[test]
    fn blank_choices_take_their_default() {
        let fields = create(json!({ "name": "a", "stage": "", "health": null, "complexity": " " })).unwrap();
        assert_eq!(
            (&fields["stage"], &fields["health"], &fields["complexity"]),
            (&json!("idea"), &json!("on_track"), &json!("medium"))
        );
    }

    #[test]
    fn every_field_has_its_message() {
        let cases = [
            (json!({ "stage": "done" }), UNKNOWN_STAGE),
            (json!({ "health": "great" }), UNKNOWN_HEALTH),
            (json!({ "health": 3 }), UNKNOWN_HEALTH),
            (json!({ "complexity": "extreme" }), UNKNOWN_COMPLEXITY),
            (json!({ "monthly_volume": -1 }), MONTHLY_VOLUME),
            (json!({ "monthly_volume": 2.5 }), MONTHLY_VOLUME),
            (json!({ "monthly_volume": "many" }), MONTHLY_VOLUME),
            (json!({ "monthly_volume": 1e300 }), MONTHLY_VOLUME),
            (json!({ "handling_minutes": -0.5 }), HANDLING_MINUTES),
            (json!({ "handling_minutes": true }), HANDLING_MINUTES),
            (json!({ "hourly_cost": "-3" }), HOURLY_COST),
            (json!({ "hourly_cost": "NaN" }), HOURLY_COST),
            (json!({ "exception_rate": 100.5 }), EXCEPTION_RATE),
            (json!({ "exception_rate": -1 }), EXCEPTION_RATE),
            (json!({ "automation_pct": 101 }), AUTOMATION),
            (json!({ "ftes": -2 }), FTES),
            (json!({ "applications": [1, 2] }), APPLICATIONS),
            (json!({ "applications": { "a": 1 } }), APPLICATIONS),
            (json!({ "bots": 7 }), BOTS),
            (json!({ "description": "x".repeat(4001) }), DESCRIPTION_TOO_LONG),
            (json!({ "department": "x".repeat(101) }), DEPARTMENT_TOO_LONG),
            (json!({ "owner_id": 42 }), OWNER),
        ];
        for (input, expected) in cases {
            let result = process_fields(&record(input.clone()), Mode::Patch);
            assert_eq!(message(result), expected, "{input}");
        }
    }

    #[test]
    fn bounds_are_inclusive() {
        let fields = process_fields(
            &record(
                json!({ "exception_rate": 100, "automation_pct": "0", "monthly_volume": 0, "monthly_volume_x": -1 }),
            ),
            Mode::Patch,
        )
        .unwrap();
        assert_eq!(
            Value::Object(fields),
            json!({ "exception_rate": 100.0, "automation_pct": 0.0, "monthly_volume": 0 })
        );
    }

    #[test]
    fn an_assessment_needs_five_answers_from_1_to_5() {
        let full =
            json!({ "rule_based": 5, "input_type": 4, "input_structure": "3", "stability": 2.0, "documentation": 1 });
        let fields = assessment(&record(full.clone())).unwrap();
        assert_eq!(
            Value::Object(fields),
            json!({ "rule_based": 5, "input_type": 4, "input_structure": 3, "stability": 2, "documentation": 1 })
        );
        for (field, bad) in [
            ("rule_based", json!(0)),
            ("input_type", json!(6)),
            ("stability", json!(2.5)),
            ("documentation", json!(null)),
        ] {
            let mut input = record(full.clone());
            input.insert(field.into(), bad.clone());
            assert_eq!(message(assessment(&input)), ANSWER, "{field} = {bad}");
        }
        let mut missing = record(full.clone());
        missing.remove("input_structure");
        assert_eq!(message(assessment(&missing)), ANSWER);
    }

    #[test]
    fn an_assessment_may_bring_details() {
        let mut input = record(json!({
            "rule_based": 5, "input_type": 4, "input_structure": 3, "stability": 2, "documentation": 1,
            "monthly_volume": 300, "ftes": 2, "applications": ["SAP"], "name": "not changed here"
        }));
        let fields = assessment(&input).unwrap();
        assert_eq!(
            (&fields["monthly_volume"], &fields["ftes"], &fields["applications"]),
            (&json!(300), &json!(2.0), &json!(["SAP"]))
        );
        assert!(!fields.contains_key("name"));
        input.insert("handling_minutes".into(), json!(-1));
        assert_eq!(message(assessment(&input)), HANDLING_MINUTES);
    }

    fn list(params: &[(&str, &str)]) -> Result<Query> {
        list_query(|name| params.iter().find(|(key, _)| *key == name).map(|(_, value)| *value))
    }

    #[test]
    fn the_list_query_has_filters_sort_and_page() {
        let query = list(&[
            ("q", " invoice "),
            ("stage", "live"),
            ("health", "On hold"),
            ("department", "Finance"),
            ("owner_id", ""),
            ("sort", "name,-benefit_money"),
            ("limit", "20"),
            ("cursor", "abc"),
        ])
        .unwrap();
        assert_eq!(
            serde_json::to_value(&query).unwrap(),
            json!({
                "filters": [
                    { "field": "name", "op": "contains", "value": "invoice" },
                    { "field": "stage", "op": "eq", "value": "live" },
                    { "field": "health", "op": "eq", "value": "on_hold" },
                    { "field": "department", "op": "eq", "value": "Finance" }
                ],
                "sort": [{ "field": "name", "desc": false }, { "field": "benefit_money", "desc": true }],
                "limit": 20,
                "cursor": "abc",
                "total": true
            })
        );
    }

    #[test]
    fn the_list_is_newest_first_by_default() {
        let query = serde_json::to_value(list(&[]).unwrap()).unwrap();
        assert_eq!(query["sort"], json!([{ "field": "updated_at", "desc": true }]));
        assert_eq!((&query["limit"], &query["total"]), (&Value::Null, &json!(true)));
    }

    #[test]
    fn list_parameters_are_checked() {
        assert_eq!(message(list(&[("sort", "description")])), UNKNOWN_SORT);
        assert_eq!(message(list(&[("sort", "name,")])), UNKNOWN_SORT);
        assert_eq!(message(list(&[("stage", "done")])), UNKNOWN_STAGE);
        assert_eq!(message(list(&[("health", "ok")])), UNKNOWN_HEALTH);
        assert!(message(list(&[("limit", "0")])).contains("limit"));
        assert!(message(list(&[("limit", "501")])).contains("limit"));
    }

    fn document(name: &str, mime: &str, data: &str) -> Result<Checked> {
        DOCUMENTS.check(name, mime, data)
    }

    fn document_type(mime: &str, name: &str) -> Option<&'static str> {
        DOCUMENTS.file_type(mime, name).map(|file_type| file_type.mime)
    }

    #[test]
    fn documents_are_checked_by_name_type_and_size() {
        // "%PDF-1.7"
        let doc = document(" Flow.pdf ", "application/pdf", "JVBERi0xLjc=").unwrap();
        assert_eq!(doc, Checked { name: "Flow.pdf".into(), mime: "application/pdf", size: 8 });
        assert_eq!(message(document(" ", "application/pdf", "")), DOCUMENT_NAME_REQUIRED);
        assert_eq!(message(document(&"x".repeat(201), "application/pdf", "")), DOCUMENT_NAME_TOO_LONG);
        assert_eq!(message(document("run.exe", "application/x-msdownload", "")), DOCUMENT_TYPE);
        assert_eq!(message(document("a.txt", "text/plain", "abc")), DOCUMENT_DATA);
        assert_eq!(message(document("a.txt", "text/plain", "aG=k")), DOCUMENT_DATA);
        // 2 MiB of text ("aaa...") decode from exactly 2,796,204 base64 characters (with one
        // `=`)... and one byte more is too big.
        let limit = format!("{}YWE=", "YWFh".repeat(699_050));
        assert_eq!(document("big.txt", "text/plain", &limit).unwrap().size, MAX_DOCUMENT_BYTES);
        let over = "YWFh".repeat(699_051);
        assert_eq!(message(document("big.txt", "text/plain", &over)), DOCUMENT_TOO_BIG);
        // The size comes from the text's length: too big is said before the text is decoded.
        assert_eq!(message(document("big.txt", "text/plain", &format!("{over}!AAA"))), DOCUMENT_TOO_BIG);
    }

    #[test]
    fn document_types_come_from_the_type_or_the_extension() {
        assert_eq!(document_type("Image/JPEG; q=1", "x"), Some("image/jpeg"));
        assert_eq!(document_type("image/jpg", "x"), Some("image/jpeg"));
        assert_eq!(document_type("text/xml", "diagram.bpmn"), Some("application/xml"));
        assert_eq!(document_type("", "Diagram.BPMN"), Some("application/bpmn+xml"));
        assert_eq!(document_type("application/octet-stream", "plan.vsdx"), Some("application/vnd.ms-visio.drawing"));
        assert_eq!(document_type("application/vnd.ms-excel", "list.csv"), Some("text/csv"));
        assert_eq!(document_type("application/vnd.ms-excel", "old.xls"), None);
        assert_eq!(document_type("", "noextension"), None);
        assert_eq!(document_type("application/zip", "archive.docx"), None, "a specific other type is refused");
        for FileType { extension, mime, .. } in DOCUMENT_TYPES {
            assert_eq!(document_type(mime, "x"), Some(mime));
            assert_eq!(document_type("", &format!("file.{extension}")), Some(mime));
        }
    }

    #[test]
    fn document_content_is_checked_like_attachments() {
        // Zeros as a BPMN diagram, "hello" as a PDF, a Windows program as a Word file.
        assert_eq!(message(document("flow.bpmn", "", "AAAA")), files::CONTENT_MISMATCH);
        assert_eq!(message(document("flow.pdf", "application/pdf", "aGVsbG8=")), files::CONTENT_MISMATCH);
        assert_eq!(message(document("plan.docx", "", "TVqQAAMAAAAEAAAA")), files::CONTENT_MISMATCH);
        let diagram = document("flow.bpmn", "", "PGJwbW4vPg==").unwrap();
        assert_eq!((diagram.mime, diagram.size), ("application/bpmn+xml", 7));
    }

    #[test]
    fn twenty_documents_fill_a_process() {
        assert!(room_for_document(19).is_ok());
        assert_eq!(message(room_for_document(20)), TOO_MANY_DOCUMENTS);
    }
}
