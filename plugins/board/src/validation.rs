//! What the board accepts from its callers: comments, card changes and WIP limits.

use autoscope_sdk::input::{required_text, whole};
use autoscope_sdk::{Error, Result};
use serde_json::{Map, Value};

use crate::transitions::{self, CLOSED, UNKNOWN_COLUMN};

pub const BLANK_COMMENT: &str = "Please write a comment";
pub const LONG_COMMENT: &str = "A comment must be at most 2000 characters";
pub const BAD_WIP: &str = "A WIP limit must be a whole number from 1 to 99";
pub const CLOSED_WIP: &str = "The Retired or Rejected column has no WIP limit";
pub const BAD_ASSIGNEE: &str = "Assignee is not a user of this company";
pub const BAD_DUE: &str = "The due date is not valid";

/// The most characters of a comment (`max_length` of `comments.text` in module.toml).
const MAX_COMMENT: usize = 2000;

/// A comment's text, trimmed.
pub fn comment_text(text: &str) -> Result<String> {
    required_text(Some(text), MAX_COMMENT, BLANK_COMMENT, LONG_COMMENT)
}

/// A change to a card: a field left out stays, `null` clears it.
#[derive(Debug, Default, PartialEq)]
pub struct CardPatch {
    pub assignee_id: Option<Option<String>>,
    /// Unix seconds.
    pub due: Option<Option<i64>>,
}

impl CardPatch {
    /// Reads `{ assignee_id?, due? }`; an empty assignee clears it like `null`.
    pub fn parse(body: Option<&Value>) -> Result<Self> {
        let Some(body) = body.and_then(Value::as_object) else {
            return Err(Error::bad_request("A JSON object is required"));
        };
        let assignee_id = match body.get("assignee_id") {
            None => None,
            Some(Value::Null) => Some(None),
            Some(Value::String(id)) if id.trim().is_empty() => Some(None),
            Some(Value::String(id)) => Some(Some(id.trim().to_string())),
            Some(_) => return Err(Error::bad_request(BAD_ASSIGNEE)),
        };
        let due = match body.get("due") {
            None => None,
            Some(Value::Null) => Some(None),
            Some(due) => Some(Some(due.as_i64().filter(|due| *due >= 0).ok_or_else(|| Error::bad_request(BAD_DUE))?)),
        };
        Ok(Self { assignee_id, due })
    }

    /// The assignee to check against the company's users, when one is set.
    pub fn new_assignee(&self) -> Option<&str> {
        self.assignee_id.as_ref().and_then(Option::as_deref)
    }

    /// The card fields to store.
    pub fn changes(&self) -> Map<String, Value> {
        let mut changes = Map::new();
        if let Some(assignee_id) = &self.assignee_id {
            changes.insert("assignee_id".into(), assignee_id.clone().into());
        }
        if let Some(due) = self.due {
            changes.insert("due".into(), due.into());
        }
        changes
    }
}

/// The WIP limits stored in `settings.wip`, keeping only well-formed ones.
pub fn stored_wip(wip: Option<&Value>) -> Map<String, Value> {
    let Some(wip) = wip.and_then(Value::as_object) else { return Map::new() };
    wip.iter().filter_map(|(column, limit)| Some((column.clone(), wip_limit(column, limit).ok()??.into()))).collect()
}

/// `current` with `changes` applied: a number sets a column's limit, `null` removes it.
pub fn apply_wip(mut current: Map<String, Value>, changes: &Map<String, Value>) -> Result<Map<String, Value>> {
    for (column, limit) in changes {
        match wip_limit(column, limit)? {
            Some(limit) => current.insert(column.clone(), limit.into()),
            None => current.remove(column),
        };
    }
    Ok(current)
}

/// The limit of one entry: `None` for `null`.
fn wip_limit(column: &str, limit: &Value) -> Result<Option<u64>> {
    match transitions::column(column) {
        None => return Err(Error::bad_request(UNKNOWN_COLUMN)),
        Some(column) if column.key == CLOSED => return Err(Error::bad_request(CLOSED_WIP)),
        Some(_) => {}
    }
    if limit.is_null() {
        return Ok(None);
    }
    match limit.as_f64().and_then(|n| whole(n, 1.0..=99.0)) {
        Some(n) => Ok(Some(n.unsigned_abs())),
        None => Err(Error::bad_request(BAD_WIP)),
    }
}

