//! The hub's bookkeeping, apart from HTTP: per company, its open streams (each with a
//! bounded queue, indexed by user) and a window of its latest messages, numbered, for
//! streams that reconnect. A message is offered only to its company's streams that may
//! receive it; one addressed to some users costs work for their streams only.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::{mpsc, oneshot};

use crate::rights::{self, Rights};

/// Messages a stream may have waiting before it is dropped as too slow.
pub const QUEUE: usize = 256;
/// Messages per company kept for streams that reconnect...
pub const WINDOW: usize = 1_000;
/// ...and at most this many bytes of them (payloads, frames and the users they are for), so
/// a busy company's window stays small.
pub const WINDOW_BYTES: usize = 1 << 20;
/// How long a company with no open stream keeps its window: a client that comes back later
/// is told to reset.
pub const IDLE_KEEP: Duration = Duration::from_secs(300);

/// Who in the company a message is for.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Audience {
    /// Every signed-in member.
    Everyone,
    /// This user only.
    User(String),
    /// Users whose rights let them view the module with this rights key.
    Viewers(String),
    /// Those of these users whose rights let them view the module (the members of a chat
    /// channel, say).
    ViewersAmong { rights_key: String, users: HashSet<String> },
}

#[derive(Debug)]
pub struct Message {
    /// The company's sequence number.
    pub seq: u64,
    /// The SSE id: `<epoch>-<seq>`.
    pub id: String,
    pub audience: Audience,
    pub channel: String,
    /// The payload's JSON, serialised once for every recipient.
    pub data: String,
    /// The whole event as the stream sends it, framed once for every recipient.
    pub frame: axum::body::Bytes,
}

impl Message {
    /// About the bytes it holds: a message for a thousand users keeps their ids too.
    pub fn weight(&self) -> usize {
        // A set's entry: the id's bytes, its String and the table's slot.
        let users = match &self.audience {
            Audience::ViewersAmong { users, .. } => users.iter().map(|user| user.len() + 48).sum(),
            Audience::User(user) => user.len(),
            Audience::Everyone | Audience::Viewers(_) => 0,
        };
        self.data.len() + self.frame.len() + users
    }
}

/// Whose stream: the session and its rights when the stream opened.
#[derive(Debug, Clone)]
pub struct Listener {
    pub company_id: String,
    pub user_id: String,
    pub session_id: String,
    /// Shared by the company's streams with equal rights (the hub keeps one copy each).
    pub rights: Arc<Rights>,
    /// When the session expires (unix seconds): the stream ends then.
    pub expires_at: i64,
}

impl Listener {
    /// The addressed user, everyone for the company's own channels, the module's viewers
    /// for a module channel. The company was matched by the hub already.
    pub fn may_receive(&self, message: &Message) -> bool {
        match &message.audience {
            Audience::Everyone => true,
            Audience::User(user_id) => *user_id == self.user_id,
            Audience::Viewers(rights_key) => rights::allows(&self.rights, rights_key),
            Audience::ViewersAmong { rights_key, users } => {
                users.contains(&self.user_id) && rights::allows(&self.rights, rights_key)
            }
        }
    }
}

/// Why the hub ended a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Its queue was full: the client did not keep up.
    Overloaded,
    /// Its session was revoked (logout, deactivation).
    Revoked,
    /// Its user's standing changed (role, rights, edition): it reconnects, so the stream
    /// carries the new rights, and resumes where it was.
    Refresh,
    /// The host is shutting down: it reconnects at once, through the proxy to another
    /// instance.
    Restarting,
}

/// Where a new stream starts.
#[derive(Debug)]
pub enum Start {
    /// Live messages only: the client named no last id.
    Now,
    /// The messages after the client's last id that it may receive, then live ones.
    Resume(Vec<Arc<Message>>),
    /// The client's last id is not in the window (too old, of another company or of an
    /// earlier run of the host): it reloads its state.
    Reset,
}

/// An open stream. Dropping it leaves the hub.
pub struct Subscription {
    pub start: Start,
    /// The id of the company's latest message when the stream opened (`<epoch>-0` when none).
    pub latest: String,
    pub messages: mpsc::Receiver<Arc<Message>>,
    pub ending: oneshot::Receiver<Ending>,
    _membership: Membership,
}

