//! Messages: sending (with the channel's next seq, a thread's count, mentions and a
//! file), a module's posts (Alerts' incidents), editing and deleting one's own, reactions,
//! pages, threads, search, files and the export.

use autoscope_sdk::files::Upload;
use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, DirectoryQuery};
use serde_json::{Value, json};

use crate::channels::{self, Seen};
use crate::files::{self, FILE_NOT_FOUND};
use crate::live::{self, Mention};
use crate::store::{self, Channel, Message};
use crate::validate::{self, *};
use crate::views::*;

/// Who acts, when, and where links point.
pub struct Actor<'a> {
    pub user_id: &'a str,
    pub now: i64,
    pub portal_url: &'a str,
}

/// The views of messages, their files read in one query.
pub fn views(messages: Vec<Message>) -> Result<Vec<MessageView>> {
    let ids: Vec<&str> = messages.iter().filter_map(|message| message.file_id.as_deref()).collect();
    let stored = match ids.is_empty() {
        true => Vec::new(),
        false => files::STORE.files().list_all(&Query::default().filter("id", FilterOp::In, json!(ids)), usize::MAX)?,
    };
    let shown: Vec<FileView> = stored.iter().map(files::view).collect();
    Ok(messages
        .into_iter()
        .map(|message| {
            let file = message.file_id.as_deref().and_then(|id| shown.iter().find(|file| file.id == id)).cloned();
            view(message, file)
        })
        .collect())
}

pub fn view(message: Message, file: Option<FileView>) -> MessageView {
    MessageView {
        id: message.id,
        channel_id: message.channel_id,
        seq: message.seq,
        author_id: message.author_id,
        text: message.text,
        parent_id: message.parent_id,
        reply_count: message.reply_count,
        last_reply_at: message.last_reply_at,
        mentions: message.mentions,
        reactions: message.reactions,
        file,
        edited: message.edited,
        deleted: message.deleted,
        created_at: message.created_at,
        updated_at: message.updated_at,
    }
}

fn view_one(message: Message) -> Result<MessageView> {
    views(vec![message])?.into_iter().next().ok_or_else(|| Error::internal("a message without its view"))
}

/// The message `id` and its channel, if the caller may read the channel; 404 otherwise.
fn open(id: &str, user_id: &str) -> Result<(Message, Seen)> {
    let message = store::message(id)?.ok_or_else(|| Error::not_found(MESSAGE_NOT_FOUND))?;
    let seen = channels::open(&message.channel_id, user_id).map_err(|_| Error::not_found(MESSAGE_NOT_FOUND))?;
    Ok((message, seen))
}

/// Takes the channel's next seq: `last_seq + 1`, written with the version read, so two
/// messages sent at once never share one (the loser reads afresh and tries again). The
/// first try uses `read`, the channel as the caller just read it.
fn next_seq(read: Channel, now: i64) -> Result<Channel> {
    let channel_id = read.id.clone();
    let mut read = Some(read);
    store::retry(|| {
        let channel = match read.take() {
            Some(channel) => channel,
            None => store::channel(&channel_id)?.ok_or_else(|| Error::not_found(CHANNEL_NOT_FOUND))?,
        };
        if channel.archived {
            return Err(Error::conflict(ARCHIVED));
        }
        let mut changes = Record::new();
        changes.insert("last_seq".into(), (channel.last_seq + 1).into());
        changes.insert("last_message_at".into(), now.into());
        storage::from_record(store::channels().update(&channel_id, channel.version, changes)?)
    })
}

/// Updates a message with `change` applied to its current state, again on a version race.
fn change_message(id: &str, change: impl Fn(&Message) -> Result<Record>) -> Result<Message> {
    store::retry(|| {
        let current = store::message(id)?.ok_or_else(|| Error::not_found(MESSAGE_NOT_FOUND))?;
        let changes = change(&current)?;
        storage::from_record(store::messages().update(id, current.version, changes)?)
    })
}

/// The people `<@id>` tokens name who are in the company directory, with the author (for
/// their name), in one directory call.
fn people(text: &str, author_id: &str) -> Result<(Vec<String>, Vec<DirectoryEntry>)> {
    let tokens = validate::mention_tokens(text);
    if tokens.is_empty() {
        // No one to tell, so no name to show: most messages ask the directory nothing.
        return Ok((Vec::new(), Vec::new()));
    }
    let mut asked = tokens.clone();
    asked.push(author_id.to_string());
    let found = host::directory(&DirectoryQuery { user_ids: asked })?;
    let mentioned = tokens.into_iter().filter(|id| found.iter().any(|user| &user.user_id == id)).collect();
    Ok((mentioned, found))
}

