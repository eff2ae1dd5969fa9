//! Business Insight through the real host, on SQLite and PostgreSQL, with the Process Vault
//! and Bot Profile installed: processes and bots are created through those modules' own
//! routes, runs arrive through the ingestion API with a company key, and every figure is
//! compared with the value worked out by hand. Build the three plugins first: `make modules`.

use anyhow::Context;
use autoscope_module_test::{Company, Engine, Harness, Right, Session, default_role_rights, product_module};
use serde_json::{Value, json};

autoscope_module_test::on_both_engines!(
    every_figure_of_the_year_matches_the_runs_worked_by_hand,
    each_month_and_a_shorter_range_count_their_own_days,
    the_default_range_and_the_estimates_follow_the_days_of_run_data,
    departments_and_filters_choose_what_is_counted,
    a_resent_run_replaces_what_it_counted,
    another_companys_runs_and_processes_never_count,
    a_member_of_two_companies_sees_only_the_active_companys_figures,
    without_the_business_insight_right_the_module_is_closed,
    the_figures_need_the_rights_of_the_modules_they_come_from,
    without_the_vault_or_bot_profile_nothing_is_available,
    bad_ranges_and_filters_are_refused_with_the_message,
    five_hundred_processes_over_a_year_fit_the_limits,
);

/// The whole of 2025: 365 days, exactly one year, so yearly benefits and licences count whole.
const YEAR_2025: &str = "from=2025-01-01&to=2025-12-31";

async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(
        engine,
        product_module("business_insight")?,
        vec![product_module("vault")?, product_module("bots")?],
    )
    .await
}

/// `POST` to another module as `who`, expecting 201.
async fn create(harness: &Harness, module: &str, who: &dyn Session, path: &str, body: Value) -> anyhow::Result<Value> {
    let reply = harness.call_module(module, who, "POST", path, Some(body)).await?;
    anyhow::ensure!(reply.status == 201, "POST /api/m/{module}{path}: {reply:?}");
    Ok(reply.body)
}

/// A process of the vault; the vault computes its yearly benefit from volume, minutes and cost.
async fn process(harness: &Harness, who: &dyn Session, body: Value) -> anyhow::Result<()> {
    create(harness, "vault", who, "/processes", body).await.map(drop)
}

async fn bot(harness: &Harness, who: &dyn Session, name: &str, licence: f64, processes: &[&str]) -> anyhow::Result<()> {
    let body = json!({ "name": name, "licence_cost": licence, "processes": processes });
    create(harness, "bots", who, "/bots", body).await.map(drop)
}

/// A run: `at` is RFC 3339 (an hour long when it ended).
fn run(id: &str, bot: &str, process: &str, at: &str, status: &str, items: u64) -> Value {
    let mut run = json!({
        "external_id": id, "bot": bot, "process": process, "started_at": at, "status": status, "items": items,
    });
    if status != "running" {
        run["ended_at"] = at.replace("T10:", "T11:").into();
    }
    run
}

/// Sends runs with a new key of `company`; every one must be stored.
async fn ingest(harness: &Harness, company: &Company, runs: Value) -> anyhow::Result<()> {
    let key = harness.api_key(company).await?;
    let sent = runs.as_array().map_or(0, Vec::len);
    let reply = harness.ingest(&key, "bots", "runs", runs).await?;
    anyhow::ensure!(reply.status == 200 && reply.body["stored"] == sent, "ingesting runs: {reply:?}");
    Ok(())
}

async fn overview(harness: &Harness, who: &dyn Session, query: &str) -> anyhow::Result<Value> {
    let reply = harness.call(who, "GET", &format!("/overview?{query}"), None).await?;
    anyhow::ensure!(reply.status == 200, "GET /overview?{query}: {reply:?}");
    Ok(reply.body)
}

/// The figure at `pointer` (e.g. `/totals/hours_saved/realised`) equals `expected` rounded
/// to cents, as the plugin writes it; `None` for a figure without a value.
fn check(answer: &Value, pointer: &str, expected: Option<f64>) {
    let figure = answer.pointer(pointer).unwrap_or_else(|| panic!("no {pointer} in {answer}"));
    let value = figure.get("value").and_then(Value::as_f64);
    let expected = expected.map(|value| (value * 100.0).round() / 100.0);
    match (value, expected) {
        (Some(value), Some(expected)) => assert!((value - expected).abs() < 1e-9, "{pointer}: {value} != {expected}"),
        (value, expected) => assert_eq!(value, expected, "{pointer}: {figure}"),
    }
}

/// The inputs of the figure at `pointer` as (label, value) pairs.
fn inputs(answer: &Value, pointer: &str) -> Vec<(String, f64)> {
    let inputs = answer.pointer(&format!("{pointer}/inputs")).and_then(Value::as_array).cloned().unwrap_or_default();
    inputs
        .iter()
        .map(|input| (input["label"].as_str().unwrap_or("").to_string(), input["value"].as_f64().unwrap_or(f64::NAN)))
        .collect()
}