struct Subscriber {
    listener: Listener,
    sender: mpsc::Sender<Arc<Message>>,
    ending: oneshot::Sender<Ending>,
}

struct Company {
    /// Random per company and process run, so that an id from elsewhere never matches.
    epoch: String,
    seq: u64,
    window: VecDeque<Arc<Message>>,
    /// The [`Message::weight`] of `window`.
    window_bytes: usize,
    subscribers: HashMap<u64, Subscriber>,
    /// The streams of each user, so that a message for some users skips everyone else's.
    by_user: HashMap<String, Vec<u64>>,
    /// The distinct rights of its streams: the streams of one role share one copy, which
    /// matters with thousands of idle streams.
    rights: Vec<Arc<Rights>>,
    /// When a stream last left or a message last came.
    active_at: Instant,
}

impl Company {
    fn new() -> Self {
        let epoch = uuid::Uuid::new_v4().simple().to_string()[..12].to_string();
        Self {
            epoch,
            seq: 0,
            window: VecDeque::new(),
            window_bytes: 0,
            subscribers: HashMap::new(),
            by_user: HashMap::new(),
            rights: Vec::new(),
            active_at: Instant::now(),
        }
    }

    fn id(&self, seq: u64) -> String {
        format!("{}-{seq}", self.epoch)
    }

    /// The kept copy of `rights` when a stream has equal ones, else `rights` (then kept);
    /// copies no stream holds any more are let go.
    fn shared_rights(&mut self, rights: Arc<Rights>) -> Arc<Rights> {
        self.rights.retain(|kept| Arc::strong_count(kept) > 1);
        if let Some(kept) = self.rights.iter().find(|kept| **kept == rights) {
            return kept.clone();
        }
        self.rights.push(rights.clone());
        rights
    }

    fn join(&mut self, id: u64, subscriber: Subscriber) {
        self.by_user.entry(subscriber.listener.user_id.clone()).or_default().push(id);
        self.subscribers.insert(id, subscriber);
    }

    fn leave(&mut self, id: u64) -> Option<Subscriber> {
        let subscriber = self.subscribers.remove(&id)?;
        if let Some(ids) = self.by_user.get_mut(&subscriber.listener.user_id) {
            ids.retain(|other| *other != id);
            if ids.is_empty() {
                self.by_user.remove(&subscriber.listener.user_id);
            }
        }
        Some(subscriber)
    }

    /// The streams that may be addressed by `audience`: those of its users when it names
    /// some, all otherwise.
    fn candidates(&self, audience: &Audience) -> Vec<u64> {
        let of = |user: &String| self.by_user.get(user).into_iter().flatten().copied();
        match audience {
            Audience::User(user) => of(user).collect(),
            Audience::ViewersAmong { users, .. } if users.len() < self.by_user.len() => {
                users.iter().flat_map(of).collect()
            }
            _ => self.subscribers.keys().copied().collect(),
        }
    }

    /// The sequence number after which `last_id` resumes, when nothing after it has left the
    /// window.
    fn resume_point(&self, last_id: &str) -> Option<u64> {
        let (epoch, seq) = last_id.trim().rsplit_once('-')?;
        let seq: u64 = seq.parse().ok()?;
        let oldest = self.window.front().map_or(self.seq + 1, |message| message.seq);
        (epoch == self.epoch && seq <= self.seq && seq + 1 >= oldest).then_some(seq)
    }
}

type Shared = Arc<Mutex<Company>>;

/// The company's entry, made when missing.
fn entry(companies: &mut HashMap<String, Shared>, company_id: &str) -> Shared {
    companies.entry(company_id.to_string()).or_insert_with(|| Arc::new(Mutex::new(Company::new()))).clone()
}

fn lock(company: &Mutex<Company>) -> MutexGuard<'_, Company> {
    // A panic while holding the lock leaves consistent data (every change is one step).
    company.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes the stream from its company when the response ends.
struct Membership {
    company: Shared,
    id: u64,
    open: Arc<AtomicUsize>,
}