/// Of the mentioned people, those who may read the channel, not the author; only the
/// mentioned are looked up among the members.
fn reachable(mentioned: &[String], channel: &Channel, author_id: &str) -> Result<Vec<String>> {
    let others: Vec<String> = mentioned.iter().filter(|id| *id != author_id).cloned().collect();
    let members = store::members_among(&channel.id, &others)?;
    Ok(readers(others, channel, &members))
}

/// Those of `people` who may read the channel, given which of them are `members`.
fn readers(people: Vec<String>, channel: &Channel, members: &[String]) -> Vec<String> {
    people.into_iter().filter(|id| channels::may_read(channel.kind(), members.contains(id))).collect()
}

/// The bell (and the mail for people away) of new mentions; a failure is dropped, as the
/// message is stored.
fn tell_mentioned(message: &Message, channel: &Channel, users: &[String], people: &[DirectoryEntry], actor: &Actor) {
    if users.is_empty() {
        return;
    }
    let seen: Vec<(String, i64)> = store::heartbeats(Some(users))
        .map(|beats| beats.into_iter().map(|beat| (beat.user_id, beat.seen_at)).collect())
        .unwrap_or_default();
    let away: Vec<String> = users
        .iter()
        .filter(|id| live::away(seen.iter().find(|(user, _)| user == *id).map(|(_, at)| *at), actor.now))
        .cloned()
        .collect();
    let author = live::display_name(people.iter().find(|user| user.user_id == message.author_id));
    let place = match channel.kind() {
        ChannelKind::Direct => "a direct message".to_string(),
        _ => format!("#{}", channel.name),
    };
    // The page of a message in context (as its search results open one).
    let path = match &message.parent_id {
        Some(root) => format!("/Chat?channel={}&around={}&message={root}&thread={root}", channel.id, message.seq),
        None => format!("/Chat?channel={}&around={}&message={}", channel.id, message.seq, message.id),
    };
    let text = live::render_mentions(&message.text, people);
    let mention = Mention { author, channel: place, text, path: &path, portal_url: actor.portal_url };
    let _ = live::mention(&mention, users, &away);
}

/// `POST /channels/{id}/messages`.
pub fn send(channel_id: &str, body: NewMessage, actor: &Actor) -> Result<MessageView> {
    let seen = channels::open_member(channel_id, actor.user_id)?;
    seen.open_for_writing()?;
    let text = validate::text(&body.text, body.file.is_some())?;
    let parent = match body.parent_id.as_deref() {
        Some(parent_id) => Some(thread_root(parent_id, channel_id)?),
        None => None,
    };
    let upload = body.file.map(|file| Upload { name: file.name, mime: file.mime, data: file.data });
    let checked = upload.as_ref().map(|upload| upload.check(&files::RULES)).transpose()?;
    let (mentioned, people) = people(&text, actor.user_id)?;
    let channel = next_seq(seen.channel.clone(), actor.now)?;
    let file_id = match (upload, checked) {
        (Some(upload), Some(checked)) => {
            let stored = files::STORE.insert(channel_id, &checked, Some(actor.user_id), upload.data)?;
            Some(storage::id_of(&stored)?.to_string())
        }
        _ => None,
    };
    let draft = Draft {
        channel_id,
        seq: channel.last_seq,
        author_id: actor.user_id,
        text: &text,
        parent_id: parent.as_ref().map(|root| root.id.as_str()),
        mentions: &mentioned,
        file_id: file_id.as_deref(),
        source_event: None,
    };
    let message = match insert(&draft) {
        Ok(message) => message,
        Err(err) => {
            // The seq stays taken (a gap is harmless); the file must not outlive its message.
            if let Some(id) = &file_id {
                let _ = files::STORE.delete(id);
            }
            return Err(err);
        }
    };
    let told = reachable(&message.mentions, &channel, actor.user_id)?;
    store::add_mentions(&message, &told)?;
    if let Some(root) = &parent {
        let now = actor.now;
        let root = change_message(&root.id, |current| {
            let mut changes = Record::new();
            changes.insert("reply_count".into(), (current.reply_count + 1).into());
            changes.insert("last_reply_at".into(), now.into());
            Ok(changes)
        })?;
        live::message(MessageEventKind::Edited, &view_one(root)?);
    }
    // One's own message is read.
    store::mark_read_from(seen.member.clone(), channel_id, actor.user_id, message.seq)?;
    tell_mentioned(&message, &channel, &told, &people, actor);
    announce(message)
}