/// The row of `key` = `name` in the list at `list` (`by_process`, `by_department`, `by_month`).
fn row<'a>(answer: &'a Value, list: &str, key: &str, name: Value) -> anyhow::Result<&'a Value> {
    let rows = answer[list].as_array().with_context(|| format!("{list} in {answer}"))?;
    rows.iter().find(|row| row[key] == name).with_context(|| format!("no {key} {name} in {list}"))
}

/// Acme's catalogue, bots and runs of 2025 (yearly benefits as the vault computes them:
/// volume × 12 × minutes ÷ 60 hours, × hourly cost, ÷ 1,800 for FTEs, rounded to cents):
///
/// | process | department | stage | minutes | cost/h | benefit h/yr | money/yr | FTE |
/// |---|---|---|---|---|---|---|---|
/// | Invoices | Finance | live | 6 | 40 | 1,000 × 12 × 6 ÷ 60 = 1,200 | 48,000 | 0.67 |
/// | Payroll | HR | development | 3 | 30 | 300 | 9,000 | 0.17 |
/// | Onboarding | HR | live | 12 | 25 | 240 | 6,000 | 0.13 |
///
/// Bot A (7,300 a year) runs Invoices and Payroll, Bot B (3,650) Invoices, Bot C (730) none.
///
/// | run | process | started | status | items |
/// |---|---|---|---|---|
/// | r1 | Invoices | 2025-01-15 | successful | 300 |
/// | r2 | Invoices | 2025-01-20 | successful | 200 |
/// | r3 | Invoices | 2025-01-21 | failed | 50 (not counted) |
/// | r4 | Invoices | 2025-06-10 | successful | 100 |
/// | r5 | Payroll | 2025-03-05 | successful | 40 |
/// | r6 | Ghost (not catalogued) | 2025-01-16 | successful | 10 |
/// | r7 | Invoices | 2025-02-01 | running | 5 (not counted) |
/// | r8 | Invoices | 2024-12-31 23:59:59 | successful | 1,000 (before the year) |
/// | r9 | Invoices | 2026-01-01 00:00:00 | successful | 1,000 (after it) |
async fn scenario(harness: &Harness, acme: &Company) -> anyhow::Result<()> {
    let catalogue = [
        ("Invoices", "Finance", "live", 1_000, 6, 40),
        ("Payroll", "HR", "development", 500, 3, 30),
        ("Onboarding", "HR", "live", 100, 12, 25),
    ];
    for (name, department, stage, volume, minutes, cost) in catalogue {
        let body = json!({
            "name": name, "department": department, "stage": stage, "monthly_volume": volume,
            "handling_minutes": minutes, "hourly_cost": cost,
        });
        process(harness, acme, body).await?;
    }
    bot(harness, acme, "Bot A", 7_300.0, &["Invoices", "Payroll"]).await?;
    bot(harness, acme, "Bot B", 3_650.0, &["Invoices"]).await?;
    bot(harness, acme, "Bot C", 730.0, &[]).await?;
    let mut runs = vec![
        run("r1", "Bot A", "Invoices", "2025-01-15T10:00:00Z", "successful", 300),
        run("r2", "Bot B", "Invoices", "2025-01-20T10:00:00Z", "successful", 200),
        run("r3", "Bot A", "Invoices", "2025-01-21T10:00:00Z", "failed", 50),
        run("r4", "Bot B", "Invoices", "2025-06-10T10:00:00Z", "successful", 100),
        run("r5", "Bot A", "Payroll", "2025-03-05T10:00:00Z", "successful", 40),
        run("r6", "Bot A", "Ghost", "2025-01-16T10:00:00Z", "successful", 10),
        run("r7", "Bot A", "Invoices", "2025-02-01T10:00:00Z", "running", 5),
    ];
    let mut edge = |id: &str, started: &str| {
        runs.push(json!({
            "external_id": id, "bot": "Bot A", "process": "Invoices", "started_at": started,
            "ended_at": started, "status": "successful", "items": 1_000,
        }));
    };
    edge("r8", "2024-12-31T23:59:59Z");
    edge("r9", "2026-01-01T00:00:00Z");
    ingest(harness, acme, Value::Array(runs)).await
}

