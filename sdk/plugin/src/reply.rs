//! Building replies from serializable values.

use serde::Serialize;

use crate::{Error, Reply, Result};

/// A reply with `status` and `value` as its JSON body.
pub fn json<T: Serialize + ?Sized>(status: u16, value: &T) -> Result<Reply> {
    let body = serde_json::to_value(value).map_err(|err| Error::internal(format!("cannot encode the reply: {err}")))?;
    Ok(Reply::new(status, body))
}

/// 200 with `value`.
pub fn ok<T: Serialize + ?Sized>(value: &T) -> Result<Reply> {
    json(200, value)
}

/// 201 with `value`.
pub fn created<T: Serialize + ?Sized>(value: &T) -> Result<Reply> {
    json(201, value)
}
