//! The NUL character is refused at the edge, in the address and in JSON bodies: PostgreSQL
//! cannot store it in text (the query fails, a 500), and SQLite would keep a string that
//! ends early for some readers. One check here answers 400 on both engines, before sign-in
//! and before any module sees the request.

use axum::body::Body;
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::Error;

pub const NUL_REFUSED: &str = "Text may not contain the NUL character (U+0000)";

/// The most of a JSON body read to look for it: above every route's own limit (ingestion's
/// 16 MB), so a body this check refuses as too large would be refused anyway.
const MAX_CHECKED: usize = 17 << 20;

pub async fn refuse_nul(request: Request, next: Next) -> Response {
    let uri = request.uri();
    if percent_nul(uri.path()) || uri.query().is_some_and(percent_nul) {
        // Read the body all the same: a request answered with its body unread has its
        // connection closed after the answer, and a client that sends its next request on
        // that connection (a pooled keep-alive one) gets no answer to it.
        let _ = axum::body::to_bytes(request.into_body(), MAX_CHECKED).await;
        return Error::bad_request(NUL_REFUSED).into_response();
    }
    if !json_text(&request) {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_CHECKED).await else {
        return Error::PayloadTooLarge("The request body is too large".into()).into_response();
    };
    if escaped_nul(&bytes) {
        return Error::bad_request(NUL_REFUSED).into_response();
    }
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

/// A body that is JSON text, or may be taken for it: a module's routes read any body as
/// JSON whatever its type. Uploads (multipart, archives, pictures) are not text.
fn json_text(request: &Request) -> bool {
    match request.headers().get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok()) {
        None => {
            request.headers().contains_key(header::CONTENT_LENGTH)
                || request.headers().contains_key(header::TRANSFER_ENCODING)
        }
        Some(kind) => {
            let kind = kind.to_ascii_lowercase();
            kind.starts_with("application/json") || kind.contains("+json") || kind.starts_with("application/x-ndjson")
        }
    }
}

/// `%00` in a URL's path or query: a NUL once decoded.
fn percent_nul(text: &str) -> bool {
    text.as_bytes().windows(3).any(|window| window == b"%00")
}

/// A `\u0000` escape in JSON text: a backslash that is not itself escaped (an even number of
/// backslashes before it), then `u0000`. A raw NUL byte is not valid JSON and fails to parse.
fn escaped_nul(json: &[u8]) -> bool {
    json.windows(6).enumerate().any(|(at, window)| {
        window == b"\\u0000" && json[..at].iter().rev().take_while(|byte| **byte == b'\\').count() % 2 == 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_escaped_nul_is_found_and_an_escaped_backslash_is_not_one() {
        assert!(escaped_nul(br#"{"name":"a\u0000b"}"#));
        assert!(escaped_nul(br#"["\\\u0000"]"#), "an escaped backslash, then the escape");
        assert!(!escaped_nul(br#"{"name":"a\\u0000b"}"#), "the text \\u0000, not a NUL");
        assert!(!escaped_nul(br#"{"name":"a\u0001"}"#));
        assert!(percent_nul("q=a%00b") && !percent_nul("q=a%200"));
    }
}
