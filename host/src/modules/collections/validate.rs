//! Input checks with the messages a plugin (and its user) reads: a 400 names the
//! collection and the field.

use autoscope_wire::storage::{Record, SYSTEM_FIELDS};
use serde_json::{Map, Number, Value};

use super::sql::Param;
use crate::modules::manifest::{Collection, Field, FieldType, value_fits};

/// What a field wants, for a message: `an integer`, `text of at most 20 characters`, ...
pub(crate) fn expected(field: &Field) -> String {
    match field.kind {
        FieldType::Text => {
            let mut what = String::from("text");
            if let Some(max) = field.max_length {
                what.push_str(&format!(" of at most {max} characters"));
            }
            if let Some(values) = &field.values {
                what.push_str(&format!(", one of {}", values.join(", ")));
            }
            what
        }
        FieldType::Integer => "an integer".into(),
        FieldType::Number => "a number".into(),
        FieldType::Boolean => "true or false".into(),
        FieldType::Timestamp => "a timestamp (unix seconds, an integer)".into(),
        FieldType::Json => "any JSON value".into(),
    }
}

/// Refuses the fields a plugin may not set: the system fields, `company_id`, and names
/// the collection does not declare.
fn check_names(collection: &str, spec: &Collection, record: &Record) -> Result<(), String> {
    for name in record.keys() {
        if SYSTEM_FIELDS.contains(&name.as_str()) || name == "company_id" {
            return Err(format!("'{name}' is set by the host; leave it out of the record"));
        }
        match spec.fields.get(name) {
            None => return Err(format!("'{name}' is not a field of '{collection}'")),
            Some(Field { difference: Some([a, b]), .. }) => {
                return Err(format!("'{name}' is derived from '{a}' and '{b}'; leave it out of the record"));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

fn check_value(field_name: &str, field: &Field, value: &Value) -> Result<(), String> {
    if value_fits(field, value) {
        Ok(())
    } else if value.is_null() {
        Err(format!("'{field_name}' is required"))
    } else {
        Err(format!("'{field_name}' must be {}", expected(field)))
    }
}

/// The stored form of a value as reads answer it (numbers of `number` fields as floats).
pub(crate) fn normalized(kind: FieldType, value: &Value) -> Value {
    match (kind, value) {
        (FieldType::Number, Value::Number(n)) => {
            n.as_f64().and_then(Number::from_f64).map_or(Value::Null, Value::Number)
        }
        _ => value.clone(),
    }
}

/// The stored fields of a record in declaration order, each with its value (the default
/// for a field left out).
fn stored_values<'a>(
    spec: &'a Collection,
    record: &'a Record,
) -> impl Iterator<Item = (&'a String, &'a Field, &'a Value)> {
    spec.fields
        .iter()
        .filter(|(_, field)| field.difference.is_none())
        .map(|(name, field)| (name, field, record.get(name).or(field.default.as_ref()).unwrap_or(&Value::Null)))
}

/// A new record's bound values: every stored field in declaration order.
pub(crate) fn new_row(collection: &str, spec: &Collection, record: &Record) -> Result<Vec<Param>, String> {
    check_names(collection, spec, record)?;
    stored_values(spec, record)
        .map(|(name, field, value)| check_value(name, field, value).map(|()| Param::of(field.kind, value)))
        .collect()
}

/// A new record: its bound values ([`new_row`]), and every field (derived ones too) as
/// the fields of the answer.
pub(crate) fn new_record(
    collection: &str,
    spec: &Collection,
    record: &Record,
) -> Result<(Vec<Param>, Map<String, Value>), String> {
    let params = new_row(collection, spec, record)?;
    let mut fields = Map::new();
    for (name, field, value) in stored_values(spec, record) {
        fields.insert(name.clone(), normalized(field.kind, value));
    }
    for (name, field) in spec.fields.iter() {
        if let Some([a, b]) = &field.difference {
            let value = difference(field.kind, &fields[a], &fields[b]);
            fields.insert(name.clone(), value);
        }
    }
    Ok((params, fields))
}

/// `a - b` as the database derives it: null when either is null.
fn difference(kind: FieldType, a: &Value, b: &Value) -> Value {
    match kind {
        FieldType::Number => match (a.as_f64(), b.as_f64()) {
            (Some(a), Some(b)) => Number::from_f64(a - b).map_or(Value::Null, Value::Number),
            _ => Value::Null,
        },
        _ => match (a.as_i64(), b.as_i64()) {
            (Some(a), Some(b)) => a.checked_sub(b).map_or(Value::Null, Value::from),
            _ => Value::Null,
        },
    }
}

/// The changes of an update, in declaration order: (field, value).
pub(crate) fn changes<'a>(
    collection: &str,
    spec: &'a Collection,
    changes: &Record,
) -> Result<Vec<(&'a str, Param)>, String> {
    check_names(collection, spec, changes)?;
    let mut out = Vec::with_capacity(changes.len());
    for (name, field) in &spec.fields {
        if let Some(value) = changes.get(name) {
            check_value(name, field, value)?;
            out.push((name.as_str(), Param::of(field.kind, value)));
        }
    }
    Ok(out)
}

/// A filter's or cursor's value for a column of `kind`: of the type, never NULL
/// (allowed values and lengths do not apply to comparisons).
pub(crate) fn comparable(kind: FieldType, value: &Value) -> bool {
    let field = Field { required: true, ..Field::of(kind) };
    value_fits(&field, value)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde_json::json;

    use super::*;

    fn spec() -> Collection {
        let field = Field::of;
        Collection {
            fields: BTreeMap::from([
                ("title".into(), Field { required: true, max_length: Some(5), ..field(FieldType::Text) }),
                ("qty".into(), Field { default: Some(json!(1)), ..field(FieldType::Integer) }),
                ("price".into(), field(FieldType::Number)),
                ("state".into(), Field { values: Some(vec!["a".into(), "b".into()]), ..field(FieldType::Text) }),
            ]),
            indexes: vec![],
            drop_fields: vec![],
            ..Collection::default()
        }
    }

    fn record(value: Value) -> Record {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn defaults_fill_missing_fields_and_numbers_read_as_floats() {
        let (params, fields) = new_record("items", &spec(), &record(json!({"title": "pen", "price": 2}))).unwrap();
        assert_eq!(
            params,
            [Param::Float(Some(2.0)), Param::Int(Some(1)), Param::Text(None), Param::Text(Some("pen".into()))]
        );
        assert_eq!(Value::Object(fields), json!({"title": "pen", "qty": 1, "price": 2.0, "state": null}));
    }

    #[test]
    fn bad_records_are_refused_with_the_field_named() {
        let refuse = |value| new_record("items", &spec(), &record(value)).unwrap_err();
        assert_eq!(refuse(json!({})), "'title' is required");
        assert_eq!(refuse(json!({"title": "pencil"})), "'title' must be text of at most 5 characters");
        assert_eq!(refuse(json!({"title": "a", "qty": 1.5})), "'qty' must be an integer");
        assert_eq!(refuse(json!({"title": "a", "state": "c"})), "'state' must be text, one of a, b");
        assert_eq!(refuse(json!({"title": "a", "color": "red"})), "'color' is not a field of 'items'");
        assert_eq!(
            refuse(json!({"title": "a", "version": 3})),
            "'version' is set by the host; leave it out of the record"
        );
        assert_eq!(
            refuse(json!({"title": "a", "company_id": "x"})),
            "'company_id' is set by the host; leave it out of the record"
        );
    }

    #[test]
    fn changes_keep_declaration_order_and_refuse_clearing_a_required_field() {
        let spec = spec();
        let out = changes("items", &spec, &record(json!({"title": "b", "qty": null}))).unwrap();
        assert_eq!(out, [("qty", Param::Int(None)), ("title", Param::Text(Some("b".into())))]);
        assert_eq!(changes("items", &spec, &record(json!({"title": null}))).unwrap_err(), "'title' is required");
    }
}
