//! The bot layer: Bot Profile's schedules as windows, or unavailable without it.

use autoscope_module_test::shortcuts::{call, company, expect};
use autoscope_module_test::{Engine, Grants, Harness, product_module};
use serde_json::json;

use crate::common::{DAY, HOUR, JUNE_1, load};

autoscope_module_test::on_both_engines!(
    bot_schedules_are_drawn,
    without_bot_profile_the_layer_is_unavailable,
    without_the_grant_the_layer_is_unavailable
);

/// Grouped: a nightly bot across midnight in Berlin, a weekday bot, one not drawable.
async fn bot_schedules_are_drawn(engine: Engine) {
    let calendar = product_module("calendar").expect("the plugin is built (make modules)");
    let bots = product_module("bots").expect("Bot Profile is built");
    let harness = Harness::load_with(engine, calendar, [bots]).await.expect("both install");
    let acme = company(&harness, "Acme").await;
    for (name, schedule) in
        [("Nightly", "Daily 22:00-02:00"), ("Office", "Mon-Fri 08:00-17:00, not on holidays"), ("Odd", "whenever")]
    {
        let reply = harness
            .call_module("bots", &acme, "POST", "/bots", Some(json!({ "name": name, "schedule": schedule })))
            .await;
        assert_eq!(reply.expect("an answer").status, 201);
    }
    // Saturday 2026-06-06 in Berlin (UTC+2).
    let (from, to) = (JUNE_1 + 5 * DAY - 2 * HOUR, JUNE_1 + 6 * DAY - 2 * HOUR);
    let layer =
        expect(call(&harness, &acme, "GET", &format!("/bots?from={from}&to={to}&tz=Europe/Berlin"), None).await, 200);
    assert_eq!(layer["available"], json!(true));
    let windows: Vec<(String, i64, i64)> = layer["windows"]
        .as_array()
        .expect("windows")
        .iter()
        .map(|w| {
            (
                w["bot"].as_str().unwrap_or_default().to_string(),
                w["start"].as_i64().unwrap_or(0),
                w["end"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    // Friday's night run into Saturday and Saturday's into Sunday; no office hours.
    assert_eq!(
        windows,
        vec![
            ("Nightly".to_string(), from - 2 * HOUR, from + 2 * HOUR),
            ("Nightly".to_string(), from + 22 * HOUR, from + 26 * HOUR),
        ]
    );
    assert_eq!(layer["unscheduled"], json!([{ "bot": "Odd", "schedule": "whenever" }]));

    let targets = expect(call(&harness, &acme, "GET", "/link-targets?kind=bot&q=nig", None).await, 200);
    assert_eq!(targets[0]["label"], json!("Nightly"));
    let none = expect(call(&harness, &acme, "GET", "/link-targets?kind=process&q=x", None).await, 200);
    assert_eq!(none, json!([]));
}

async fn without_bot_profile_the_layer_is_unavailable(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let layer =
        expect(call(&harness, &acme, "GET", &format!("/bots?from={JUNE_1}&to={}", JUNE_1 + DAY), None).await, 200);
    assert_eq!(layer, json!({ "available": false, "windows": [], "unscheduled": [] }));
    let people = expect(call(&harness, &acme, "GET", "/people", None).await, 200);
    assert_eq!(people[0]["user_id"], json!(acme.user_id));
}

/// Bot Profile installed, but Calendar not granted its bots: unavailable, and no bots to link.
async fn without_the_grant_the_layer_is_unavailable(engine: Engine) {
    let grants = Grants::parse("storage,notify,mail,directory,realtime,schedule").expect("grants");
    let calendar = product_module("calendar").expect("the plugin is built (make modules)").with_grants(grants);
    let bots = product_module("bots").expect("Bot Profile is built");
    let harness = Harness::load_with(engine, calendar, [bots]).await.expect("both install");
    let acme = company(&harness, "Acme").await;
    let reply = harness
        .call_module("bots", &acme, "POST", "/bots", Some(json!({ "name": "Nightly", "schedule": "24/7" })))
        .await;
    assert_eq!(reply.expect("an answer").status, 201);
    let layer =
        expect(call(&harness, &acme, "GET", &format!("/bots?from={JUNE_1}&to={}", JUNE_1 + DAY), None).await, 200);
    assert_eq!(layer, json!({ "available": false, "windows": [], "unscheduled": [] }));
    assert_eq!(expect(call(&harness, &acme, "GET", "/link-targets?kind=bot", None).await, 200), json!([]));
}
