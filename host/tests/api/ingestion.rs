//! The ingestion API and rollups, through a real host with the `crud` test module's
//! `readings` stream: company API keys, batches in every shape, per-record errors,
//! idempotency, companies kept apart, and aggregates answered from rollups exactly as
//! from the rows, before and after writes of every kind.

use autoscope::modules::collections::{Target, execute};
use autoscope_wire::storage::StorageOp;
use serde_json::{Value, json};

use crate::on_both_engines;
use crate::support::{Answer, TestApp};

on_both_engines!(
    only_a_company_administrator_manages_keys_and_a_revoked_key_stops_working,
    a_batch_stores_good_records_and_names_each_bad_one,
    sending_a_batch_again_changes_nothing_and_the_later_record_wins,
    a_batch_of_several_statements_keeps_positions_and_the_later_record_wins_across_them,
    a_batch_whose_checking_stops_midway_stores_nothing,
    ndjson_batches_report_unreadable_lines,
    a_key_writes_to_its_own_company_only,
    a_deactivated_companys_keys_stop_working,
    concurrent_batches_of_the_same_records_both_succeed,
    a_premium_module_takes_batches_from_enterprise_companies_only,
    rollups_answer_exactly_as_the_rows_before_and_after_every_kind_of_write,
);

const DAY: i64 = 86_400;
/// A UTC midnight.
const D0: i64 = 1_795_305_600;

async fn setup(app: &TestApp, email: &str, company: &str) -> (String, String) {
    app.install_test_module("crud").await;
    let token = app.sign_up(email, company).await;
    let created = app.post_as(&token, "/api/ingest/keys", json!({ "name": "Orchestrator" })).await;
    assert_eq!(created.status, 200, "{created:?}");
    (token, created.body["key"].as_str().unwrap().to_string())
}

async fn send(app: &TestApp, key: &str, content_type: &str, body: String) -> Answer {
    let response = app
        .client
        .post(format!("{}/api/ingest/crud/readings", app.base))
        .bearer_auth(key)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("the host answers");
    let status = response.status().as_u16();
    Answer { status, body: response.json::<Value>().await.unwrap_or(Value::Null) }
}

async fn ingest(app: &TestApp, key: &str, records: Value) -> Answer {
    send(app, key, "application/json", records.to_string()).await
}

fn readings(app: &TestApp) -> Target {
    app.state.modules.target("crud", "readings").expect("crud is installed")
}

async fn company_of(app: &TestApp, token: &str) -> String {
    app.get_as(token, "/api/m/crud/whoami").await.body["company_id"].as_str().unwrap().to_string()
}

async fn run(app: &TestApp, company: &str, op: Value) -> Value {
    let op: StorageOp = serde_json::from_value(op).unwrap();
    execute(app.db(), &readings(app), company, app.state.clock.now(), op).await.unwrap()
}

/// A platform administrator's deactivation of the company stops its keys at once; they work
/// again after a reactivation.
async fn a_deactivated_companys_keys_stop_working(app: TestApp) {
    let (owner, key) = setup(&app, "owner@keys.example.com", "Keys Co").await;
    let company = company_of(&app, &owner).await;
    let admin = crate::admin::admin_token(&app).await;
    let reading = json!([{ "source_id": "r1", "sensor": "a", "at": D0 }]);
    assert_eq!(ingest(&app, &key, reading.clone()).await.status, 200);
    let done = app.post_as(&admin, &format!("/api/admin/companies/{company}/deactivate"), json!({})).await;
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(ingest(&app, &key, reading.clone()).await.status, 401);
    let back = app.post_as(&admin, &format!("/api/admin/companies/{company}/reactivate"), json!({})).await;
    assert_eq!(back.status, 200, "{back:?}");
    assert_eq!(ingest(&app, &key, reading).await.status, 200);
}