/// The year's totals and the process rows, each figure and its inputs by hand.
async fn every_figure_of_the_year_matches_the_runs_worked_by_hand(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    scenario(&harness, &acme).await?;
    let answer = overview(&harness, &acme, YEAR_2025).await?;

    assert_eq!(answer["available"], true);
    assert_eq!(
        answer["range"],
        json!({ "from": "2025-01-01", "to": "2025-12-31", "start": 1_735_689_600, "end": 1_767_225_600, "days": 365 })
    );
    // r8 and r9 lie either side of the year: every day of it has run data.
    assert_eq!(answer["data"], answer["range"]);
    assert_eq!(answer["years"], 1);
    assert_eq!((&answer["run_data"]["from"], &answer["run_data"]["to"]), (&json!("2024-12-31"), &json!("2026-01-01")));
    assert_eq!(answer["currency"], json!({ "code": "USD", "symbol": "$" }));
    assert_eq!(answer["filters"], json!({ "department": null, "process": null }));
    assert_eq!(answer["choices"]["departments"], json!(["Finance", "HR"]));
    assert_eq!(
        answer["choices"]["processes"],
        json!([
            { "name": "Invoices", "department": "Finance" },
            { "name": "Onboarding", "department": "HR" },
            { "name": "Payroll", "department": "HR" }
        ])
    );

    // Runs r1 to r7 (r8 and r9 are outside the year); items of r1, r2, r4, r5, r6.
    let totals = &answer["totals"];
    assert_eq!((&totals["runs"], &totals["successful_runs"], &totals["items"]), (&json!(7), &json!(5), &json!(650)));
    // Invoices 600 × 6 ÷ 60 = 60 h, × 40 = 2,400; Payroll 40 × 3 ÷ 60 = 2 h, × 30 = 60.
    check(&answer, "/totals/hours_saved/realised", Some(62.0));
    check(&answer, "/totals/cost_saved/realised", Some(2_460.0));
    assert_eq!(inputs(&answer, "/totals/hours_saved/realised"), [("Invoices".into(), 60.0), ("Payroll".into(), 2.0)]);
    // The live processes' yearly benefits × 1 year: 1,200 + 240 h, 48,000 + 6,000.
    check(&answer, "/totals/hours_saved/estimated", Some(1_440.0));
    check(&answer, "/totals/cost_saved/estimated", Some(54_000.0));
    check(&answer, "/totals/fte/estimated", Some(0.8));
    // 62 h ÷ 1,800.
    check(&answer, "/totals/fte/realised", Some(62.0 / 1_800.0));
    // 7,300 + 3,650 + 730 licences × 1 year.
    check(&answer, "/totals/licence_cost", Some(11_680.0));
    assert_eq!(
        inputs(&answer, "/totals/licence_cost"),
        [("Licence cost per year".into(), 11_680.0), ("Years of run data".into(), 1.0)]
    );
    assert_eq!(
        answer["totals"]["licence_cost"]["formula"],
        "Licence cost per year (a bot's yearly licence is shared equally by the processes it runs) × years, \
         over 365 days of run data (2025-01-01 to 2025-12-31)"
    );
    check(&answer, "/totals/roi/realised", Some((2_460.0 - 11_680.0) / 11_680.0 * 100.0));
    check(&answer, "/totals/roi/estimated", Some((54_000.0 - 11_680.0) / 11_680.0 * 100.0));
    check(&answer, "/totals/realisation", Some(62.0 / 1_440.0 * 100.0));
    assert_eq!(
        answer["totals"]["hours_saved"]["realised"]["formula"],
        "Sum over the processes of items of successful runs × handling minutes ÷ 60"
    );

    let names: Vec<&str> =
        answer["by_process"].as_array().into_iter().flatten().filter_map(|row| row["process"].as_str()).collect();
    assert_eq!(names, ["Invoices", "Payroll", "Onboarding", "Ghost"], "most saved first");
    let invoices = row(&answer, "by_process", "process", json!("Invoices"))?;
    assert_eq!(
        (&invoices["department"], &invoices["stage"], &invoices["bots"], &invoices["runs"], &invoices["items"]),
        (&json!("Finance"), &json!("live"), &json!(["Bot A", "Bot B"]), &json!(5), &json!(600))
    );
    check(invoices, "/hours_saved/realised", Some(60.0));
    assert_eq!(
        inputs(invoices, "/hours_saved/realised"),
        [("Items of successful runs".into(), 600.0), ("Handling minutes per item".into(), 6.0)]
    );
    assert_eq!(invoices["hours_saved"]["realised"]["formula"], "Items of successful runs × handling minutes ÷ 60");
    check(invoices, "/cost_saved/realised", Some(2_400.0));
    check(invoices, "/hours_saved/estimated", Some(1_200.0));
    check(invoices, "/cost_saved/estimated", Some(48_000.0));
    check(invoices, "/fte/estimated", Some(0.67));
    // Bot A's half of 7,300 and all of Bot B's 3,650.
    check(invoices, "/licence_cost", Some(7_300.0));
    check(invoices, "/roi/realised", Some((2_400.0 - 7_300.0) / 7_300.0 * 100.0));
    check(invoices, "/roi/estimated", Some((48_000.0 - 7_300.0) / 7_300.0 * 100.0));

    let payroll = row(&answer, "by_process", "process", json!("Payroll"))?;
    check(payroll, "/hours_saved/realised", Some(2.0));
    check(payroll, "/hours_saved/estimated", Some(0.0));
    assert_eq!(
        payroll["hours_saved"]["estimated"]["note"],
        "Only live processes are estimated: this one is in stage development"
    );
    check(payroll, "/licence_cost", Some(3_650.0));
    let onboarding = row(&answer, "by_process", "process", json!("Onboarding"))?;
    check(onboarding, "/cost_saved/estimated", Some(6_000.0));
    check(onboarding, "/roi/realised", None);
    let ghost = row(&answer, "by_process", "process", json!("Ghost"))?;
    assert_eq!(
        (&ghost["in_catalogue"], &ghost["items"], &ghost["department"]),
        (&json!(false), &json!(10), &Value::Null)
    );
    check(ghost, "/hours_saved/realised", Some(0.0));
    Ok(())
}

