//! Files sent as base64 in a JSON body (`{name, mime, data}`, an [`Upload`]): their
//! checks ([`Rules`]) and their storage as a metadata record plus a content record
//! ([`FileStore`]).
//!
//! A file's type comes from its MIME type, or from its name's extension when the browser
//! gave no specific type; its size from the base64 text's length, without decoding it;
//! and, for the types that say what their content looks like ([`Content`]), its content is
//! decoded chunk by chunk and checked, so that a renamed executable is not served back as
//! a PDF. The messages are the module's ([`Messages`]).
//!
//! ```
//! use autoscope_sdk::files::{self, Content, FileType, Messages, Rules};
//!
//! const RULES: Rules = Rules {
//!     types: &[FileType::new("pdf", "application/pdf", files::PDF), FileType::new("txt", "text/plain", Content::Text)],
//!     aliases: &[],
//!     vague: &files::VAGUE_TYPES,
//!     max_name: 200,
//!     max_bytes: 1024,
//!     messages: Messages {
//!         name_required: "Please enter the file name",
//!         name_too_long: "File name must be at most 200 characters",
//!         type_not_accepted: files::TYPE_NOT_ACCEPTED,
//!         not_base64: "The file's content is not valid base64",
//!         too_big: "A file may be at most 1 KB",
//!         content_mismatch: files::CONTENT_MISMATCH,
//!     },
//! };
//! let checked = RULES.check(" notes.txt ", "", "aGVsbG8=").unwrap();
//! assert_eq!((checked.name.as_str(), checked.mime, checked.size), ("notes.txt", "text/plain", 5));
//! assert_eq!(RULES.check("a.pdf", "application/pdf", "aGVsbG8=").unwrap_err().message, files::CONTENT_MISMATCH);
//! ```

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::input;
use crate::storage::{self, Collection, QueryExt, collection};
use crate::wire::storage::{FilterOp, Query, Record};
use crate::{Error, Result};

/// The message of a file without a name.
pub const NAME_REQUIRED: &str = "Please enter the file name";
/// The message of a name over [`MAX_NAME`] characters.
pub const NAME_TOO_LONG: &str = "File name must be at most 200 characters";
/// The longest file name most modules take, [`NAME_TOO_LONG`]'s.
pub const MAX_NAME: usize = 200;
/// The message of content that is not standard, padded base64.
pub const NOT_BASE64: &str = "The file's content is not valid base64";
/// The message of a file whose type is not accepted.
pub const TYPE_NOT_ACCEPTED: &str = "This file type is not accepted";
/// The message of a file whose content is not what its type says.
pub const CONTENT_MISMATCH: &str = "The file content does not match its type";

/// Types that say nothing specific: browsers give them for files they do not know (`.log`,
/// `.bpmn`), and Windows with Excel gives `.csv` files the Excel type. A file of one of
/// these types is typed by its extension.
pub const VAGUE_TYPES: [&str; 3] = ["", "application/octet-stream", "application/vnd.ms-excel"];

/// A file as a JSON body sends it: `{name, mime, data}`, `data` in standard, padded base64.
#[derive(Debug, Clone, Deserialize)]
pub struct Upload {
    /// The file's name (with its extension).
    #[serde(default)]
    pub name: String,
    /// The MIME type the browser gave; may be empty.
    #[serde(default)]
    pub mime: String,
    /// The content, base64.
    pub data: String,
}

impl Upload {
    /// Checks the upload against `rules` (see [`Rules::check`]).
    pub fn check(&self, rules: &Rules) -> Result<Checked> {
        rules.check(&self.name, &self.mime, &self.data)
    }
}

/// What the content of a type must look like.
///
/// It serialises as a client checks it (see [`FileType`]): `{"signature": [[bytes], …]}`,
/// `{"riff": [form type's bytes]}`, `"text"` or `"unchecked"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Content {
    /// Starts with one of these signatures (magic bytes); an empty file has none.
    Signature(&'static [&'static [u8]]),
    /// A RIFF container of this form type: bytes 0 to 3 are `RIFF` (4 to 7 its size, which
    /// is not checked), bytes 8 to 11 the form type (`WEBP`; a WAV is `WAVE`, an AVI `AVI `).
    /// A file shorter than 12 bytes is none.
    Riff(&'static [u8; 4]),
    /// UTF-8 without NUL bytes.
    Text,
    /// Not checked: only the base64 text is.
    Unchecked,
}

