//! Bot Profile through the real host, on SQLite and PostgreSQL, with Process Vault
//! installed for the processes' rates. Runs arrive through the host's ingestion API with a
//! company API key, as an orchestrator sends them; every figure is compared with the value
//! worked out by hand. Build the plugins first: `make modules`.

use anyhow::Context;
use autoscope_module_test::{Engine, Harness, Right, Session, default_role_rights, product_module};
use serde_json::{Value, json};

autoscope_module_test::on_both_engines!(
    bots_are_created_listed_searched_sorted_and_paged,
    bad_input_gets_the_exact_messages,
    stale_versions_conflict_and_a_bot_with_runs_keeps_its_name,
    live_status_follows_the_latest_runs,
    the_overview_shows_current_and_last_runs_failures_and_processes,
    recent_runs_are_listed_newest_first_by_cursor,
    the_heatmap_is_busy_seconds_over_each_day,
    the_calculation_weighs_prorated_licences_against_savings,
    without_process_vault_nothing_is_saved,
    another_companys_bots_and_runs_never_show,
    the_bot_profile_right_gates_the_module,
    me_tells_the_company_admin_and_currency,
    bad_ranges_are_refused_with_the_message,
);

const DAY: i64 = 86_400;
/// Day 0 of the scenario: Monday 2026-03-02 00:00 UTC; the range is days 0 to 2.
const DAY0: i64 = 1_772_409_600;
const RANGE: &str = "from=2026-03-02&to=2026-03-04";
const CONFLICT: &str = "The record was changed by someone else; reload it and try again";

/// A host with Bot Profile and Process Vault.
async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("bots")?, [product_module("vault")?]).await
}

/// `method path` on Bot Profile as `who`, expecting `status`; answers the body.
async fn api(
    harness: &Harness,
    who: &dyn Session,
    method: &str,
    path: &str,
    body: Option<Value>,
    status: u16,
) -> anyhow::Result<Value> {
    let reply = harness.call(who, method, path, body).await?;
    anyhow::ensure!(reply.status == status, "{method} {path}: expected {status}, got {reply:?}");
    Ok(reply.body)
}

async fn get(harness: &Harness, who: &dyn Session, path: &str) -> anyhow::Result<Value> {
    api(harness, who, "GET", path, None, 200).await
}

/// The message of a refused call.
async fn refused(
    harness: &Harness,
    who: &dyn Session,
    method: &str,
    path: &str,
    body: Option<Value>,
    status: u16,
) -> anyhow::Result<String> {
    let body = api(harness, who, method, path, body, status).await?;
    Ok(body["message"].as_str().context("a message")?.to_string())
}

async fn create_bot(harness: &Harness, who: &dyn Session, bot: Value) -> anyhow::Result<Value> {
    api(harness, who, "POST", "/bots", Some(bot), 201).await
}

fn id(record: &Value) -> anyhow::Result<&str> {
    record["id"].as_str().context("a record has an id")
}

/// A run as an orchestrator sends it; `ended` and `items` may be left out.
fn run(
    external_id: &str,
    bot: &str,
    process: &str,
    started_at: i64,
    ended_at: Option<i64>,
    status: &str,
    items: i64,
) -> Value {
    json!({
        "external_id": external_id, "bot": bot, "process": process, "started_at": started_at,
        "ended_at": ended_at, "status": status, "items": items,
    })
}

/// A failed run with its exception.
fn failed(
    external_id: &str,
    bot: &str,
    process: &str,
    started_at: i64,
    seconds: i64,
    kind: &str,
    reason: &str,
) -> Value {
    let mut run = run(external_id, bot, process, started_at, Some(started_at + seconds), "failed", 0);
    run["exception_type"] = kind.into();
    run["reason"] = reason.into();
    run
}

/// Posts `runs` with the company's API key; every one must be stored.
async fn ingest(harness: &Harness, key: &str, runs: Value) -> anyhow::Result<()> {
    let count = runs.as_array().context("a batch is an array")?.len();
    let reply = harness.ingest(key, "bots", "runs", runs).await?;
    anyhow::ensure!((200..300).contains(&reply.status), "ingest: {reply:?}");
    anyhow::ensure!(reply.body["stored"] == json!(count) && reply.body["errors"] == json!([]), "ingest: {reply:?}");
    Ok(())
}

fn names(page: &Value) -> Vec<String> {
    page["items"].as_array().map_or_else(Vec::new, |items| {
        items.iter().filter_map(|item| item["name"].as_str().map(str::to_string)).collect()
    })
}