/// Months prorate the yearly figures by their days; a range of one month counts only its runs.
async fn each_month_and_a_shorter_range_count_their_own_days(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    scenario(&harness, &acme).await?;
    let year = overview(&harness, &acme, YEAR_2025).await?;
    let months = year["by_month"].as_array().context("by month")?;
    let keys: Vec<&str> = months.iter().filter_map(|month| month["month"].as_str()).collect();
    assert_eq!(keys.len(), 12);
    assert_eq!((keys[0], keys[11]), ("2025-01", "2025-12"));

    let january = row(&year, "by_month", "month", json!("2025-01"))?;
    assert_eq!((&january["days"], &january["items"], &january["runs"]), (&json!(31), &json!(510), &json!(4)));
    // r1 and r2: 500 items × 6 ÷ 60 = 50 h, × 40 = 2,000.
    check(january, "/hours_saved/realised", Some(50.0));
    check(january, "/cost_saved/realised", Some(2_000.0));
    check(january, "/hours_saved/estimated", Some(1_440.0 * 31.0 / 365.0));
    check(january, "/licence_cost", Some(11_680.0 * 31.0 / 365.0));
    check(january, "/fte/realised", Some(50.0 / (1_800.0 * 31.0 / 365.0)));
    let march = row(&year, "by_month", "month", json!("2025-03"))?;
    check(march, "/cost_saved/realised", Some(60.0));
    let june = row(&year, "by_month", "month", json!("2025-06"))?;
    check(june, "/hours_saved/realised", Some(10.0));
    let february = row(&year, "by_month", "month", json!("2025-02"))?;
    assert_eq!((&february["runs"], &february["items"]), (&json!(1), &json!(0)), "the running run counts no items");

    let only_january = overview(&harness, &acme, "from=2025-01-01&to=2025-01-31").await?;
    assert_eq!(only_january["range"]["days"], 31);
    check(&only_january, "/totals/hours_saved/realised", Some(50.0));
    check(&only_january, "/totals/hours_saved/estimated", Some(1_440.0 * 31.0 / 365.0));
    check(&only_january, "/totals/licence_cost", Some(11_680.0 * 31.0 / 365.0));
    assert_eq!(only_january["by_month"].as_array().map(Vec::len), Some(1));

    // The days either side of the year: r8 on its last second before, r9 on the first after.
    let edges = overview(&harness, &acme, "from=2024-12-31&to=2026-01-01").await?;
    assert_eq!(edges["totals"]["items"], 2_650);
    let december = overview(&harness, &acme, "from=2024-12-01&to=2024-12-31").await?;
    assert_eq!(december["totals"]["items"], 1_000);
    check(&december, "/totals/hours_saved/realised", Some(100.0));
    Ok(())
}

