//! Channels: who may see them, their views with the caller's unread and mention counts,
//! creating, direct conversations, changes, joining, leaving, invitations and markers.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;
use serde_json::json;

use crate::live;
use crate::store::{self, Channel, Member};
use crate::validate::{self, *};
use crate::views::*;

/// Whether a user may read a channel: its members, and anyone of the company for a public
/// one. Private and direct channels do not exist for anyone else (404, never 403, so their
/// existence is not revealed).
pub fn may_read(kind: ChannelKind, is_member: bool) -> bool {
    is_member || kind == ChannelKind::Public
}

/// A channel the caller may read, with the caller's membership.
pub struct Seen {
    pub channel: Channel,
    pub member: Option<Member>,
}

impl Seen {
    /// 403 unless the caller is a member (the channel is visible: it is public).
    pub fn member(&self) -> Result<&Member> {
        self.member.as_ref().ok_or_else(|| Error::forbidden(NOT_MEMBER))
    }

    /// 409 when the channel is archived: it takes no new messages.
    pub fn open_for_writing(&self) -> Result<()> {
        match self.channel.archived {
            true => Err(Error::conflict(ARCHIVED)),
            false => Ok(()),
        }
    }
}

/// The channel `id` if `user_id` may read it; 404 otherwise.
pub fn open(id: &str, user_id: &str) -> Result<Seen> {
    let channel = store::channel(id)?.ok_or_else(|| Error::not_found(CHANNEL_NOT_FOUND))?;
    let member = store::membership(id, user_id)?;
    match may_read(channel.kind(), member.is_some()) {
        true => Ok(Seen { channel, member }),
        false => Err(Error::not_found(CHANNEL_NOT_FOUND)),
    }
}

/// The channel `id` if `user_id` is a member: 404 when they may not see it, 403 when it is
/// public and they have not joined.
pub fn open_member(id: &str, user_id: &str) -> Result<Seen> {
    let seen = open(id, user_id)?;
    seen.member()?;
    Ok(seen)
}

/// The caller's counts of one channel: `(unread, mentions)`. No query when the marker is at
/// the end (the usual case), and none for a channel not joined.
fn counts(channel: &Channel, member: Option<&Member>, user_id: &str) -> Result<(i64, i64)> {
    match member {
        Some(member) if channel.last_seq > member.last_read_seq => Ok((
            store::unread(&channel.id, user_id, member.last_read_seq)?,
            store::unread_mentions(&channel.id, user_id, member.last_read_seq)?,
        )),
        _ => Ok((0, 0)),
    }
}

/// The view of a channel for `user_id`, given all its members.
pub fn view_of(channel: &Channel, members: &[&Member], user_id: &str) -> Result<ChannelView> {
    let mine = members.iter().copied().find(|member| member.user_id == user_id);
    let (unread, mentions) = counts(channel, mine, user_id)?;
    let kind = channel.kind();
    let reads = match kind {
        ChannelKind::Direct => members
            .iter()
            .map(|member| ReadMarker { user_id: member.user_id.clone(), last_read_seq: member.last_read_seq })
            .collect(),
        _ => Vec::new(),
    };
    Ok(ChannelView {
        id: channel.id.clone(),
        kind,
        name: channel.name.clone(),
        topic: channel.topic.clone(),
        archived: channel.archived,
        member_ids: members.iter().map(|member| member.user_id.clone()).collect(),
        joined: mine.is_some(),
        unread,
        mentions,
        last_read_seq: mine.map_or(0, |member| member.last_read_seq),
        last_seq: channel.last_seq,
        last_message_at: channel.last_message_at,
        reads,
        created_by: channel.created_by.clone(),
    })
}

/// The view of one channel, its members read afresh.
pub fn view(channel: &Channel, user_id: &str) -> Result<ChannelView> {
    let members = store::members_of(std::slice::from_ref(&channel.id))?;
    view_of(channel, &members.iter().collect::<Vec<_>>(), user_id)
}