/// `%PDF-`.
pub const PDF: Content = Content::Signature(&[b"%PDF-"]);
/// The PNG signature.
pub const PNG: Content = Content::Signature(&[b"\x89PNG\r\n\x1a\n"]);
/// The JPEG start of image and first marker.
pub const JPEG: Content = Content::Signature(&[b"\xFF\xD8\xFF"]);
/// `GIF87a` or `GIF89a`.
pub const GIF: Content = Content::Signature(&[b"GIF87a", b"GIF89a"]);
/// A zip archive, as DOCX, XLSX, PPTX and VSDX files are.
pub const ZIP: Content = Content::Signature(&[b"PK\x03\x04"]);
/// A WebP image: a RIFF container of form type `WEBP`.
pub const WEBP: Content = Content::Riff(b"WEBP");

/// The types most modules accept as attachments: PDF, the common images (PNG, JPEG, GIF,
/// WebP), Office documents (DOCX, XLSX and PPTX, which are zip archives) and text (TXT,
/// LOG, CSV, JSON), each with its content checked.
pub const COMMON_TYPES: [FileType; 13] = [
    FileType::new("pdf", "application/pdf", PDF),
    FileType::new("png", "image/png", PNG),
    FileType::new("jpg", "image/jpeg", JPEG),
    FileType::new("jpeg", "image/jpeg", JPEG),
    FileType::new("gif", "image/gif", GIF),
    FileType::new("webp", "image/webp", WEBP),
    FileType::new("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ZIP),
    FileType::new("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ZIP),
    FileType::new("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", ZIP),
    FileType::new("txt", "text/plain", Content::Text),
    FileType::new("log", "text/plain", Content::Text),
    FileType::new("csv", "text/csv", Content::Text),
    FileType::new("json", "application/json", Content::Text),
];

/// Other names browsers and systems give [`COMMON_TYPES`]: `(alias, canonical)`.
pub const COMMON_ALIASES: [(&str, &str); 3] =
    [("image/jpg", "image/jpeg"), ("image/pjpeg", "image/jpeg"), ("text/x-log", "text/plain")];

/// An accepted type: an extension, the MIME type stored for it and what its content must
/// look like. Two extensions may share a MIME type (`jpg`, `jpeg`).
///
/// It serialises as `{"extension", "mime", "content"}`, for a client to make the same
/// checks before it sends a file (a remote's generated TypeScript carries its plugin's
/// table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FileType {
    /// Lower case, without the dot.
    pub extension: &'static str,
    /// Lower case, without parameters.
    pub mime: &'static str,
    /// What the content must look like.
    pub content: Content,
}

impl FileType {
    /// A type, for a `const` table of them.
    pub const fn new(extension: &'static str, mime: &'static str, content: Content) -> Self {
        Self { extension, mime, content }
    }
}

/// The messages of the checks, in the module's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Messages {
    /// The name is blank.
    pub name_required: &'static str,
    /// The name is longer than [`Rules::max_name`].
    pub name_too_long: &'static str,
    /// The type is not one of [`Rules::types`]; usually [`TYPE_NOT_ACCEPTED`].
    pub type_not_accepted: &'static str,
    /// The data is not standard, padded base64.
    pub not_base64: &'static str,
    /// The decoded content is larger than [`Rules::max_bytes`].
    pub too_big: &'static str,
    /// The content is not what its type says; usually [`CONTENT_MISMATCH`].
    pub content_mismatch: &'static str,
}

/// What a module accepts as a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// The accepted types.
    pub types: &'static [FileType],
    /// Other names in use for the accepted MIME types: `(alias, canonical)`, lower case.
    pub aliases: &'static [(&'static str, &'static str)],
    /// The MIME types that say nothing specific; usually [`VAGUE_TYPES`].
    pub vague: &'static [&'static str],
    /// The most characters of a name (trimmed).
    pub max_name: usize,
    /// The most bytes of a file (decoded).
    pub max_bytes: usize,
    /// The messages of the checks.
    pub messages: Messages,
}

/// A file that passed every check: its trimmed name, the MIME type to store and its size in
/// bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The trimmed name.
    pub name: String,
    /// The accepted type's MIME type.
    pub mime: &'static str,
    /// The decoded size in bytes.
    pub size: usize,
}

