//! Files sent with messages: the SDK's checks ([`files::Rules`]: name, type, size, and the
//! content checked against the type, so a renamed executable is not served back as an
//! image) with the chat's types, limit and messages; stored as `files` (metadata, by
//! `channel_id`) and `file_data` (the base64 content, by `file_id`).

use autoscope_sdk::files::{FileStore, Messages, Rules, VAGUE_TYPES};
use autoscope_sdk::prelude::*;

use crate::views::FileView;

pub const FILE_NAME_REQUIRED: &str = files::NAME_REQUIRED;
pub const FILE_NAME_TOO_LONG: &str = files::NAME_TOO_LONG;
pub const TYPE_NOT_ACCEPTED: &str = files::TYPE_NOT_ACCEPTED;
pub const NOT_BASE64: &str = files::NOT_BASE64;
pub const TOO_BIG: &str = "A file may be at most 5 MB";
pub const CONTENT_MISMATCH: &str = files::CONTENT_MISMATCH;
pub const FILE_NOT_FOUND: &str = "File not found";

pub const MAX_BYTES: usize = 5 * 1024 * 1024;

/// What a message accepts as a file: the SDK's common types (PDF, images including WebP,
/// Office documents, text).
pub const RULES: Rules = Rules {
    types: &files::COMMON_TYPES,
    aliases: &files::COMMON_ALIASES,
    vague: &VAGUE_TYPES,
    max_name: files::MAX_NAME,
    max_bytes: MAX_BYTES,
    messages: Messages {
        name_required: FILE_NAME_REQUIRED,
        name_too_long: FILE_NAME_TOO_LONG,
        type_not_accepted: TYPE_NOT_ACCEPTED,
        not_base64: NOT_BASE64,
        too_big: TOO_BIG,
        content_mismatch: CONTENT_MISMATCH,
    },
};

/// Message files (`files`, by `channel_id`: a download checks the channel's members) and
/// their content (`file_data`, by `file_id`). A message names its file by `file_id`.
pub const STORE: FileStore = FileStore { files: "files", owner: "channel_id", contents: "file_data", file: "file_id" };

/// Whether the remote may show a file of this type inline: every accepted `image/` type
/// (PNG, JPEG, GIF, WebP) is one a browser shows.
pub fn is_image(mime: &str) -> bool {
    mime.starts_with("image/")
}

/// A stored file's metadata as a message shows it.
pub fn view(file: &Record) -> FileView {
    let text = |name: &str| file.get(name).and_then(|v| v.as_str()).unwrap_or_default().to_string();
    let mime = text("mime");
    FileView {
        id: text("id"),
        name: text("name"),
        size: file.get("size").and_then(|v| v.as_i64()).unwrap_or(0),
        image: is_image(&mime),
        mime,
    }
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use serde_json::json;

    use super::*;

    fn check(name: &str, mime: &str, bytes: &[u8]) -> Result<files::Checked> {
        RULES.check(name, mime, &STANDARD.encode(bytes))
    }

    #[test]
    fn images_are_checked_by_content() {
        assert_eq!(check("a.png", "image/png", b"\x89PNG\r\n\x1a\nrest").unwrap().mime, "image/png");
        assert_eq!(check("a.png", "image/png", b"MZ\x90\x00").unwrap_err().message, CONTENT_MISMATCH);
        assert_eq!(check("a.webp", "", b"RIFF\x00\x00\x00\x00WEBPVP8 ").unwrap().mime, "image/webp");
        assert_eq!(check("a.exe", "application/x-msdownload", b"MZ").unwrap_err().message, TYPE_NOT_ACCEPTED);
    }

    #[test]
    fn a_webp_is_riff_with_webp_inside() {
        assert_eq!(check("a.webp", "", b"RIFF\x12\x34\x56\x78WEBPVP8 ").unwrap().mime, "image/webp");
        assert_eq!(check("a.webp", "", b"RIFF\x12\x34\x56\x78WAVEfmt ").unwrap_err().message, CONTENT_MISMATCH);
        assert_eq!(check("a.webp", "", b"RIFF").unwrap_err().message, CONTENT_MISMATCH);
        assert!(check("a.txt", "", b"hello").is_ok());
    }

    #[test]
    fn the_size_is_capped_at_5_mb() {
        let mut big = b"%PDF-".to_vec();
        big.resize(MAX_BYTES + 1, b'a');
        assert_eq!(check("a.pdf", "application/pdf", &big).unwrap_err().message, TOO_BIG);
        big.truncate(MAX_BYTES);
        assert!(check("a.pdf", "application/pdf", &big).is_ok());
    }

    #[test]
    fn views_say_which_files_are_images() {
        let record = json!({"id": "f", "name": "a.png", "mime": "image/png", "size": 10});
        let view = view(record.as_object().unwrap());
        assert!(view.image);
        assert_eq!((view.id.as_str(), view.size), ("f", 10));
        assert!(!is_image("application/pdf"));
        assert!(["image/png", "image/jpeg", "image/gif", "image/webp"].into_iter().all(is_image));
    }
}
