//! The export of a channel for company admins: every message (replies too) in seq order,
//! mentions shown as names, as JSON or CSV.

use autoscope_sdk::days;
use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, DirectoryQuery};
use serde::Serialize;
use serde_json::json;

use crate::channels;
use crate::live;
use crate::store::{self, Channel, Message};
use crate::validate::{self, EXPORT_ADMIN_ONLY, EXPORT_FORMAT};
use crate::views::{ChannelKind, FileContent};

/// The most messages one export holds (a call's fuel and memory are bounded).
pub const MAX_MESSAGES: usize = 20_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Csv,
}

impl Format {
    pub fn parse(text: Option<&str>) -> Result<Self> {
        match text.unwrap_or("json") {
            "json" => Ok(Format::Json),
            "csv" => Ok(Format::Csv),
            _ => Err(Error::bad_request(EXPORT_FORMAT)),
        }
    }
}

/// One exported message.
#[derive(Debug, Clone, Serialize)]
pub struct Line {
    pub seq: i64,
    /// UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    pub time: String,
    pub author_id: String,
    pub author: String,
    pub email: String,
    pub text: String,
    /// The seq of the thread's root, for a reply.
    pub thread: Option<i64>,
    pub file: Option<String>,
    pub edited: bool,
    pub deleted: bool,
}

/// Unix seconds as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn timestamp(at: i64) -> String {
    let day = at.div_euclid(86_400);
    let second = at.rem_euclid(86_400);
    format!("{}T{:02}:{:02}:{:02}Z", days::format_day(day), second / 3600, second / 60 % 60, second % 60)
}

pub fn lines(messages: &[Message], files: &[(String, String)], people: &[DirectoryEntry]) -> Vec<Line> {
    messages
        .iter()
        .map(|message| {
            let author = people.iter().find(|user| user.user_id == message.author_id);
            Line {
                seq: message.seq,
                time: timestamp(message.created_at),
                author_id: message.author_id.clone(),
                author: match crate::alerts::module_author_name(&message.author_id) {
                    Some(name) => name.to_string(),
                    None => live::display_name(author),
                },
                email: author.map(|user| user.email.clone()).unwrap_or_default(),
                text: live::render_mentions(&message.text, people),
                thread: message
                    .parent_id
                    .as_ref()
                    .and_then(|parent| messages.iter().find(|root| &root.id == parent))
                    .map(|root| root.seq),
                file: message
                    .file_id
                    .as_ref()
                    .and_then(|id| files.iter().find(|(file, _)| file == id))
                    .map(|(_, name)| name.clone()),
                edited: message.edited,
                deleted: message.deleted,
            }
        })
        .collect()
}

pub fn csv(lines: &[Line]) -> String {
    let mut out =
        validate::csv_line(&["seq", "time", "author", "email", "text", "thread", "file", "edited", "deleted"]);
    for line in lines {
        let seq = line.seq.to_string();
        let thread = line.thread.map(|seq| seq.to_string()).unwrap_or_default();
        out.push_str(&validate::csv_line(&[
            &seq,
            &line.time,
            &line.author,
            &line.email,
            &line.text,
            &thread,
            line.file.as_deref().unwrap_or_default(),
            if line.edited { "yes" } else { "no" },
            if line.deleted { "yes" } else { "no" },
        ]));
    }
    out
}

/// A file name from the channel's name: letters, digits, `-` and `_`.
pub fn file_name(channel: &Channel, format: Format) -> String {
    let base: String = match channel.kind() {
        ChannelKind::Direct => "direct-message".into(),
        _ => channel.name.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' }).collect(),
    };
    let extension = match format {
        Format::Json => "json",
        Format::Csv => "csv",
    };
    format!("chat-{base}.{extension}")
}

/// `GET /channels/{id}/export?format=json|csv`: company admins, of a channel they may see.
pub fn export(id: &str, format: Option<&str>, caller: &autoscope_sdk::wire::Caller, now: i64) -> Result<FileContent> {
    let seen = channels::open(id, &caller.user_id)?;
    autoscope_sdk::require_company_admin(caller, EXPORT_ADMIN_ONLY)?;
    let format = Format::parse(format)?;
    let query = Query::default().eq("channel_id", id).sort("seq");
    let messages = store::decode_messages(store::messages().list_all(&query, MAX_MESSAGES)?)?;
    let people = host::directory(&DirectoryQuery::default())?;
    let query = Query::default().eq("channel_id", id).fields(["name"]);
    let files: Vec<(String, String)> = crate::files::STORE
        .files()
        .list_all(&query, usize::MAX)?
        .iter()
        .filter_map(|file| Some((storage::text(file, "id")?.to_string(), storage::text(file, "name")?.to_string())))
        .collect();
    let lines = lines(&messages, &files, &people);
    let channel = &seen.channel;
    let data = match format {
        Format::Csv => csv(&lines),
        Format::Json => serde_json::to_string_pretty(&json!({
            "channel": { "id": channel.id, "kind": channel.kind, "name": channel.name, "topic": channel.topic },
            "exported_at": timestamp(now),
            "messages": lines,
        }))?,
    };
    let mime = match format {
        Format::Json => "application/json",
        Format::Csv => "text/csv",
    };
    Ok(FileContent { name: file_name(channel, format), mime: mime.into(), data })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(timestamp(1_763_760_746), "2025-11-21T21:32:26Z");
    }

    #[test]
    fn formats_are_json_or_csv() {
        assert_eq!(Format::parse(None).unwrap(), Format::Json);
        assert_eq!(Format::parse(Some("csv")).unwrap(), Format::Csv);
        assert_eq!(Format::parse(Some("xml")).unwrap_err().message, EXPORT_FORMAT);
    }

    fn message(id: &str, seq: i64, parent: Option<&str>, text: &str) -> Message {
        serde_json::from_value(json!({
            "id": id, "channel_id": "c", "seq": seq, "author_id": "a", "text": text, "parent_id": parent,
            "created_at": 0, "updated_at": 0, "version": 1, "mentions": null, "reactions": "odd",
        }))
        .unwrap()
    }

    #[test]
    fn csv_has_a_line_per_message_with_names_and_threads() {
        let people = vec![DirectoryEntry {
            user_id: "a".into(),
            email: "ann@example.com".into(),
            firstname: "Ann".into(),
            lastname: "Lee".into(),
            job_title: String::new(),
            time_zone: None,
            company_admin: false,
        }];
        let messages = vec![message("m1", 1, None, "hi, <@a>"), message("m2", 2, Some("m1"), "say \"yes\"")];
        let text = csv(&lines(&messages, &[], &people));
        assert_eq!(
            text,
            "seq,time,author,email,text,thread,file,edited,deleted\r\n\
             1,1970-01-01T00:00:00Z,Ann Lee,ann@example.com,\"hi, @Ann Lee\",,,no,no\r\n\
             2,1970-01-01T00:00:00Z,Ann Lee,ann@example.com,\"say \"\"yes\"\"\",1,,no,no\r\n"
        );
    }

    #[test]
    fn the_alerts_module_is_named_as_its_messages_author() {
        let mut posted = message("m1", 1, None, "🔴 Critical: Invoices failing");
        posted.author_id = crate::alerts::ALERTS_AUTHOR.into();
        let line = &lines(&[posted], &[], &[])[0];
        assert_eq!((line.author.as_str(), line.email.as_str()), ("Alerts", ""));
    }
}