impl Rules {
    /// Checks, in this order, a file's name (cleaned by [`clean_name`], then required, at
    /// most [`Rules::max_name`] characters), its type ([`Rules::file_type`]), its base64 data and size (at most
    /// [`Rules::max_bytes`]) and its content; 400 with the first message that applies.
    ///
    /// A type whose content is checked has its size read from the base64 text's length and
    /// padding, and the rest of the text checked while its content is decoded; a type whose
    /// content is not checked has the whole text checked before its size ([`base64_size`]).
    /// Either way the data is never held decoded.
    pub fn check(&self, name: &str, mime: &str, data: &str) -> Result<Checked> {
        let messages = &self.messages;
        let name = clean_name(name);
        let name = input::required_text(Some(&name), self.max_name, messages.name_required, messages.name_too_long)?;
        let file_type = self.file_type(mime, &name).ok_or_else(|| Error::bad_request(messages.type_not_accepted))?;
        let size = match file_type.content {
            Content::Unchecked => base64_size(data),
            Content::Signature(_) | Content::Riff(_) | Content::Text => padded_size(data),
        };
        let size = size.ok_or_else(|| Error::bad_request(messages.not_base64))?;
        if size > self.max_bytes {
            return Err(Error::bad_request(messages.too_big));
        }
        match sniff(data, file_type.content) {
            Ok(()) => Ok(Checked { name, mime: file_type.mime, size }),
            Err(Refusal::NotBase64) => Err(Error::bad_request(messages.not_base64)),
            Err(Refusal::Mismatch) => Err(Error::bad_request(messages.content_mismatch)),
        }
    }

    /// The accepted type of a file: by its MIME type (parameters and case aside, aliases
    /// resolved), or by its name's extension when the MIME type is vague. `None` when the
    /// type is not accepted, or is a specific type of another kind.
    pub fn file_type(&self, mime: &str, name: &str) -> Option<&'static FileType> {
        let mime = mime.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        let aliased = self.aliases.iter().find(|(alias, _)| *alias == mime);
        let mime = aliased.map_or(mime.as_str(), |(_, canonical)| canonical);
        if let Some(known) = self.types.iter().find(|known| known.mime == mime) {
            return Some(known);
        }
        if !self.vague.contains(&mime) {
            return None;
        }
        let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
        self.types.iter().find(|known| known.extension == extension)
    }
}

/// A file name as it may be shown and offered for download: control characters, invisible
/// format characters (bidirectional marks that make `exe.pdf` read as `fdp.exe`, zero-width
/// ones) and leading dots left out, path separators made `_`. What is left may be empty.
pub fn clean_name(name: &str) -> String {
    let kept: String = name
        .chars()
        .filter(|c| !c.is_control() && !is_format(*c))
        .map(|c| if c == '/' || c == '\\' { '_' } else { c })
        .collect();
    kept.trim().trim_start_matches('.').trim_start().to_string()
}

/// Unicode's invisible format characters that reorder or hide text (Cf, the ones seen in
/// names): bidirectional marks, embeddings, overrides and isolates, zero-width characters
/// and the byte-order mark.
fn is_format(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// The decoded size of standard, padded base64, without decoding it; `None` when it is not
/// base64 (a length that is not a multiple of 4, more than two `=`, or another character).
pub fn base64_size(data: &str) -> Option<usize> {
    let bytes = data.as_bytes();
    let size = padded_size(data)?;
    let body = &bytes[..bytes.len() - padding(bytes)];
    let alphabet = |byte: &u8| byte.is_ascii_alphanumeric() || *byte == b'+' || *byte == b'/';
    body.iter().all(alphabet).then_some(size)
}

/// The decoded size of standard, padded base64 from its length and padding alone; `None`
/// when those cannot be base64.
fn padded_size(data: &str) -> Option<usize> {
    let bytes = data.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    let padding = padding(bytes);
    (padding <= 2).then(|| bytes.len() / 4 * 3 - padding)
}

/// How many `=` end `bytes`.
fn padding(bytes: &[u8]) -> usize {
    bytes.iter().rev().take_while(|&&byte| byte == b'=').count()
}

/// Why content was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    NotBase64,
    Mismatch,
}

/// Base64 characters decoded at a time: 48 KiB of bytes, so a file of megabytes is never
/// held decoded in the plugin's memory (which is capped per call).
const CHUNK: usize = 64 * 1024;