/// `GET /channels/{id}`.
pub fn get(id: &str, user_id: &str) -> Result<ChannelView> {
    view(&open(id, user_id)?.channel, user_id)
}

/// The order of the list: live channels before archived ones, then the latest activity
/// first, then by name.
pub fn sort_views(views: &mut [ChannelView]) {
    views.sort_by(|a, b| {
        a.archived
            .cmp(&b.archived)
            .then_with(|| b.last_message_at.unwrap_or(i64::MIN).cmp(&a.last_message_at.unwrap_or(i64::MIN)))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then_with(|| a.id.cmp(&b.id))
    });
}

/// The channels `user_id` may read: theirs of every kind, and the public ones.
pub fn readable(user_id: &str) -> Result<Vec<Channel>> {
    let ids: Vec<String> = store::memberships_of(user_id)?.into_iter().map(|member| member.channel_id).collect();
    let mut channels = store::channels_by_ids(&ids)?;
    for public in store::public_channels()? {
        if !ids.contains(&public.id) {
            channels.push(public);
        }
    }
    Ok(channels)
}

/// `GET /channels`: the caller's channels of every kind and the public ones not joined.
pub fn list(user_id: &str) -> Result<ChannelList> {
    let channels = readable(user_id)?;
    let ids: Vec<String> = channels.iter().map(|channel| channel.id.clone()).collect();
    let members = store::members_of(&ids)?;
    let mut views = channels
        .iter()
        .map(|channel| {
            let of: Vec<&Member> = members.iter().filter(|member| member.channel_id == channel.id).collect();
            view_of(channel, &of, user_id)
        })
        .collect::<Result<Vec<_>>>()?;
    sort_views(&mut views);
    Ok(ChannelList { channels: views })
}

/// 400 unless every id is a user of the company.
pub fn check_people(user_ids: &[String]) -> Result<()> {
    if user_ids.is_empty() {
        return Ok(());
    }
    let found = host::directory(&DirectoryQuery { user_ids: user_ids.to_vec() })?;
    match user_ids.iter().all(|id| found.iter().any(|user| &user.user_id == id)) {
        true => Ok(()),
        false => Err(Error::bad_request(UNKNOWN_PERSON)),
    }
}

/// The distinct, non-blank ids of a list, without `except`.
pub fn distinct(ids: &[String], except: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for id in ids.iter().map(|id| id.trim()).filter(|id| !id.is_empty() && *id != except) {
        if !out.iter().any(|known| known == id) {
            out.push(id.to_string());
        }
    }
    out
}

/// `POST /channels`: a public or private channel; the creator and `member_ids` join it.
pub fn create(body: &NewChannel, user_id: &str) -> Result<ChannelView> {
    if body.kind == ChannelKind::Direct {
        return Err(Error::bad_request(KIND_REQUIRED));
    }
    let name = validate::name(&body.name)?;
    let topic = validate::topic(body.topic.as_deref().unwrap_or_default())?;
    let others = distinct(body.member_ids.as_deref().unwrap_or_default(), user_id);
    check_people(&others)?;
    if store::name_taken(&name, None)? {
        return Err(Error::conflict(NAME_TAKEN));
    }
    let record = store::channels().insert_as(&json!({
        "kind": body.kind.as_str(), "name_key": name.to_lowercase(), "name": name, "topic": topic, "created_by": user_id,
    }))?;
    let channel: Channel = storage::from_record(record)?;
    let everyone: Vec<String> = std::iter::once(user_id.to_string()).chain(others).collect();
    store::add_members(&channel.id, &everyone, 0)?;
    live::channel_changed(&channel.id, &everyone);
    view(&channel, user_id)
}

