//! The realtime stream: each message reaches only those it is for; a reconnecting client
//! resumes without loss or duplicates, or is told to reset; a client that does not keep up
//! is dropped with `overloaded` while the others go on; a revoked session's stream ends
//! within a second or two; another site's page is refused.

use std::time::{Duration, Instant};

use autoscope::realtime::{self, hub};
use autoscope::storage::{memberships, roles, users};
use autoscope_wire::members::{MemberChange, MembersOp};
use serde_json::{Value, json};

use crate::directory::whoami;
use crate::on_both_engines;
use crate::support::{PASSWORD, TestApp};

on_both_engines!(
    each_message_reaches_only_those_it_is_for,
    a_stream_follows_a_change_of_rights_after_its_refresh,
    a_module_message_over_64_kb_is_refused,
    a_reconnecting_stream_resumes_without_loss_or_duplicates,
    a_stream_resuming_past_the_window_is_told_to_reset,
    a_stream_that_does_not_keep_up_is_dropped_and_the_others_go_on,
    logout_ends_an_open_stream_within_two_seconds,
    deactivating_a_member_ends_their_open_stream,
    another_site_s_page_is_refused,
    a_module_message_for_some_users_reaches_only_those_of_them_who_may_view_it,
    a_module_message_for_the_users_a_collection_names_reaches_only_them,
    a_stream_ends_when_its_session_expires,
);

/// The NATS server of these machines and CI.
const NATS_URL: &str = "nats://127.0.0.1:4222";

/// Two host instances on one PostgreSQL database and one NATS server: a module's message,
/// a notification and a directory change published on either reach the streams open on
/// the other, once each, and another company's stream hears none of them.
#[tokio::test]
async fn two_instances_deliver_each_other_s_messages_through_nats() {
    let nats = |config: &mut autoscope::Config| config.nats_url = Some(NATS_URL.into());
    let first = TestApp::start(autoscope::testing::Engine::Postgres, nats).await;
    first.install_test_module("crud").await;
    let modules_dir = first.state.config.modules.dir.clone();
    let second = first
        .another_instance(|config| {
            nats(config);
            config.modules.dir = modules_dir;
        })
        .await;
    let ann = person(&first, first.sign_up("ann@acme.example.com", "Acme").await).await;
    let cid = person(&first, first.sign_up("cid@globex.example.com", "Globex").await).await;
    let mut ann_on_second = Stream::open(&second, &ann.token, None).await;
    let mut ann_on_first = Stream::open(&first, &ann.token, None).await;
    let mut cid_on_second = Stream::open(&second, &cid.token, None).await;
    ann_on_second.opening_id().await;
    ann_on_first.opening_id().await;
    cid_on_second.opening_id().await;

    let pushed = first.post_as(&ann.token, "/api/m/crud/realtime", json!({ "channel": "board", "payload": 7 })).await;
    assert_eq!(pushed.status, 200, "{pushed:?}");
    let event = ann_on_second.message().await;
    assert_eq!((event.event.as_str(), event.data.as_str()), ("crud.board", "7"));
    let event = ann_on_first.message().await;
    assert_eq!(
        (event.event.as_str(), event.data.as_str()),
        ("crud.board", "7"),
        "the publishing instance delivers too"
    );

    second.state.realtime.notify_user(&ann.company_id, &ann.user_id, "From the second", None, second.state.clock.now());
    second.state.realtime.directory_changed(&ann.company_id);
    assert_eq!(ann_on_first.channels_until(realtime::DIRECTORY).await, ["notifications", "directory"]);
    assert_eq!(ann_on_second.channels_until(realtime::DIRECTORY).await, ["notifications", "directory"]);
    // Once each, and nothing for the other company.
    assert!(ann_on_first.next_within(Duration::from_millis(300)).await.is_none());
    assert!(ann_on_second.next_within(Duration::from_millis(300)).await.is_none());
    assert!(cid_on_second.next_within(Duration::from_millis(300)).await.is_none());
}