/// A top-level message by a module, not a person (`author_id` such as `module:alerts`), for
/// its event `source_event`: numbered, counted as unread and pushed as a person's is, without
/// mentions, file or read marker (a module is no member).
pub fn post_by_module(
    channel: Channel,
    author_id: &str,
    text: &str,
    source_event: &str,
    now: i64,
) -> Result<MessageView> {
    let channel = next_seq(channel, now)?;
    let message = insert(&Draft {
        channel_id: &channel.id,
        seq: channel.last_seq,
        author_id,
        text,
        parent_id: None,
        mentions: &[],
        file_id: None,
        source_event: Some(source_event),
    })?;
    announce(message)
}

/// A new message, whoever writes it: a person ([`send`]) or a module ([`post_by_module`]).
struct Draft<'a> {
    channel_id: &'a str,
    /// Taken with [`next_seq`], which also moved the channel's `last_message_at`.
    seq: i64,
    author_id: &'a str,
    text: &'a str,
    parent_id: Option<&'a str>,
    mentions: &'a [String],
    file_id: Option<&'a str>,
    /// The event a module posted it for.
    source_event: Option<&'a str>,
}

fn insert(draft: &Draft) -> Result<Message> {
    let record = store::messages().insert_as(&json!({
        "channel_id": draft.channel_id, "seq": draft.seq, "author_id": draft.author_id, "text": draft.text,
        "parent_id": draft.parent_id, "mentions": draft.mentions, "reactions": [], "file_id": draft.file_id,
        "source_event": draft.source_event,
    }))?;
    storage::from_record(record)
}

/// Pushes a new message to its channel's members. Their unread counts are the messages past
/// their markers, so they grew with it: the shell reads the badge again on `chat.message`.
fn announce(message: Message) -> Result<MessageView> {
    let shown = view_one(message)?;
    live::message(MessageEventKind::Created, &shown);
    Ok(shown)
}

/// The root a reply goes to: a top-level, live message of the same channel.
fn thread_root(parent_id: &str, channel_id: &str) -> Result<Message> {
    let root = store::message(parent_id)?
        .filter(|root| root.channel_id == channel_id)
        .ok_or_else(|| Error::not_found(MESSAGE_NOT_FOUND))?;
    if root.parent_id.is_some() {
        return Err(Error::bad_request(REPLY_TO_ROOT));
    }
    if root.deleted {
        return Err(Error::bad_request(MESSAGE_DELETED));
    }
    Ok(root)
}

/// 403 unless `user_id` wrote the message (never a module's); 400 once it is deleted.
fn own(message: &Message, user_id: &str) -> Result<()> {
    if !validate::wrote(&message.author_id, user_id) {
        return Err(Error::forbidden(AUTHOR_ONLY));
    }
    if message.deleted {
        return Err(Error::bad_request(MESSAGE_DELETED));
    }
    Ok(())
}

/// `PATCH /messages/{id}`: the author's new text; new mentions are told.
pub fn edit(id: &str, body: &MessageEdit, actor: &Actor) -> Result<MessageView> {
    let (message, seen) = open(id, actor.user_id)?;
    own(&message, actor.user_id)?;
    seen.member()?;
    seen.open_for_writing()?;
    let text = validate::text(&body.text, message.file_id.is_some())?;
    let (mentioned, people) = people(&text, actor.user_id)?;
    let updated = change_message(id, |current| {
        own(current, actor.user_id)?;
        let mut changes = Record::new();
        changes.insert("text".into(), text.clone().into());
        changes.insert("mentions".into(), json!(mentioned));
        changes.insert("edited".into(), true.into());
        Ok(changes)
    })?;
    let told = reachable(&updated.mentions, &seen.channel, actor.user_id)?;
    let before = reachable(&message.mentions, &seen.channel, actor.user_id)?;
    store::set_mentions(&updated, &told)?;
    let new: Vec<String> = told.iter().filter(|id| !before.contains(id)).cloned().collect();
    tell_mentioned(&updated, &seen.channel, &new, &people, actor);
    let shown = view_one(updated)?;
    live::message(MessageEventKind::Edited, &shown);
    Ok(shown)
}