/// Invoices (live, 1,200 h and 48,000 a year) runs on Bot A (3,650 a year) on 2025-03-04,
/// 2025-03-20 and 2025-05-02: 60 days of run data. Without days the range is those 60
/// days; any range prorates its estimates and licences over its days of run data; a month
/// without runs has no ROI, a range without run data says from when to when there is some.
async fn the_default_range_and_the_estimates_follow_the_days_of_run_data(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let body = json!({
        "name": "Invoices", "department": "Finance", "stage": "live", "monthly_volume": 1_000,
        "handling_minutes": 6, "hourly_cost": 40,
    });
    process(&harness, &acme, body).await?;
    bot(&harness, &acme, "Bot A", 3_650.0, &["Invoices"]).await?;

    // Before the first run: this year to date, no run data, nothing estimated, no ROI.
    let before = overview(&harness, &acme, "").await?;
    assert!(before["range"]["from"].as_str().is_some_and(|from| from.ends_with("-01-01")), "{}", before["range"]);
    assert_eq!((&before["data"], &before["run_data"], &before["years"]), (&Value::Null, &Value::Null, &json!(0)));
    check(&before, "/totals/hours_saved/estimated", Some(0.0));
    check(&before, "/totals/roi/estimated", None);
    assert_eq!(
        before["totals"]["roi"]["estimated"]["note"],
        "No run data in the range: estimates, licence costs and FTEs count only the days from the first run to the last"
    );

    ingest(
        &harness,
        &acme,
        json!([
            run("r1", "Bot A", "Invoices", "2025-03-04T10:00:00Z", "successful", 100),
            run("r2", "Bot A", "Invoices", "2025-03-20T10:00:00Z", "successful", 50),
            run("r3", "Bot A", "Invoices", "2025-05-02T10:00:00Z", "successful", 10),
        ]),
    )
    .await?;
    let sixty_days =
        json!({ "from": "2025-03-04", "to": "2025-05-02", "start": 1_741_046_400, "end": 1_746_230_400, "days": 60 });
    let default = overview(&harness, &acme, "").await?;
    assert_eq!((&default["range"], &default["data"], &default["run_data"]), (&sixty_days, &sixty_days, &sixty_days));
    // 160 items × 6 ÷ 60 = 16 h, × 40 = 640; estimates and licence × 60/365.
    check(&default, "/totals/cost_saved/realised", Some(640.0));
    check(&default, "/totals/hours_saved/estimated", Some(1_200.0 * 60.0 / 365.0));
    check(&default, "/totals/cost_saved/estimated", Some(48_000.0 * 60.0 / 365.0));
    check(&default, "/totals/licence_cost", Some(600.0));
    check(&default, "/totals/fte/realised", Some(16.0 / (1_800.0 * 60.0 / 365.0)));
    check(&default, "/totals/roi/realised", Some((640.0 - 600.0) / 600.0 * 100.0));
    let over = "over 60 days of run data (2025-03-04 to 2025-05-02)";
    assert_eq!(
        default["totals"]["hours_saved"]["estimated"]["formula"],
        format!("Benefit hours per year of the live processes × years, {over}")
    );
    assert_eq!(
        default["totals"]["roi"]["realised"]["formula"],
        format!("(Cost saved − licence cost) ÷ licence cost × 100, {over}")
    );

    // January to May: 151 days, prorated over the same 60 days of run data.
    let five_months = overview(&harness, &acme, "from=2025-01-01&to=2025-05-31").await?;
    assert_eq!((&five_months["range"]["days"], &five_months["data"]), (&json!(151), &sixty_days));
    check(&five_months, "/totals/hours_saved/estimated", Some(1_200.0 * 60.0 / 365.0));
    check(&five_months, "/totals/licence_cost", Some(600.0));
    let months: Vec<(&str, i64, i64)> = five_months["by_month"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|month| {
            let number = |name: &str| month[name].as_i64().unwrap_or(-1);
            (month["month"].as_str().unwrap_or(""), number("data_days"), number("runs"))
        })
        .collect();
    assert_eq!(
        months,
        [("2025-01", 0, 0), ("2025-02", 0, 0), ("2025-03", 28, 2), ("2025-04", 30, 0), ("2025-05", 2, 1)]
    );
    // January, before the first run: no ROI rather than −100 %.
    let january = row(&five_months, "by_month", "month", json!("2025-01"))?;
    check(january, "/roi/realised", None);
    check(january, "/roi/estimated", None);
    check(january, "/licence_cost", Some(0.0));
    assert_eq!(
        january["roi"]["realised"]["note"],
        "No run data in the month: estimates, licence costs and FTEs count only the days from the first run to the last"
    );
    // April, between runs: its licence counts, no run weighs against it.
    let april = row(&five_months, "by_month", "month", json!("2025-04"))?;
    check(april, "/licence_cost", Some(300.0));
    check(april, "/roi/realised", None);
    assert_eq!(
        april["roi"]["realised"]["note"],
        "No runs: the ROI weighs what runs saved against the licence cost, so it has no value here"
    );
    check(april, "/roi/estimated", Some((48_000.0 * 30.0 / 365.0 - 300.0) / 300.0 * 100.0));
    let march = row(&five_months, "by_month", "month", json!("2025-03"))?;
    // 150 items: 15 h, 600, against 3,650 × 28/365 = 280.
    check(march, "/roi/realised", Some((600.0 - 280.0) / 280.0 * 100.0));

    // A range before the run data: none in it, and from when to when there is some.
    let before_runs = overview(&harness, &acme, "from=2024-01-01&to=2024-01-31").await?;
    assert_eq!((&before_runs["data"], &before_runs["run_data"]), (&Value::Null, &sixty_days));
    check(&before_runs, "/totals/cost_saved/estimated", Some(0.0));
    check(&before_runs, "/totals/roi/realised", None);
    assert_eq!(
        before_runs["totals"]["hours_saved"]["estimated"]["formula"],
        "Benefit hours per year of the live processes × years, over 0 days: no run data in the range"
    );
    Ok(())
}