/// Decodes `data` chunk by chunk and checks the content against `content` (nothing for
/// [`Content::Unchecked`]).
fn sniff(data: &str, content: Content) -> std::result::Result<(), Refusal> {
    if content == Content::Unchecked {
        return Ok(());
    }
    let mut buffer = vec![0u8; CHUNK / 4 * 3];
    // A UTF-8 sequence cut at a chunk's end, carried into the next.
    let mut carry: Vec<u8> = Vec::new();
    for (index, chunk) in data.as_bytes().chunks(CHUNK).enumerate() {
        let length = STANDARD.decode_slice(chunk, &mut buffer).map_err(|_| Refusal::NotBase64)?;
        let bytes = &buffer[..length];
        match content {
            Content::Signature(signatures) if index == 0 => {
                if !signatures.iter().any(|signature| bytes.starts_with(signature)) {
                    return Err(Refusal::Mismatch);
                }
            }
            Content::Riff(form) if index == 0 => {
                if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != form {
                    return Err(Refusal::Mismatch);
                }
            }
            Content::Signature(_) | Content::Riff(_) | Content::Unchecked => {}
            Content::Text => {
                carry.extend_from_slice(bytes);
                let valid = match std::str::from_utf8(&carry) {
                    Ok(_) => carry.len(),
                    // Only an incomplete sequence at the very end may continue.
                    Err(err) if err.error_len().is_none() => err.valid_up_to(),
                    Err(_) => return Err(Refusal::Mismatch),
                };
                if carry[..valid].contains(&0) {
                    return Err(Refusal::Mismatch);
                }
                carry.drain(..valid);
            }
        }
    }
    match content {
        Content::Signature(_) | Content::Riff(_) if data.is_empty() => Err(Refusal::Mismatch),
        Content::Text if !carry.is_empty() => Err(Refusal::Mismatch),
        _ => Ok(()),
    }
}

/// Files kept in two of the module's collections: their metadata
/// (`{<owner>, name, mime, size, uploaded_by}`) in `files`, so that listing them never
/// reads their content, and their base64 content (`{<file>, data}`) in `contents`.
///
/// ```ignore
/// const ATTACHMENTS: FileStore =
///     FileStore { files: "attachments", owner: "ticket_id", contents: "attachment_data", file: "attachment_id" };
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileStore {
    /// The collection of the files' metadata.
    pub files: &'static str,
    /// The field of a file naming the record it belongs to (`ticket_id`).
    pub owner: &'static str,
    /// The collection of the files' content.
    pub contents: &'static str,
    /// The field of a content naming its file (`attachment_id`).
    pub file: &'static str,
}

impl FileStore {
    /// The collection of the files' metadata (to list them, say).
    pub fn files(&self) -> Collection {
        collection(self.files)
    }

    fn contents(&self) -> Collection {
        collection(self.contents)
    }

    /// How many files `owner_id` has.
    pub fn count(&self, owner_id: &str) -> Result<u64> {
        self.files().count(vec![storage::filter(self.owner, FilterOp::Eq, owner_id)])
    }

    /// Stores a checked file of `owner_id` and then its content; answers the file's
    /// metadata record. The content is moved, never copied (a call's memory is capped).
    /// When the content cannot be stored, the file is deleted again (it must not be listed
    /// without its content) and the storage's error answered.
    pub fn insert(&self, owner_id: &str, file: &Checked, uploaded_by: Option<&str>, data: String) -> Result<Record> {
        let mut metadata = Record::new();
        metadata.insert(self.owner.into(), owner_id.into());
        metadata.insert("name".into(), file.name.as_str().into());
        metadata.insert("mime".into(), file.mime.into());
        metadata.insert("size".into(), file.size.into());
        metadata.insert("uploaded_by".into(), uploaded_by.into());
        let stored = self.files().insert(metadata)?;
        let file_id = storage::id_of(&stored)?;
        let mut content = Record::new();
        content.insert(self.file.into(), file_id.into());
        content.insert("data".into(), Value::String(data));
        if let Err(err) = self.contents().insert(content) {
            // Without its content the file must not be listed; the error is what matters.
            let _ = self.files().delete(file_id, None);
            return Err(err);
        }
        Ok(stored)
    }

