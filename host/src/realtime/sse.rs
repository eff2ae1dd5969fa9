//! Server-sent events on the wire. A message is framed once, when it is published, and the
//! same bytes go to every recipient (a reference-counted buffer), so fanning a message out
//! costs no formatting or copying per stream.

use axum::body::Bytes;

/// An event's bytes: `id`, `event` and the `data` lines (one `data:` per line of `data`),
/// then the blank line that ends it. An event with only an id sets the client's last id.
pub fn frame(id: Option<&str>, event: Option<&str>, data: Option<&str>) -> Bytes {
    let mut out = String::with_capacity(32 + data.map_or(0, str::len));
    for (field, value) in [("id", id), ("event", event)] {
        if let Some(value) = value {
            // Ids and event names are the host's own: never a line break, but never trust one.
            out.push_str(field);
            out.push_str(": ");
            out.push_str(&value.replace(['\r', '\n'], ""));
            out.push('\n');
        }
    }
    if let Some(data) = data {
        for line in data.split('\n') {
            out.push_str("data: ");
            out.push_str(line.strip_suffix('\r').unwrap_or(line));
            out.push('\n');
        }
    }
    out.push('\n');
    Bytes::from(out)
}

/// A comment that keeps idle connections (and the proxies between) open.
pub const KEEP_ALIVE: Bytes = Bytes::from_static(b":\n\n");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_is_its_fields_then_a_blank_line() {
        assert_eq!(
            frame(Some("e-1"), Some("chat.message"), Some("{\"a\":1}")),
            "id: e-1\nevent: chat.message\ndata: {\"a\":1}\n\n"
        );
        assert_eq!(frame(Some("e-0"), None, None), "id: e-0\n\n");
        assert_eq!(frame(None, Some("ended"), Some("The session ended")), "event: ended\ndata: The session ended\n\n");
    }

    #[test]
    fn line_breaks_cannot_forge_fields() {
        assert_eq!(frame(None, None, Some("one\r\ntwo\nthree")), "data: one\ndata: two\ndata: three\n\n");
        assert_eq!(frame(Some("1\nevent: x"), None, None), "id: 1event: x\n\n");
    }
}