/// Departments add up their processes; the department and process filters keep theirs.
async fn departments_and_filters_choose_what_is_counted(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    scenario(&harness, &acme).await?;
    let year = overview(&harness, &acme, YEAR_2025).await?;
    let departments: Vec<(Value, Value, Value)> = year["by_department"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|row| (row["department"].clone(), row["processes"].clone(), row["live_processes"].clone()))
        .collect();
    assert_eq!(
        departments,
        [(json!("Finance"), json!(1), json!(1)), (json!("HR"), json!(2), json!(1)), (Value::Null, json!(1), json!(0))]
    );
    let hr = row(&year, "by_department", "department", json!("HR"))?;
    check(hr, "/cost_saved/realised", Some(60.0));
    check(hr, "/hours_saved/estimated", Some(240.0));
    check(hr, "/licence_cost", Some(3_650.0));

    let only_hr = overview(&harness, &acme, &format!("{YEAR_2025}&department=HR")).await?;
    assert_eq!(only_hr["filters"], json!({ "department": "HR", "process": null }));
    check(&only_hr, "/totals/hours_saved/realised", Some(2.0));
    check(&only_hr, "/totals/hours_saved/estimated", Some(240.0));
    check(&only_hr, "/totals/licence_cost", Some(3_650.0));
    assert_eq!(only_hr["by_process"].as_array().map(Vec::len), Some(2));
    assert_eq!(only_hr["choices"]["departments"], json!(["Finance", "HR"]), "the choices stay whole");

    let invoices = overview(&harness, &acme, &format!("{YEAR_2025}&process=Invoices")).await?;
    assert_eq!((&invoices["totals"]["items"], &invoices["totals"]["runs"]), (&json!(600), &json!(5)));
    check(&invoices, "/totals/cost_saved/realised", Some(2_400.0));
    check(&invoices, "/totals/licence_cost", Some(7_300.0));
    assert_eq!(invoices["by_process"].as_array().map(Vec::len), Some(1));

    let nothing = overview(&harness, &acme, &format!("{YEAR_2025}&department=Legal")).await?;
    assert_eq!((&nothing["by_process"], &nothing["totals"]["items"]), (&json!([]), &json!(0)));
    check(&nothing, "/totals/roi/realised", None);
    Ok(())
}

/// Runs are the sender's: sending r1 again with other items changes what it counted.
async fn a_resent_run_replaces_what_it_counted(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    scenario(&harness, &acme).await?;
    ingest(&harness, &acme, json!([run("r1", "Bot A", "Invoices", "2025-01-15T10:00:00Z", "successful", 900)])).await?;
    let year = overview(&harness, &acme, YEAR_2025).await?;
    assert_eq!((&year["totals"]["items"], &year["totals"]["runs"]), (&json!(1_250), &json!(7)));
    // Invoices: 1,200 items × 6 ÷ 60 = 120 h.
    check(&year, "/totals/hours_saved/realised", Some(122.0));
    ingest(&harness, &acme, json!([run("r1", "Bot A", "Invoices", "2025-01-15T10:00:00Z", "failed", 900)])).await?;
    let year = overview(&harness, &acme, YEAR_2025).await?;
    check(&year, "/totals/hours_saved/realised", Some(32.0));
    Ok(())
}

/// Globex's processes, bots and runs share Acme's names, and still never count for Acme.
async fn another_companys_runs_and_processes_never_count(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    scenario(&harness, &acme).await?;
    let body = json!({
        "name": "Invoices", "department": "Globex finance", "stage": "live", "monthly_volume": 9_000,
        "handling_minutes": 60, "hourly_cost": 100,
    });
    process(&harness, &globex, body).await?;
    bot(&harness, &globex, "Bot A", 100_000.0, &["Invoices"]).await?;
    let runs = json!([
        run("r1", "Bot A", "Invoices", "2025-01-15T10:00:00Z", "successful", 9_999),
        run("g2", "Bot A", "Payroll", "2025-03-05T10:00:00Z", "successful", 777),
    ]);
    ingest(&harness, &globex, runs).await?;

    let ours = overview(&harness, &acme, YEAR_2025).await?;
    assert_eq!((&ours["totals"]["items"], &ours["totals"]["runs"]), (&json!(650), &json!(7)));
    check(&ours, "/totals/hours_saved/realised", Some(62.0));
    check(&ours, "/totals/hours_saved/estimated", Some(1_440.0));
    check(&ours, "/totals/licence_cost", Some(11_680.0));
    assert_eq!(ours["choices"]["departments"], json!(["Finance", "HR"]));
    let acme_invoices = row(&ours, "by_process", "process", json!("Invoices"))?;
    assert_eq!(acme_invoices["items"], 600, "Globex's r1 is its own run, not Acme's");

    let theirs = overview(&harness, &globex, YEAR_2025).await?;
    assert_eq!((&theirs["totals"]["items"], &theirs["totals"]["runs"]), (&json!(10_776), &json!(2)));
    // 9,999 items × 60 ÷ 60 h; Payroll is not in Globex's catalogue.
    check(&theirs, "/totals/hours_saved/realised", Some(9_999.0));
    // Globex's own run data, 2025-01-15 to 2025-03-05: 50 days.
    assert_eq!((&theirs["data"]["from"], &theirs["data"]["days"]), (&json!("2025-01-15"), &json!(50)));
    check(&theirs, "/totals/hours_saved/estimated", Some(108_000.0 * 50.0 / 365.0));
    check(&theirs, "/totals/licence_cost", Some(100_000.0 * 50.0 / 365.0));
    assert_eq!(theirs["choices"]["departments"], json!(["Globex finance"]));
    Ok(())
}