async fn only_a_company_administrator_manages_keys_and_a_revoked_key_stops_working(app: TestApp) {
    let (owner, key) = setup(&app, "owner@keys.example.com", "Keys Co").await;
    let listed = app.get_as(&owner, "/api/ingest/keys").await;
    assert_eq!(listed.status, 200);
    let list = listed.body.as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["name"], "Orchestrator");
    assert!(key.starts_with(list[0]["prefix"].as_str().unwrap()));
    let secret = key.splitn(3, '_').nth(2).unwrap();
    assert!(list[0].get("key").is_none() && !listed.body.to_string().contains(secret), "the secret is shown once");
    assert_eq!(app.post_as(&owner, "/api/ingest/keys", json!({ "name": "  " })).await.status, 400);

    // A colleague who is not the company's administrator.
    let company = company_of(&app, &owner).await;
    let colleague = crate::directory::add_colleague(&app, &company, "clerk@keys.example.com", "Clerk").await;
    let colleague = autoscope::auth::session::open(&app.state, &colleague, &company).await.unwrap();
    let refused = app.get_as(&colleague, "/api/ingest/keys").await;
    assert_eq!((refused.status, refused.message()), (403, autoscope::modules::ingestion::ADMIN_ONLY));
    assert_eq!(app.post_as(&colleague, "/api/ingest/keys", json!({ "name": "x" })).await.status, 403);

    let record = json!([{ "source_id": "r1", "sensor": "a", "at": D0 }]);
    assert_eq!(ingest(&app, &key, record.clone()).await.status, 200);
    for wrong in ["", "ask_nope", &format!("{key}x"), &key.replace("ask_", "bsk_")] {
        let answer = ingest(&app, wrong, record.clone()).await;
        assert_eq!((answer.status, answer.message()), (401, autoscope::modules::ingestion::KEY_REQUIRED), "{wrong}");
    }
    let id = list[0]["id"].as_str().unwrap();
    let revoke = |token: String| {
        let app = &app;
        async move { app.request(reqwest::Method::DELETE, &format!("/api/ingest/keys/{id}"), Some(&token), None).await }
    };
    assert_eq!(revoke(colleague.clone()).await.status, 403);
    assert_eq!(revoke(owner.clone()).await.status, 200);
    assert_eq!(revoke(owner.clone()).await.status, 404, "already revoked");
    assert_eq!(ingest(&app, &key, record).await.status, 401);
    let after = app.get_as(&owner, "/api/ingest/keys").await;
    assert!(after.body[0]["revoked_at"].is_i64() && after.body[0]["last_used_at"].is_i64());
}

async fn a_batch_stores_good_records_and_names_each_bad_one(app: TestApp) {
    let (owner, key) = setup(&app, "owner@batch.example.com", "Batch Co").await;
    let answer = ingest(
        &app,
        &key,
        json!({ "records": [
            { "source_id": "ok-1", "sensor": "a", "at": D0 + 10, "until": D0 + 70, "value": 1.5 },
            { "source_id": "bad-sensor", "sensor": "z", "at": D0 },
            { "sensor": "a", "at": D0 },
            { "source_id": "bad-time", "sensor": "a", "at": "tuesday" },
            "not an object",
            { "source_id": "derived", "sensor": "a", "at": D0, "span": 5 },
            { "source_id": "ok-2", "sensor": "b", "at": "2026-11-22T06:00:00Z", "until": "2026-11-22T06:10:00Z" },
            { "source_id": "extra", "sensor": "a", "at": D0, "colour": "red" },
        ]}),
    )
    .await;
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_eq!(answer.body["received"], 8);
    assert_eq!(answer.body["stored"], 2);
    let errors = answer.body["errors"].as_array().unwrap();
    let indexes: Vec<u64> = errors.iter().map(|e| e["index"].as_u64().unwrap()).collect();
    assert_eq!(indexes, [1, 2, 3, 4, 5, 7]);
    assert_eq!(errors[0]["source_id"], "bad-sensor");
    assert!(errors[0]["message"].as_str().unwrap().contains("'sensor' must be text"), "{errors:?}");
    assert_eq!(errors[1]["message"], "'source_id' is required");
    assert!(errors[2]["message"].as_str().unwrap().contains("RFC 3339"));
    assert_eq!(errors[3]["message"], "The record is not a JSON object");
    assert!(errors[4]["message"].as_str().unwrap().contains("derived"));
    assert!(errors[5]["message"].as_str().unwrap().contains("'colour' is not a field"));

    let company = company_of(&app, &owner).await;
    let page = run(
        &app,
        &company,
        json!({ "op": "list", "collection": "readings", "query": { "sort": [{ "field": "source_id" }] } }),
    )
    .await;
    let items = page["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(
        (items[0]["span"].clone(), items[1]["span"].clone()),
        (json!(60), json!(600)),
        "derived by the database"
    );
    assert_eq!(items[1]["at"], D0 + 6 * 3_600, "RFC 3339 became unix seconds");

    for (body, message) in [("{", "not valid JSON"), ("[]", "no records"), ("{\"rows\": []}", "JSON array")] {
        let answer = send(&app, &key, "application/json", body.into()).await;
        assert_eq!(answer.status, 400);
        assert!(answer.message().contains(message), "{answer:?}");
    }
    let unknown = app
        .client
        .post(format!("{}/api/ingest/crud/nothing", app.base))
        .bearer_auth(&key)
        .json(&json!([{}]))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status().as_u16(), 404);
}