/// One server-sent event.
#[derive(Debug, Clone, Default)]
struct Sse {
    id: Option<String>,
    event: String,
    data: String,
}

/// A realtime stream read event by event.
struct Stream {
    response: reqwest::Response,
    buffer: String,
}

impl Stream {
    async fn open(app: &TestApp, token: &str, last_id: Option<&str>) -> Self {
        let mut request = app.client.get(format!("{}/api/realtime", app.base)).bearer_auth(token);
        if let Some(last_id) = last_id {
            request = request.header("Last-Event-ID", last_id);
        }
        Self::from(request.send().await.unwrap())
    }

    fn from(response: reqwest::Response) -> Self {
        assert_eq!(response.status(), 200);
        Self { response, buffer: String::new() }
    }

    /// The next event (keep-alives skipped; an event with only an id counts), or None when
    /// the stream ended or nothing came within `wait`.
    async fn next_within(&mut self, wait: Duration) -> Option<Sse> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut event = Sse::default();
                for line in block.lines() {
                    if let Some(id) = line.strip_prefix("id: ") {
                        event.id = Some(id.to_string());
                    } else if let Some(name) = line.strip_prefix("event: ") {
                        event.event = name.to_string();
                    } else if let Some(data) = line.strip_prefix("data: ") {
                        event.data = data.to_string();
                    }
                }
                if event.id.is_some() || !event.event.is_empty() {
                    return Some(event);
                }
                continue;
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            match tokio::time::timeout(left, self.response.chunk()).await {
                Ok(Ok(Some(chunk))) => self.buffer.push_str(&String::from_utf8_lossy(&chunk)),
                _ => return None,
            }
        }
    }

    async fn next(&mut self) -> Option<Sse> {
        self.next_within(Duration::from_secs(3)).await
    }

    /// The next event that carries a message (not only an id).
    async fn message(&mut self) -> Sse {
        loop {
            let event = self.next().await.expect("an event arrives");
            if !event.event.is_empty() {
                return event;
            }
        }
    }

    /// The channels of the messages up to and including the first on `last`.
    async fn channels_until(&mut self, last: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let event = self.message().await;
            seen.push(event.event.clone());
            if event.event == last {
                return seen;
            }
        }
    }

    /// The first event's id: the company's latest when the stream opened.
    async fn opening_id(&mut self) -> String {
        let event = self.next().await.expect("the stream opens with the latest id");
        assert!(event.event.is_empty(), "{event:?}");
        event.id.expect("an id")
    }
}

struct Person {
    token: String,
    user_id: String,
    company_id: String,
}

async fn person(app: &TestApp, token: String) -> Person {
    let me = whoami(app, &token).await;
    Person {
        user_id: me["user_id"].as_str().unwrap().to_string(),
        company_id: me["company_id"].as_str().unwrap().to_string(),
        token,
    }
}

/// Ann creates Acme; Bob (who created Bobco) joins it with a role that opens no module, and
/// switches to it. Answers Ann and Bob, in Acme.
async fn acme_with_ann_and_bob(app: &TestApp) -> (Person, Person) {
    let ann = person(app, app.sign_up("ann@acme.example.com", "Acme").await).await;
    let bob_at_home = app.sign_up("bob@bobco.example.com", "Bobco").await;
    let bob_id = users::find_by_email(app.db(), "bob@bobco.example.com").await.unwrap().unwrap().id;
    let now = app.state.clock.now();
    let role = roles::create(app.db(), &ann.company_id, "Guests", "{}", now).await.unwrap().unwrap();
    assert!(memberships::join(app.db(), &ann.company_id, &bob_id, &role, now).await.unwrap());
    let switched = app.post_as(&bob_at_home, "/api/users/switchCompany", json!({ "company_id": ann.company_id })).await;
    assert_eq!(switched.status, 200, "{switched:?}");
    let bob = person(app, switched.body["token"].as_str().unwrap().to_string()).await;
    (ann, bob)
}