/// The scenario's runs over days 0 to 2, and one on the day before (outside the range):
///
/// | run | bot | process | start | seconds | status | items |
/// |---|---|---|---|---|---|---|
/// | r0 | Alpha | Invoice posting | day −1 23:00 | 600 | successful | 1000 |
/// | r1 | Alpha | Invoice posting | day 0 01:00 | 1800 | successful | 100 |
/// | r2 | Alpha | Invoice posting | day 0 02:00 | 3600 | successful | 200 |
/// | r3 | Alpha | Payroll check | day 1 00:00 | 600 | failed (system, SAP timeout) | 0 |
/// | r4 | Alpha | Payroll check | day 1 01:00 | 1200 | successful | 40 |
/// | r5 | Alpha | Invoice posting | day 2 23:00 | 7200 (past midnight) | successful | 300 |
/// | r6 | Bravo | Vendor invoices | day 1 10:00 | 900 | failed (business, Invoice not found) | 0 |
/// | r7 | Bravo | Vendor invoices | day 1 11:06:40 | 600 | stopped | 5 |
/// | r9 | Ghost | Invoice posting | day 2 00:16:40 | 864 | successful | 10 |
fn scenario_runs() -> Value {
    json!([
        run("r0", "Alpha", "Invoice posting", DAY0 - 3_600, Some(DAY0 - 3_000), "successful", 1_000),
        run("r1", "Alpha", "Invoice posting", DAY0 + 3_600, Some(DAY0 + 5_400), "successful", 100),
        run("r2", "Alpha", "Invoice posting", DAY0 + 7_200, Some(DAY0 + 10_800), "successful", 200),
        failed("r3", "Alpha", "Payroll check", DAY0 + DAY, 600, "system", "SAP timeout"),
        run("r4", "Alpha", "Payroll check", DAY0 + DAY + 3_600, Some(DAY0 + DAY + 4_800), "successful", 40),
        run("r5", "Alpha", "Invoice posting", DAY0 + 2 * DAY + 82_800, Some(DAY0 + 3 * DAY + 3_600), "successful", 300),
        failed("r6", "Bravo", "Vendor invoices", DAY0 + DAY + 36_000, 900, "business", "Invoice not found"),
        run("r7", "Bravo", "Vendor invoices", DAY0 + DAY + 40_000, Some(DAY0 + DAY + 40_600), "stopped", 5),
        run("r9", "Ghost", "Invoice posting", DAY0 + 2 * DAY + 1_000, Some(DAY0 + 2 * DAY + 1_864), "successful", 10),
    ])
}

/// Alpha (7,300 a year, runs invoices and payroll checks) and Bravo (3,650 a year), with the
/// scenario's runs; Process Vault knows invoices (6 minutes, 50 an hour) and payroll checks
/// (15 minutes, 40 an hour), not vendor invoices.
async fn scenario(harness: &Harness, who: &autoscope_module_test::Company) -> anyhow::Result<(Value, Value)> {
    for process in [
        json!({ "name": "Invoice posting", "handling_minutes": 6, "hourly_cost": 50 }),
        json!({ "name": "Payroll check", "handling_minutes": 15, "hourly_cost": 40 }),
    ] {
        let reply = harness.call_module("vault", who, "POST", "/processes", Some(process)).await?;
        anyhow::ensure!(reply.status == 201, "{reply:?}");
    }
    let alpha = create_bot(
        harness,
        who,
        json!({ "name": "Alpha", "vendor": "UiPath", "licence_cost": 7_300, "processes": ["Invoice posting", "Payroll check"] }),
    )
    .await?;
    let bravo = create_bot(harness, who, json!({ "name": "Bravo", "type": "attended", "licence_cost": 3_650 })).await?;
    let key = harness.api_key(who).await?;
    ingest(harness, &key, scenario_runs()).await?;
    Ok((alpha, bravo))
}

