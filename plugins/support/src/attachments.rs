//! Attachment checks: the name, the type (from the MIME type, or the extension when the
//! browser gave no specific one), the size, and the content: the decoded bytes must be
//! what the type says, so a renamed executable is not served back as a PDF.

use autoscope_sdk::prelude::*;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;

pub const NAME_REQUIRED: &str = "Please enter the file name";
pub const NAME_TOO_LONG: &str = "File name must be at most 200 characters";
pub const TYPE_NOT_ACCEPTED: &str = "This file type is not accepted";
pub const NOT_BASE64: &str = "The file's content is not valid base64";
pub const TOO_BIG: &str = "An attachment may be at most 5 MB";
pub const CONTENT_MISMATCH: &str = "The file content does not match its type";
pub const TOO_MANY: &str = "A ticket may have at most 20 attachments";
pub const NOT_FOUND: &str = "Attachment not found";

pub const MAX_BYTES: usize = 5 * 1024 * 1024;
pub const MAX_PER_TICKET: u64 = 20;

/// What the content of a type must look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Content {
    /// Starts with one of these signatures.
    Signature(&'static [&'static [u8]]),
    /// UTF-8 without NUL bytes.
    Text,
}

const PDF: Content = Content::Signature(&[b"%PDF-"]);
const PNG: Content = Content::Signature(&[b"\x89PNG\r\n\x1a\n"]);
const JPEG: Content = Content::Signature(&[b"\xFF\xD8\xFF"]);
const GIF: Content = Content::Signature(&[b"GIF87a", b"GIF89a"]);
/// DOCX, XLSX and PPTX are zip archives.
const ZIP: Content = Content::Signature(&[b"PK\x03\x04"]);

/// The accepted types: extension, MIME type, content.
const TYPES: [(&str, &str, Content); 12] = [
    ("pdf", "application/pdf", PDF),
    ("png", "image/png", PNG),
    ("jpg", "image/jpeg", JPEG),
    ("jpeg", "image/jpeg", JPEG),
    ("gif", "image/gif", GIF),
    ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ZIP),
    ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ZIP),
    ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", ZIP),
    ("txt", "text/plain", Content::Text),
    ("log", "text/plain", Content::Text),
    ("csv", "text/csv", Content::Text),
    ("json", "application/json", Content::Text),
];

/// Other names in use for the accepted types.
const ALIASES: [(&str, &str); 3] =
    [("image/jpg", "image/jpeg"), ("image/pjpeg", "image/jpeg"), ("text/x-log", "text/plain")];

/// Types that say nothing specific: browsers give them for files they do not know
/// (`.log`), and Windows with Excel gives `.csv` files the Excel type.
const VAGUE: [&str; 3] = ["", "application/octet-stream", "application/vnd.ms-excel"];

/// An upload that passed every check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub name: String,
    pub mime: &'static str,
    pub size: usize,
}

/// Checks an upload's name, type, base64 content, size and signature.
pub fn check(name: &str, mime: &str, data: &str) -> Result<Checked> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::bad_request(NAME_REQUIRED));
    }
    if name.chars().count() > 200 {
        return Err(Error::bad_request(NAME_TOO_LONG));
    }
    let (mime, content) = file_type(mime, name).ok_or_else(|| Error::bad_request(TYPE_NOT_ACCEPTED))?;
    let size = decoded_size(data).ok_or_else(|| Error::bad_request(NOT_BASE64))?;
    if size > MAX_BYTES {
        return Err(Error::bad_request(TOO_BIG));
    }
    sniff(data, content)?;
    Ok(Checked { name: name.to_string(), mime, size })
}

/// 400 when a ticket with `count` attachments may take no more.
pub fn room_for_one(count: u64) -> Result<()> {
    match count < MAX_PER_TICKET {
        true => Ok(()),
        false => Err(Error::bad_request(TOO_MANY)),
    }
}

