//! Building replies from serializable values.

use serde::Serialize;
use serde_json::value::RawValue;

use crate::{Error, Reply, Result};

/// A reply with `status` and `value` as its JSON body.
pub fn json<T: Serialize + ?Sized>(status: u16, value: &T) -> Result<Reply> {
    let body = serde_json::value::to_raw_value(value)
        .map_err(|err| Error::internal(format!("cannot encode the reply: {err}")))?;
    Ok(Reply::raw(status, body))
}

/// 200 with `value`.
pub fn ok<T: Serialize + ?Sized>(value: &T) -> Result<Reply> {
    json(200, value)
}

/// 201 with `value`.
pub fn created<T: Serialize + ?Sized>(value: &T) -> Result<Reply> {
    json(201, value)
}

/// A reply with `status` and JSON text that is already encoded, such as a page from
/// [`crate::storage::Collection::list_json`]; it passes through without being parsed.
pub fn raw(status: u16, body: Box<RawValue>) -> Reply {
    Reply::raw(status, body)
}
