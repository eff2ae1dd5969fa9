//! Attachment checks: the name, the type (from the MIME type, or the extension when the
//! browser gave no specific one), the size, and the content: the decoded bytes must be
//! what the type says, so a renamed executable is not served back as a PDF. The checks
//! and the accepted types are the SDK's ([`files::Rules`], [`files::COMMON_TYPES`]: PDF,
//! PNG, JPEG, GIF, WebP, DOCX, XLSX, PPTX, TXT, LOG, CSV and JSON, the same as Chat's);
//! the limits and messages are these.

use autoscope_sdk::files::{FileStore, Messages, Rules, VAGUE_TYPES};
use autoscope_sdk::prelude::*;

pub const NAME_REQUIRED: &str = files::NAME_REQUIRED;
pub const NAME_TOO_LONG: &str = files::NAME_TOO_LONG;
pub const TYPE_NOT_ACCEPTED: &str = files::TYPE_NOT_ACCEPTED;
pub const NOT_BASE64: &str = files::NOT_BASE64;
pub const TOO_BIG: &str = "An attachment may be at most 5 MB";
pub const CONTENT_MISMATCH: &str = files::CONTENT_MISMATCH;
pub const TOO_MANY: &str = "A ticket may have at most 20 attachments";
pub const NOT_FOUND: &str = "Attachment not found";

pub const MAX_BYTES: usize = 5 * 1024 * 1024;
pub const MAX_PER_TICKET: u64 = 20;

/// What a ticket accepts as an attachment.
pub const RULES: Rules = Rules {
    types: &files::COMMON_TYPES,
    aliases: &files::COMMON_ALIASES,
    vague: &VAGUE_TYPES,
    max_name: files::MAX_NAME,
    max_bytes: MAX_BYTES,
    messages: Messages {
        name_required: NAME_REQUIRED,
        name_too_long: NAME_TOO_LONG,
        type_not_accepted: TYPE_NOT_ACCEPTED,
        not_base64: NOT_BASE64,
        too_big: TOO_BIG,
        content_mismatch: CONTENT_MISMATCH,
    },
};

/// A ticket's attachments (`attachments`, by `ticket_id`) and their content
/// (`attachment_data`, by `attachment_id`).
pub const STORE: FileStore =
    FileStore { files: "attachments", owner: "ticket_id", contents: "attachment_data", file: "attachment_id" };

/// 400 when a ticket with `count` attachments may take no more.
pub fn room_for_one(count: u64) -> Result<()> {
    match count < MAX_PER_TICKET {
        true => Ok(()),
        false => Err(Error::bad_request(TOO_MANY)),
    }
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;

    use super::*;

    fn check(name: &str, mime: &str, bytes: &[u8]) -> Result<files::Checked> {
        RULES.check(name, mime, &STANDARD.encode(bytes))
    }

    fn refusal(result: Result<files::Checked>) -> String {
        let err = result.expect_err("refused");
        assert_eq!(err.status, 400, "{err}");
        err.message
    }

    #[test]
    fn office_files_images_pdfs_and_text_need_their_content() {
        let accepted: [(&str, &[u8]); 7] = [
            ("report.xlsx", b"PK\x03\x04\x14\0"),
            ("screen.webp", b"RIFF\x12\x34\x56\x78WEBPVP8 "),
            ("slides.pptx", b"PK\x03\x04\x14\0"),
            ("photo.gif", b"GIF87a\x01\0"),
            ("photo.jpeg", b"\xFF\xD8\xFF\xE0\0\x10JFIF"),
            ("form.pdf", b"%PDF-1.7\n"),
            ("data.json", b"{\"a\":1}"),
        ];
        for (name, bytes) in accepted {
            assert_eq!(check(name, "", bytes).map(|checked| checked.size), Ok(bytes.len()), "{name}");
        }
        assert_eq!(refusal(check("invoice.pdf", "application/pdf", b"MZ\x90\0")), CONTENT_MISMATCH);
        assert_eq!(refusal(check("list.csv", "text/csv", b"a;b\0")), CONTENT_MISMATCH);
        assert_eq!(refusal(check("run.log", "", b"\xC3\x28")), CONTENT_MISMATCH);
        assert_eq!(refusal(check("empty.docx", "", b"")), CONTENT_MISMATCH);
        assert_eq!(refusal(check("sound.webp", "", b"RIFF\x12\x34\x56\x78WAVEfmt ")), CONTENT_MISMATCH);
    }

    #[test]
    fn types_come_from_the_mime_type_or_the_extension() {
        let mime = |mime: &str, name: &str| RULES.file_type(mime, name).map(|file_type| file_type.mime);
        assert_eq!(mime("Image/PJPEG; q=1", "x"), Some("image/jpeg"));
        assert_eq!(mime("", "run.LOG"), Some("text/plain"));
        assert_eq!(mime("text/x-log", "x"), Some("text/plain"));
        assert_eq!(mime("application/vnd.ms-excel", "list.csv"), Some("text/csv"));
        assert_eq!(mime("application/octet-stream", "a.exe"), None);
        assert_eq!(mime("application/octet-stream", "flow.bpmn"), None, "not an attachment type");
        assert_eq!(refusal(check("tool.exe", "application/x-msdownload", b"hi")), TYPE_NOT_ACCEPTED);
    }

    #[test]
    fn names_sizes_and_base64_are_checked() {
        assert_eq!(refusal(check("  ", "text/plain", b"hi")), NAME_REQUIRED);
        assert_eq!(refusal(check(&"x".repeat(201), "text/plain", b"hi")), NAME_TOO_LONG);
        assert_eq!(refusal(RULES.check("a.txt", "text/plain", "aGk")), NOT_BASE64);
        assert_eq!(refusal(RULES.check("a.txt", "text/plain", "a b=")), NOT_BASE64);
        // 5 MiB exactly is accepted; one byte more is too big.
        assert_eq!(check("big.txt", "text/plain", &vec![b'a'; MAX_BYTES]).map(|checked| checked.size), Ok(MAX_BYTES));
        assert_eq!(refusal(check("big.txt", "text/plain", &vec![b'a'; MAX_BYTES + 1])), TOO_BIG);
    }

    #[test]
    fn twenty_attachments_fill_a_ticket() {
        assert!(room_for_one(19).is_ok());
        assert_eq!(room_for_one(20).map_err(|err| err.message), Err(TOO_MANY.to_string()));
    }
}