/// A column's limit in the stored settings.
pub fn limit_of(wip: &Map<String, Value>, column: &str) -> Option<u64> {
    wip.get(column).and_then(Value::as_u64)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn comments_are_trimmed_and_must_not_be_blank() {
        assert_eq!(comment_text("  Looks good \n"), Ok("Looks good".to_string()));
        assert_eq!(comment_text(" \n\t "), Err(Error::bad_request(BLANK_COMMENT)));
        assert_eq!(comment_text(""), Err(Error::bad_request(BLANK_COMMENT)));
    }

    #[test]
    fn comments_are_at_most_2000_characters() {
        assert!(comment_text(&"é".repeat(2000)).is_ok());
        assert_eq!(comment_text(&"a".repeat(2001)), Err(Error::bad_request(LONG_COMMENT)));
    }

    #[test]
    fn a_card_patch_keeps_what_it_leaves_out_and_clears_nulls() {
        let patch = CardPatch::parse(Some(&json!({ "assignee_id": " u1 " }))).expect("valid");
        assert_eq!(patch, CardPatch { assignee_id: Some(Some("u1".into())), due: None });
        assert_eq!(patch.new_assignee(), Some("u1"));
        assert_eq!(patch.changes(), object(json!({ "assignee_id": "u1" })));

        let patch = CardPatch::parse(Some(&json!({ "assignee_id": "", "due": null }))).expect("valid");
        assert_eq!(patch.new_assignee(), None);
        assert_eq!(patch.changes(), object(json!({ "assignee_id": null, "due": null })));

        let patch = CardPatch::parse(Some(&json!({ "due": 1_767_225_600 }))).expect("valid");
        assert_eq!(patch.changes(), object(json!({ "due": 1_767_225_600 })));
        assert_eq!(CardPatch::parse(Some(&json!({}))).expect("valid").changes(), Map::new());
    }

    #[test]
    fn a_card_patch_refuses_malformed_values() {
        assert_eq!(CardPatch::parse(Some(&json!({ "assignee_id": 7 }))), Err(Error::bad_request(BAD_ASSIGNEE)));
        for due in [json!("tomorrow"), json!(1.5), json!(-1)] {
            assert_eq!(CardPatch::parse(Some(&json!({ "due": due }))), Err(Error::bad_request(BAD_DUE)), "{due}");
        }
        assert_eq!(CardPatch::parse(None).map_err(|e| e.status), Err(400));
        assert_eq!(CardPatch::parse(Some(&json!([1]))).map_err(|e| e.status), Err(400));
    }

    #[test]
    fn wip_limits_merge_and_null_removes_one() {
        let current = object(json!({ "idea": 5, "testing": 2 }));
        let changed = apply_wip(current, &object(json!({ "idea": null, "development": 3, "live": 99.0 })));
        assert_eq!(changed, Ok(object(json!({ "testing": 2, "development": 3, "live": 99 }))));
    }

    #[test]
    fn wip_limits_are_whole_numbers_from_1_to_99() {
        for bad in [json!(0), json!(100), json!(2.5), json!("3"), json!(-1), json!(true)] {
            let result = apply_wip(Map::new(), &object(json!({ "idea": bad })));
            assert_eq!(result, Err(Error::bad_request(BAD_WIP)), "{bad}");
        }
        assert!(apply_wip(Map::new(), &object(json!({ "idea": 1, "testing": 99 }))).is_ok());
    }

    #[test]
    fn wip_limits_name_a_column_other_than_the_closed_one() {
        let unknown = apply_wip(Map::new(), &object(json!({ "done": 3 })));
        assert_eq!(unknown, Err(Error::bad_request(UNKNOWN_COLUMN)));
        let closed = apply_wip(Map::new(), &object(json!({ "closed": 3 })));
        assert_eq!(closed, Err(Error::bad_request(CLOSED_WIP)));
    }

    #[test]
    fn stored_limits_skip_what_is_malformed() {
        let stored = json!({ "idea": 4, "closed": 2, "nowhere": 1, "testing": "x", "live": null });
        let wip = stored_wip(Some(&stored));
        assert_eq!(wip, object(json!({ "idea": 4 })));
        assert_eq!(limit_of(&wip, "idea"), Some(4));
        assert_eq!(limit_of(&wip, "testing"), None);
        assert_eq!(stored_wip(None), Map::new());
    }
}