async fn sending_a_batch_again_changes_nothing_and_the_later_record_wins(app: TestApp) {
    let (owner, key) = setup(&app, "owner@again.example.com", "Again Co").await;
    let company = company_of(&app, &owner).await;
    let batch = json!([
        { "source_id": "r1", "sensor": "a", "at": D0, "value": 1.0 },
        { "source_id": "r2", "sensor": "b", "at": D0 + 60, "value": 2.0 },
        { "source_id": "r1", "sensor": "a", "at": D0, "until": D0 + 30, "value": 5.0 },
    ]);
    for _ in 0..2 {
        let answer = ingest(&app, &key, batch.clone()).await;
        assert_eq!((answer.body["received"].clone(), answer.body["stored"].clone()), (json!(3), json!(3)));
        assert_eq!(answer.body["errors"], json!([]));
    }
    let count = run(&app, &company, json!({ "op": "count", "collection": "readings", "filters": [] })).await;
    assert_eq!(count, 2);
    let r1 = run(&app, &company, json!({ "op": "list", "collection": "readings", "query": { "filters": [{ "field": "source_id", "op": "eq", "value": "r1" }] } })).await;
    assert_eq!(r1["items"][0]["value"], 5.0, "the later record of a batch wins");
    assert_eq!(r1["items"][0]["span"], 30);
    // A run that finishes later: the same id with its end.
    let finished =
        ingest(&app, &key, json!([{ "source_id": "r2", "sensor": "b", "at": D0 + 60, "until": D0 + 660 }])).await;
    assert_eq!(finished.body["stored"], 1);
    // Sent again with another start, a run moves to that day, in the rollups too.
    let moved = ingest(&app, &key, json!([{ "source_id": "r2", "sensor": "b", "at": D0 + DAY }])).await;
    assert_eq!((moved.body["stored"].clone(), moved.body["errors"].clone()), (json!(1), json!([])));
    let per_day = run(
        &app,
        &company,
        json!({ "op": "aggregate", "collection": "readings", "aggregate": {
            "group_by": [{ "field": "at", "bucket": "day", "as": "day" }],
            "metrics": [{ "fn": "count", "as": "n" }, { "fn": "sum", "field": "span", "as": "span" }] } }),
    )
    .await;
    assert_eq!(per_day, json!([{ "day": D0, "n": 1, "span": 30 }, { "day": D0 + DAY, "n": 1, "span": null }]));
}

