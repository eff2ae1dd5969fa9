//! Calling plugins through `/api/m/<key>/...`: the session and rights checks, the call
//! context, public and legacy routes, guest state kept per company, and faults that fail
//! one request while the module keeps serving.

use autoscope::storage::{Engine, companies, system_logs};
use serde_json::{Value, json};

use crate::on_both_engines;
use crate::support::TestApp;
use crate::support::modules::{archive_with, manifest};

on_both_engines!(
    the_plugin_gets_the_caller_and_company,
    calls_need_a_session_and_the_view_right,
    a_disabled_right_asks_for_premium,
    public_and_legacy_routes_bind_the_company_of_the_named_user,
    warm_instances_are_never_shared_across_companies,
    each_fault_fails_its_request_only,
    a_body_nested_too_deeply_is_refused_before_the_plugin,
    a_text_reply_has_a_data_content_type_only,
    the_nul_character_is_refused_at_the_edge,
    a_module_logs_its_lines_and_panics_within_its_rate,
    another_modules_records_reach_only_people_its_rights_open,
);
on_both_engines!(
    engine: a_module_at_its_concurrency_limit_does_not_block_others,
    one_companys_storm_leaves_another_company_served,
    a_call_past_its_time_stops_at_once
);

/// The envelope carries the signed-in user (and whether they administer the company), the
/// company, the module, the rights, the portal's address and fresh entropy.
async fn the_plugin_gets_the_caller_and_company(app: TestApp) {
    app.install_test_module("crud").await;
    let token = app.sign_up("caller@example.com", "Callers").await;
    let me = app.get_as(&token, "/api/m/crud/whoami").await;
    assert_eq!(me.status, 200, "{me:?}");
    assert_eq!(me.body["email"], "caller@example.com");
    assert_eq!(me.body["module"], "crud");
    assert_eq!(me.body["rights"]["process"], json!({ "view": true, "disabled": false }));
    let company = me.body["company_id"].as_str().unwrap();
    assert!(!company.is_empty());
    assert_eq!(me.body["company_admin"], true, "the company's creator administers it");
    assert_eq!(me.body["time_zone"], Value::Null, "none chosen yet");
    let zone = json!({ "firstname": "Cal", "lastname": "Ler", "gender": "Male", "country": "DE",
                       "department": "Legal", "job_title": "Lead", "time_zone": "Asia/Kolkata" });
    assert_eq!(app.request(reqwest::Method::PUT, "/api/users/me", Some(&token), Some(zone)).await.status, 200);
    assert_eq!(app.get_as(&token, "/api/m/crud/whoami").await.body["time_zone"], "Asia/Kolkata");
    let colleague = crate::directory::add_colleague(&app, company, "colleague@example.com", "Cole").await;
    let colleague_token = autoscope::auth::session::open(&app.state, &colleague, company).await.unwrap();
    assert_eq!(app.get_as(&colleague_token, "/api/m/crud/whoami").await.body["company_admin"], false);
    assert_eq!(me.body["portal_url"], app.base.as_str());
    let entropy = me.body["entropy"].as_str().unwrap().to_string();
    assert!(entropy.len() == 64 && entropy.chars().all(|c| c.is_ascii_hexdigit()), "{entropy}");
    let again = app.get_as(&token, "/api/m/crud/whoami").await;
    assert_ne!(again.body["entropy"].as_str(), Some(entropy.as_str()), "new on every call");
    let unknown = app.get_as(&token, "/api/m/crud/no/such/route").await;
    assert_eq!((unknown.status, unknown.message()), (404, "Not found"));
    let bad_json = app
        .client
        .post(format!("{}/api/m/crud/items", app.base))
        .bearer_auth(&token)
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(bad_json.status(), 400);
}