/// A module channel reaches the company's viewers of the module only, a notification its
/// user only, the company's directory every member; another company's member hears none.
async fn each_message_reaches_only_those_it_is_for(app: TestApp) {
    app.install_test_module("crud").await;
    let (ann, bob) = acme_with_ann_and_bob(&app).await;
    let cid = person(&app, app.sign_up("cid@globex.example.com", "Globex").await).await;
    let mut ann_stream = Stream::open(&app, &ann.token, None).await;
    let mut bob_stream = Stream::open(&app, &bob.token, None).await;
    let mut cid_stream = Stream::open(&app, &cid.token, None).await;

    let pushed = app.post_as(&ann.token, "/api/m/crud/realtime", json!({ "channel": "board", "payload": 1 })).await;
    assert_eq!(pushed.status, 200, "{pushed:?}");
    app.state.realtime.notify_user(&ann.company_id, &bob.user_id, "For Bob", None, app.state.clock.now());
    app.state.realtime.session_changed(&ann.company_id, &ann.user_id);
    app.state.realtime.directory_changed(&ann.company_id);
    app.state.realtime.directory_changed(&cid.company_id);

    // Ann's standing changed: her stream ends after what was queued, to come back with her
    // new rights, and resumes with what came since.
    let mut seen = Vec::new();
    for _ in 0..3 {
        seen.push(ann_stream.message().await);
    }
    let channels: Vec<&str> = seen.iter().map(|event| event.event.as_str()).collect();
    assert_eq!(channels, ["crud.board", "session", realtime::REFRESH]);
    assert!(ann_stream.next_within(Duration::from_millis(300)).await.is_none(), "the stream ended");
    let last_id = seen[1].id.clone().expect("the session message is numbered");
    let mut ann_stream = Stream::open(&app, &ann.token, Some(&last_id)).await;
    assert_eq!(ann_stream.channels_until(realtime::DIRECTORY).await, ["directory"]);
    assert_eq!(bob_stream.channels_until(realtime::DIRECTORY).await, ["notifications", "directory"]);
    assert_eq!(cid_stream.channels_until(realtime::DIRECTORY).await, ["directory"]);
    // Nothing else came for anyone.
    assert!(ann_stream.next_within(Duration::from_millis(300)).await.is_none());
    assert!(bob_stream.next_within(Duration::from_millis(300)).await.is_none());
    assert!(cid_stream.next_within(Duration::from_millis(300)).await.is_none());
}

/// A module's message naming some users reaches those of them who may view the module,
/// on every tab, and no one else of the company.
async fn a_module_message_for_some_users_reaches_only_those_of_them_who_may_view_it(app: TestApp) {
    app.install_test_module("crud").await;
    let (ann, bob) = acme_with_ann_and_bob(&app).await;
    let mut ann_stream = Stream::open(&app, &ann.token, None).await;
    let mut ann_tab = Stream::open(&app, &ann.token, None).await;
    let mut bob_stream = Stream::open(&app, &bob.token, None).await;
    for stream in [&mut ann_stream, &mut ann_tab, &mut bob_stream] {
        stream.opening_id().await;
    }
    let push = |users: Value| {
        let body = json!({ "channel": "board", "payload": users.clone(), "users": users });
        app.post_as(&ann.token, "/api/m/crud/realtime", body)
    };
    // Bob's role opens no module: named or not, he hears nothing.
    let pushed = push(json!([bob.user_id, "someone-else"])).await;
    assert_eq!((pushed.status, pushed.body["count"].as_u64()), (200, Some(0)), "{pushed:?}");
    let pushed = push(json!([ann.user_id, bob.user_id])).await;
    assert_eq!((pushed.status, pushed.body["count"].as_u64()), (200, Some(2)), "{pushed:?}");
    for stream in [&mut ann_stream, &mut ann_tab] {
        let event = stream.message().await;
        assert_eq!(event.event, "crud.board");
        assert!(event.data.contains(&ann.user_id), "{event:?}");
        assert!(stream.next_within(Duration::from_millis(300)).await.is_none());
    }
    assert!(bob_stream.next_within(Duration::from_millis(300)).await.is_none());
}