/// Create, read, search, filter, sort and page the inventory.
async fn bots_are_created_listed_searched_sorted_and_paged(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let alpha = create_bot(
        &harness,
        &acme,
        json!({
            "name": " Invoice bot ", "type": "unattended", "machine": "VM-01", "vendor": "UiPath", "owner_id": bob.id,
            "licence_cost": "8000", "processes": "Invoice posting; Vendor invoices", "schedule": "Mon-Fri 06:00-18:00",
            "notes": "Runs the AP queue"
        }),
    )
    .await?;
    assert_eq!(
        (
            &alpha["name"],
            &alpha["type"],
            &alpha["vendor"],
            &alpha["licence_cost"],
            &alpha["processes"],
            &alpha["version"]
        ),
        (
            &json!("Invoice bot"),
            &json!("unattended"),
            &json!("UiPath"),
            &json!(8000.0),
            &json!(["Invoice posting", "Vendor invoices"]),
            &json!(1)
        )
    );
    for bot in [
        json!({ "name": "HR bot", "type": "attended", "vendor": "Power Automate", "licence_cost": 1200 }),
        json!({ "name": "Claims bot", "vendor": "Blue Prism", "licence_cost": 15000, "machine": "VM-02" }),
        json!({ "name": "Invoice checker" }),
    ] {
        create_bot(&harness, &acme, bot).await?;
    }

    let all = get(&harness, &acme, "/bots").await?;
    assert_eq!(names(&all), ["Claims bot", "HR bot", "Invoice bot", "Invoice checker"], "by name");
    assert_eq!((&all["total"], &all["next_cursor"]), (&json!(4), &Value::Null));
    let defaults = &all["items"][3];
    assert_eq!(
        (&defaults["type"], &defaults["vendor"], &defaults["licence_cost"]),
        (&json!("unattended"), &json!("Other"), &json!(0.0))
    );

    assert_eq!(names(&get(&harness, &acme, "/bots?q=INVOICE").await?), ["Invoice bot", "Invoice checker"]);
    assert_eq!(names(&get(&harness, &acme, "/bots?type=attended").await?), ["HR bot"]);
    assert_eq!(names(&get(&harness, &acme, "/bots?vendor=Blue%20Prism").await?), ["Claims bot"]);
    assert_eq!(names(&get(&harness, &acme, &format!("/bots?owner_id={}", bob.id)).await?), ["Invoice bot"]);
    let by_cost = get(&harness, &acme, "/bots?sort=-licence_cost&limit=2").await?;
    assert_eq!(
        (names(&by_cost), &by_cost["total"]),
        (vec!["Claims bot".to_string(), "Invoice bot".to_string()], &json!(4))
    );
    let cursor = by_cost["next_cursor"].as_str().context("a second page")?;
    let second = get(&harness, &acme, &format!("/bots?sort=-licence_cost&limit=2&cursor={cursor}")).await?;
    assert_eq!(names(&second), ["HR bot", "Invoice checker"]);
    assert_eq!(second["next_cursor"], Value::Null);

    let one = get(&harness, &acme, &format!("/bots/{}", id(&alpha)?)).await?;
    assert_eq!(one, alpha);
    let missing = refused(&harness, &acme, "GET", "/bots/00000000-0000-7000-8000-000000000000", None, 404).await?;
    assert_eq!(missing, "Bot not found");
    let people = get(&harness, &acme, "/people").await?;
    assert_eq!(people.as_array().map(Vec::len), Some(2));
    Ok(())
}

/// Every check answers with its message and stores nothing.
async fn bad_input_gets_the_exact_messages(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    create_bot(&harness, &acme, json!({ "name": "Invoice bot" })).await?;
    let cases = [
        (json!({}), 400, "Please enter the bot name"),
        (json!({ "name": "  " }), 400, "Please enter the bot name"),
        (json!({ "name": "x".repeat(101) }), 400, "Name must be at most 100 characters"),
        (json!({ "name": "B", "type": "robot" }), 400, "Unknown bot type"),
        (json!({ "name": "B", "vendor": "Acme RPA" }), 400, "Unknown vendor"),
        (json!({ "name": "B", "machine": "m".repeat(101) }), 400, "Machine must be at most 100 characters"),
        (json!({ "name": "B", "licence_cost": -5 }), 400, "Licence cost must be 0 or more"),
        (
            json!({ "name": "B", "processes": [1, 2] }),
            400,
            "Processes must be a list of names of at most 200 characters",
        ),
        (json!({ "name": "B", "schedule": "s".repeat(201) }), 400, "Schedule must be at most 200 characters"),
        (json!({ "name": "B", "notes": "n".repeat(2001) }), 400, "Notes must be at most 2000 characters"),
        (json!({ "name": "B", "owner_id": globex.user_id }), 400, "Owner is not a user of this company"),
        (json!({ "name": " Invoice bot" }), 409, "A bot with this name already exists"),
    ];
    for (body, status, message) in cases {
        assert_eq!(refused(&harness, &acme, "POST", "/bots", Some(body.clone()), status).await?, message, "{body}");
    }
    assert_eq!(get(&harness, &acme, "/bots").await?["total"], 1, "nothing else was stored");
    assert_eq!(refused(&harness, &acme, "GET", "/bots?type=robot", None, 400).await?, "Unknown bot type");
    assert_eq!(refused(&harness, &acme, "GET", "/bots?sort=notes", None, 400).await?, "Unknown sort field");
    // The same name in another company is another bot.
    create_bot(&harness, &globex, json!({ "name": "Invoice bot" })).await?;
    Ok(())
}