/// Ann belongs to Acme and Globex, where she catalogues Invoices and its bot and a run
/// arrives: with her Acme session the figures are Acme's only, with her Globex session
/// Globex's only.
async fn a_member_of_two_companies_sees_only_the_active_companys_figures(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let ann_in_acme = acme.add_user("ann@acme.test").await?;
    let ann_in_globex = globex.add_member(&ann_in_acme).await?;
    scenario(&harness, &acme).await?;
    let body = json!({
        "name": "Invoices", "department": "Globex finance", "stage": "live", "monthly_volume": 9_000,
        "handling_minutes": 60, "hourly_cost": 100,
    });
    process(&harness, &ann_in_globex, body).await?;
    bot(&harness, &ann_in_globex, "Bot A", 100_000.0, &["Invoices"]).await?;
    ingest(&harness, &globex, json!([run("r1", "Bot A", "Invoices", "2025-01-15T10:00:00Z", "successful", 9_999)]))
        .await?;

    let ours = overview(&harness, &ann_in_acme, YEAR_2025).await?;
    assert_eq!((&ours["totals"]["items"], &ours["totals"]["runs"]), (&json!(650), &json!(7)));
    check(&ours, "/totals/licence_cost", Some(11_680.0));
    assert_eq!(ours["choices"]["departments"], json!(["Finance", "HR"]));

    let theirs = overview(&harness, &ann_in_globex, YEAR_2025).await?;
    assert_eq!((&theirs["totals"]["items"], &theirs["totals"]["runs"]), (&json!(9_999), &json!(1)));
    // Globex's one day of run data.
    check(&theirs, "/totals/licence_cost", Some(100_000.0 / 365.0));
    assert_eq!(theirs["choices"]["departments"], json!(["Globex finance"]));
    Ok(())
}

