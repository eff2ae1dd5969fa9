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

/// 200 with `{"available": false}`: the answer of a page whose figures come from another
/// module's collections when that module is not installed for the company.
pub fn unavailable() -> Result<Reply> {
    ok(&serde_json::json!({ "available": false }))
}

/// A reply with `status` and JSON text that is already encoded, such as a page from
/// [`crate::storage::Collection::list_json`]; it passes through without being parsed.
pub fn raw(status: u16, body: Box<RawValue>) -> Reply {
    Reply::raw(status, body)
}

/// A reply with `status` and `text` as a body of `content_type`, one of
/// [`crate::wire::TEXT_CONTENT_TYPES`] (an iCalendar feed, a CSV file); the host refuses
/// any other with 502.
pub fn text(status: u16, content_type: &str, text: String) -> Result<Reply> {
    let mut reply = json(status, &text)?;
    reply.content_type = Some(content_type.to_string());
    Ok(reply)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn replies_carry_their_status_and_body() {
        let listed = ok(&json!([1])).unwrap();
        assert_eq!((listed.status, listed.body_value()), (200, json!([1])));
        assert_eq!(created(&json!({ "id": "a" })).unwrap().status, 201);
        let unavailable = unavailable().unwrap();
        assert_eq!((unavailable.status, unavailable.body_value()), (200, json!({ "available": false })));
        let feed = text(200, "text/calendar; charset=utf-8", "BEGIN:VCALENDAR".into()).unwrap();
        assert_eq!(feed.body_value(), json!("BEGIN:VCALENDAR"));
        assert_eq!(feed.content_type.as_deref(), Some("text/calendar; charset=utf-8"));
    }
}