/// Writes carry the version read: a stale one conflicts. A rename keeps runs attached, so a
/// bot whose runs name it keeps its name; a bot without runs may be renamed.
async fn stale_versions_conflict_and_a_bot_with_runs_keeps_its_name(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bot = create_bot(&harness, &acme, json!({ "name": "Alpha", "licence_cost": 100 })).await?;
    let other = create_bot(&harness, &acme, json!({ "name": "Bravo" })).await?;
    let path = format!("/bots/{}", id(&bot)?);

    let changed =
        api(&harness, &acme, "PATCH", &path, Some(json!({ "version": 1, "licence_cost": 250, "notes": "More" })), 200)
            .await?;
    assert_eq!(
        (&changed["licence_cost"], &changed["notes"], &changed["version"]),
        (&json!(250.0), &json!("More"), &json!(2))
    );
    let stale = json!({ "version": 1, "licence_cost": 300 });
    assert_eq!(refused(&harness, &acme, "PATCH", &path, Some(stale), 409).await?, CONFLICT);
    let taken = json!({ "version": 2, "name": "Bravo" });
    assert_eq!(
        refused(&harness, &acme, "PATCH", &path, Some(taken), 409).await?,
        "A bot with this name already exists"
    );
    let bad = json!({ "version": 2, "vendor": "Nobody" });
    assert_eq!(refused(&harness, &acme, "PATCH", &path, Some(bad), 400).await?, "Unknown vendor");
    let no_version = json!({ "name": "Zed" });
    let message = refused(&harness, &acme, "PATCH", &path, Some(no_version), 400).await?;
    assert!(message.contains("version"), "{message}");

    // Without runs a rename is free.
    let renamed = api(&harness, &acme, "PATCH", &path, Some(json!({ "version": 2, "name": "Alpha 2" })), 200).await?;
    assert_eq!((&renamed["name"], &renamed["version"]), (&json!("Alpha 2"), &json!(3)));
    // Once a run names it, it keeps its name (other changes still go through).
    let key = harness.api_key(&acme).await?;
    ingest(&harness, &key, json!([run("x1", "Alpha 2", "Invoice posting", DAY0, Some(DAY0 + 60), "successful", 1)]))
        .await?;
    let rename = json!({ "version": 3, "name": "Alpha 3" });
    assert_eq!(
        refused(&harness, &acme, "PATCH", &path, Some(rename), 400).await?,
        "This bot has runs under its name, so it cannot be renamed"
    );
    let same_name =
        api(&harness, &acme, "PATCH", &path, Some(json!({ "version": 3, "name": "Alpha 2", "machine": "VM-9" })), 200)
            .await?;
    assert_eq!(same_name["machine"], "VM-9");

    let other_path = format!("/bots/{}", id(&other)?);
    assert_eq!(refused(&harness, &acme, "DELETE", &format!("{other_path}?version=9"), None, 409).await?, CONFLICT);
    let deleted = api(&harness, &acme, "DELETE", &format!("{other_path}?version=1"), None, 200).await?;
    assert_eq!(deleted, json!({ "message": "Bot deleted" }));
    assert_eq!(refused(&harness, &acme, "GET", &other_path, None, 404).await?, "Bot not found");
    assert_eq!(refused(&harness, &acme, "DELETE", &other_path, None, 404).await?, "Bot not found");
    assert_eq!(names(&get(&harness, &acme, "/bots").await?), ["Alpha 2"]);
    Ok(())
}

/// Running: a run still running, started in the last 24 hours; idle: a run started or ended
/// in the last hour; offline otherwise. Re-sending a run (same external id) updates it.
async fn live_status_follows_the_latest_runs(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let mut ids = Vec::new();
    for name in ["Alpha", "Bravo", "Charlie", "Delta", "Echo"] {
        ids.push(id(&create_bot(&harness, &acme, json!({ "name": name })).await?)?.to_string());
    }
    let now = harness.now();
    let key = harness.api_key(&acme).await?;
    ingest(
        &harness,
        &key,
        json!([
            run("a1", "Alpha", "P", now - 7_200, None, "running", 0),
            // Still "running" two days later: its end was never sent, it does not count.
            run("a0", "Alpha", "P", now - 2 * DAY, None, "running", 0),
            run("b1", "Bravo", "P", now - 3_000, Some(now - 2_900), "successful", 3),
            // Started 3 hours ago, ended 50 minutes ago.
            run("c1", "Charlie", "P", now - 10_800, Some(now - 3_000), "successful", 9),
            run("d1", "Delta", "P", now - 5_000, Some(now - 4_000), "failed", 0),
            run("g1", "Ghost", "P", now - 60, Some(now - 30), "successful", 1),
        ]),
    )
    .await?;
    let status = get(&harness, &acme, "/status").await?;
    assert_eq!(status["counts"], json!({ "running": 1, "idle": 3, "offline": 2 }));
    let bots: Vec<(Value, Value, Value, Value, Value)> = status["bots"]
        .as_array()
        .context("bots")?
        .iter()
        .map(|bot| {
            (
                bot["bot"].clone(),
                bot["id"].clone(),
                bot["status"].clone(),
                bot["running"].clone(),
                bot["last_event_at"].clone(),
            )
        })
        .collect();
    assert_eq!(
        bots,
        [
            (json!("Alpha"), json!(ids[0]), json!("running"), json!(1), json!(now - 7_200)),
            (json!("Bravo"), json!(ids[1]), json!("idle"), json!(0), json!(now - 2_900)),
            (json!("Charlie"), json!(ids[2]), json!("idle"), json!(0), json!(now - 3_000)),
            (json!("Delta"), json!(ids[3]), json!("offline"), json!(0), json!(now - 4_000)),
            (json!("Echo"), json!(ids[4]), json!("offline"), json!(0), Value::Null),
            (json!("Ghost"), Value::Null, json!("idle"), json!(0), json!(now - 30)),
        ]
    );
    assert_eq!(status["bots"][0]["running_since"], json!(now - 7_200));

    // The orchestrator sends Alpha's run again, now over: Alpha is idle.
    ingest(&harness, &key, json!([run("a1", "Alpha", "P", now - 7_200, Some(now - 100), "successful", 12)])).await?;
    let status = get(&harness, &acme, "/status").await?;
    assert_eq!(status["counts"], json!({ "running": 0, "idle": 4, "offline": 2 }));
    assert_eq!(
        (&status["bots"][0]["status"], &status["bots"][0]["last_event_at"]),
        (&json!("idle"), &json!(now - 100))
    );
    Ok(())
}

