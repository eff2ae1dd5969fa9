//! Module jobs (the `jobs` host function: long work the host drives a step per plugin
//! call) and the `ingest` and `ingest_background` host functions, through the `crud` test
//! module.

use std::time::Duration;

use serde_json::{Value, json};

use crate::on_both_engines;
use crate::support::{TestApp, open_stream, read_event};

on_both_engines!(
    a_job_runs_its_steps_to_the_end_and_tells_the_viewers,
    a_key_lets_one_job_run_and_a_cancelled_job_stops,
    failing_steps_are_tried_again_then_the_job_fails,
    jobs_stay_within_their_module_and_company,
    a_module_ingests_into_its_own_stream_and_a_granted_one,
    a_background_store_ends_before_its_call_answers,
);

async fn start(app: &TestApp, token: &str, body: Value) -> Value {
    let started = app.post_as(token, "/api/m/crud/jobs", body).await;
    assert_eq!(started.status, 201, "{started:?}");
    started.body
}

/// The job once `done` says so, polled for at most 20 seconds.
async fn job_when(app: &TestApp, token: &str, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let job = app.get_as(token, &format!("/api/m/crud/jobs/{id}")).await.body;
        if done(&job) {
            return job;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the job did not get there: {:?}", app.get_as(token, &format!("/api/m/crud/jobs/{id}")).await);
}

async fn a_job_runs_its_steps_to_the_end_and_tells_the_viewers(app: TestApp) {
    app.install_test_module("crud").await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let mut stream = open_stream(&app, &token).await;
    let job = start(&app, &token, json!({ "to": 5 })).await;
    assert_eq!((job["status"].as_str(), job["steps"].as_u64()), (Some("running"), Some(0)));
    let id = job["id"].as_str().unwrap();
    let done = job_when(&app, &token, id, |job| job["status"] == "done").await;
    assert_eq!(done["progress"], json!({ "at": 5, "to": 5, "cancelled": false }));
    assert_eq!((done["steps"].as_u64(), done["error"].clone()), (Some(5), Value::Null));
    assert!(done["finished_at"].as_i64().is_some());
    let listed = app.get_as(&token, "/api/m/crud/jobs").await;
    assert_eq!(listed.body[0]["id"], id);

    // Each change reached the module's viewers on `crud.jobs`, the last one done.
    let mut last = None;
    while let Some(event) = read_event(&mut stream).await {
        if event.contains("event: crud.jobs") {
            last = Some(event);
        }
    }
    let last = last.expect("job changes are pushed");
    assert!(last.contains(r#""status":"done""#), "{last}");
}

async fn a_key_lets_one_job_run_and_a_cancelled_job_stops(app: TestApp) {
    app.install_test_module("crud").await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let long = start(&app, &token, json!({ "to": 1_000_000, "key": "sync-1" })).await;
    let id = long["id"].as_str().unwrap();
    let twice = app.post_as(&token, "/api/m/crud/jobs", json!({ "to": 3, "key": "sync-1" })).await;
    assert_eq!((twice.status, twice.message()), (409, "A job with this key is already running"));
    job_when(&app, &token, id, |job| job["steps"].as_u64() >= Some(3)).await;

    let cancelling = app.post_as(&token, &format!("/api/m/crud/jobs/{id}/cancel"), json!({})).await;
    assert!(["cancelling", "cancelled"].contains(&cancelling.body["status"].as_str().unwrap()), "{cancelling:?}");
    let cancelled = job_when(&app, &token, id, |job| job["status"] == "cancelled").await;
    // The last call was told, and its progress kept.
    assert_eq!(cancelled["progress"]["cancelled"], true, "{cancelled}");
    let steps = cancelled["steps"].as_u64().unwrap();
    assert!(steps < 1_000_000, "{cancelled}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let later = app.get_as(&token, &format!("/api/m/crud/jobs/{id}")).await.body;
    assert_eq!(later["steps"].as_u64(), Some(steps), "no step after the cancel");

    // The key is free again.
    let again = start(&app, &token, json!({ "to": 2, "key": "sync-1" })).await;
    job_when(&app, &token, again["id"].as_str().unwrap(), |job| job["status"] == "done").await;
}

async fn failing_steps_are_tried_again_then_the_job_fails(app: TestApp) {
    app.install_test_module("crud").await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let job = start(&app, &token, json!({ "fail": true })).await;
    let id = job["id"].as_str().unwrap().to_string();
    for attempt in 1..=5 {
        let expected = format!("the step answered 503: step 1 fails (try {attempt})");
        let failed = job_when(&app, &token, &id, |job| job["error"] == expected.as_str()).await;
        let status = if attempt < 5 { "running" } else { "failed" };
        assert_eq!(failed["status"], status, "{failed}");
        // The next try waits out its backoff (5 s doubling) on the host's clock.
        app.advance(Duration::from_secs(3_600));
        app.state.modules.wake_workers();
    }
    let logs = app.get_as(&token, "/api/logs/all_logs?limit=20").await.body.to_string();
    assert!(logs.contains("module.job_failed"), "{logs}");
    assert!(logs.contains("Step 1 of job count of module crud failed (try 5, giving up)"), "{logs}");
}

async fn jobs_stay_within_their_module_and_company(app: TestApp) {
    app.install_test_module("crud").await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let undeclared = app.post_as(&token, "/api/m/crud/jobs", json!({ "undeclared": true })).await;
    assert_eq!((undeclared.status, undeclared.message()), (403, "module.toml does not declare the job 'undeclared'"));
    let job = start(&app, &token, json!({ "to": 1 })).await;
    let other = app.sign_up("bob@example.com", "Bob Co").await;
    let foreign = app.get_as(&other, &format!("/api/m/crud/jobs/{}", job["id"].as_str().unwrap())).await;
    assert_eq!((foreign.status, foreign.message()), (404, "No such job"));
    assert_eq!(app.get_as(&other, "/api/m/crud/jobs").await.body, json!([]));
}

async fn a_module_ingests_into_its_own_stream_and_a_granted_one(app: TestApp) {
    app.install_test_module("crud").await;
    app.install_test_module("premium").await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let readings = json!({ "stream": "readings", "records": [
        { "source_id": "r1", "sensor": "a", "at": 1_700_000_000, "value": 1.5 },
        { "source_id": "r2", "sensor": "z", "at": 1_700_000_000 },
        { "source_id": "r3", "sensor": "b", "at": "2023-11-14T22:13:20Z" },
    ] });
    for _ in 0..2 {
        // Sent twice, stored once: the key replaces.
        let report = app.post_as(&token, "/api/m/crud/ingest", readings.clone()).await;
        assert_eq!(
            (report.body["received"].as_u64(), report.body["stored"].as_u64()),
            (Some(3), Some(2)),
            "{report:?}"
        );
        assert_eq!(report.body["errors"][0]["index"], 1);
        assert_eq!(report.body["errors"][0]["source_id"], "r2");
    }

    let records = json!({ "stream": "premium.records", "records": [{ "source_id": "p1" }] });
    let community = app.post_as(&token, "/api/m/crud/ingest", records.clone()).await;
    assert_eq!((community.status, community.message()), (403, autoscope::rights::UPGRADE));
    let admin = app.admin_token().await;
    let company = crate::directory::whoami(&app, &token).await["company_id"].as_str().unwrap().to_string();
    let upgraded = app
        .post_as(&admin, &format!("/api/admin/companies/{company}/edition"), json!({ "edition": "enterprise" }))
        .await;
    assert_eq!(upgraded.status, 200, "{upgraded:?}");
    let enterprise = app.post_as(&token, "/api/m/crud/ingest", records).await;
    assert_eq!(enterprise.body["stored"], 1, "{enterprise:?}");

    let undeclared = json!({ "stream": "faults.notes", "records": [{}] });
    let refused = app.post_as(&token, "/api/m/crud/ingest", undeclared).await;
    assert_eq!(
        (refused.status, refused.message()),
        (403, "The module may not use 'ingest:faults.notes': module.toml does not declare it")
    );
}

async fn a_background_store_ends_before_its_call_answers(app: TestApp) {
    app.install_test_module("crud").await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let batch = |background: &str, stream: &str, id: &str| {
        json!({ "stream": stream, "background": background,
                "records": [{ "source_id": id, "sensor": "a", "at": 1_700_000_000 }, { "source_id": "bad" }] })
    };
    let waited = app.post_as(&token, "/api/m/crud/ingest", batch("wait", "readings", "r1")).await;
    assert_eq!((waited.body["received"].as_u64(), waited.body["stored"].as_u64()), (Some(2), Some(1)), "{waited:?}");
    assert_eq!(waited.body["errors"][0]["source_id"], "bad");

    // Left unread, the store still ends before the answer: its record is there at once.
    let left = app.post_as(&token, "/api/m/crud/ingest", batch("leave", "readings", "r2")).await;
    assert_eq!(left.status, 200, "{left:?}");
    let again = app.post_as(&token, "/api/m/crud/readings", json!({ "source_id": "r2", "sensor": "a", "at": 1 })).await;
    assert_eq!((again.status, again.message()), (409, "A record with this source_id already exists"));

    // A failed store is the waiting plugin's error; unread, it fails the call.
    let waited = app.post_as(&token, "/api/m/crud/ingest", batch("wait", "nothing", "r3")).await;
    assert_eq!((waited.status, waited.message()), (404, "No ingestion stream 'nothing' in module 'crud'"));
    let left = app.post_as(&token, "/api/m/crud/ingest", batch("leave", "nothing", "r3")).await;
    assert_eq!(
        (left.status, left.message()),
        (
            502,
            "A store the module started in the background failed: No ingestion stream 'nothing' in module 'crud' (404)"
        )
    );

    let three = app.post_as(&token, "/api/m/crud/ingest", batch("three", "readings", "r4")).await;
    assert_eq!(
        (three.status, three.message()),
        (429, "A call runs at most 2 background stores at once: wait for one first")
    );
    let undeclared = app.post_as(&token, "/api/m/crud/ingest", batch("wait", "faults.notes", "r5")).await;
    assert_eq!(
        (undeclared.status, undeclared.message()),
        (403, "The module may not use 'ingest:faults.notes': module.toml does not declare it")
    );
}