/// A message for the users a collection names reaches those the company's records name
/// (who may view the module), not another company's; records naming no one reach no one.
async fn a_module_message_for_the_users_a_collection_names_reaches_only_them(app: TestApp) {
    app.install_test_module("crud").await;
    let (ann, bob) = acme_with_ann_and_bob(&app).await;
    let cid = person(&app, app.sign_up("cid@globex.example.com", "Globex").await).await;
    for (who, title, qty) in [(&ann, &ann.user_id, 1), (&ann, &bob.user_id, 2), (&cid, &ann.user_id, 3)] {
        let made = app.post_as(&who.token, "/api/m/crud/items", json!({ "title": title, "qty": qty })).await;
        assert_eq!(made.status, 201, "{made:?}");
    }
    let mut ann_stream = Stream::open(&app, &ann.token, None).await;
    ann_stream.opening_id().await;
    let push = |qty: i64, field: &str| {
        let filters = json!([{ "field": "qty", "op": "eq", "value": qty }]);
        let body = json!({ "channel": "board", "payload": qty, "users_in": { "collection": "items", "filters": filters, "field": field } });
        app.post_as(&ann.token, "/api/m/crud/realtime", body)
    };
    let pushed = push(1, "title").await;
    assert_eq!((pushed.status, pushed.body["count"].as_u64()), (200, Some(1)), "{pushed:?}");
    assert_eq!(ann_stream.message().await.data, "1");
    // Bob is named but may not view the module; Globex's record is not Acme's.
    for qty in [2, 3, 4] {
        let pushed = push(qty, "title").await;
        assert_eq!((pushed.status, pushed.body["count"].as_u64()), (200, Some(0)), "{pushed:?}");
    }
    assert!(ann_stream.next_within(Duration::from_millis(300)).await.is_none(), "nobody named is nobody");
    let bad = push(1, "qty").await;
    assert_eq!((bad.status, bad.body["message"].as_str()), (400, Some("'qty' is not a text field of 'items'")));
}

/// Bob's role opens no module, so the module's channel does not reach him; his role is
/// given the module and he is told: his stream ends with `refresh`, and the one he opens
/// again (with the new rights) carries the channel. Taking it back closes it again.
async fn a_stream_follows_a_change_of_rights_after_its_refresh(app: TestApp) {
    app.install_test_module("crud").await;
    let (ann, bob) = acme_with_ann_and_bob(&app).await;
    let role = memberships::member(app.db(), &ann.company_id, &bob.user_id).await.unwrap().unwrap().role_id;
    let push = |n: u32| {
        let token = ann.token.clone();
        let app = &app;
        async move {
            let pushed = app.post_as(&token, "/api/m/crud/realtime", json!({ "channel": "board", "payload": n })).await;
            assert_eq!(pushed.status, 200, "{pushed:?}");
        }
    };
    let mut stream = Stream::open(&app, &bob.token, None).await;
    let opened = stream.opening_id().await;
    push(1).await;
    assert!(stream.next_within(Duration::from_millis(300)).await.is_none(), "Bob may not view the module");

    let opens = r#"{"process": {"view": true, "disabled": false}}"#;
    roles::set_rights(app.db(), &ann.company_id, &role, opens).await.unwrap();
    app.state.realtime.session_changed(&ann.company_id, &bob.user_id);
    let session = stream.message().await;
    assert_eq!(session.event, realtime::SESSION);
    assert_eq!(stream.message().await.event, realtime::REFRESH);
    let mut stream = Stream::open(&app, &bob.token, session.id.as_deref()).await;
    push(2).await;
    let board = stream.message().await;
    assert_eq!((board.event.as_str(), board.data.as_str()), ("crud.board", "2"));
    assert_ne!(session.id.as_deref(), Some(opened.as_str()));

    roles::set_rights(app.db(), &ann.company_id, &role, "{}").await.unwrap();
    app.state.realtime.session_changed(&ann.company_id, &bob.user_id);
    let session = stream.message().await;
    assert_eq!(stream.message().await.event, realtime::REFRESH);
    let mut stream = Stream::open(&app, &bob.token, session.id.as_deref()).await;
    push(3).await;
    while let Some(event) = stream.next_within(Duration::from_millis(300)).await {
        assert!(event.event.is_empty(), "closed again: {event:?}");
    }
}