/// `DELETE /messages/{id}`: the author's; the text, file, mentions and reactions go, the
/// message stays as a placeholder (a thread's root keeps its replies).
pub fn delete(id: &str, actor: &Actor) -> Result<MessageView> {
    let (message, _) = open(id, actor.user_id)?;
    own(&message, actor.user_id)?;
    let deleted = change_message(id, |current| {
        own(current, actor.user_id)?;
        let mut changes = Record::new();
        changes.insert("text".into(), "".into());
        changes.insert("mentions".into(), json!([]));
        changes.insert("reactions".into(), json!([]));
        changes.insert("file_id".into(), Value::Null);
        changes.insert("deleted".into(), true.into());
        Ok(changes)
    })?;
    if let Some(file_id) = &message.file_id {
        files::STORE.delete(file_id)?;
    }
    store::set_mentions(&deleted, &[])?;
    if let Some(parent_id) = &deleted.parent_id {
        let root = change_message(parent_id, |current| {
            let mut changes = Record::new();
            changes.insert("reply_count".into(), (current.reply_count - 1).max(0).into());
            Ok(changes)
        })?;
        live::message(MessageEventKind::Edited, &view_one(root)?);
    }
    let shown = view_one(deleted)?;
    live::message(MessageEventKind::Deleted, &shown);
    Ok(shown)
}

/// The reactions with `user_id`'s `emoji` added, or removed when it was there; an emoji
/// nobody uses any more goes.
pub fn toggle(mut reactions: Vec<Reaction>, emoji: &str, user_id: &str) -> Vec<Reaction> {
    match reactions.iter_mut().find(|reaction| reaction.emoji == emoji) {
        Some(reaction) => match reaction.user_ids.iter().position(|id| id == user_id) {
            Some(index) => {
                reaction.user_ids.remove(index);
            }
            None => reaction.user_ids.push(user_id.to_string()),
        },
        None => reactions.push(Reaction { emoji: emoji.to_string(), user_ids: vec![user_id.to_string()] }),
    }
    reactions.retain(|reaction| !reaction.user_ids.is_empty());
    reactions
}

/// `POST /messages/{id}/reactions`: toggles the caller's reaction; members only.
pub fn react(id: &str, body: &ReactionToggle, user_id: &str) -> Result<MessageView> {
    let emoji = validate::emoji(&body.emoji)?;
    let (message, seen) = open(id, user_id)?;
    seen.member()?;
    seen.open_for_writing()?;
    if message.deleted {
        return Err(Error::bad_request(MESSAGE_DELETED));
    }
    let updated = change_message(id, |current| {
        let mut changes = Record::new();
        changes.insert("reactions".into(), json!(toggle(current.reactions.clone(), &emoji, user_id)));
        Ok(changes)
    })?;
    let shown = view_one(updated)?;
    live::message(MessageEventKind::Reaction, &shown);
    Ok(shown)
}

pub const DEFAULT_PAGE: u32 = 50;
pub const MAX_PAGE: u32 = 200;

/// A page size asked for: default 50, within 1 to 200.
pub fn page_size(asked: Option<i64>) -> u32 {
    asked.map_or(DEFAULT_PAGE, |n| u32::try_from(n.clamp(1, i64::from(MAX_PAGE))).unwrap_or(DEFAULT_PAGE))
}

fn top_level(channel_id: &str) -> Query {
    Query::default().eq("channel_id", channel_id).filter("parent_id", FilterOp::IsNull, Value::Null)
}

/// Up to `limit` top-level messages older than `before` (all when none), newest first,
/// and whether there are more.
fn older(channel_id: &str, before: Option<i64>, limit: u32) -> Result<(Vec<Message>, bool)> {
    let mut query = top_level(channel_id).sort_desc("seq").limit(limit + 1);
    if let Some(before) = before {
        query = query.filter("seq", FilterOp::Lt, before);
    }
    let mut found = store::decode_messages(store::list_messages(&query)?.items)?;
    let more = found.len() > limit as usize;
    found.truncate(limit as usize);
    Ok((found, more))
}

/// `GET /channels/{id}/messages?before_seq=&around_seq=&limit=`: ascending seq.
pub fn page(
    channel_id: &str,
    before: Option<i64>,
    around: Option<i64>,
    limit: u32,
    user_id: &str,
) -> Result<MessagePage> {
    channels::open(channel_id, user_id)?;
    let (mut messages, has_more) = match around {
        None => older(channel_id, before, limit)?,
        Some(seq) => {
            // Half before (with N itself), the rest after.
            let (mut earlier, more) = older(channel_id, Some(seq + 1), limit.div_ceil(2))?;
            let after = limit - u32::try_from(earlier.len()).unwrap_or(limit);
            if after > 0 {
                let query = top_level(channel_id).filter("seq", FilterOp::Gt, seq).sort("seq").limit(after);
                let mut later = store::decode_messages(store::list_messages(&query)?.items)?;
                later.reverse();
                later.append(&mut earlier);
                earlier = later;
            }
            (earlier, more)
        }
    };
    messages.reverse();
    Ok(MessagePage { messages: views(messages)?, has_more })
}