/// A bot's overview over days 0 to 2 of the scenario, with a run going on now.
async fn the_overview_shows_current_and_last_runs_failures_and_processes(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let (alpha, bravo) = scenario(&harness, &acme).await?;
    let now = harness.now();
    let key = harness.api_key(&acme).await?;
    ingest(&harness, &key, json!([run("live", "Alpha", "Invoice posting", now - 600, None, "running", 0)])).await?;

    let overview = get(&harness, &acme, &format!("/bots/{}/overview?{RANGE}", id(&alpha)?)).await?;
    assert_eq!(overview["bot"], alpha);
    assert_eq!(
        overview["range"],
        json!({ "from": "2026-03-02", "to": "2026-03-04", "start": DAY0, "end": DAY0 + 3 * DAY, "days": 3 })
    );
    assert_eq!((&overview["status"]["status"], &overview["status"]["running"]), (&json!("running"), &json!(1)));
    let current = overview["current_runs"].as_array().context("current runs")?;
    assert_eq!(current.iter().map(|run| run["external_id"].clone()).collect::<Vec<_>>(), [json!("live")]);
    assert_eq!(
        (&overview["last_run"]["external_id"], &overview["last_run"]["duration_s"]),
        (&json!("r5"), &json!(7_200))
    );
    // r1 to r5: 4 successful, 1 failed; 100 + 200 + 40 + 300 items; 1800 + 3600 + 600 + 1200 + 7200 s.
    assert_eq!(
        overview["runs"],
        json!({ "total": 5, "running": 0, "successful": 4, "failed": 1, "stopped": 0, "items": 640, "busy_seconds": 14_400, "success_rate": 80.0 })
    );
    assert_eq!(
        overview["failures"],
        json!({ "total": 1, "business": 0, "system": 1, "unspecified": 0, "reasons": [{ "exception_type": "system", "reason": "SAP timeout", "n": 1 }] })
    );
    assert_eq!(
        overview["processes"],
        json!([
            { "process": "Invoice posting", "assigned": true, "runs": 3, "successful": 3, "failed": 0, "items": 600, "busy_seconds": 12_600 },
            { "process": "Payroll check", "assigned": true, "runs": 2, "successful": 1, "failed": 1, "items": 40, "busy_seconds": 1_800 }
        ])
    );

    let bravo = get(&harness, &acme, &format!("/bots/{}/overview?{RANGE}", id(&bravo)?)).await?;
    assert_eq!((&bravo["status"]["status"], &bravo["current_runs"]), (&json!("offline"), &json!([])));
    assert_eq!(bravo["runs"]["success_rate"], 0.0, "a failed and a stopped run");
    assert_eq!(
        (&bravo["failures"]["business"], &bravo["failures"]["reasons"][0]["reason"]),
        (&json!(1), &json!("Invoice not found"))
    );
    assert_eq!(bravo["processes"][0]["assigned"], false);

    // The day before holds only r0.
    let before = get(&harness, &acme, &format!("/bots/{}/overview?from=2026-03-01&to=2026-03-01", id(&alpha)?)).await?;
    assert_eq!((&before["runs"]["total"], &before["runs"]["items"]), (&json!(1), &json!(1_000)));
    Ok(())
}