/// A batch larger than one statement (142 readings on SQLite, 500 on PostgreSQL) is
/// checked and stored a statement at a time: error positions are the batch's, and a key
/// repeated in a later statement (or within one) still ends with the later record.
async fn a_batch_of_several_statements_keeps_positions_and_the_later_record_wins_across_them(app: TestApp) {
    let (owner, key) = setup(&app, "owner@chunks.example.com", "Chunks Co").await;
    let company = company_of(&app, &owner).await;
    let per_statement = autoscope::modules::collections::rows_per_insert(&readings(&app).spec, app.db().engine());
    let size = 1_200;
    assert!(per_statement * 2 < size, "the batch spans three statements at least");
    let mut batch: Vec<Value> = (0..size)
        .map(|i| json!({ "source_id": format!("s-{i}"), "sensor": "a", "at": D0 + i as i64 * 60, "value": 1.0 }))
        .collect();
    // Position 1,100 repeats the key of position 3, on another day; 1,150 repeats 1,120.
    batch[1_100] = json!({ "source_id": "s-3", "sensor": "b", "at": D0 + DAY, "value": 7.0 });
    batch[1_150] = json!({ "source_id": "s-1120", "sensor": "b", "at": D0, "value": 2.0 });
    batch[1_000] = json!({ "source_id": "s-bad", "sensor": "z", "at": D0 });
    let answer = ingest(&app, &key, Value::Array(batch)).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_eq!((answer.body["received"].clone(), answer.body["stored"].clone()), (json!(size), json!(size - 1)));
    let errors = answer.body["errors"].as_array().unwrap();
    assert_eq!(
        (errors.len(), errors[0]["index"].clone(), errors[0]["source_id"].clone()),
        (1, json!(1_000), json!("s-bad"))
    );
    let count = run(&app, &company, json!({ "op": "count", "collection": "readings", "filters": [] })).await;
    assert_eq!(count, size - 3, "the two repeated keys and the bad record");
    for (source, value) in [("s-3", 7.0), ("s-1120", 2.0)] {
        let found = run(&app, &company, json!({ "op": "list", "collection": "readings", "query": { "filters": [{ "field": "source_id", "op": "eq", "value": source }] } })).await;
        assert_eq!(found["items"][0]["value"], value, "{source}: the later record wins");
    }
    // The rollup counts s-3 on its new day only, as the rows do.
    let per_day = json!({ "op": "aggregate", "collection": "readings", "aggregate": {
        "group_by": [{ "field": "at", "bucket": "day", "as": "day" }],
        "metrics": [{ "fn": "count", "as": "n" }, { "fn": "sum", "field": "value", "as": "v" }] } });
    assert_eq!(
        run(&app, &company, per_day).await,
        json!([{ "day": D0, "n": size - 4, "v": (size - 5) as f64 + 2.0 }, { "day": D0 + DAY, "n": 1, "v": 7.0 }])
    );
}

/// The checking side hands chunks to the storing side and then says the batch is
/// complete; when it stops before that (it failed), the chunks already stored are
/// rolled back.
async fn a_batch_whose_checking_stops_midway_stores_nothing(app: TestApp) {
    use autoscope::modules::collections::upsert::{Part, check, store};
    let (owner, _) = setup(&app, "owner@midway.example.com", "Midway Co").await;
    let company = company_of(&app, &owner).await;
    let (target, now) = (readings(&app), app.state.clock.now());
    let record = |source: &str| json!({ "source_id": source, "sensor": "a", "at": D0 }).as_object().unwrap().clone();
    let count = json!({ "op": "count", "collection": "readings", "filters": [] });
    for complete in [false, true] {
        // Room for every part: the storing side starts reading once all are sent.
        let (sender, parts) = tokio::sync::mpsc::channel(3);
        for source in ["m-1", "m-2"] {
            let (chunk, refused) = check(&target, &company, now, &[(0, record(source))]).unwrap();
            assert!(refused.is_empty());
            sender.send(Part::Chunk(chunk)).await.unwrap();
        }
        if complete {
            sender.send(Part::Complete).await.unwrap();
        }
        drop(sender);
        let stored = store(app.db(), &target, &company, now, parts).await;
        assert_eq!(stored.ok(), complete.then_some(2));
        assert_eq!(run(&app, &company, count.clone()).await, if complete { 2 } else { 0 });
    }
}

