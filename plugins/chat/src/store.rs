//! The collections (module.toml) as typed records, and the reads and writes the flows
//! share. Every read stays within the calling company (the host sees to it).

use autoscope_sdk::prelude::*;
use serde::Deserialize;
use serde_json::json;

use crate::views::{ChannelKind, Reaction};

pub fn channels() -> Collection {
    collection("channels")
}
/// The channels' members: one record per member and channel.
pub const MEMBERS: &str = "members";

pub fn members() -> Collection {
    collection(MEMBERS)
}
pub fn messages() -> Collection {
    collection("messages")
}
pub fn mentions() -> Collection {
    collection("mentions")
}
pub fn presence() -> Collection {
    collection("presence")
}

/// How often a write that lost a version race is tried again. Each loss is another
/// writer's success, so this many people posting to one channel at the same instant all get
/// through.
pub const ATTEMPTS: usize = 8;
pub const BUSY: &str = "Many people are writing here at once; please try again";

/// Runs `write` again while it answers 409 (someone else changed the record between our
/// read and our update), at most [`ATTEMPTS`] times.
pub fn retry<T>(mut write: impl FnMut() -> Result<T>) -> Result<T> {
    for _ in 1..ATTEMPTS {
        match write() {
            Err(err) if err.status == 409 => continue,
            other => return other,
        }
    }
    write().map_err(|err| if err.status == 409 { Error::conflict(BUSY) } else { err })
}

#[derive(Debug, Clone, Deserialize)]
pub struct Channel {
    pub id: String,
    pub kind: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub topic: String,
    #[serde(default)]
    pub archived: bool,
    #[serde(default)]
    pub created_by: String,
    #[serde(default)]
    pub last_seq: i64,
    pub last_message_at: Option<i64>,
    pub version: i64,
}