/// A bot's runs, newest first, by cursor, filtered by status, process and days.
async fn recent_runs_are_listed_newest_first_by_cursor(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let (alpha, _) = scenario(&harness, &acme).await?;
    let runs = format!("/bots/{}/runs", id(&alpha)?);
    let external = |page: &Value| -> Vec<String> {
        page["items"].as_array().map_or_else(Vec::new, |items| {
            items.iter().filter_map(|run| run["external_id"].as_str().map(str::to_string)).collect()
        })
    };

    let first = get(&harness, &acme, &format!("{runs}?limit=4")).await?;
    assert_eq!(external(&first), ["r5", "r4", "r3", "r2"]);
    assert_eq!(first["total"], Value::Null, "runs are never counted whole");
    let cursor = first["next_cursor"].as_str().context("more runs")?;
    let second = get(&harness, &acme, &format!("{runs}?limit=4&cursor={cursor}")).await?;
    assert_eq!((external(&second), &second["next_cursor"]), (vec!["r1".to_string(), "r0".to_string()], &Value::Null));
    let run = &first["items"][2];
    assert_eq!(
        (&run["process"], &run["status"], &run["exception_type"], &run["reason"], &run["duration_s"]),
        (&json!("Payroll check"), &json!("failed"), &json!("system"), &json!("SAP timeout"), &json!(600))
    );

    assert_eq!(external(&get(&harness, &acme, &format!("{runs}?status=failed")).await?), ["r3"]);
    assert_eq!(external(&get(&harness, &acme, &format!("{runs}?process=Payroll%20check")).await?), ["r4", "r3"]);
    assert_eq!(external(&get(&harness, &acme, &format!("{runs}?from=2026-03-02&to=2026-03-02")).await?), ["r2", "r1"]);
    assert_eq!(refused(&harness, &acme, "GET", &format!("{runs}?status=done"), None, 400).await?, "Unknown run status");
    Ok(())
}

/// Per bot and day: the seconds of the runs started that day over 86,400.
async fn the_heatmap_is_busy_seconds_over_each_day(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let (alpha, bravo) = scenario(&harness, &acme).await?;
    let heatmap = get(&harness, &acme, &format!("/heatmap?{RANGE}")).await?;
    assert_eq!(heatmap["days"], json!([DAY0, DAY0 + DAY, DAY0 + 2 * DAY]));
    assert_eq!(
        heatmap["bots"],
        json!([
            // Day 0: 1800 + 3600 = 5400 s (0.0625); day 1: 600 + 1200 (0.0208); day 2: r5's
            // 7200 s, though it ended after midnight (0.0833). 14,400 of 259,200 s: 0.0556.
            { "bot": "Alpha", "id": alpha["id"], "busy_seconds": [5_400, 1_800, 7_200], "utilisation": [0.0625, 0.0208, 0.0833], "average": 0.0556 },
            // 900 + 600 = 1500 s: 0.0174; 1500 of 259,200: 0.0058.
            { "bot": "Bravo", "id": bravo["id"], "busy_seconds": [0, 1_500, 0], "utilisation": [0.0, 0.0174, 0.0], "average": 0.0058 },
            { "bot": "Ghost", "id": null, "busy_seconds": [0, 0, 864], "utilisation": [0.0, 0.0, 0.01], "average": 0.0033 }
        ])
    );
    assert!(heatmap["formula"].as_str().is_some_and(|formula| formula.contains("86,400")));
    // The default range is the last 30 days: none of the scenario's.
    let recent = get(&harness, &acme, "/heatmap").await?;
    assert_eq!(recent["days"].as_array().map(Vec::len), Some(30));
    assert_eq!(
        recent["bots"][0]["busy_seconds"].as_array().map(|cells| cells.iter().all(|cell| cell == 0)),
        Some(true)
    );
    Ok(())
}