/// `POST /direct`: the conversation of the caller and these people, made when new.
/// Answers whether it was made.
pub fn direct(body: &NewDirect, user_id: &str) -> Result<(ChannelView, bool)> {
    let others = validate::direct_others(user_id, &body.user_ids)?;
    let key = validate::direct_key(user_id, &others);
    if let Some(channel) = store::direct_channel(&key)? {
        return Ok((view(&channel, user_id)?, false));
    }
    check_people(&others)?;
    let record = store::channels().insert_as(&json!({
        "kind": "direct", "name": "", "created_by": user_id, "direct_key": key,
    }))?;
    let channel: Channel = storage::from_record(record)?;
    let everyone: Vec<String> = std::iter::once(user_id.to_string()).chain(others).collect();
    store::add_members(&channel.id, &everyone, 0)?;
    live::channel_changed(&channel.id, &everyone);
    Ok((view(&channel, user_id)?, true))
}

/// `PATCH /channels/{id}`: name, topic, archived; members only.
pub fn update(id: &str, change: &ChannelChange, user_id: &str) -> Result<ChannelView> {
    let seen = open_member(id, user_id)?;
    let direct = seen.channel.kind() == ChannelKind::Direct;
    let mut changes = Record::new();
    if let Some(name) = &change.name {
        if direct {
            return Err(Error::bad_request(DIRECT_FIXED));
        }
        let name = validate::name(name)?;
        if store::name_taken(&name, Some(id))? {
            return Err(Error::conflict(NAME_TAKEN));
        }
        changes.insert("name_key".into(), name.to_lowercase().into());
        changes.insert("name".into(), name.into());
    }
    if let Some(topic) = &change.topic {
        changes.insert("topic".into(), validate::topic(topic)?.into());
    }
    if let Some(archived) = change.archived {
        changes.insert("archived".into(), archived.into());
    }
    let channel = match changes.is_empty() {
        true => seen.channel,
        // A message taking a seq meanwhile changes the version: read afresh and try again.
        false => store::retry(|| {
            let current = store::channel(id)?.ok_or_else(|| Error::not_found(CHANNEL_NOT_FOUND))?;
            storage::from_record(store::channels().update(id, current.version, changes.clone())?)
        })?,
    };
    live::channel_changed(id, &store::member_ids(id)?);
    view(&channel, user_id)
}

/// `POST /channels/{id}/join`: public channels only; the marker starts at the end.
pub fn join(id: &str, user_id: &str) -> Result<ChannelView> {
    let seen = open(id, user_id)?;
    if seen.channel.kind() != ChannelKind::Public {
        return Err(Error::bad_request(JOIN_PUBLIC_ONLY));
    }
    if seen.member.is_none() {
        store::add_members(id, &[user_id.to_string()], seen.channel.last_seq)?;
        live::channel_changed(id, &store::member_ids(id)?);
    }
    view(&seen.channel, user_id)
}

/// `POST /channels/{id}/leave`: not a direct conversation.
pub fn leave(id: &str, user_id: &str) -> Result<()> {
    let seen = open_member(id, user_id)?;
    if seen.channel.kind() == ChannelKind::Direct {
        return Err(Error::bad_request(DIRECT_FIXED));
    }
    let member = seen.member()?;
    store::members().delete(&member.id, None)?;
    // The one who left hears it too: the shell reads their badge again on `chat.channel`.
    let mut told = store::member_ids(id)?;
    told.push(user_id.to_string());
    live::channel_changed(id, &told);
    Ok(())
}

/// `POST /channels/{id}/members`: members invite people of the company.
pub fn invite(id: &str, body: &Invite, user_id: &str) -> Result<ChannelView> {
    let seen = open_member(id, user_id)?;
    if seen.channel.kind() == ChannelKind::Direct {
        return Err(Error::bad_request(DIRECT_FIXED));
    }
    let current = store::member_ids(id)?;
    let wanted = distinct(&body.user_ids, "");
    if wanted.is_empty() {
        return Err(Error::bad_request(PEOPLE_REQUIRED));
    }
    check_people(&wanted)?;
    let new: Vec<String> = wanted.into_iter().filter(|id| !current.contains(id)).collect();
    // Invited people start at the end: the history is there to read, not to count.
    store::add_members(id, &new, seen.channel.last_seq)?;
    if !new.is_empty() {
        live::channel_changed(id, &store::member_ids(id)?);
    }
    view(&seen.channel, user_id)
}