    /// The file `id`'s metadata record; 404 with `not_found` when there is none.
    pub fn get(&self, id: &str, not_found: &str) -> Result<Record> {
        self.files().get(id)?.ok_or_else(|| Error::not_found(not_found))
    }

    /// The file `id` with its content: `{id, name, mime, size, data}`; 404 with
    /// `not_found` when the file or its content is missing. The content is moved from the
    /// storage's answer into the reply, not copied.
    pub fn download(&self, id: &str, not_found: &str) -> Result<Value> {
        let stored = self.get(id, not_found)?;
        let content = self.contents().list(&Query::default().eq(self.file, id).limit(1))?;
        let data = content.items.into_iter().next().and_then(|mut record| record.remove("data"));
        let data = data.filter(Value::is_string).ok_or_else(|| Error::not_found(not_found))?;
        let mut reply = Record::new();
        for name in ["id", "name", "mime", "size"] {
            reply.insert(name.into(), stored.get(name).cloned().unwrap_or(Value::Null));
        }
        reply.insert("data".into(), data);
        Ok(Value::Object(reply))
    }

    /// Deletes the file `id`'s content, then the file (so a failure halfway leaves no
    /// listed file without its content).
    pub fn delete(&self, id: &str) -> Result<()> {
        self.contents().delete_matching(vec![storage::filter(self.file, FilterOp::Eq, id)])?;
        self.files().delete(id, None).map(drop)
    }

    /// Deletes every file of `owner_id` with its content.
    pub fn delete_all(&self, owner_id: &str) -> Result<()> {
        let query = Query::default().eq(self.owner, owner_id).fields([self.owner]);
        for file in self.files().list_all(&query, usize::MAX)? {
            self.delete(storage::id_of(&file)?)?;
        }
        Ok(())
    }
}