/// A plugin may answer text of a data type (an iCalendar feed, CSV) with that content
/// type; HTML, which would run on the portal's origin, or an unknown type is a 502.
async fn a_text_reply_has_a_data_content_type_only(app: TestApp) {
    app.install_test_module("crud").await;
    let token = app.sign_up("caller@example.com", "Callers").await;
    let text = |content_type: &str| {
        let url = format!("{}/api/m/crud/text?type={}", app.base, content_type.replace(' ', "%20").replace(';', "%3B"));
        app.client.get(url).bearer_auth(&token).send()
    };
    let csv = text("text/csv; charset=utf-8").await.unwrap();
    assert_eq!(csv.status(), 200);
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(csv.headers()["x-content-type-options"], "nosniff");
    assert_eq!(csv.text().await.unwrap(), "a,b\n1,2\n");
    for refused in ["text/html; charset=utf-8", "text/csv", "application/javascript"] {
        let answer = text(refused).await.unwrap();
        assert_eq!(answer.status(), 502, "{refused}");
        assert!(answer.text().await.unwrap().contains("is not one of"), "{refused}");
    }
}

/// No session: 401. A role without view on the module's rights key: 403.
async fn calls_need_a_session_and_the_view_right(app: TestApp) {
    app.install_test_module("crud").await;
    assert_eq!(app.get("/api/m/crud/whoami").await.status, 401);
    let token = app.sign_up("viewer@example.com", "Viewers").await;
    let company = company_of(&app, &token).await;
    let mut rights = autoscope::rights::default_role_rights();
    rights.insert("process".into(), autoscope::rights::Right { view: false, disabled: false });
    let rights = serde_json::to_string(&rights).unwrap();
    assert!(companies::set_role_rights(app.db(), &company, autoscope::rights::COMMUNITY_ROLE, &rights).await.unwrap());
    let refused = app.get_as(&token, "/api/m/crud/whoami").await;
    assert_eq!((refused.status, refused.message()), (403, "Your rights do not allow this module"));
    assert_eq!(app.get_as(&token, "/api/modules").await.body["data"], json!([]));
}

/// A premium module in a community company is listed disabled and refuses calls.
async fn a_disabled_right_asks_for_premium(app: TestApp) {
    let admin = app.admin_token().await;
    let premium = manifest("crud")
        .replace("rights_key = \"process\"", "rights_key = \"databaseIntegration\"")
        .replace("premium = false", "premium = true");
    assert_eq!(app.install(&admin, archive_with("crud", &premium, None), "declared").await.status, 200);
    let token = app.sign_up("community@example.com", "Community Co").await;
    let refused = app.get_as(&token, "/api/m/crud/whoami").await;
    assert_eq!((refused.status, refused.message()), (403, "Upgrade to Premium to use this module"));
    let listed = app.get_as(&token, "/api/modules").await;
    assert_eq!(listed.body["data"][0]["rights"], json!({ "view": true, "disabled": true }));
}

/// Public routes need no session; the host binds the call to the company of the user
/// named by `person_id` (query or body), also through a legacy path.
async fn public_and_legacy_routes_bind_the_company_of_the_named_user(app: TestApp) {
    app.install_test_module("crud").await;
    let token = app.sign_up("approver@example.com", "Approvers").await;
    let me = app.get_as(&token, "/api/m/crud/whoami").await;
    let (user_id, company) = (me.body["user_id"].clone(), me.body["company_id"].clone());
    let body = json!({ "ticket_id": "t1", "person_id": user_id, "token": "abc" });
    let direct = app.post("/api/m/crud/public/echo", body.clone()).await;
    assert_eq!(direct.status, 200, "{direct:?}");
    assert_eq!(direct.body["company_id"], company);
    assert_eq!(direct.body["public"], true);
    let legacy = app.post("/api/crud/echo_request", body.clone()).await;
    assert_eq!(legacy.status, 200, "{legacy:?}");
    assert_eq!(legacy.body["company_id"], company);
    assert_eq!(legacy.body["body"]["token"], "abc");
    let stranger = app.post("/api/crud/echo_request", json!({ "person_id": "no-such-user" })).await;
    assert_eq!(stranger.status, 404);
    let missing = app.post("/api/crud/echo_request", json!({ "token": "abc" })).await;
    assert_eq!((missing.status, missing.message()), (400, "person_id is required"));
    assert_eq!(app.get("/api/crud/echo_request").await.status, 404);
    // A person's links cannot be tried by the thousand: 60 calls naming them in 15 minutes
    // (the two above included), then 429.
    let mut answered = 2;
    let limited = loop {
        let answer = app.post("/api/m/crud/public/echo", body.clone()).await;
        if answer.status != 200 || answered > 70 {
            break answer;
        }
        answered += 1;
    };
    assert_eq!((limited.status, limited.message()), (429, "Too many attempts, please try again later"));
    assert_eq!(answered, 60);
}

