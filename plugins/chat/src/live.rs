//! Live pushes (`chat.<name>` on the remote) to exactly the users concerned, and the bell
//! and mail of mentions.
//!
//! A push that fails is dropped: the write it reports is stored, and the remote reads
//! again on its next refetch, so failing the request would only make the caller retry a
//! write that happened.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, Mail, Notify};
use serde::Serialize;
use serde_json::Map;

use crate::views::*;

/// Pushes to `users` only: an empty list would reach everyone, so it sends nothing.
fn push<T: Serialize>(name: &str, payload: &T, users: &[String]) {
    if users.is_empty() {
        return;
    }
    for chunk in users.chunks(autoscope_sdk::wire::host::MAX_REALTIME_USERS) {
        let _ = host::realtime_to(name, payload, chunk);
    }
}

/// To the members of the message's channel.
pub fn message(event: MessageEventKind, message: &MessageView) {
    let audience = crate::store::members_audience(&message.channel_id);
    let _ = host::realtime_to_users_in("message", &MessageEvent { event, message: message.clone() }, audience);
}

pub fn channel_changed(channel_id: &str, users: &[String]) {
    push("channel", &ChannelEvent { channel_id: channel_id.to_string() }, users);
}

pub fn read(channel_id: &str, user_id: &str, last_read_seq: i64, members: &[String]) {
    let event = ReadEvent { channel_id: channel_id.into(), user_id: user_id.into(), last_read_seq };
    push("read", &event, members);
}

pub fn typing(channel_id: &str, user_id: &str, others: &[String]) {
    push("typing", &TypingEvent { channel_id: channel_id.into(), user_id: user_id.into() }, others);
}

/// To everyone: presence is company-wide.
pub fn presence(user_id: &str, status: PresenceStatus) {
    let _ = host::realtime("presence", &PresenceEvent { user_id: user_id.into(), status });
}

/// How long after their last heartbeat a mentioned person is mailed too.
pub const AWAY_FOR_MAIL: i64 = 10 * 60;

/// Whether a mentioned person should get a mail: no heartbeat, or none for 10 minutes.
pub fn away(seen_at: Option<i64>, now: i64) -> bool {
    seen_at.is_none_or(|seen| now - seen > AWAY_FOR_MAIL)
}

/// A person's name as mails and notifications show it.
pub fn display_name(user: Option<&DirectoryEntry>) -> String {
    let Some(user) = user else { return "Someone".into() };
    let name = format!("{} {}", user.firstname.trim(), user.lastname.trim());
    match name.trim() {
        "" => user.email.clone(),
        name => name.to_string(),
    }
}

/// The text with each `<@id>` shown as `@First Last` (unknown ids as `@someone`).
pub fn render_mentions(text: &str, people: &[DirectoryEntry]) -> String {
    let mut out = text.to_string();
    for id in crate::validate::mention_tokens(text) {
        let shown = match people.iter().find(|user| user.user_id == id) {
            Some(user) => format!("@{}", display_name(Some(user))),
            None => "@someone".into(),
        };
        out = out.replace(&format!("<@{id}>"), &shown);
    }
    out
}

/// What a mention says: who, where, the text and the page of the message.
pub struct Mention<'a> {
    pub author: String,
    /// `#name`, or "a direct message".
    pub channel: String,
    pub text: String,
    /// The message in context on the Chat page (`/Chat?channel=…`).
    pub path: &'a str,
    /// The portal's address, before the path in mails.
    pub portal_url: &'a str,
}

/// A bell for each of `users`, and a mail for those of them `away`.
pub fn mention(mention: &Mention, users: &[String], away: &[String]) -> Result<()> {
    if users.is_empty() {
        return Ok(());
    }
    let message = format!("{} mentioned you in {}", mention.author, mention.channel);
    host::notify(&Notify { user_ids: users.to_vec(), message, link: Some(mention.path.to_string()) })?;
    if !away.is_empty() {
        let mut values = Map::new();
        values.insert("author".into(), mention.author.clone().into());
        values.insert("channel".into(), mention.channel.clone().into());
        values.insert("text".into(), mention.text.clone().into());
        values.insert("link".into(), format!("{}{}", mention.portal_url, mention.path).into());
        host::mail(&Mail { template: "mention".into(), user_ids: away.to_vec(), values })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(id: &str, first: &str, last: &str) -> DirectoryEntry {
        DirectoryEntry {
            user_id: id.into(),
            email: format!("{id}@example.com"),
            firstname: first.into(),
            lastname: last.into(),
            job_title: String::new(),
            time_zone: None,
            company_admin: false,
        }
    }

    #[test]
    fn people_away_for_ten_minutes_are_mailed() {
        assert!(away(None, 1000));
        assert!(!away(Some(1000 - 600), 1000));
        assert!(away(Some(1000 - 601), 1000));
    }

    #[test]
    fn names_fall_back_to_the_email() {
        assert_eq!(display_name(Some(&person("a", "Ann", "Lee"))), "Ann Lee");
        assert_eq!(display_name(Some(&person("b", " ", ""))), "b@example.com");
        assert_eq!(display_name(None), "Someone");
    }

    #[test]
    fn mentions_render_as_names() {
        let people = [person("a", "Ann", "Lee")];
        assert_eq!(render_mentions("hi <@a> and <@zz>", &people), "hi @Ann Lee and @someone");
    }
}