/// `GET /messages/{id}/thread`: the root (of a reply: its root) and its replies.
pub fn thread(id: &str, user_id: &str) -> Result<Thread> {
    let (message, _) = open(id, user_id)?;
    let root = match &message.parent_id {
        Some(parent_id) => store::message(parent_id)?.ok_or_else(|| Error::not_found(MESSAGE_NOT_FOUND))?,
        None => message,
    };
    let query = Query::default().eq("parent_id", root.id.as_str()).sort("seq");
    let replies = store::decode_messages(store::messages().list_all(&query, 2000)?)?;
    let mut shown = views(std::iter::once(root).chain(replies).collect())?;
    let root = shown.remove(0);
    Ok(Thread { root, replies: shown })
}

pub const SEARCH_LIMIT: u32 = 20;
pub const SEARCH_MAX: u32 = 50;

/// `GET /search?q=&limit=`: messages in channels the caller may read, newest first.
pub fn search(q: &str, limit: Option<i64>, user_id: &str) -> Result<SearchResults> {
    let q = validate::query(q)?;
    let limit =
        limit.map_or(SEARCH_LIMIT, |n| u32::try_from(n.clamp(1, i64::from(SEARCH_MAX))).unwrap_or(SEARCH_LIMIT));
    let mut readable = channels::readable(user_id)?;
    if readable.is_empty() {
        return Ok(SearchResults { results: Vec::new() });
    }
    // The storage's `in` takes 1,000 values: the most recently active channels first.
    readable.sort_by_key(|channel| std::cmp::Reverse(channel.last_message_at));
    let ids: Vec<&str> = readable.iter().take(1000).map(|channel| channel.id.as_str()).collect();
    let query = Query::default()
        .filter("text", FilterOp::Contains, q.as_str())
        .filter("channel_id", FilterOp::In, json!(ids))
        .eq("deleted", false)
        // The id (a UUIDv7) breaks ties within a second, newest first too.
        .sort_desc("created_at")
        .limit(limit);
    let found = views(store::decode_messages(store::list_messages(&query)?.items)?)?;
    let results = found
        .into_iter()
        .map(|message| {
            let channel_name = readable
                .iter()
                .find(|channel| channel.id == message.channel_id)
                .map(|channel| channel.name.clone())
                .unwrap_or_default();
            SearchHit { channel_id: message.channel_id.clone(), channel_name, message }
        })
        .collect();
    Ok(SearchResults { results })
}

/// `GET /files/{id}`: the content, for members of the file's channel only (404 otherwise).
pub fn download(id: &str, user_id: &str) -> Result<Value> {
    let file = files::STORE.get(id, FILE_NOT_FOUND)?;
    let channel_id = storage::text(&file, "channel_id").unwrap_or_default();
    if store::membership(channel_id, user_id)?.is_none() {
        return Err(Error::not_found(FILE_NOT_FOUND));
    }
    files::STORE.download(id, FILE_NOT_FOUND)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reaction(emoji: &str, users: &[&str]) -> Reaction {
        Reaction { emoji: emoji.into(), user_ids: users.iter().map(|id| id.to_string()).collect() }
    }

    #[test]
    fn reactions_toggle_per_user() {
        let added = toggle(vec![], "👍", "a");
        assert_eq!(added, vec![reaction("👍", &["a"])]);
        let both = toggle(added, "👍", "b");
        assert_eq!(both, vec![reaction("👍", &["a", "b"])]);
        let other = toggle(both, "🎉", "a");
        assert_eq!(other, vec![reaction("👍", &["a", "b"]), reaction("🎉", &["a"])]);
        let removed = toggle(other, "🎉", "a");
        assert_eq!(removed, vec![reaction("👍", &["a", "b"])]);
    }

    fn channel(kind: &str) -> Channel {
        serde_json::from_value(json!({ "id": "c", "kind": kind, "version": 1 })).unwrap()
    }

    #[test]
    fn mentions_reach_those_who_may_read_the_channel() {
        let ids = |list: &[&str]| list.iter().map(|id| id.to_string()).collect::<Vec<_>>();
        let mentioned = ids(&["member", "outsider"]);
        let members = ids(&["member"]);
        assert_eq!(readers(mentioned.clone(), &channel("private"), &members), ids(&["member"]));
        assert_eq!(readers(mentioned.clone(), &channel("direct"), &members), ids(&["member"]));
        assert_eq!(readers(mentioned, &channel("public"), &members), ids(&["member", "outsider"]));
    }

    #[test]
    fn page_sizes_are_bounded() {
        assert_eq!(page_size(None), 50);
        assert_eq!(page_size(Some(0)), 1);
        assert_eq!(page_size(Some(10_000)), 200);
        assert_eq!(page_size(Some(20)), 20);
    }
}