/// Two senders racing with the same records: new records go in as plain inserts, so on
/// PostgreSQL one of them meets the other's keys and stores its batch again as upserts.
async fn concurrent_batches_of_the_same_records_both_succeed(app: TestApp) {
    let (owner, key) = setup(&app, "owner@race.example.com", "Race Co").await;
    let company = company_of(&app, &owner).await;
    let batch: Vec<Value> = (0..2_000)
        .map(|i| json!({ "source_id": format!("race-{i}"), "sensor": "a", "at": D0 + i, "value": 1.0 }))
        .collect();
    let (first, second) =
        tokio::join!(ingest(&app, &key, Value::Array(batch.clone())), ingest(&app, &key, Value::Array(batch)));
    for answer in [first, second] {
        assert_eq!((answer.status, answer.body["stored"].clone()), (200, json!(2_000)), "{:?}", answer.body["errors"]);
    }
    let totals = json!({ "op": "aggregate", "collection": "readings", "aggregate": { "metrics": [{ "fn": "count", "as": "n" }, { "fn": "sum", "field": "value", "as": "v" }] } });
    assert_eq!(run(&app, &company, totals).await, json!([{ "n": 2_000, "v": 2_000.0 }]));
}

async fn a_premium_module_takes_batches_from_enterprise_companies_only(app: TestApp) {
    app.install_test_module("premium").await;
    let (owner, key) = setup(&app, "owner@edition.example.com", "Edition Co").await;
    let send = || {
        let (app, key) = (&app, &key);
        async move {
            let response = app
                .client
                .post(format!("{}/api/ingest/premium/records", app.base))
                .bearer_auth(key)
                .json(&json!([{ "source_id": "p1" }]))
                .send()
                .await
                .expect("the host answers");
            let status = response.status().as_u16();
            Answer { status, body: response.json::<Value>().await.unwrap_or(Value::Null) }
        }
    };
    let community = send().await;
    assert_eq!((community.status, community.message()), (403, autoscope::modules::gateway::UPGRADE));
    let admin = app.admin_token().await;
    let company = company_of(&app, &owner).await;
    let upgraded = app
        .post_as(&admin, &format!("/api/admin/companies/{company}/edition"), json!({ "edition": "enterprise" }))
        .await;
    assert_eq!(upgraded.status, 200, "{upgraded:?}");
    let enterprise = send().await;
    assert_eq!((enterprise.status, enterprise.body["stored"].clone()), (200, json!(1)), "{enterprise:?}");
}

async fn ndjson_batches_report_unreadable_lines(app: TestApp) {
    let (_, key) = setup(&app, "owner@lines.example.com", "Lines Co").await;
    let lines = format!(
        "{{\"source_id\": \"n1\", \"sensor\": \"a\", \"at\": {D0}}}\n{{broken\n\n{{\"source_id\": \"n2\", \"sensor\": \"c\", \"at\": {D0}}}\n"
    );
    let answer = send(&app, &key, "application/x-ndjson", lines).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_eq!((answer.body["received"].clone(), answer.body["stored"].clone()), (json!(3), json!(2)));
    assert_eq!(answer.body["errors"][0]["index"], 1);
    assert!(answer.body["errors"][0]["message"].as_str().unwrap().contains("not valid JSON"));
}