impl Drop for Membership {
    fn drop(&mut self) {
        let mut company = lock(&self.company);
        company.active_at = Instant::now();
        if company.leave(self.id).is_some() {
            self.open.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

#[derive(Default)]
pub struct Hub {
    companies: Mutex<HashMap<String, Shared>>,
    /// Open streams, over all companies.
    open: Arc<AtomicUsize>,
    next_subscriber: AtomicU64,
    /// Set by [`Hub::close`]: streams opened afterwards end as they open.
    closing: AtomicBool,
}

impl Hub {
    fn companies(&self) -> MutexGuard<'_, HashMap<String, Shared>> {
        self.companies.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn company(&self, company_id: &str) -> Shared {
        entry(&mut self.companies(), company_id)
    }

    fn existing(&self, company_id: &str) -> Option<Shared> {
        self.companies().get(company_id).cloned()
    }

    /// Numbers the message, keeps it in the company's window and queues it for the
    /// company's streams that may receive it; a stream whose queue is full is ended as
    /// overloaded. Answers how many streams it was queued for.
    pub fn publish(&self, company_id: &str, audience: Audience, channel: &str, data: String) -> usize {
        self.deliver(company_id, audience, channel, data, None)
    }

    /// Publishes a change of standing (role, rights, edition) and then ends its recipients'
    /// streams ([`Ending::Refresh`]): a stream's rights are its session's when it opened, so
    /// they reconnect with the new ones and get the message from the window.
    pub fn publish_standing(&self, company_id: &str, audience: Audience, channel: &str, data: String) -> usize {
        self.deliver(company_id, audience, channel, data, Some(Ending::Refresh))
    }

    fn deliver(
        &self,
        company_id: &str,
        audience: Audience,
        channel: &str,
        data: String,
        then: Option<Ending>,
    ) -> usize {
        let shared = self.company(company_id);
        let mut company = lock(&shared);
        company.seq += 1;
        company.active_at = Instant::now();
        let seq = company.seq;
        let id = company.id(seq);
        let frame = super::sse::frame(Some(&id), Some(channel), Some(&data));
        let message = Arc::new(Message { seq, id, audience, channel: channel.to_string(), data, frame });
        company.window_bytes += message.weight();
        company.window.push_back(message.clone());
        while company.window.len() > WINDOW || (company.window_bytes > WINDOW_BYTES && company.window.len() > 1) {
            if let Some(oldest) = company.window.pop_front() {
                company.window_bytes -= oldest.weight();
            }
        }
        let mut queued = 0;
        let mut gone = Vec::new();
        for id in company.candidates(&message.audience) {
            let Some(subscriber) = company.subscribers.get(&id) else { continue };
            if !subscriber.listener.may_receive(&message) {
                continue;
            }
            match subscriber.sender.try_send(message.clone()) {
                Ok(()) if then.is_some() => gone.push((id, then)),
                Ok(()) => queued += 1,
                Err(TrySendError::Full(_)) => gone.push((id, Some(Ending::Overloaded))),
                Err(TrySendError::Closed(_)) => gone.push((id, None)),
            }
        }
        queued += gone.iter().filter(|(_, ending)| *ending == Some(Ending::Refresh)).count();
        for (id, ending) in gone {
            self.remove(&mut company, id, ending);
        }
        queued
    }

    /// Opens a stream for `listener`, resuming after `last_id` when given. Joining and
    /// reading the window happen under the company's lock, so no message falls between
    /// them or arrives twice.
    pub fn subscribe(&self, mut listener: Listener, last_id: Option<&str>) -> Subscription {
        // The list stays locked until the stream is in: `forget_idle` never drops a company
        // a stream is joining.
        let mut companies = self.companies();
        let shared = entry(&mut companies, &listener.company_id);
        let mut company = lock(&shared);
        listener.rights = company.shared_rights(listener.rights);
        let start = match last_id {
            None => Start::Now,
            Some(last_id) => match company.resume_point(last_id) {
                Some(after) => Start::Resume(
                    company
                        .window
                        .iter()
                        .filter(|message| message.seq > after && listener.may_receive(message))
                        .cloned()
                        .collect(),
                ),
                None => Start::Reset,
            },
        };
        let (sender, messages) = mpsc::channel(QUEUE);
        let (ending_sender, ending) = oneshot::channel();
        let id = self.next_subscriber.fetch_add(1, Ordering::Relaxed);
        company.join(id, Subscriber { listener, sender, ending: ending_sender });
        self.open.fetch_add(1, Ordering::Relaxed);
        // Checked after joining, under the company's lock: `close` sets the flag before it
        // goes through the companies, so a stream is ended by one or the other.
        if self.closing.load(Ordering::SeqCst) {
            self.remove(&mut company, id, Some(Ending::Restarting));
        }
        let latest = company.id(company.seq);
        drop(company);
        drop(companies);
        Subscription {
            start,
            latest,
            messages,
            ending,
            _membership: Membership { company: shared, id, open: self.open.clone() },
        }
    }

    /// Ends the streams of these sessions (`(company id, session id)`); answers how many.
    pub fn end_sessions(&self, sessions: &[(String, String)], ending: Ending) -> usize {
        let mut ended = 0;
        for (company_id, session_id) in sessions {
            let Some(shared) = self.existing(company_id) else { continue };
            let mut company = lock(&shared);
            let ids: Vec<u64> = company
                .subscribers
                .iter()
                .filter(|(_, subscriber)| subscriber.listener.session_id == *session_id)
                .map(|(id, _)| *id)
                .collect();
            for id in ids {
                ended += usize::from(self.remove(&mut company, id, Some(ending)));
            }
        }
        ended
    }

    /// Ends every stream with [`Ending::Restarting`], and every stream opened from now on
    /// as it opens: the process is shutting down. Answers how many were open.
    pub fn close(&self) -> usize {
        self.closing.store(true, Ordering::SeqCst);
        let companies: Vec<Shared> = self.companies().values().cloned().collect();
        let mut ended = 0;
        for shared in companies {
            let mut company = lock(&shared);
            let ids: Vec<u64> = company.subscribers.keys().copied().collect();
            for id in ids {
                ended += usize::from(self.remove(&mut company, id, Some(Ending::Restarting)));
            }
        }
        ended
    }

    /// Ends the streams whose session expired by `now` ([`Ending::Revoked`]); answers how
    /// many.
    pub fn end_expired(&self, now: i64) -> usize {
        let companies: Vec<Shared> = self.companies().values().cloned().collect();
        let mut ended = 0;
        for shared in companies {
            let mut company = lock(&shared);
            let ids: Vec<u64> = company
                .subscribers
                .iter()
                .filter(|(_, subscriber)| subscriber.listener.expires_at <= now)
                .map(|(id, _)| *id)
                .collect();
            for id in ids {
                ended += usize::from(self.remove(&mut company, id, Some(Ending::Revoked)));
            }
        }
        ended
    }

    /// Forgets the companies that have had no open stream and no message for
    /// [`IDLE_KEEP`], with their windows; answers how many.
    pub fn forget_idle(&self) -> usize {
        let mut companies = self.companies();
        let before = companies.len();
        companies.retain(|_, shared| {
            let company = lock(shared);
            !company.subscribers.is_empty() || company.active_at.elapsed() < IDLE_KEEP
        });
        before - companies.len()
    }

    /// Whether no stream is open.
    pub fn is_idle(&self) -> bool {
        self.open.load(Ordering::Relaxed) == 0
    }

    fn remove(&self, company: &mut Company, id: u64, ending: Option<Ending>) -> bool {
        let Some(subscriber) = company.leave(id) else { return false };
        self.open.fetch_sub(1, Ordering::Relaxed);
        if let Some(ending) = ending {
            // The stream may be gone already.
            let _ = subscriber.ending.send(ending);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rights::Right;

    fn listener(company: &str, user: &str, session: &str, viewable: &[&str]) -> Listener {
        let rights = Arc::new(
            viewable.iter().map(|key| (key.to_string(), Right { view: true, disabled: false })).collect::<Rights>(),
        );
        Listener {
            company_id: company.into(),
            user_id: user.into(),
            session_id: session.into(),
            rights,
            expires_at: i64::MAX,
        }
    }

    fn drain(subscription: &mut Subscription) -> Vec<String> {
        let mut seen = Vec::new();
        while let Ok(message) = subscription.messages.try_recv() {
            seen.push(format!("{}:{}", message.channel, message.data));
        }
        seen
    }

    fn seqs(start: &Start) -> Vec<u64> {
        match start {
            Start::Resume(messages) => messages.iter().map(|message| message.seq).collect(),
            other => panic!("not a resume: {other:?}"),
        }
    }

    #[test]
    fn a_message_reaches_its_company_s_streams_that_may_receive_it() {
        let hub = Hub::default();
        let mut ann = hub.subscribe(listener("a", "ann", "s1", &["process"]), None);
        let mut bob = hub.subscribe(listener("a", "bob", "s2", &[]), None);
        let mut other = hub.subscribe(listener("b", "cid", "s3", &["process"]), None);
        assert_eq!(hub.publish("a", Audience::Viewers("process".into()), "crud.board", "1".into()), 1);
        assert_eq!(hub.publish("a", Audience::User("bob".into()), "notifications", "2".into()), 1);
        assert_eq!(hub.publish("a", Audience::Everyone, "directory", "null".into()), 2);
        assert_eq!(drain(&mut ann), ["crud.board:1", "directory:null"]);
        assert_eq!(drain(&mut bob), ["notifications:2", "directory:null"]);
        assert!(drain(&mut other).is_empty());
    }

    #[test]
    fn a_message_for_some_users_reaches_only_those_who_may_view_the_module() {
        let hub = Hub::default();
        let mut ann = hub.subscribe(listener("a", "ann", "s1", &["chat"]), None);
        let mut ann_tab = hub.subscribe(listener("a", "ann", "s4", &["chat"]), None);
        let mut bob = hub.subscribe(listener("a", "bob", "s2", &["chat"]), None);
        let mut cid = hub.subscribe(listener("a", "cid", "s3", &[]), None);
        let among = |users: &[&str]| Audience::ViewersAmong {
            rights_key: "chat".into(),
            users: users.iter().map(|user| user.to_string()).collect(),
        };
        assert_eq!(hub.publish("a", among(&["ann", "cid", "dan"]), "chat.message", "1".into()), 2);
        assert_eq!(drain(&mut ann), ["chat.message:1"]);
        assert_eq!(drain(&mut ann_tab), ["chat.message:1"]);
        assert!(drain(&mut bob).is_empty(), "not among the users");
        assert!(drain(&mut cid).is_empty(), "may not view the module");
        drop(ann_tab);
        assert_eq!(hub.publish("a", among(&["ann", "bob"]), "chat.message", "2".into()), 2);
        assert_eq!(drain(&mut bob), ["chat.message:2"]);
        let company = hub.company("a");
        assert_eq!(lock(&company).by_user["ann"].len(), 1, "the closed tab left the index");
    }

    #[test]
    fn a_disabled_right_does_not_receive_the_module_s_channel() {
        let mut who = listener("a", "ann", "s1", &["process"]);
        let message = |audience| Message {
            seq: 1,
            id: "e-1".into(),
            audience,
            channel: "c".into(),
            data: "1".into(),
            frame: Default::default(),
        };
        assert!(who.may_receive(&message(Audience::Viewers("process".into()))));
        Arc::make_mut(&mut who.rights).insert("process".into(), Right { view: true, disabled: true });
        assert!(!who.may_receive(&message(Audience::Viewers("process".into()))));
        assert!(!who.may_receive(&message(Audience::User("bob".into()))));
        assert!(who.may_receive(&message(Audience::Everyone)));
    }

    #[test]
    fn a_stream_resumes_after_its_last_id_with_what_it_may_receive() {
        let hub = Hub::default();
        let first = hub.subscribe(listener("a", "ann", "s1", &[]), None);
        assert!(matches!(first.start, Start::Now));
        let epoch = first.latest.strip_suffix("-0").expect("no message yet").to_string();
        for n in 1..=5 {
            let audience = if n == 3 { Audience::User("bob".into()) } else { Audience::Everyone };
            hub.publish("a", audience, "directory", n.to_string());
        }
        let resumed = hub.subscribe(listener("a", "ann", "s1", &[]), Some(&format!("{epoch}-2")));
        assert_eq!(seqs(&resumed.start), [4, 5]);
        assert_eq!(resumed.latest, format!("{epoch}-5"));
        let caught_up = hub.subscribe(listener("a", "ann", "s1", &[]), Some(&format!("{epoch}-5")));
        assert!(seqs(&caught_up.start).is_empty());
    }

    #[test]
    fn an_id_past_the_window_or_from_elsewhere_resets() {
        let hub = Hub::default();
        let epoch = hub.subscribe(listener("a", "ann", "s1", &[]), None).latest.replace("-0", "");
        for n in 0..WINDOW + 3 {
            hub.publish("a", Audience::Everyone, "directory", n.to_string());
        }
        let reset = |id: &str| matches!(hub.subscribe(listener("a", "ann", "s1", &[]), Some(id)).start, Start::Reset);
        // Message 3 left the window: resuming after 2 would miss it.
        assert!(reset(&format!("{epoch}-2")));
        assert!(!reset(&format!("{epoch}-3")));
        assert!(reset(&format!("{epoch}-{}", WINDOW + 4)), "an id not given yet");
        assert!(reset("0123456789ab-5"), "another run or company");
        assert!(reset("garbage"));
        let other = hub.subscribe(listener("b", "bob", "s2", &[]), Some(&format!("{epoch}-{}", WINDOW)));
        assert!(matches!(other.start, Start::Reset), "another company's numbering");
    }

    #[test]
    fn closing_ends_every_open_stream_and_each_one_opened_after() {
        let hub = Hub::default();
        let mut ann = hub.subscribe(listener("a", "ann", "s1", &[]), None);
        let mut bob = hub.subscribe(listener("b", "bob", "s2", &[]), None);
        assert_eq!(hub.close(), 2);
        assert_eq!(ann.ending.try_recv(), Ok(Ending::Restarting));
        assert_eq!(bob.ending.try_recv(), Ok(Ending::Restarting));
        let mut late = hub.subscribe(listener("a", "cid", "s3", &[]), None);
        assert_eq!(late.ending.try_recv(), Ok(Ending::Restarting));
        assert_eq!(hub.publish("a", Audience::Everyone, "directory", "after".into()), 0);
    }

    #[test]
    fn a_stream_that_does_not_keep_up_is_ended_as_overloaded_and_others_go_on() {
        let hub = Hub::default();
        let mut slow = hub.subscribe(listener("a", "ann", "s1", &[]), None);
        let mut quick = hub.subscribe(listener("a", "bob", "s2", &[]), None);
        for n in 0..QUEUE {
            hub.publish("a", Audience::Everyone, "directory", n.to_string());
            drain(&mut quick);
        }
        assert!(slow.ending.try_recv().is_err(), "a full queue is not yet overflowing");
        assert_eq!(hub.publish("a", Audience::Everyone, "directory", "over".into()), 1);
        assert_eq!(slow.ending.try_recv(), Ok(Ending::Overloaded));
        assert_eq!(drain(&mut quick), ["directory:over"]);
        assert_eq!(hub.publish("a", Audience::Everyone, "directory", "more".into()), 1);
    }

    #[test]
    fn revoked_sessions_end_their_streams_and_dropped_streams_leave() {
        let hub = Hub::default();
        let mut ann = hub.subscribe(listener("a", "ann", "s1", &[]), None);
        let mut ann_tab = hub.subscribe(listener("a", "ann", "s1", &[]), None);
        let bob = hub.subscribe(listener("a", "bob", "s2", &[]), None);
        let ended = hub.end_sessions(&[("a".into(), "s1".into()), ("zz".into(), "s9".into())], Ending::Revoked);
        assert_eq!(ended, 2);
        assert_eq!(ann.ending.try_recv(), Ok(Ending::Revoked));
        assert_eq!(ann_tab.ending.try_recv(), Ok(Ending::Revoked));
        assert!(!hub.is_idle());
        drop(bob);
        drop(ann);
        drop(ann_tab);
        assert!(hub.is_idle());
        assert_eq!(hub.publish("a", Audience::Everyone, "directory", "x".into()), 0);
    }

    #[test]
    fn streams_with_equal_rights_share_one_copy_of_them() {
        let hub = Hub::default();
        let ann = hub.subscribe(listener("a", "ann", "s1", &["chat"]), None);
        let bob = hub.subscribe(listener("a", "bob", "s2", &["chat"]), None);
        let cid = hub.subscribe(listener("a", "cid", "s3", &["chat", "process"]), None);
        let company = hub.company("a");
        let rights = |id: u64| lock(&company).subscribers[&id].listener.rights.clone();
        let ids: Vec<u64> = {
            let mut ids: Vec<u64> = lock(&company).subscribers.keys().copied().collect();
            ids.sort_unstable();
            ids
        };
        assert!(Arc::ptr_eq(&rights(ids[0]), &rights(ids[1])));
        assert!(!Arc::ptr_eq(&rights(ids[0]), &rights(ids[2])));
        assert_eq!(lock(&company).rights.len(), 2);
        drop((ann, bob, cid));
        let _dan = hub.subscribe(listener("a", "dan", "s4", &[]), None);
        assert_eq!(lock(&company).rights.len(), 1, "copies no stream holds are let go");
    }

    #[test]
    fn a_stream_ends_when_its_session_expires() {
        let hub = Hub::default();
        let mut soon = listener("a", "ann", "s1", &[]);
        soon.expires_at = 100;
        let mut ann = hub.subscribe(soon, None);
        let mut bob = hub.subscribe(listener("b", "bob", "s2", &[]), None);
        assert_eq!(hub.end_expired(99), 0);
        assert_eq!(hub.end_expired(100), 1);
        assert_eq!(ann.ending.try_recv(), Ok(Ending::Revoked));
        assert!(bob.ending.try_recv().is_err());
    }

    #[test]
    fn a_change_of_standing_ends_its_recipients_streams_to_refresh_their_rights() {
        let hub = Hub::default();
        let mut ann = hub.subscribe(listener("a", "ann", "s1", &[]), None);
        let mut bob = hub.subscribe(listener("a", "bob", "s2", &[]), None);
        assert_eq!(hub.publish_standing("a", Audience::User("ann".into()), "session", "null".into()), 1);
        assert_eq!(ann.ending.try_recv(), Ok(Ending::Refresh));
        assert!(bob.ending.try_recv().is_err(), "Bob's standing did not change");
        // The new stream with the new rights resumes from the last id and gets the message.
        let again = hub.subscribe(listener("a", "ann", "s1", &["process"]), Some(&ann.latest));
        assert_eq!(seqs(&again.start), [1]);
        assert_eq!(hub.publish_standing("a", Audience::Everyone, "session", "null".into()), 2);
        assert_eq!(bob.ending.try_recv(), Ok(Ending::Refresh));
    }

    #[test]
    fn the_window_keeps_at_most_its_bytes_and_idle_companies_are_forgotten_later() {
        let hub = Hub::default();
        let big = "x".repeat(WINDOW_BYTES / 4);
        for _ in 0..8 {
            hub.publish("a", Audience::Everyone, "directory", big.clone());
        }
        let company = hub.company("a");
        let kept = lock(&company).window.len();
        assert!(kept <= 2 && lock(&company).window_bytes <= WINDOW_BYTES, "{kept} messages kept");
        // The users a message is for weigh too: a window of messages for a large channel's
        // members keeps fewer of them.
        let members: HashSet<String> = (0..5_000).map(|n| format!("user-{n:05}")).collect();
        for _ in 0..8 {
            let audience = Audience::ViewersAmong { rights_key: "chat".into(), users: members.clone() };
            hub.publish("a", audience, "chat.message", "{}".into());
        }
        let kept = lock(&company).window.len();
        assert!(kept < 8 && lock(&company).window_bytes <= WINDOW_BYTES, "{kept} messages kept");
        assert_eq!(hub.forget_idle(), 0, "active a moment ago");
        lock(&company).active_at = Instant::now() - IDLE_KEEP;
        let stream = hub.subscribe(listener("a", "ann", "s1", &[]), None);
        lock(&company).active_at = Instant::now() - IDLE_KEEP;
        assert_eq!(hub.forget_idle(), 0, "a stream is open");
        drop(stream);
        lock(&company).active_at = Instant::now() - IDLE_KEEP;
        assert_eq!(hub.forget_idle(), 1);
        assert!(hub.existing("a").is_none());
    }
}