/// A file's metadata as an API shows it: `{id, name, mime, size, uploaded_by, created_at}`
/// (never its content).
pub fn metadata(file: &Record) -> Value {
    let mut shown = Record::new();
    for name in ["id", "name", "mime", "size", "uploaded_by", "created_at"] {
        shown.insert(name.into(), file.get(name).cloned().unwrap_or(Value::Null));
    }
    Value::Object(shown)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const MESSAGES: Messages = Messages {
        name_required: "name required",
        name_too_long: "name too long",
        type_not_accepted: TYPE_NOT_ACCEPTED,
        not_base64: "not base64",
        too_big: "too big",
        content_mismatch: CONTENT_MISMATCH,
    };

    const TYPES: [FileType; 5] = [
        FileType::new("txt", "text/plain", Content::Text),
        FileType::new("pdf", "application/pdf", PDF),
        FileType::new("jpg", "image/jpeg", JPEG),
        FileType::new("jpeg", "image/jpeg", JPEG),
        FileType::new("bpmn", "application/bpmn+xml", Content::Unchecked),
    ];

    const RULES: Rules = Rules {
        types: &TYPES,
        aliases: &[("image/jpg", "image/jpeg"), ("text/x-log", "text/plain")],
        vague: &VAGUE_TYPES,
        max_name: 10,
        max_bytes: 100_000,
        messages: MESSAGES,
    };

    fn encode(bytes: &[u8]) -> String {
        STANDARD.encode(bytes)
    }

    fn message(result: Result<Checked>) -> &'static str {
        let err = result.expect_err("refused");
        assert_eq!(err.status, 400, "{err}");
        [
            MESSAGES.name_required,
            MESSAGES.name_too_long,
            MESSAGES.type_not_accepted,
            MESSAGES.not_base64,
            MESSAGES.too_big,
            MESSAGES.content_mismatch,
        ]
        .into_iter()
        .find(|known| *known == err.message)
        .unwrap_or_else(|| panic!("an unknown message: {err}"))
    }

    fn mime_of(mime: &str, name: &str) -> Option<&'static str> {
        RULES.file_type(mime, name).map(|file_type| file_type.mime)
    }

    #[test]
    fn an_upload_is_read_from_json_and_checked() {
        let upload: Upload = serde_json::from_value(json!({ "name": " a.txt ", "data": "aGk=" })).unwrap();
        assert_eq!((upload.name.as_str(), upload.mime.as_str()), (" a.txt ", ""));
        assert_eq!(upload.check(&RULES), Ok(Checked { name: "a.txt".into(), mime: "text/plain", size: 2 }));
        assert!(serde_json::from_value::<Upload>(json!({ "name": "a.txt" })).is_err(), "data is required");
    }

    #[test]
    fn names_lose_controls_invisible_marks_separators_and_leading_dots() {
        assert_eq!(clean_name("report\u{202E}fdp.exe"), "reportfdp.exe", "a right-to-left override");
        assert_eq!(clean_name("a\u{0}b\tc\r\n.txt"), "abc.txt");
        assert_eq!(clean_name("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(clean_name("C:\\Users\\ann\\plan.pdf"), "C:_Users_ann_plan.pdf");
        assert_eq!(clean_name("\u{FEFF}\u{200B} .hidden "), "hidden");
        assert_eq!(clean_name("Übersicht – März.pdf"), "Übersicht – März.pdf", "letters and dashes stay");
        assert_eq!(message(RULES.check("\u{202E}\u{200F}", "text/plain", "aGk=")), MESSAGES.name_required);
        assert_eq!(RULES.check("x\u{202E}.txt", "text/plain", "aGk=").map(|checked| checked.name), Ok("x.txt".into()));
    }

    #[test]
    fn names_are_trimmed_required_and_bounded() {
        assert_eq!(message(RULES.check("   ", "text/plain", "aGk=")), MESSAGES.name_required);
        assert_eq!(message(RULES.check("abcdef.txt!", "text/plain", "aGk=")), MESSAGES.name_too_long);
        assert_eq!(
            RULES.check(" éééééé.txt ", "text/plain", "aGk=").map(|checked| checked.name),
            Ok("éééééé.txt".into())
        );
    }

    #[test]
    fn types_come_from_the_mime_type_or_the_extension() {
        assert_eq!(mime_of("Image/JPG; q=1", "x"), Some("image/jpeg"));
        assert_eq!(mime_of("", "run.LOG"), None, "an extension the rules do not name");
        assert_eq!(mime_of("text/x-log", "run.log"), Some("text/plain"));
        assert_eq!(mime_of("", "Flow.BPMN"), Some("application/bpmn+xml"));
        assert_eq!(mime_of("application/octet-stream", "a.jpeg"), Some("image/jpeg"));
        assert_eq!(mime_of("application/vnd.ms-excel", "notes.txt"), Some("text/plain"));
        assert_eq!(mime_of("application/octet-stream", "a.exe"), None);
        assert_eq!(mime_of("application/x-msdownload", "a.pdf"), None, "a specific other type is refused");
        assert_eq!(mime_of("", "noextension"), None);
        for file_type in TYPES {
            assert_eq!(mime_of(file_type.mime, "x"), Some(file_type.mime));
            assert_eq!(mime_of("", &format!("file.{}", file_type.extension)), Some(file_type.mime));
        }
        assert_eq!(message(RULES.check("tool.exe", "application/x-msdownload", "aGk=")), TYPE_NOT_ACCEPTED);
    }

    #[test]
    fn each_signature_is_recognised() {
        let matching: [(Content, &[u8]); 7] = [
            (PDF, b"%PDF-1.7\n..."),
            (PNG, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            (JPEG, b"\xFF\xD8\xFF\xE0\0\x10JFIF"),
            (GIF, b"GIF89a\x01\0"),
            (GIF, b"GIF87a\x01\0"),
            (ZIP, b"PK\x03\x04\x14\0"),
            (Content::Text, "name;città\n1;2\n".as_bytes()),
        ];
        for (content, bytes) in matching {
            assert_eq!(sniff(&encode(bytes), content), Ok(()), "{content:?}");
        }
        let mismatched: [(Content, &[u8]); 6] = [
            (PDF, b"MZ\x90\0 executable"),
            (PNG, b"\xFF\xD8\xFF\xE0 a jpeg"),
            (ZIP, b"%PDF-1.4"),
            (Content::Text, b"bin\0ary"),
            (Content::Text, b"\xC3\x28 not utf-8"),
            (Content::Text, b"cut \xE2\x82"),
        ];
        for (content, bytes) in mismatched {
            assert_eq!(sniff(&encode(bytes), content), Err(Refusal::Mismatch), "{content:?} {bytes:?}");
        }
        assert_eq!(sniff("", PDF), Err(Refusal::Mismatch), "an empty file has no signature");
        assert_eq!(sniff("", Content::Text), Ok(()));
        assert_eq!(sniff("aG=k", Content::Unchecked), Ok(()), "not decoded");
    }

    #[test]
    fn a_webp_is_a_riff_container_of_form_webp() {
        assert_eq!(sniff(&encode(b"RIFF\x12\x34\x56\x78WEBPVP8 "), WEBP), Ok(()));
        assert_eq!(sniff(&encode(b"RIFF\0\0\0\0WEBP"), WEBP), Ok(()), "exactly the header");
        let refused: [&[u8]; 5] =
            [b"RIFF\x12\x34\x56\x78WAVEfmt ", b"RIFX\0\0\0\0WEBPVP8 ", b"RIFF\0\0\0\0WEB", b"RIFF", b""];
        for bytes in refused {
            assert_eq!(sniff(&encode(bytes), WEBP), Err(Refusal::Mismatch), "{bytes:?}");
        }
    }

    /// Rules of the common types, as a module uses them.
    const COMMON: Rules = Rules { types: &COMMON_TYPES, aliases: &COMMON_ALIASES, max_name: 200, ..RULES };

    #[test]
    fn the_common_types_check_their_content() {
        let accepted: [(&str, &[u8], &str); 6] = [
            ("photo.webp", b"RIFF\x12\x34\x56\x78WEBPVP8 ", "image/webp"),
            ("photo.jpg", b"\xFF\xD8\xFF\xE0", "image/jpeg"),
            (
                "slides.pptx",
                b"PK\x03\x04\x14\0",
                "application/vnd.openxmlformats-officedocument.presentationml.presentation",
            ),
            ("run.log", b"started", "text/plain"),
            ("list.csv", b"a;b", "text/csv"),
            ("data.json", b"{}", "application/json"),
        ];
        for (name, bytes, mime) in accepted {
            assert_eq!(COMMON.check(name, "", &encode(bytes)).map(|checked| checked.mime), Ok(mime), "{name}");
        }
        assert_eq!(message(COMMON.check("sound.webp", "", &encode(b"RIFF\x12\x34\x56\x78WAVEfmt "))), CONTENT_MISMATCH);
        assert_eq!(message(COMMON.check("a.webp", "image/webp", &encode(b"RIFF\0\0\0\0"))), CONTENT_MISMATCH);
        assert_eq!(message(COMMON.check("a.webp", "image/webp", "")), CONTENT_MISMATCH);
        assert_eq!(COMMON.file_type("Image/PJPEG", "x").map(|file_type| file_type.mime), Some("image/jpeg"));
        assert_eq!(COMMON.file_type("text/x-log", "x").map(|file_type| file_type.extension), Some("txt"));
        assert_eq!(message(COMMON.check("flow.bpmn", "", "aGk=")), TYPE_NOT_ACCEPTED);
    }

    #[test]
    fn types_serialise_as_a_client_checks_them() {
        assert_eq!(
            serde_json::to_value(COMMON_TYPES[0]).unwrap(),
            json!({ "extension": "pdf", "mime": "application/pdf", "content": { "signature": [[37, 80, 68, 70, 45]] } })
        );
        assert_eq!(serde_json::to_value(WEBP).unwrap(), json!({ "riff": [87, 69, 66, 80] }));
        assert_eq!(serde_json::to_value(Content::Text).unwrap(), json!("text"));
        assert_eq!(serde_json::to_value(Content::Unchecked).unwrap(), json!("unchecked"));
    }

    #[test]
    fn content_is_checked_against_the_type() {
        let pdf = RULES.check("form.pdf", "", &encode(b"%PDF-1.7\n")).unwrap();
        assert_eq!((pdf.mime, pdf.size), ("application/pdf", 9));
        assert_eq!(message(RULES.check("bill.pdf", "application/pdf", &encode(b"MZ\x90\0"))), CONTENT_MISMATCH);
        assert_eq!(message(RULES.check("a.jpg", "", &encode(b"%PDF-1.7"))), CONTENT_MISMATCH);
        assert_eq!(message(RULES.check("a.txt", "", &encode(b"a\0b"))), CONTENT_MISMATCH);
        assert_eq!(message(RULES.check("empty.pdf", "application/pdf", "")), CONTENT_MISMATCH);
        assert_eq!(RULES.check("empty.txt", "text/plain", "").map(|checked| checked.size), Ok(0));
    }

    #[test]
    fn unchecked_content_is_only_base64() {
        let zeros = RULES.check("a.bpmn", "", &encode(&[0; 1000])).unwrap();
        assert_eq!(zeros.size, 1000);
        assert_eq!(RULES.check("a.bpmn", "", "").map(|checked| checked.size), Ok(0));
        for bad in ["aGk", "a===", "a b=", "aG=k"] {
            assert_eq!(message(RULES.check("a.bpmn", "", bad)), MESSAGES.not_base64, "{bad}");
        }
        // The whole text is checked before the size: broken and too big is not base64.
        let broken_and_big = format!("{}!AAA", "A".repeat(200_000));
        assert_eq!(message(RULES.check("a.bpmn", "", &broken_and_big)), MESSAGES.not_base64);
    }

    #[test]
    fn checked_content_is_base64_while_decoded() {
        for bad in ["aGk", "a===", "a b=", "aG=k"] {
            assert_eq!(message(RULES.check("a.txt", "text/plain", bad)), MESSAGES.not_base64, "{bad}");
        }
        // The size comes from the length first: broken and too big is too big.
        let broken_and_big = format!("{}!AAA", "A".repeat(200_000));
        assert_eq!(message(RULES.check("a.txt", "text/plain", &broken_and_big)), MESSAGES.too_big);
    }

    #[test]
    fn sizes_are_bounded_inclusively() {
        let most = vec![b'a'; RULES.max_bytes];
        assert_eq!(RULES.check("big.txt", "text/plain", &encode(&most)).map(|c| c.size), Ok(RULES.max_bytes));
        let over = vec![b'a'; RULES.max_bytes + 1];
        assert_eq!(message(RULES.check("big.txt", "text/plain", &encode(&over))), MESSAGES.too_big);
        let over_unchecked = vec![0; RULES.max_bytes + 1];
        assert_eq!(message(RULES.check("big.bpmn", "", &encode(&over_unchecked))), MESSAGES.too_big);
    }

    #[test]
    fn text_is_checked_across_chunks() {
        // "é" (2 bytes) repeated so that some fall across the 48 KiB chunk boundary.
        let rules = Rules { max_bytes: 1_000_000, ..RULES };
        let text = "é".repeat(40_000);
        assert!(rules.check("long.txt", "text/plain", &encode(text.as_bytes())).is_ok());
        let mut nul_late = "a".repeat(100_000).into_bytes();
        nul_late[99_000] = 0;
        assert_eq!(message(rules.check("late.txt", "text/plain", &encode(&nul_late))), CONTENT_MISMATCH);
    }

    #[test]
    fn base64_sizes_are_computed_without_decoding() {
        assert_eq!(base64_size(""), Some(0));
        assert_eq!(base64_size("aGk="), Some(2));
        assert_eq!(base64_size("aGVsbG8="), Some(5));
        assert_eq!(base64_size("aGVsbG8h"), Some(6));
        assert_eq!(base64_size("a+/9"), Some(3));
        assert_eq!(base64_size("aGVsbG8"), None, "unpadded");
        assert_eq!(base64_size("aGV sbG8"), None);
        assert_eq!(base64_size("a==="), None);
        assert_eq!(base64_size("aG=k"), None);
    }

    #[test]
    fn metadata_leaves_the_content_out() {
        let file: Record = serde_json::from_value(json!({
            "id": "f1", "ticket_id": "t1", "name": "a.txt", "mime": "text/plain", "size": 2, "uploaded_by": "u1",
            "created_at": 10, "updated_at": 10, "version": 1, "data": "aGk="
        }))
        .unwrap();
        assert_eq!(
            metadata(&file),
            json!({ "id": "f1", "name": "a.txt", "mime": "text/plain", "size": 2, "uploaded_by": "u1", "created_at": 10 })
        );
        let bare: Record = serde_json::from_value(json!({ "id": "f2" })).unwrap();
        assert_eq!(metadata(&bare)["uploaded_by"], Value::Null);
    }

    #[test]
    fn file_stores_need_the_host() {
        let store =
            FileStore { files: "attachments", owner: "ticket_id", contents: "attachment_data", file: "attachment_id" };
        assert_eq!(store.count("t1").unwrap_err().status, 501);
        assert_eq!(store.download("a1", "Attachment not found").unwrap_err().status, 501);
    }
}