/// The MIME type to store and the content it needs, when the type is accepted.
fn file_type(mime: &str, name: &str) -> Option<(&'static str, Content)> {
    let mime = mime.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let mime = ALIASES.iter().find(|(alias, _)| *alias == mime).map_or(mime.as_str(), |(_, canonical)| canonical);
    if let Some((_, known, content)) = TYPES.iter().find(|(_, known, _)| *known == mime) {
        return Some((known, *content));
    }
    if !VAGUE.contains(&mime) {
        return None;
    }
    let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
    TYPES.iter().find(|(known, _, _)| *known == extension).map(|(_, mime, content)| (*mime, *content))
}

/// The decoded size of standard, padded base64, from its length alone (the content is
/// checked while it is decoded); `None` when the length or padding cannot be base64.
fn decoded_size(data: &str) -> Option<usize> {
    let bytes = data.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    let padding = bytes.iter().rev().take_while(|&&byte| byte == b'=').count();
    (padding <= 2).then(|| bytes.len() / 4 * 3 - padding)
}

/// Base64 characters decoded at a time: 48 KiB of bytes, so a 5 MB file is never held
/// decoded in the plugin's memory (which is capped per call).
const CHUNK: usize = 64 * 1024;

/// Decodes `data` chunk by chunk and checks the content against `content`.
fn sniff(data: &str, content: Content) -> Result<()> {
    let mut buffer = vec![0u8; CHUNK / 4 * 3];
    // A UTF-8 sequence cut at a chunk's end, carried into the next.
    let mut carry: Vec<u8> = Vec::new();
    for (index, chunk) in data.as_bytes().chunks(CHUNK).enumerate() {
        let length = STANDARD.decode_slice(chunk, &mut buffer).map_err(|_| Error::bad_request(NOT_BASE64))?;
        let bytes = &buffer[..length];
        match content {
            Content::Signature(signatures) if index == 0 => {
                if !signatures.iter().any(|signature| bytes.starts_with(signature)) {
                    return Err(Error::bad_request(CONTENT_MISMATCH));
                }
            }
            Content::Signature(_) => {}
            Content::Text => {
                carry.extend_from_slice(bytes);
                let valid = match std::str::from_utf8(&carry) {
                    Ok(_) => carry.len(),
                    // Only an incomplete sequence at the very end may continue.
                    Err(err) if err.error_len().is_none() => err.valid_up_to(),
                    Err(_) => return Err(Error::bad_request(CONTENT_MISMATCH)),
                };
                if carry[..valid].contains(&0) {
                    return Err(Error::bad_request(CONTENT_MISMATCH));
                }
                carry.drain(..valid);
            }
        }
    }
    match content {
        Content::Signature(_) if data.is_empty() => Err(Error::bad_request(CONTENT_MISMATCH)),
        Content::Text if !carry.is_empty() => Err(Error::bad_request(CONTENT_MISMATCH)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(bytes: &[u8]) -> String {
        STANDARD.encode(bytes)
    }

    fn message(result: Result<Checked>) -> String {
        let err = result.expect_err("refused");
        assert_eq!(err.status, 400, "{err}");
        err.message
    }

    #[test]
    fn each_type_needs_its_signature() {
        let cases: [(&str, &str, &[u8]); 8] = [
            ("a.pdf", "application/pdf", b"%PDF-1.7\n..."),
            ("a.png", "image/png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            ("a.jpg", "image/jpeg", b"\xFF\xD8\xFF\xE0\0\x10JFIF"),
            ("a.gif", "image/gif", b"GIF89a\x01\0"),
            ("old.gif", "image/gif", b"GIF87a\x01\0"),
            ("a.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", b"PK\x03\x04\x14\0"),
            ("a.csv", "text/csv", "name;città\n1;2\n".as_bytes()),
            ("a.json", "application/json", b"{\"a\":1}"),
        ];
        for (name, mime, bytes) in cases {
            let checked = check(name, mime, &encode(bytes)).unwrap_or_else(|err| panic!("{name}: {err}"));
            assert_eq!((checked.mime, checked.size), (mime, bytes.len()), "{name}");
        }
        let mismatches: [(&str, &str, &[u8]); 6] = [
            ("a.pdf", "application/pdf", b"MZ\x90\0 executable"),
            ("a.png", "image/png", b"\xFF\xD8\xFF\xE0 a jpeg"),
            ("a.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", b"%PDF-1.4"),
            ("a.txt", "text/plain", b"bin\0ary"),
            ("a.txt", "text/plain", b"\xC3\x28 not utf-8"),
            ("a.txt", "text/plain", b"cut \xE2\x82"),
        ];
        for (name, mime, bytes) in mismatches {
            assert_eq!(message(check(name, mime, &encode(bytes))), CONTENT_MISMATCH, "{name}");
        }
        assert_eq!(message(check("empty.pdf", "application/pdf", "")), CONTENT_MISMATCH);
        assert_eq!(check("empty.txt", "text/plain", "").map(|checked| checked.size), Ok(0));
    }

    #[test]
    fn text_is_checked_across_chunks() {
        // "é" (2 bytes) repeated so that some fall across the 48 KiB chunk boundary.
        let text = "é".repeat(40_000);
        assert!(check("long.txt", "text/plain", &encode(text.as_bytes())).is_ok());
        let mut nul_late = "a".repeat(100_000).into_bytes();
        nul_late[99_000] = 0;
        assert_eq!(message(check("late.txt", "text/plain", &encode(&nul_late))), CONTENT_MISMATCH);
    }

    #[test]
    fn types_come_from_the_mime_type_or_the_extension() {
        assert_eq!(file_type("Image/JPG; q=1", "x").map(|(mime, _)| mime), Some("image/jpeg"));
        assert_eq!(file_type("", "run.LOG").map(|(mime, _)| mime), Some("text/plain"));
        assert_eq!(file_type("application/vnd.ms-excel", "list.csv").map(|(mime, _)| mime), Some("text/csv"));
        assert_eq!(file_type("application/octet-stream", "a.exe"), None);
        assert_eq!(file_type("application/x-msdownload", "a.pdf"), None, "a specific other type is refused");
        assert_eq!(file_type("", "noextension"), None);
        assert_eq!(message(check("tool.exe", "application/x-msdownload", "aGk=")), TYPE_NOT_ACCEPTED);
    }

    #[test]
    fn names_sizes_and_base64_are_checked() {
        assert_eq!(message(check("  ", "text/plain", "aGk=")), NAME_REQUIRED);
        assert_eq!(message(check(&"x".repeat(201), "text/plain", "aGk=")), NAME_TOO_LONG);
        assert_eq!(message(check("a.txt", "text/plain", "aGk")), NOT_BASE64);
        assert_eq!(message(check("a.txt", "text/plain", "a===")), NOT_BASE64);
        assert_eq!(message(check("a.txt", "text/plain", "a b=")), NOT_BASE64);
        assert_eq!(message(check("a.txt", "text/plain", "aG=k")), NOT_BASE64);
        // 5 MiB exactly is accepted; one byte more is too big.
        let most = vec![b'a'; MAX_BYTES];
        assert_eq!(check("big.txt", "text/plain", &encode(&most)).map(|checked| checked.size), Ok(MAX_BYTES));
        let over = vec![b'a'; MAX_BYTES + 1];
        assert_eq!(message(check("big.txt", "text/plain", &encode(&over))), TOO_BIG);
        assert_eq!(check(" a.txt ", "text/plain", "aGk=").map(|checked| checked.name), Ok("a.txt".to_string()));
    }

    #[test]
    fn twenty_attachments_fill_a_ticket() {
        assert!(room_for_one(19).is_ok());
        assert_eq!(room_for_one(20).map_err(|err| err.message), Err(TOO_MANY.to_string()));
    }
}