/// `POST /channels/{id}/read`: the caller's marker to `seq` (default the last), never
/// backwards nor past the last message.
pub fn read(id: &str, seq: Option<i64>, user_id: &str) -> Result<ChannelView> {
    let seen = open_member(id, user_id)?;
    let target = marker_target(seq, seen.channel.last_seq);
    let before = seen.member()?.last_read_seq;
    let now = store::mark_read(id, user_id, target)?;
    if now != before {
        // The reader's own tabs follow (and their shell reads the badge again on
        // `chat.read`); in a direct conversation the others see it as a receipt. Nobody else
        // needs it: telling a whole channel would make every member's shell read its badge.
        let told = match seen.channel.kind() {
            ChannelKind::Direct => store::member_ids(id)?,
            _ => vec![user_id.to_string()],
        };
        live::read(id, user_id, now, &told);
    }
    view(&seen.channel, user_id)
}

/// Where a marker asked for `seq` lands: within `0..=last_seq`.
pub fn marker_target(seq: Option<i64>, last_seq: i64) -> i64 {
    seq.unwrap_or(last_seq).clamp(0, last_seq.max(0))
}

/// `GET /badge`: the caller's unread total over joined channels.
pub fn badge(user_id: &str) -> Result<Badge> {
    let memberships = store::memberships_of(user_id)?;
    let ids: Vec<String> = memberships.iter().map(|member| member.channel_id.clone()).collect();
    let mut count = 0;
    for channel in store::channels_by_ids(&ids)? {
        let member = memberships.iter().find(|member| member.channel_id == channel.id);
        count += counts(&channel, member, user_id)?.0;
    }
    Ok(Badge { count })
}

/// `POST /channels/{id}/typing`: tells the other members.
pub fn typing(id: &str, user_id: &str) -> Result<()> {
    open_member(id, user_id)?;
    let others: Vec<String> = store::member_ids(id)?.into_iter().filter(|member| member != user_id).collect();
    live::typing(id, user_id, &others);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_channels_are_readable_by_non_members() {
        assert!(may_read(ChannelKind::Public, false));
        assert!(!may_read(ChannelKind::Private, false));
        assert!(!may_read(ChannelKind::Direct, false));
        assert!(may_read(ChannelKind::Private, true));
        assert!(may_read(ChannelKind::Direct, true));
    }

    #[test]
    fn markers_stay_within_the_messages() {
        assert_eq!(marker_target(None, 7), 7);
        assert_eq!(marker_target(Some(3), 7), 3);
        assert_eq!(marker_target(Some(99), 7), 7);
        assert_eq!(marker_target(Some(-5), 7), 0);
        assert_eq!(marker_target(None, 0), 0);
    }

    #[test]
    fn ids_are_distinct_and_without_the_caller() {
        let ids = |list: &[&str]| list.iter().map(|id| id.to_string()).collect::<Vec<_>>();
        assert_eq!(distinct(&ids(&["b", " a", "me", "b", ""]), "me"), ids(&["b", "a"]));
    }

    fn view(id: &str, name: &str, archived: bool, last: Option<i64>) -> ChannelView {
        ChannelView {
            id: id.into(),
            kind: ChannelKind::Public,
            name: name.into(),
            topic: String::new(),
            archived,
            member_ids: vec![],
            joined: true,
            unread: 0,
            mentions: 0,
            last_read_seq: 0,
            last_seq: 0,
            last_message_at: last,
            reads: vec![],
            created_by: String::new(),
        }
    }

    #[test]
    fn archived_channels_come_last_and_activity_first() {
        let mut views = vec![
            view("1", "old", true, Some(50)),
            view("2", "b", false, None),
            view("3", "a", false, Some(10)),
            view("4", "A2", false, None),
        ];
        sort_views(&mut views);
        let order: Vec<&str> = views.iter().map(|view| view.id.as_str()).collect();
        assert_eq!(order, ["3", "4", "2", "1"]);
    }
}