/// Cost (licence prorated to the days) against savings (items of successful runs × the
/// vault's handling minutes ÷ 60 × its hourly cost), net benefit and payback.
async fn the_calculation_weighs_prorated_licences_against_savings(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    scenario(&harness, &acme).await?;
    let calculation = get(&harness, &acme, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(
        (&calculation["vault_available"], &calculation["currency"]),
        (&json!(true), &json!({ "code": "USD", "symbol": "$" }))
    );
    let figures = |bot: &Value| {
        ["bot", "licence_cost", "items", "cost", "hours", "savings", "net_benefit", "payback_months"]
            .map(|name| bot[name].clone())
    };
    let bots = calculation["bots"].as_array().context("bots")?;
    assert_eq!(bots.len(), 3);
    // Alpha: 600 invoices × 6 ÷ 60 = 60 h, × 50 = 3000; 40 payroll checks × 15 ÷ 60 = 10 h, × 40 = 400.
    // Cost 7300 × 3 ÷ 365 = 60; net 3340; monthly savings 3400 ÷ 3 × 365 ÷ 12 = 34,472.22;
    // payback 7300 ÷ 34,472.22 = 0.21 months.
    assert_eq!(
        figures(&bots[0]),
        [json!("Alpha"), json!(7300.0), json!(640), json!(60.0), json!(70.0), json!(3400.0), json!(3340.0), json!(0.2)]
    );
    assert_eq!(
        bots[0]["processes"],
        json!([
            { "process": "Invoice posting", "items": 600, "handling_minutes": 6.0, "hourly_cost": 50.0, "hours": 60.0, "money": 3000.0, "known": true },
            { "process": "Payroll check", "items": 40, "handling_minutes": 15.0, "hourly_cost": 40.0, "hours": 10.0, "money": 400.0, "known": true }
        ])
    );
    let cost = &bots[0]["figures"]["cost"];
    assert_eq!(cost["value"], 60.0);
    assert!(cost["formula"].as_str().is_some_and(|formula| formula.contains("365")));
    assert_eq!(
        cost["inputs"],
        json!([
            { "label": "Licence cost per year", "value": 7300.0, "unit": "money_per_year" },
            { "label": "Days in the range", "value": 3.0, "unit": "days" }
        ])
    );
    // Bravo saved nothing (its stopped run's items do not count): 3650 × 3 ÷ 365 = 30 of cost.
    assert_eq!(
        figures(&bots[1]),
        [json!("Bravo"), json!(3650.0), json!(0), json!(30.0), json!(0.0), json!(0.0), json!(-30.0), Value::Null]
    );
    // Ghost is not in the inventory: 10 invoices = 1 h = 50, no licence, paid back at once.
    assert_eq!(
        figures(&bots[2]),
        [json!("Ghost"), json!(0.0), json!(10), json!(0.0), json!(1.0), json!(50.0), json!(50.0), json!(0.0)]
    );
    assert_eq!(bots[2]["id"], Value::Null);
    // All: 10,950 of licences, 90 of cost, 71 h, 3450 saved, net 3360; monthly savings
    // 3450 ÷ 3 × 365 ÷ 12 = 34,979.17, payback 10,950 ÷ 34,979.17 = 0.31 months.
    assert_eq!(
        ["licence_cost", "items", "cost", "hours", "savings", "net_benefit", "payback_months"]
            .map(|name| calculation["totals"][name].clone()),
        [json!(10950.0), json!(650), json!(90.0), json!(71.0), json!(3450.0), json!(3360.0), json!(0.3)]
    );

    // A process's rates change in the vault: the savings follow.
    let processes = harness.call_module("vault", &acme, "GET", "/processes?q=Payroll", None).await?;
    let payroll = &processes.body["items"][0];
    let change = json!({ "version": payroll["version"], "hourly_cost": 80 });
    let changed =
        harness.call_module("vault", &acme, "PATCH", &format!("/processes/{}", id(payroll)?), Some(change)).await?;
    assert_eq!(changed.status, 200, "{changed:?}");
    let calculation = get(&harness, &acme, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(calculation["bots"][0]["savings"], 3800.0, "3000 + 10 h × 80");

    let names = get(&harness, &acme, "/processes").await?;
    assert_eq!(names, json!({ "available": true, "names": ["Invoice posting", "Payroll check"] }));
    Ok(())
}

/// Without Process Vault there are no rates: nothing is saved, and the page says so.
async fn without_process_vault_nothing_is_saved(engine: Engine) -> anyhow::Result<()> {
    let harness = Harness::load_on(engine, product_module("bots")?).await?;
    let acme = harness.company("Acme").await?;
    create_bot(&harness, &acme, json!({ "name": "Alpha", "licence_cost": 365 })).await?;
    let key = harness.api_key(&acme).await?;
    ingest(&harness, &key, json!([run("r1", "Alpha", "Invoice posting", DAY0, Some(DAY0 + 60), "successful", 100)]))
        .await?;
    let calculation = get(&harness, &acme, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(calculation["vault_available"], false);
    let alpha = &calculation["bots"][0];
    assert_eq!(
        (&alpha["items"], &alpha["savings"], &alpha["cost"], &alpha["net_benefit"], &alpha["processes"][0]["known"]),
        (&json!(100), &json!(0.0), &json!(3.0), &json!(-3.0), &json!(false))
    );
    assert_eq!(get(&harness, &acme, "/processes").await?, json!({ "available": false, "names": [] }));
    Ok(())
}

/// Another company's bot ids are not found, and its runs (even of a bot of the same name)
/// never reach this company's figures.
async fn another_companys_bots_and_runs_never_show(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let (alpha, _) = scenario(&harness, &acme).await?;
    let theirs = create_bot(&harness, &globex, json!({ "name": "Alpha", "licence_cost": 1 })).await?;
    let their_key = harness.api_key(&globex).await?;
    let now = harness.now();
    ingest(
        &harness,
        &their_key,
        json!([
            run("r1", "Alpha", "Invoice posting", DAY0 + 100, Some(DAY0 + 50_000), "successful", 9_999),
            run("g-live", "Alpha", "Invoice posting", now - 60, None, "running", 0),
            run("g2", "Zulu", "Invoice posting", DAY0 + 100, Some(DAY0 + 200), "successful", 5),
        ]),
    )
    .await?;

    let their_path = format!("/bots/{}", id(&theirs)?);
    for (method, path, body) in [
        ("GET", their_path.clone(), None),
        ("PATCH", their_path.clone(), Some(json!({ "version": 1, "notes": "mine" }))),
        ("DELETE", format!("{their_path}?version=1"), None),
        ("GET", format!("{their_path}/overview"), None),
        ("GET", format!("{their_path}/runs"), None),
    ] {
        assert_eq!(refused(&harness, &acme, method, &path, body, 404).await?, "Bot not found", "{method} {path}");
    }
    assert_eq!(get(&harness, &globex, &their_path).await?["notes"], Value::Null, "untouched");

    assert_eq!(names(&get(&harness, &acme, "/bots").await?), ["Alpha", "Bravo"]);
    let status = get(&harness, &acme, "/status").await?;
    assert_eq!(status["counts"], json!({ "running": 0, "idle": 0, "offline": 3 }), "Alpha, Bravo and Ghost");
    let heatmap = get(&harness, &acme, &format!("/heatmap?{RANGE}")).await?;
    assert_eq!(heatmap["bots"][0]["busy_seconds"], json!([5_400, 1_800, 7_200]));
    assert_eq!(heatmap["bots"].as_array().map(Vec::len), Some(3), "no Zulu");
    let calculation = get(&harness, &acme, &format!("/calculation?{RANGE}")).await?;
    assert_eq!((&calculation["bots"][0]["items"], &calculation["totals"]["items"]), (&json!(640), &json!(650)));
    let runs = get(&harness, &acme, &format!("/bots/{}/runs", id(&alpha)?)).await?;
    assert_eq!(runs["items"].as_array().map(Vec::len), Some(6), "r0 to r5, the same ids as Globex's are Acme's own");
    assert_eq!(runs["items"][5]["items"], 1_000);
    let overview = get(&harness, &acme, &format!("/bots/{}/overview?{RANGE}", id(&alpha)?)).await?;
    assert_eq!((&overview["current_runs"], &overview["runs"]["items"]), (&json!([]), &json!(640)));

    // And the other way round.
    let theirs = get(&harness, &globex, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(theirs["totals"]["items"], 10_004);
    assert_eq!(theirs["vault_available"], true);
    assert_eq!(theirs["bots"][0]["processes"][0]["known"], false, "Acme's processes are not Globex's");
    Ok(())
}

/// Bot Profile needs its own right; the company administrator and a member alike.
async fn the_bot_profile_right_gates_the_module(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let bot = create_bot(&harness, &acme, json!({ "name": "Alpha" })).await?;
    let mut rights = default_role_rights();
    rights.insert("bot_profile".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let bot_path = format!("/bots/{}", id(&bot)?);
    for who in [&acme as &dyn Session, &bob] {
        for (method, path) in [
            ("GET", "/bots".to_string()),
            ("POST", "/bots".to_string()),
            ("GET", bot_path.clone()),
            ("PATCH", bot_path.clone()),
            ("DELETE", bot_path.clone()),
            ("GET", format!("{bot_path}/overview")),
            ("GET", format!("{bot_path}/runs")),
            ("GET", "/status".to_string()),
            ("GET", "/heatmap".to_string()),
            ("GET", "/calculation".to_string()),
            ("GET", "/processes".to_string()),
            ("GET", "/people".to_string()),
            ("GET", "/me".to_string()),
        ] {
            let body = (method != "GET" && method != "DELETE").then(|| json!({ "version": 1, "name": "X" }));
            let message = refused(&harness, who, method, &path, body, 403).await?;
            assert_eq!(message, "Your rights do not allow this module", "{method} {path}");
        }
    }
    rights.insert("bot_profile".into(), Right { view: true, disabled: false });
    acme.set_rights(&rights).await?;
    assert_eq!(get(&harness, &bob, "/bots").await?["total"], 1);
    Ok(())
}

/// The page shows the API keys tab to company administrators only, and money in the
/// company's currency.
async fn me_tells_the_company_admin_and_currency(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let currency = json!({ "code": "USD", "symbol": "$" });
    assert_eq!(get(&harness, &acme, "/me").await?, json!({ "company_admin": true, "currency": currency }));
    assert_eq!(get(&harness, &bob, "/me").await?, json!({ "company_admin": false, "currency": currency }));
    Ok(())
}

/// Reversed, too long or unreadable days (seconds too) are refused with the message.
async fn bad_ranges_are_refused_with_the_message(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bot = create_bot(&harness, &acme, json!({ "name": "Alpha" })).await?;
    let (date, reversed) =
        ("Dates must be days written YYYY-MM-DD", "The start date must be on or before the end date");
    for (query, expected) in [
        ("from=2026-03-05&to=2026-03-04", reversed),
        ("from=2025-01-01&to=2026-03-04", "Choose at most 400 days"),
        ("from=2026-02-30", date),
        ("to=yesterday", date),
        ("from=1772409600", date),
        ("from=-1", date),
    ] {
        for route in [
            "/heatmap".to_string(),
            "/calculation".to_string(),
            format!("/bots/{}/overview", id(&bot)?),
            format!("/bots/{}/runs", id(&bot)?),
        ] {
            let message = refused(&harness, &acme, "GET", &format!("{route}?{query}"), None, 400).await?;
            assert_eq!(message, expected, "{route}?{query}");
        }
    }
    let longest = get(&harness, &acme, "/heatmap?from=2025-02-02&to=2026-03-08").await?;
    assert_eq!(longest["days"].as_array().map(Vec::len), Some(400));
    Ok(())
}
