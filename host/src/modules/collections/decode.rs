//! Rows straight into JSON: each column is read by the type the collection declares, so
//! both engines answer the same values (booleans as true/false, json fields parsed).

use serde_json::{Map, Number, Value};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::sql::SYSTEM_COLUMNS;
use crate::modules::manifest::{Collection, FieldType};
use crate::storage::flag::Flag;

/// How a result column is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Out {
    Text,
    Int,
    Float,
    Bool,
    Json,
}

impl Out {
    pub(crate) fn of(kind: FieldType) -> Self {
        match kind {
            FieldType::Text => Self::Text,
            FieldType::Integer | FieldType::Timestamp => Self::Int,
            FieldType::Number => Self::Float,
            FieldType::Boolean => Self::Bool,
            FieldType::Json => Self::Json,
        }
    }
}

pub(crate) fn read(row: &AnyRow, index: usize, out: Out) -> Result<Value, sqlx::Error> {
    Ok(match out {
        Out::Text => row.try_get::<Option<String>, _>(index)?.map_or(Value::Null, Value::String),
        Out::Int => row.try_get::<Option<i64>, _>(index)?.map_or(Value::Null, Value::from),
        Out::Float => {
            // A float column answers floats; an integer would only come from an engine
            // storing a whole number compactly, and reads the same.
            let float = match row.try_get::<Option<f64>, _>(index) {
                Ok(float) => float,
                Err(_) => row.try_get::<Option<i64>, _>(index)?.map(|n| n as f64),
            };
            float.and_then(Number::from_f64).map_or(Value::Null, Value::Number)
        }
        Out::Bool => row.try_get::<Option<Flag>, _>(index)?.map_or(Value::Null, |flag| Value::Bool(flag.0)),
        Out::Json => match row.try_get::<Option<String>, _>(index)? {
            None => Value::Null,
            Some(text) => serde_json::from_str(&text)
                .map_err(|err| sqlx::Error::Decode(format!("json column {index}: {err}").into()))?,
        },
    })
}

/// A record from a row selected with `record_columns`.
pub(crate) fn record(row: &AnyRow, spec: &Collection) -> Result<Map<String, Value>, sqlx::Error> {
    let mut record = Map::new();
    for (index, (name, kind)) in SYSTEM_COLUMNS.iter().enumerate() {
        record.insert((*name).to_string(), read(row, index, Out::of(*kind))?);
    }
    for (index, (name, field)) in spec.fields.iter().enumerate() {
        record.insert(name.clone(), read(row, SYSTEM_COLUMNS.len() + index, Out::of(field.kind))?);
    }
    Ok(record)
}

/// A result row of named columns (an aggregate's groups).
pub(crate) fn named(row: &AnyRow, outputs: &[(String, Out)]) -> Result<Map<String, Value>, sqlx::Error> {
    let mut values = Map::new();
    for (index, (name, out)) in outputs.iter().enumerate() {
        values.insert(name.clone(), read(row, index, *out)?);
    }
    Ok(values)
}