impl Channel {
    pub fn kind(&self) -> ChannelKind {
        // The manifest allows only the three values; a private one is the safe reading.
        ChannelKind::parse(&self.kind).unwrap_or(ChannelKind::Private)
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Member {
    pub id: String,
    pub channel_id: String,
    pub user_id: String,
    #[serde(default)]
    pub last_read_seq: i64,
    pub version: i64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Message {
    pub id: String,
    pub channel_id: String,
    pub seq: i64,
    pub author_id: String,
    #[serde(default)]
    pub text: String,
    pub parent_id: Option<String>,
    #[serde(default)]
    pub reply_count: i64,
    pub last_reply_at: Option<i64>,
    #[serde(default, deserialize_with = "storage::json_or_default")]
    pub mentions: Vec<String>,
    #[serde(default, deserialize_with = "storage::json_or_default")]
    pub reactions: Vec<Reaction>,
    pub file_id: Option<String>,
    #[serde(default)]
    pub edited: bool,
    #[serde(default)]
    pub deleted: bool,
    pub created_at: i64,
    pub updated_at: i64,
    pub version: i64,
}

fn decode<T: serde::de::DeserializeOwned>(record: Record) -> Result<T> {
    storage::from_record(record)
}

pub fn channel(id: &str) -> Result<Option<Channel>> {
    channels().get(id)?.map(decode).transpose()
}

pub fn channels_by_ids(ids: &[String]) -> Result<Vec<Channel>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut found = Vec::new();
    for chunk in ids.chunks(1000) {
        let query = Query::default().filter("id", FilterOp::In, json!(chunk));
        found.extend(
            channels().list_all(&query, usize::MAX)?.into_iter().map(decode).collect::<Result<Vec<Channel>>>()?,
        );
    }
    Ok(found)
}

pub fn public_channels() -> Result<Vec<Channel>> {
    let query = Query::default().eq("kind", "public");
    channels().list_all(&query, usize::MAX)?.into_iter().map(decode).collect()
}

/// The direct channel of exactly these members, if any.
pub fn direct_channel(key: &str) -> Result<Option<Channel>> {
    let page = channels().list(&Query::default().eq("kind", "direct").eq("direct_key", key).limit(1))?;
    page.items.into_iter().next().map(decode).transpose()
}

/// Whether another channel (not `except`) already has this name, whatever its case.
pub fn name_taken(name: &str, except: Option<&str>) -> Result<bool> {
    let mut filters = vec![storage::filter("name_key", FilterOp::Eq, name.to_lowercase())];
    if let Some(id) = except {
        filters.push(storage::filter("id", FilterOp::Ne, id));
    }
    Ok(channels().count(filters)? > 0)
}

pub fn membership(channel_id: &str, user_id: &str) -> Result<Option<Member>> {
    let page = members().list(&Query::default().eq("channel_id", channel_id).eq("user_id", user_id).limit(1))?;
    page.items.into_iter().next().map(decode).transpose()
}

/// A user's memberships, every channel.
pub fn memberships_of(user_id: &str) -> Result<Vec<Member>> {
    members().list_all(&Query::default().eq("user_id", user_id), usize::MAX)?.into_iter().map(decode).collect()
}

/// The members of these channels.
pub fn members_of(channel_ids: &[String]) -> Result<Vec<Member>> {
    let mut found = Vec::new();
    for chunk in channel_ids.chunks(1000) {
        let query = Query::default().filter("channel_id", FilterOp::In, json!(chunk)).sort("created_at");
        found.extend(members().list_all(&query, usize::MAX)?.into_iter().map(decode).collect::<Result<Vec<Member>>>()?);
    }
    Ok(found)
}

/// The members of `channel_id` as a realtime audience, read by the host: a message to a
/// channel of thousands costs no read of its members here.
pub fn members_audience(channel_id: &str) -> autoscope_sdk::wire::host::UsersIn {
    autoscope_sdk::wire::host::UsersIn {
        collection: MEMBERS.into(),
        filters: vec![storage::filter("channel_id", FilterOp::Eq, channel_id)],
        field: "user_id".into(),
    }
}

/// Those of `user_ids` who are members of `channel_id`.
pub fn members_among(channel_id: &str, user_ids: &[String]) -> Result<Vec<String>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    #[derive(Deserialize)]
    struct Id {
        user_id: String,
    }
    let query = Query::default()
        .eq("channel_id", channel_id)
        .filter("user_id", FilterOp::In, json!(user_ids))
        .fields(["user_id"]);
    Ok(members().list_all_as::<Id>(&query, usize::MAX)?.into_iter().map(|member| member.user_id).collect())
}

/// The user ids of a channel's members (only `user_id` is fetched).
pub fn member_ids(channel_id: &str) -> Result<Vec<String>> {
    #[derive(Deserialize)]
    struct Id {
        user_id: String,
    }
    let query = Query::default().eq("channel_id", channel_id).fields(["user_id"]);
    Ok(members().list_all_as::<Id>(&query, usize::MAX)?.into_iter().map(|member| member.user_id).collect())
}

pub fn add_members(channel_id: &str, user_ids: &[String], last_read_seq: i64) -> Result<()> {
    if user_ids.is_empty() {
        return Ok(());
    }
    let records = user_ids
        .iter()
        .map(|user_id| {
            storage::to_record(&json!({ "channel_id": channel_id, "user_id": user_id, "last_read_seq": last_read_seq }))
        })
        .collect::<Result<Vec<Record>>>()?;
    members().insert_many(records).map(drop)
}

/// Moves a member's marker forward to `seq` (never back); answers the marker now.
pub fn mark_read(channel_id: &str, user_id: &str, seq: i64) -> Result<i64> {
    mark_read_from(None, channel_id, user_id, seq)
}

/// [`mark_read`] starting from `read`, the membership as the caller just read it (a lost
/// race reads afresh).
pub fn mark_read_from(mut read: Option<Member>, channel_id: &str, user_id: &str, seq: i64) -> Result<i64> {
    retry(|| {
        let member = match read.take() {
            Some(member) => member,
            None => membership(channel_id, user_id)?.ok_or_else(|| Error::forbidden(crate::validate::NOT_MEMBER))?,
        };
        if seq <= member.last_read_seq {
            return Ok(member.last_read_seq);
        }
        let mut changes = Record::new();
        changes.insert("last_read_seq".into(), seq.into());
        members().update(&member.id, member.version, changes)?;
        Ok(seq)
    })
}

pub fn message(id: &str) -> Result<Option<Message>> {
    messages().get(id)?.map(decode).transpose()
}

/// Whether a message was posted for the event `event_id` already (events come at least once).
pub fn posted(event_id: &str) -> Result<bool> {
    Ok(messages().count(vec![storage::filter("source_event", FilterOp::Eq, event_id)])? > 0)
}

pub fn list_messages(query: &Query) -> Result<Page> {
    messages().list(query)
}

pub fn decode_messages(records: Vec<Record>) -> Result<Vec<Message>> {
    records.into_iter().map(decode).collect()
}

/// Messages of `channel_id` after `after_seq` by others than `user_id`, not deleted:
/// the caller's unread count.
pub fn unread(channel_id: &str, user_id: &str, after_seq: i64) -> Result<i64> {
    let filters = vec![
        storage::filter("channel_id", FilterOp::Eq, channel_id),
        storage::filter("seq", FilterOp::Gt, after_seq),
        storage::filter("author_id", FilterOp::Ne, user_id),
        storage::filter("deleted", FilterOp::Eq, false),
    ];
    Ok(i64::try_from(messages().count(filters)?).unwrap_or(i64::MAX))
}

/// Mentions of `user_id` in `channel_id` after `after_seq`.
pub fn unread_mentions(channel_id: &str, user_id: &str, after_seq: i64) -> Result<i64> {
    let filters = vec![
        storage::filter("user_id", FilterOp::Eq, user_id),
        storage::filter("channel_id", FilterOp::Eq, channel_id),
        storage::filter("seq", FilterOp::Gt, after_seq),
    ];
    Ok(i64::try_from(mentions().count(filters)?).unwrap_or(i64::MAX))
}

/// Replaces a message's mention records with these users'.
pub fn set_mentions(message: &Message, user_ids: &[String]) -> Result<()> {
    mentions().delete_matching(vec![storage::filter("message_id", FilterOp::Eq, message.id.as_str())])?;
    add_mentions(message, user_ids)
}

/// The mentions of a message that has none stored yet (a new one).
pub fn add_mentions(message: &Message, user_ids: &[String]) -> Result<()> {
    if user_ids.is_empty() {
        return Ok(());
    }
    let records = user_ids
        .iter()
        .map(|user_id| {
            storage::to_record(&json!({
                "message_id": message.id, "channel_id": message.channel_id, "user_id": user_id, "seq": message.seq,
            }))
        })
        .collect::<Result<Vec<Record>>>()?;
    mentions().insert_many(records).map(drop)
}

/// A user's latest heartbeat: `(record id, version, status, seen_at)`.
pub struct Beat {
    pub id: String,
    pub version: i64,
    pub user_id: String,
    pub status: String,
    pub seen_at: i64,
}

fn beat(record: &Record) -> Option<Beat> {
    Some(Beat {
        id: storage::text(record, "id")?.to_string(),
        version: record.get("version")?.as_i64()?,
        user_id: storage::text(record, "user_id")?.to_string(),
        status: storage::text(record, "status")?.to_string(),
        seen_at: record.get("seen_at")?.as_i64()?,
    })
}

pub fn heartbeats(user_ids: Option<&[String]>) -> Result<Vec<Beat>> {
    let mut query = Query::default();
    if let Some(ids) = user_ids {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        query = query.filter("user_id", FilterOp::In, json!(ids));
    }
    Ok(presence().list_all(&query, 10_000)?.iter().filter_map(beat).collect())
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    #[test]
    fn version_races_are_tried_again_a_few_times() {
        let calls = Cell::new(0);
        let won = retry(|| {
            calls.set(calls.get() + 1);
            match calls.get() {
                1 | 2 => Err(Error::conflict("changed")),
                n => Ok(n),
            }
        });
        assert_eq!(won, Ok(3));

        calls.set(0);
        let lost: Result<()> = retry(|| {
            calls.set(calls.get() + 1);
            Err(Error::conflict("changed"))
        });
        assert_eq!((lost.unwrap_err().message.as_str(), calls.get()), (BUSY, ATTEMPTS));

        calls.set(0);
        let other: Result<()> = retry(|| {
            calls.set(calls.get() + 1);
            Err(Error::not_found("gone"))
        });
        assert_eq!((other.unwrap_err().status, calls.get()), (404, 1));
    }
}