async fn a_key_writes_to_its_own_company_only(app: TestApp) {
    let (a_token, a_key) = setup(&app, "owner@a-ingest.example.com", "A Ingest").await;
    let b_token = app.sign_up("owner@b-ingest.example.com", "B Ingest").await;
    let b_key = app.post_as(&b_token, "/api/ingest/keys", json!({ "name": "b" })).await.body["key"]
        .as_str()
        .unwrap()
        .to_string();
    let (a, b) = (company_of(&app, &a_token).await, company_of(&app, &b_token).await);
    ingest(&app, &a_key, json!([{ "source_id": "same", "sensor": "a", "at": D0, "value": 1.0 }])).await;
    // The same sender id in another company is another record.
    ingest(&app, &b_key, json!([{ "source_id": "same", "sensor": "b", "at": D0, "value": 7.0 }])).await;
    let sum = |company: String| {
        let app = &app;
        async move {
            run(app, &company, json!({ "op": "aggregate", "collection": "readings", "aggregate": { "group_by": [{ "field": "sensor" }], "metrics": [{ "fn": "sum", "field": "value", "as": "v" }] } })).await
        }
    };
    assert_eq!(sum(a.clone()).await, json!([{ "sensor": "a", "v": 1.0 }]));
    assert_eq!(sum(b.clone()).await, json!([{ "sensor": "b", "v": 7.0 }]));
    // B's administrator cannot see or revoke A's keys.
    assert_eq!(app.get_as(&b_token, "/api/ingest/keys").await.body.as_array().unwrap().len(), 1);
    let a_key_id = app.get_as(&a_token, "/api/ingest/keys").await.body[0]["id"].as_str().unwrap().to_string();
    let revoke =
        app.request(reqwest::Method::DELETE, &format!("/api/ingest/keys/{a_key_id}"), Some(&b_token), None).await;
    assert_eq!(revoke.status, 404);
}