/// The host function refuses a payload over 64 KB with a clear message.
async fn a_module_message_over_64_kb_is_refused(app: TestApp) {
    app.install_test_module("crud").await;
    let ann = person(&app, app.sign_up("ann@big.example.com", "Big").await).await;
    let payload = json!({ "text": "x".repeat(realtime::MAX_PAYLOAD_BYTES) });
    let refused =
        app.post_as(&ann.token, "/api/m/crud/realtime", json!({ "channel": "board", "payload": payload })).await;
    assert_eq!((refused.status, refused.message()), (413, realtime::PAYLOAD_TOO_LARGE), "{refused:?}");
    let fits = json!({ "text": "x".repeat(realtime::MAX_PAYLOAD_BYTES - 100) });
    let sent = app.post_as(&ann.token, "/api/m/crud/realtime", json!({ "channel": "board", "payload": fits })).await;
    assert_eq!(sent.status, 200, "{sent:?}");
}

/// Messages 1–5: the client reads 1 and 2, drops; 3–5 are published meanwhile; it
/// reconnects with the id of 2 and gets 3, 4, 5, then live 6, each once; `?after=` works too.
async fn a_reconnecting_stream_resumes_without_loss_or_duplicates(app: TestApp) {
    let ann = person(&app, app.sign_up("ann@resume.example.com", "Resume").await).await;
    let notify = |n: u32| app.state.realtime.notify_user(&ann.company_id, &ann.user_id, &n.to_string(), None, 0);
    let mut stream = Stream::open(&app, &ann.token, None).await;
    let opened = stream.opening_id().await;
    for n in 1..=3 {
        notify(n);
    }
    let first = stream.message().await;
    let second = stream.message().await;
    assert!(first.data.contains(r#""message":"1""#) && second.data.contains(r#""message":"2""#));
    assert_ne!(first.id, second.id);
    assert_ne!(first.id.as_deref(), Some(opened.as_str()));
    drop(stream);
    notify(4);
    notify(5);

    let mut resumed = Stream::open(&app, &ann.token, second.id.as_deref()).await;
    let mut got = Vec::new();
    for _ in 0..3 {
        got.push(resumed.message().await);
    }
    notify(6);
    got.push(resumed.message().await);
    let numbers: Vec<String> = got
        .iter()
        .map(|event| serde_json::from_str::<serde_json::Value>(&event.data).unwrap()["message"].to_string())
        .collect();
    assert_eq!(numbers, [r#""3""#, r#""4""#, r#""5""#, r#""6""#]);
    assert!(resumed.next_within(Duration::from_millis(300)).await.is_none(), "no duplicates");

    let fifth = got[2].id.clone().unwrap();
    let after = app
        .client
        .get(format!("{}/api/realtime?after={fifth}", app.base))
        .bearer_auth(&ann.token)
        .send()
        .await
        .unwrap();
    let mut after = Stream::from(after);
    assert!(after.message().await.data.contains(r#""message":"6""#));
}

/// An id older than the window, or from another run of the host, gets `reset` (with the
/// latest id), then live messages.
async fn a_stream_resuming_past_the_window_is_told_to_reset(app: TestApp) {
    let ann = person(&app, app.sign_up("ann@reset.example.com", "Reset").await).await;
    let opened = Stream::open(&app, &ann.token, None).await.opening_id().await;
    for _ in 0..=hub::WINDOW {
        app.state.realtime.directory_changed(&ann.company_id);
    }
    let mut stream = Stream::open(&app, &ann.token, Some(&opened)).await;
    let reset = stream.next().await.unwrap();
    assert_eq!((reset.event.as_str(), reset.data.as_str()), (realtime::RESET, realtime::RESET_REASON));
    let latest = reset.id.expect("the reset carries the latest id");
    app.state.realtime.directory_changed(&ann.company_id);
    let live = stream.message().await;
    assert_eq!(live.event, realtime::DIRECTORY);

    let mut resumed = Stream::open(&app, &ann.token, Some(&latest)).await;
    assert_eq!(resumed.message().await.id, live.id, "the latest id resumes");
    let mut elsewhere = Stream::open(&app, &ann.token, Some("0123456789ab-3")).await;
    assert_eq!(elsewhere.next().await.unwrap().event, realtime::RESET);
}

/// Ann's second tab reads nothing while large messages flow; once its queue is full it gets
/// `overloaded` and its stream ends, while Bob's keeps receiving every message.
async fn a_stream_that_does_not_keep_up_is_dropped_and_the_others_go_on(app: TestApp) {
    let (ann, bob) = acme_with_ann_and_bob(&app).await;
    let company = ann.company_id.clone();
    let mut slow = Stream::open(&app, &ann.token, None).await;
    let mut quick = Stream::open(&app, &bob.token, None).await;
    quick.opening_id().await;
    // Large messages, so that the sockets' buffers fill and the hub's queue does too.
    let pad = "x".repeat(60_000);
    let total = hub::QUEUE + 200;
    let mut dropped_at = None;
    for n in 0..total {
        let payload = json!({ "n": n, "pad": pad });
        let queued = app.state.realtime.publish(&company, "crud.board", "process", &payload, &[]).unwrap();
        // Bob may not view the module: a notification of his own, each read at once.
        app.state.realtime.notify_user(&company, &bob.user_id, &n.to_string(), None, 0);
        let event = quick.message().await;
        assert_eq!(event.event, realtime::NOTIFICATIONS);
        if queued == 0 && dropped_at.is_none() {
            dropped_at = Some(n);
        }
    }
    let dropped_at = dropped_at.expect("the slow stream was dropped");
    assert!(dropped_at > hub::QUEUE, "dropped only after a full queue ({dropped_at})");

    let mut received = 0;
    let ending = loop {
        let event = slow.next_within(Duration::from_secs(10)).await.expect("the slow stream ends with a reason");
        if event.event == "crud.board" {
            received += 1;
        } else if !event.event.is_empty() {
            break event;
        }
    };
    assert_eq!((ending.event.as_str(), ending.data.as_str()), (realtime::OVERLOADED, realtime::OVERLOADED_REASON));
    assert!(received < total, "{received}");
    assert!(slow.next_within(Duration::from_secs(2)).await.is_none(), "the stream ended");
}

/// Reads until the stream's `ended`, within a bound; answers how long it took.
async fn until_ended(stream: &mut Stream) -> Duration {
    let started = Instant::now();
    loop {
        let event = stream.next_within(Duration::from_secs(4)).await.expect("the stream ends with `ended`");
        if event.event == realtime::ENDED {
            assert_eq!(event.data, realtime::ENDED_REASON);
            assert!(stream.next_within(Duration::from_secs(1)).await.is_none(), "nothing after `ended`");
            return started.elapsed();
        }
    }
}

async fn logout_ends_an_open_stream_within_two_seconds(app: TestApp) {
    let ann = person(&app, app.sign_up("ann@logout.example.com", "Logout").await).await;
    let other_tab = app.sign_in("ann@logout.example.com", PASSWORD).await;
    let mut stream = Stream::open(&app, &ann.token, None).await;
    let mut other = Stream::open(&app, &other_tab, None).await;
    stream.opening_id().await;
    other.opening_id().await;
    let out = app.post_as(&ann.token, "/api/users/logout", json!({})).await;
    assert_eq!(out.status, 200);
    let took = until_ended(&mut stream).await;
    assert!(took < Duration::from_millis(2500), "{took:?}");
    // The other session's stream goes on.
    app.state.realtime.directory_changed(&ann.company_id);
    assert_eq!(other.message().await.event, realtime::DIRECTORY);
}

/// A stream does not outlive its session: when the session's time is up, the stream ends.
async fn a_stream_ends_when_its_session_expires(app: TestApp) {
    let ann = person(&app, app.sign_up("ann@expiry.example.com", "Expiry").await).await;
    let mut stream = Stream::open(&app, &ann.token, None).await;
    stream.opening_id().await;
    assert!(stream.next_within(Duration::from_millis(1500)).await.is_none(), "not before its time");
    app.advance(app.state.config.session_ttl);
    let took = until_ended(&mut stream).await;
    assert!(took < Duration::from_millis(2500), "{took:?}");
}

/// A company admin deactivates Bob: his session ends, and with it his open stream.
async fn deactivating_a_member_ends_their_open_stream(app: TestApp) {
    let (ann, bob) = acme_with_ann_and_bob(&app).await;
    let mut stream = Stream::open(&app, &bob.token, None).await;
    stream.opening_id().await;
    let actor = autoscope::teams::Actor {
        company_id: ann.company_id.clone(),
        user_id: ann.user_id.clone(),
        name: "Ann Lee".into(),
        email: "ann@acme.example.com".into(),
        company_admin: true,
        edition: autoscope::rights::Edition::Community,
        request_id: None,
        client_addr: None,
    };
    let change = MemberChange { status: Some("deactivated".into()), ..MemberChange::default() };
    let started = Instant::now();
    autoscope::teams::run(&app.state, &actor, MembersOp::Update { user_id: bob.user_id.clone(), change }, vec![])
        .await
        .unwrap();
    // His standing changed: the stream ends at once to come back with new rights, and
    // coming back is refused.
    assert_eq!(stream.message().await.event, realtime::SESSION);
    assert_eq!(stream.message().await.event, realtime::REFRESH);
    assert!(started.elapsed() < Duration::from_millis(2500), "{:?}", started.elapsed());
    assert!(stream.next_within(Duration::from_millis(300)).await.is_none(), "nothing after `refresh`");
    let again = app.client.get(format!("{}/api/realtime", app.base)).bearer_auth(&bob.token).send().await.unwrap();
    assert_eq!(again.status(), 401);
    assert_eq!(app.get_as(&bob.token, "/api/users/me").await.status, 401);
}

/// A stream asked for by another site's page is refused before anything streams, even
/// without a session; the portal's own origin passes.
async fn another_site_s_page_is_refused(app: TestApp) {
    let ann = person(&app, app.sign_up("ann@origin.example.com", "Origin").await).await;
    let ask = |origin: &str, token: Option<&str>| {
        let mut request = app.client.get(format!("{}/api/realtime", app.base)).header("Origin", origin);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send()
    };
    for token in [Some(ann.token.as_str()), None] {
        let refused = ask("https://evil.example.com", token).await.unwrap();
        assert_eq!(refused.status(), 403);
        let body: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(body["message"], realtime::CROSS_ORIGIN);
    }
    let own = ask(&app.base, Some(&ann.token)).await.unwrap();
    let mut own = Stream::from(own);
    own.opening_id().await;
}