/// Guest state lives in an instance; another company never gets that instance.
async fn warm_instances_are_never_shared_across_companies(app: TestApp) {
    app.install_test_module("crud").await;
    let first = app.sign_up("a@first.example.com", "First").await;
    let second = app.sign_up("b@second.example.com", "Second").await;
    for expected in 1..=3 {
        assert_eq!(app.get_as(&first, "/api/m/crud/counter").await.body["counter"], expected);
    }
    assert_eq!(app.get_as(&second, "/api/m/crud/counter").await.body["counter"], 1);
    assert_eq!(app.get_as(&first, "/api/m/crud/counter").await.body["counter"], 4);
}

/// An endless loop, a trap, a memory bomb, an oversized answer, undeclared host calls (the
/// company directory's among them) and an ungranted read each fail that request with a clear JSON error and a system
/// log entry; the module keeps answering.
async fn each_fault_fails_its_request_only(app: TestApp) {
    let admin = app.admin_token().await;
    assert_eq!(app.install(&admin, crate::support::modules::archive("faults"), "storage").await.status, 200);
    let token = app.sign_up("faulty@example.com", "Faulty").await;
    let cases = [
        ("/loop", 502, "more computation than its limit"),
        ("/trap", 502, "The module failed"),
        ("/bomb", 502, "more memory than its limit"),
        ("/huge", 502, "answer is larger than its limit of 1024 KB"),
        ("/undeclared", 403, "'notify': module.toml does not declare it"),
        ("/members", 403, "'members': module.toml does not declare it"),
        ("/ungranted", 403, "'read:crud.items': the installation did not grant it"),
    ];
    for (path, status, message) in cases {
        let answer = app.get_as(&token, &format!("/api/m/faults{path}")).await;
        assert_eq!(answer.status, status, "{path}: {answer:?}");
        assert!(answer.message().contains(message), "{path}: {answer:?}");
        let ok = app.get_as(&token, "/api/m/faults/ok").await;
        assert_eq!(ok.body, json!({ "ok": true }), "after {path}");
    }
    let company = company_of(&app, &token).await;
    let logged = system_logs::list_for_company(app.db(), &company, None, 100).await.unwrap();
    let failures: Vec<&str> =
        logged.iter().filter(|e| e.event == "module.call_failed").map(|e| e.message.as_str()).collect();
    assert_eq!(failures.len(), 4, "{failures:#?}");
    assert!(failures.iter().any(|m| m.contains("GET /loop")), "{failures:#?}");

    // Each refused host call is in the log with its module and request, once a minute at
    // most: a module looping on one cannot flood the log.
    assert_eq!(app.get_as(&token, "/api/m/faults/undeclared").await.status, 403);
    let mut refusals = Vec::new();
    for _ in 0..50 {
        let logged = system_logs::list_for_company(app.db(), &company, None, 100).await.unwrap();
        refusals = logged.into_iter().filter(|e| e.event == "module.call_refused").collect::<Vec<_>>();
        if refusals.len() >= 3 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let mut messages: Vec<&str> = refusals.iter().map(|e| e.message.as_str()).collect();
    messages.sort_unstable();
    assert_eq!(
        messages,
        [
            "The module 'faults' was refused a host call. The module may not use 'members': module.toml does not declare it",
            "The module 'faults' was refused a host call. The module may not use 'notify': module.toml does not declare it",
            "The module 'faults' was refused a host call. The module may not use 'read:crud.items': the installation did not grant it",
        ]
    );
    assert!(refusals.iter().all(|e| e.request_id.is_some() && e.level == "warn"), "{refusals:#?}");
}

/// A body nesting arrays past 64 levels is refused with 400 and the host's words (near
/// serde's limit of 128 it used to reach the plugin and fail there with 500); one at 64
/// levels reaches the plugin, which answers as it does for any body it cannot use.
async fn a_body_nested_too_deeply_is_refused_before_the_plugin(app: TestApp) {
    let admin = app.admin_token().await;
    assert_eq!(app.install(&admin, crate::support::modules::archive("crud"), "declared").await.status, 200);
    let token = app.sign_up("deep@example.com", "Deep").await;
    let nested = |levels: usize| (0..levels).fold(json!("x"), |inner, _| json!([inner]));
    for levels in [65, 125, 127] {
        let answer = app.post_as(&token, "/api/m/crud/items", json!({ "title": nested(levels - 1) })).await;
        assert_eq!(answer.status, 400, "{levels}: {answer:?}");
        assert_eq!(answer.message(), autoscope::modules::gateway::TOO_DEEP);
    }
    let answer = app.post_as(&token, "/api/m/crud/items", json!({ "title": nested(63) })).await;
    assert!(answer.status < 500 && answer.message() != autoscope::modules::gateway::TOO_DEEP, "{answer:?}");
}

/// A NUL in a body, a path or a query answers 400 before sign-in and before a module,
/// on both engines (PostgreSQL cannot store it: it used to answer 500 there); the text
/// `\u0000` (an escaped backslash) is no NUL and passes.
async fn the_nul_character_is_refused_at_the_edge(app: TestApp) {
    use autoscope::http::nul::NUL_REFUSED;
    app.install_test_module("crud").await;
    let token = app.sign_up("nul@example.com", "Nul").await;
    let refused = |answer: crate::support::Answer| {
        assert_eq!((answer.status, answer.message()), (400, NUL_REFUSED), "{answer:?}");
    };
    refused(app.post("/api/users/signin", json!({ "email": "nul\u{0}@example.com", "password": "x" })).await);
    refused(app.post_as(&token, "/api/m/crud/items", json!({ "title": "a\u{0}b" })).await);
    refused(app.get_as(&token, "/api/m/crud/items/a%00b").await);
    refused(app.get_as(&token, "/api/m/crud/items?q=a%00").await);
    let text = app.post_as(&token, "/api/m/crud/items", json!({ "title": "a\\u0000b" })).await;
    assert_eq!((text.status, text.body["title"].as_str()), (201, Some("a\\u0000b")), "{text:?}");
    assert_eq!(app.get_as(&token, "/api/m/crud/whoami").await.status, 200, "the host goes on");
}

/// While endless loops hold all of one module's slots, another module is served.
async fn a_module_at_its_concurrency_limit_does_not_block_others(engine: Engine) {
    let app = TestApp::start(engine, |_| {}).await;
    let admin = app.admin_token().await;
    assert_eq!(app.install(&admin, crate::support::modules::archive("faults"), "storage").await.status, 200);
    assert_eq!(app.install(&admin, crate::support::modules::archive("crud"), "declared").await.status, 200);
    let token = app.sign_up("busy@example.com", "Busy").await;
    // Two endless loops hold both of the faults module's slots until fuel runs out.
    let loops: Vec<_> = (0..2)
        .map(|_| {
            let (client, url, token) = (app.client.clone(), format!("{}/api/m/faults/loop", app.base), token.clone());
            tokio::spawn(async move { client.get(url).bearer_auth(token).send().await.unwrap().status().as_u16() })
        })
        .collect();
    let other = app.get_as(&token, "/api/m/crud/whoami").await;
    assert_eq!(other.status, 200, "{other:?}");
    for handle in loops {
        assert_eq!(handle.await.unwrap(), 502);
    }
}

/// A module's slots are shared fairly between companies: while one company's endless loops
/// queue for the faults module (two slots, one a company), another company's call runs at
/// once instead of waiting behind them.
async fn one_companys_storm_leaves_another_company_served(engine: Engine) {
    let app = TestApp::start(engine, |_| {}).await;
    let admin = app.admin_token().await;
    // Fuel for a loop of some 100 ms or more, so the storm's calls queue.
    let long_loops = manifest("faults").replace("fuel = 50_000_000", "fuel = 2_000_000_000");
    assert_eq!(app.install(&admin, archive_with("faults", &long_loops, None), "storage").await.status, 200);
    let storm = app.sign_up("storm@example.com", "Storm").await;
    let quiet = app.sign_up("quiet@example.com", "Quiet").await;
    const LOOPS: usize = 8;
    let finished = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let loops: Vec<_> = (0..LOOPS)
        .map(|_| {
            let (client, url, token) = (app.client.clone(), format!("{}/api/m/faults/loop", app.base), storm.clone());
            let finished = finished.clone();
            tokio::spawn(async move {
                let status = client.get(url).bearer_auth(token).send().await.unwrap().status().as_u16();
                finished.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                status
            })
        })
        .collect();
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    let served = app.get_as(&quiet, "/api/m/faults/ok").await;
    let storm_done = finished.load(std::sync::atomic::Ordering::SeqCst);
    assert_eq!(served.status, 200, "{served:?}");
    // Queued behind the storm, the call would have waited for about all of its loops.
    assert!(storm_done < LOOPS / 2, "{storm_done} of {LOOPS} loops ended before the other company was served");
    for handle in loops {
        // Each loop runs out of fuel; one that waited past the queue's limit is told the module is busy.
        assert!([502, 503].contains(&handle.await.unwrap()));
    }
}

/// A call past its time limit (504) is stopped where it runs: its company's slot of the
/// module is free at once, not when its fuel is spent; and stopping it stops no other call
/// of the module (each running call has an engine of its own, whose epoch the stop ticks).
async fn a_call_past_its_time_stops_at_once(engine: Engine) {
    use std::time::{Duration, Instant};
    let app = TestApp::start(engine, |_| {}).await;
    let admin = app.admin_token().await;
    // The most fuel there is: a loop of a second or more (1.5 s on a 2-core CI machine),
    // far past the limit of a quarter second.
    let slow = manifest("faults")
        .replace("fuel = 50_000_000", "fuel = 5_000_000_000")
        .replace("timeout_ms = 2000", "timeout_ms = 250");
    assert_eq!(app.install(&admin, archive_with("faults", &slow, None), "storage").await.status, 200);
    let first = app.sign_up("first@example.com", "First").await;
    let second = app.sign_up("second@example.com", "Second").await;
    let endless = |token: &str| {
        let (client, url, token) = (app.client.clone(), format!("{}/api/m/faults/loop", app.base), token.to_string());
        tokio::spawn(async move {
            let started = Instant::now();
            let status = client.get(url).bearer_auth(token).send().await.unwrap().status().as_u16();
            (status, started.elapsed())
        })
    };
    let stopped = endless(&first);
    tokio::time::sleep(Duration::from_millis(125)).await;
    let neighbour = endless(&second);
    let (status, _) = stopped.await.unwrap();
    assert_eq!(status, 504);
    // The company holds one of the module's two slots: a loop left running would keep it
    // until its fuel ran out, a second or more later (or fail with 502 first).
    let started = Instant::now();
    let next = app.get_as(&first, "/api/m/faults/ok").await;
    assert_eq!(next.status, 200, "{next:?}");
    assert!(started.elapsed() < Duration::from_millis(400), "the slot came back after {:?}", started.elapsed());
    // The other company's loop, halfway through its time when the first was stopped, ran
    // its whole time and ended on its own limit, not as a failure.
    let (status, ran) = neighbour.await.unwrap();
    assert_eq!(status, 504, "stopped with its neighbour, it would fail (502)");
    assert!(ran >= Duration::from_millis(250), "it ran {ran:?}");
}

/// A module reads another module's records through its grant only for people whose rights
/// open that module (the faults module is Support's; the items are Crud's, the "process"
/// right); counts through an `aggregate:` grant reach anyone the module serves, and through
/// `read:` alone follow the rights too.
async fn another_modules_records_reach_only_people_its_rights_open(app: TestApp) {
    let admin = app.admin_token().await;
    app.install_test_module("crud").await;
    let everything = "storage,read:crud.items,aggregate:crud.items";
    assert_eq!(app.install(&admin, crate::support::modules::archive("faults"), everything).await.status, 200);
    let token = app.sign_up("reader@example.com", "Readers").await;
    assert_eq!(app.post_as(&token, "/api/m/crud/items", json!({ "title": "Secret plan" })).await.status, 201);
    let listed = app.get_as(&token, "/api/m/faults/ungranted").await;
    assert_eq!(listed.body["items"][0]["title"], "Secret plan", "{listed:?}");

    let company = company_of(&app, &token).await;
    let mut rights = autoscope::rights::default_role_rights();
    rights.insert("process".into(), autoscope::rights::Right { view: false, disabled: false });
    let rights = serde_json::to_string(&rights).unwrap();
    assert!(companies::set_role_rights(app.db(), &company, autoscope::rights::COMMUNITY_ROLE, &rights).await.unwrap());
    let refused = app.get_as(&token, "/api/m/faults/ungranted").await;
    assert_eq!(
        (refused.status, refused.message()),
        (403, "Your rights do not allow Items, whose data this needs"),
        "this used to list the items: {refused:?}"
    );
    assert_eq!(app.get_as(&token, "/api/m/faults/items-counted").await.body, json!(1));

    // Without the aggregate grant a count is a read like any other.
    let read_only = crate::support::modules::archive_with(
        "faults",
        &manifest("faults").replace("version = \"1.0.0\"", "version = \"1.0.1\""),
        None,
    );
    assert_eq!(app.install(&admin, read_only, "storage,read:crud.items").await.status, 200);
    let counted = app.get_as(&token, "/api/m/faults/items-counted").await;
    assert_eq!((counted.status, counted.message()), (403, "Your rights do not allow Items, whose data this needs"));
}

/// A panic's message and the module's own lines reach the system log as
/// `module.log.<key>`, with the company and request, at most 30 a minute per company; an
/// administrator reads them there.
async fn a_module_logs_its_lines_and_panics_within_its_rate(app: TestApp) {
    let admin = app.admin_token().await;
    assert_eq!(app.install(&admin, crate::support::modules::archive("faults"), "storage").await.status, 200);
    let token = app.sign_up("logger@example.com", "Loggers").await;
    let panicked = app.get_as(&token, "/api/m/faults/panic").await;
    assert_eq!((panicked.status, panicked.message()), (502, "The module failed"));
    let logged = app.get_as(&token, "/api/m/faults/log?lines=40").await;
    assert_eq!(logged.body, json!({ "written": 29 }), "{logged:?}");
    let lines = app.get_as(&admin, "/api/admin/logs?event=module.log.faults&pageSize=100").await;
    assert_eq!(lines.body["total"], 30, "{lines:?}");
    let entries = lines.body["data"].as_array().unwrap();
    let panic = entries.iter().find(|e| e["level"] == "error").expect("the panic is logged");
    assert!(panic["message"].as_str().unwrap().contains("the books do not balance"), "{panic}");
    assert!(entries.iter().all(|e| e["companyName"] == "Loggers" && e["requestId"].is_string()), "{entries:#?}");
    assert_eq!(entries.iter().filter(|e| e["message"] == "line 1 of 40").count(), 1);
    assert!(entries.iter().all(|e| e["message"] != "line 30 of 40"), "the rate dropped the rest");
}

async fn company_of(app: &TestApp, token: &str) -> String {
    let me: Value = app.get_as(token, "/api/users/me").await.body;
    me["company_id"].as_str().unwrap_or_else(|| panic!("no company id in {me}")).to_string()
}