/// Three days of readings; every aggregate shape a rollup answers, compared with the
/// hand-computed figures and with the same question asked in a way only the rows
/// answer (a time filter off midnight that still covers the same rows).
async fn rollups_answer_exactly_as_the_rows_before_and_after_every_kind_of_write(app: TestApp) {
    let (owner, key) = setup(&app, "owner@rollups.example.com", "Rollup Co").await;
    let company = company_of(&app, &owner).await;
    // (id, sensor, day, seconds into the day, span, value)
    type Reading = (&'static str, &'static str, i64, i64, Option<i64>, f64);
    let rows: Vec<Reading> = vec![
        ("x1", "a", 0, 100, Some(30), 1.0),
        ("x2", "a", 0, 200, Some(90), 2.0),
        ("x3", "b", 0, 300, Some(700), 4.0),
        ("x4", "a", 1, 100, None, 8.0),
        ("x5", "b", 2, 100, Some(60), 16.0),
    ];
    let records: Vec<Value> = rows
        .iter()
        .map(|(id, sensor, day, at, span, value)| {
            let start = D0 + day * DAY + at;
            json!({ "source_id": id, "sensor": sensor, "at": start, "until": span.map(|s| start + s), "value": value })
        })
        .collect();
    assert_eq!(ingest(&app, &key, Value::Array(records)).await.body["stored"], 5);
    // What the host's worker does every few seconds (it may have just done it): the marked
    // days of both rollups are rebuilt, and nothing is left for the reads below.
    assert!(autoscope::modules::workers::refresh_rollups(&app.state).await.unwrap() <= 2);
    assert_eq!(autoscope::modules::workers::refresh_rollups(&app.state).await.unwrap(), 0);
    let by_day = |from: i64, to: i64| {
        json!({ "op": "aggregate", "collection": "readings", "aggregate": {
            "filters": [{ "field": "at", "op": "gte", "value": from }, { "field": "at", "op": "lt", "value": to }],
            "group_by": [{ "field": "at", "bucket": "day", "as": "day" }, { "field": "sensor" }],
            "metrics": [
                { "fn": "count", "as": "n" }, { "fn": "sum", "field": "value", "as": "total" },
                { "fn": "avg", "field": "span", "as": "mean_span" }, { "fn": "max", "field": "span", "as": "longest" },
                { "fn": "count", "field": "span", "as": "with_span" }, { "fn": "max", "field": "at", "as": "last" }
            ] } })
    };
    let expected = json!([
        { "day": D0, "sensor": "a", "n": 2, "total": 3.0, "mean_span": 60.0, "longest": 90, "with_span": 2, "last": D0 + 200 },
        { "day": D0, "sensor": "b", "n": 1, "total": 4.0, "mean_span": 700.0, "longest": 700, "with_span": 1, "last": D0 + 300 },
        { "day": D0 + DAY, "sensor": "a", "n": 1, "total": 8.0, "mean_span": null, "longest": null, "with_span": 0, "last": D0 + DAY + 100 },
        { "day": D0 + 2 * DAY, "sensor": "b", "n": 1, "total": 16.0, "mean_span": 60.0, "longest": 60, "with_span": 1, "last": D0 + 2 * DAY + 100 },
    ]);
    let from_rollup = run(&app, &company, by_day(D0, D0 + 3 * DAY)).await;
    assert_eq!(from_rollup, expected);
    // Off midnight, so the rows answer; every reading is after D0 + 1 anyway.
    assert_eq!(run(&app, &company, by_day(D0 + 1, D0 + 3 * DAY)).await, expected);
    let bins = json!({ "op": "aggregate", "collection": "readings", "aggregate": {
        "group_by": [{ "field": "span", "bins": [60.0, 600.0], "as": "bin" }], "metrics": [{ "fn": "count", "as": "n" }] } });
    assert_eq!(
        run(&app, &company, bins.clone()).await,
        json!([{ "bin": 0, "n": 1 }, { "bin": 1, "n": 2 }, { "bin": 2, "n": 1 }, { "bin": null, "n": 1 }])
    );
    let week = json!({ "op": "aggregate", "collection": "readings", "aggregate": {
        "group_by": [{ "field": "at", "bucket": "month", "as": "month" }], "metrics": [{ "fn": "count", "as": "n" }, { "fn": "min", "field": "value", "as": "least" }] } });
    assert_eq!(run(&app, &company, week.clone()).await[0]["n"], 5);

    // A plugin's update moves x4 to day 2 and gives it a span; a delete drops x1; an
    // insert adds a reading on day 1. Every rollup follows.
    let x4 = run(&app, &company, json!({ "op": "list", "collection": "readings", "query": { "filters": [{ "field": "source_id", "op": "eq", "value": "x4" }] } })).await;
    let x4 = &x4["items"][0];
    run(&app, &company, json!({ "op": "update", "collection": "readings", "id": x4["id"], "version": x4["version"], "changes": { "at": D0 + 2 * DAY + 500, "until": D0 + 2 * DAY + 520 } })).await;
    let x1 = run(&app, &company, json!({ "op": "list", "collection": "readings", "query": { "filters": [{ "field": "source_id", "op": "eq", "value": "x1" }] } })).await;
    assert_eq!(
        run(&app, &company, json!({ "op": "delete", "collection": "readings", "id": x1["items"][0]["id"] })).await,
        true
    );
    run(&app, &company, json!({ "op": "insert", "collection": "readings", "record": { "source_id": "x6", "sensor": "c", "at": D0 + DAY + 5, "value": 32.0 } })).await;
    let after = run(&app, &company, by_day(D0, D0 + 3 * DAY)).await;
    assert_eq!(
        after,
        json!([
            { "day": D0, "sensor": "a", "n": 1, "total": 2.0, "mean_span": 90.0, "longest": 90, "with_span": 1, "last": D0 + 200 },
            { "day": D0, "sensor": "b", "n": 1, "total": 4.0, "mean_span": 700.0, "longest": 700, "with_span": 1, "last": D0 + 300 },
            { "day": D0 + DAY, "sensor": "c", "n": 1, "total": 32.0, "mean_span": null, "longest": null, "with_span": 0, "last": D0 + DAY + 5 },
            { "day": D0 + 2 * DAY, "sensor": "a", "n": 1, "total": 8.0, "mean_span": 20.0, "longest": 20, "with_span": 1, "last": D0 + 2 * DAY + 500 },
            { "day": D0 + 2 * DAY, "sensor": "b", "n": 1, "total": 16.0, "mean_span": 60.0, "longest": 60, "with_span": 1, "last": D0 + 2 * DAY + 100 },
        ])
    );
    assert_eq!(run(&app, &company, by_day(D0 + 1, D0 + 3 * DAY)).await, after);
    // Spans now: 20 (x4), 90 and 60, 700, and none (x6).
    assert_eq!(
        run(&app, &company, bins).await,
        json!([{ "bin": 0, "n": 1 }, { "bin": 1, "n": 2 }, { "bin": 2, "n": 1 }, { "bin": null, "n": 1 }])
    );
}