/// Without the `business_insight` right the module answers 403, whatever else is allowed.
async fn without_the_business_insight_right_the_module_is_closed(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    scenario(&harness, &acme).await?;
    let mut rights = default_role_rights();
    rights.insert("business_insight".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let denied = json!({ "message": "Your rights do not allow this module" });
    for who in [&acme as &dyn Session, &bob] {
        let reply = harness.call(who, "GET", &format!("/overview?{YEAR_2025}"), None).await?;
        assert_eq!((reply.status, &reply.body), (403, &denied));
    }
    rights.insert("business_insight".into(), Right { view: true, disabled: true });
    acme.set_rights(&rights).await?;
    let reply = harness.call(&bob, "GET", "/overview", None).await?;
    assert_eq!(reply.status, 403, "{reply:?}");
    Ok(())
}

/// The figures are built from the vault's processes and Bot Profile's bots and runs: a
/// person whose rights do not open one of them is told which, and sees none of its data
/// (this used to show every figure, process names included).
async fn the_figures_need_the_rights_of_the_modules_they_come_from(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    scenario(&harness, &acme).await?;
    let mut rights = default_role_rights();
    rights.insert("process".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let blocked = harness.call_module("vault", &acme, "GET", "/processes", None).await?;
    assert_eq!(blocked.status, 403, "{blocked:?}");
    let closed = overview(&harness, &acme, YEAR_2025).await?;
    assert_eq!(closed, json!({ "available": false, "missing": [], "restricted": ["vault"] }));

    rights.insert("bot_profile".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let closed = overview(&harness, &acme, YEAR_2025).await?;
    assert_eq!(closed, json!({ "available": false, "missing": [], "restricted": ["vault", "bots"] }));

    rights.insert("process".into(), Right { view: true, disabled: false });
    rights.insert("bot_profile".into(), Right { view: true, disabled: false });
    acme.set_rights(&rights).await?;
    let year = overview(&harness, &acme, YEAR_2025).await?;
    check(&year, "/totals/cost_saved/realised", Some(2_460.0));
    Ok(())
}

/// Without the vault or Bot Profile the answer names what is missing.
async fn without_the_vault_or_bot_profile_nothing_is_available(engine: Engine) -> anyhow::Result<()> {
    let alone = Harness::load_on(engine, product_module("business_insight")?).await?;
    let acme = alone.company("Acme").await?;
    assert_eq!(
        overview(&alone, &acme, "").await?,
        json!({ "available": false, "missing": ["vault", "bots"], "restricted": [] })
    );
    alone.install(product_module("vault")?).await?;
    assert_eq!(
        overview(&alone, &acme, YEAR_2025).await?,
        json!({ "available": false, "missing": ["bots"], "restricted": [] })
    );
    let bad = alone.call(&acme, "GET", "/overview?from=2025-02-30", None).await?;
    assert_eq!(bad.status, 400, "the range is checked first: {bad:?}");
    Ok(())
}

/// Days not written YYYY-MM-DD, reversed or over 731 days, and overlong filters, are refused.
async fn bad_ranges_and_filters_are_refused_with_the_message(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let invalid = json!({ "message": "Dates must be days written YYYY-MM-DD" });
    let reversed = json!({ "message": "The start date must be on or before the end date" });
    let too_long = json!({ "message": "Choose at most 731 days" });
    let filter = json!({ "message": "The department or process filter is too long" });
    let long = "x".repeat(201);
    for (query, expected) in [
        ("from=1735689600".to_string(), &invalid),
        ("from=2025-02-29".to_string(), &invalid),
        ("from=2025-03-02&to=2025-03-01".to_string(), &reversed),
        ("to=01/03/2025".to_string(), &invalid),
        ("from=2023-01-01&to=2025-01-01".to_string(), &too_long),
        (format!("process={long}"), &filter),
    ] {
        let reply = harness.call(&acme, "GET", &format!("/overview?{query}"), None).await?;
        assert_eq!((reply.status, &reply.body), (400, expected), "{query}");
    }
    let longest = overview(&harness, &acme, "from=2023-01-01&to=2024-12-31").await?;
    assert_eq!((&longest["range"]["days"], longest["by_month"].as_array().map(Vec::len)), (&json!(731), Some(24)));
    // No dates and no run data: this year to date, by the host's clock.
    let default = overview(&harness, &acme, "").await?;
    let from = default["range"]["from"].as_str().context("from")?;
    assert!(from.ends_with("-01-01"), "{from}");
    Ok(())
}

/// 500 live processes with a bot each and a run in every month of 2025 answer within the
/// plugin's limits, every run counted once.
async fn five_hundred_processes_over_a_year_fit_the_limits(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let names: Vec<String> = (0..500).map(|index| format!("Process {index:03}")).collect();
    let rows: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(index, name)| {
            json!({
                "name": name, "department": format!("Department {}", index % 20), "stage": "live",
                "monthly_volume": 100, "handling_minutes": 6, "hourly_cost": 50,
            })
        })
        .collect();
    let imported =
        harness.call_module("vault", &acme, "POST", "/processes/import", Some(json!({ "rows": rows }))).await?;
    anyhow::ensure!(imported.status == 200 && imported.body["created"] == 500, "{imported:?}");
    for chunk in names.chunks(100) {
        bot(
            &harness,
            &acme,
            &format!("Bot for {}", chunk[0]),
            1_200.0,
            &chunk.iter().map(String::as_str).collect::<Vec<_>>(),
        )
        .await?;
    }
    let runs: Vec<Value> = names
        .iter()
        .flat_map(|name| {
            (1..=12).map(move |month| {
                let at = format!("2025-{month:02}-10T10:00:00Z");
                run(&format!("{name}/{month}"), "Bot", name, &at, "successful", 10)
            })
        })
        .collect();
    ingest(&harness, &acme, Value::Array(runs)).await?;

    let year = overview(&harness, &acme, YEAR_2025).await?;
    assert_eq!((&year["totals"]["runs"], &year["totals"]["items"]), (&json!(6_000), &json!(60_000)));
    // 60,000 items × 6 ÷ 60 = 6,000 h, × 50; each process 100 × 12 × 6 ÷ 60 = 120 h a year,
    // over the 335 days of run data from 10 January to 10 December.
    check(&year, "/totals/hours_saved/realised", Some(6_000.0));
    check(&year, "/totals/cost_saved/realised", Some(300_000.0));
    assert_eq!(year["data"]["days"], 335);
    check(&year, "/totals/hours_saved/estimated", Some(60_000.0 * 335.0 / 365.0));
    check(&year, "/totals/licence_cost", Some(6_000.0 * 335.0 / 365.0));
    assert_eq!(year["by_process"].as_array().map(Vec::len), Some(500));
    assert_eq!(year["by_department"].as_array().map(Vec::len), Some(20));
    let inputs = inputs(&year, "/totals/hours_saved/realised");
    assert_eq!((inputs.len(), inputs[10].0.as_str(), inputs[10].1), (11, "Other processes (490)", 5_880.0));
    for month in year["by_month"].as_array().context("by month")? {
        assert_eq!(month["items"], 5_000, "{}", month["month"]);
    }
    Ok(())
}
