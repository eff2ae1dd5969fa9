//! Support Insight through the real host, on SQLite and PostgreSQL, with Ticket Management
//! installed: tickets are created and moved through support's own API at controlled times,
//! and every figure is compared with the value worked out by hand. Build both plugins
//! first: `make modules`.
//!
//! The host's clock is the system's plus what the test advanced, so a few real seconds
//! pass between calls: times measured by support (response and resolution seconds) are
//! read back from its tickets, and every SLA target is missed or met by minutes.

use std::time::Duration;

use anyhow::Context;
use autoscope_module_test::{Company, Engine, Harness, Right, Session, User, default_role_rights, product_module};
use serde_json::{Value, json};

autoscope_module_test::on_both_engines!(
    every_figure_matches_the_tickets_worked_by_hand,
    the_range_and_bucket_choose_what_is_counted,
    open_breaches_follow_the_sla_schedule,
    pending_approvals_are_the_undecided_unexpired_ones,
    another_companys_tickets_are_never_counted,
    a_member_of_two_companies_sees_only_the_active_companys_figures,
    without_ticket_management_nothing_is_available,
    bad_ranges_are_refused_with_the_message,
    the_support_insight_right_gates_the_module,
    many_processes_and_the_longest_range_fit_the_limits,
);

const DAY: i64 = 86_400;
/// Day 0 of the scenario: 2040-02-29 00:00 UTC, a Wednesday (a leap day, so day 1 opens
/// March, in the same week).
const DAY0: i64 = 2_214_086_400;
const DAY1: i64 = DAY0 + DAY;
/// Monday 2040-02-27, the week of both days.
const WEEK: i64 = 2_213_913_600;
/// 2040-02-01, the month of day 0 (day 1 starts March).
const FEBRUARY: i64 = 2_211_667_200;
/// Both days.
const BOTH_DAYS: &str = "from=2040-02-29&to=2040-03-01";

/// A host with Support Insight and Ticket Management.
async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("support_insight")?, [product_module("support")?]).await
}

/// Moves the host's clock to `at` (seconds since the epoch; only forward).
fn move_to(harness: &Harness, at: i64) -> anyhow::Result<()> {
    let by = at - harness.now();
    anyhow::ensure!(by >= 0, "the clock is already past {at}");
    harness.advance(Duration::from_secs(by.unsigned_abs()));
    Ok(())
}

/// `method` on Ticket Management as `who`, expecting `status`; answers the body.
async fn support(
    harness: &Harness,
    who: &dyn Session,
    method: &str,
    path: &str,
    body: Value,
    status: u16,
) -> anyhow::Result<Value> {
    let reply = harness.call_module("support", who, method, path, Some(body)).await?;
    anyhow::ensure!(reply.status == status, "{method} /api/m/support{path}: {reply:?}");
    Ok(reply.body)
}

/// A ticket as it stands now.
#[derive(Debug, Clone)]
struct Ticket {
    id: String,
    version: i64,
}

impl Ticket {
    fn of(record: &Value) -> anyhow::Result<Self> {
        let id = record["id"].as_str().context("a ticket has an id")?.to_string();
        Ok(Self { id, version: record["version"].as_i64().context("a ticket has a version")? })
    }
}

/// Opens a ticket as `who` (its requester).
async fn open(harness: &Harness, who: &dyn Session, ticket: Value) -> anyhow::Result<Ticket> {
    Ticket::of(&support(harness, who, "POST", "/tickets", ticket, 201).await?)
}

/// Moves a ticket to `status` as `who`.
async fn set_status(harness: &Harness, who: &dyn Session, ticket: &mut Ticket, status: &str) -> anyhow::Result<()> {
    let body = json!({ "version": ticket.version, "status": status });
    *ticket = Ticket::of(&support(harness, who, "PATCH", &format!("/tickets/{}", ticket.id), body, 200).await?)?;
    Ok(())
}

async fn comment(harness: &Harness, who: &dyn Session, ticket: &mut Ticket, text: &str) -> anyhow::Result<()> {
    let path = format!("/tickets/{}/comments", ticket.id);
    support(harness, who, "POST", &path, json!({ "text": text }), 201).await?;
    // A first response changes the ticket: its version with it.
    let detail = support(harness, who, "GET", &format!("/tickets/{}", ticket.id), Value::Null, 200).await?;
    *ticket = Ticket::of(&detail["ticket"])?;
    Ok(())
}

/// A ticket's stored field as support answers it.
async fn field(harness: &Harness, who: &dyn Session, ticket: &Ticket, name: &str) -> anyhow::Result<Value> {
    let detail = support(harness, who, "GET", &format!("/tickets/{}", ticket.id), Value::Null, 200).await?;
    Ok(detail["ticket"][name].clone())
}

/// `YYYY-MM-DD` of the UTC day holding `at`.
fn day_text(at: i64) -> String {
    autoscope_sdk::days::format_day(at.div_euclid(DAY))
}

async fn insight(harness: &Harness, who: &dyn Session, query: &str) -> anyhow::Result<Value> {
    let reply = harness.call(who, "GET", &format!("/insight?{query}"), None).await?;
    anyhow::ensure!(reply.status == 200, "GET /insight?{query}: {reply:?}");
    Ok(reply.body)
}

/// `[{at, n}]` as pairs.
fn points(series: &Value) -> Vec<(i64, u64)> {
    let points = series.as_array().cloned().unwrap_or_default();
    points.iter().map(|point| (point["at"].as_i64().unwrap_or(-1), point["n"].as_u64().unwrap_or(0))).collect()
}

/// The company's people of the scenario.
struct Staff {
    /// The requester of every ticket (and the company's administrator).
    acme: Company,
    ann: User,
    bob: User,
}

/// The seven tickets of the scenario, by name.
struct Scenario {
    staff: Staff,
    tickets: [Ticket; 7],
}

/// Seven tickets over two days; the owner opens them all, Ann and Bob answer them. Times
/// are seconds after day 0 began (SLA targets in minutes: Critical 15/240, High 60/480,
/// Medium 240/1440, Low 480/4320):
///
/// | at | who | what | response | resolution |
/// |---|---|---|---|---|
/// | 72000 | owner | T1 High → Ann, process P1, bot "Invoice bot" | | |
/// | 72600 | Ann | comments T1 | 600 s, met | |
/// | 72600 | owner | T2 Critical → Bob, process P1 | | |
/// | 74400 | Bob | T2 in progress | 1800 s, breached (15 min) | |
/// | 74400 | owner | T3 Low, nobody, process P2, bot "Invoice bot" | | |
/// | 77400 | Ann | T1 resolved | | 5400 s, met |
/// | 77400 | owner | T4 Medium → Ann, bot "HR bot" | | |
/// | 78000 | Ann | T4 waiting | 600 s, met | |
/// | day 1 + 3600 | Ann | T4 in progress (12,000 s paused), T1 closed | | |
/// | day 1 + 3600 | Bob | T2 resolved | | 17400 s, breached (240 min) |
/// | day 1 + 3600 | owner | T5 High → Bob | | |
/// | day 1 + 3660 | Bob | T2 closed | | |
/// | day 1 + 7600 | Bob | comments T5 | 4000 s, breached (60 min) | |
/// | day 1 + 7600 | Ann | T4 resolved | | 7600 + 86400 − 77400 − 12000 = 4600 s, met |
/// | day 1 + 7600 | owner | T6 Medium → Ann | | |
/// | day 1 + 7660 | Ann | T6 waiting | 60 s, met | |
/// | day 1 + 7660 | owner | T7 Low → Bob | | |
/// | day 1 + 7760 | Bob | T7 in progress | 100 s, met | |
///
/// Sessions last 12 hours: everyone signs in at 20:00 on day 0, and the scenario ends
/// before 08:00 on day 1.
async fn scenario(harness: &Harness) -> anyhow::Result<Scenario> {
    move_to(harness, DAY0 + 72_000)?;
    let acme = harness.company("Acme").await?;
    let ann = acme.add_user("ann@acme.test").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let at = |offset: i64| move_to(harness, DAY0 + offset);
    // Only the fields a ticket has: support's form leaves the others out.
    let ticket = |title: &str, priority: &str, assignee: Option<&User>, process: Option<&str>, bot: Option<&str>| {
        let mut ticket = json!({ "title": title, "description": "", "category": "Question", "priority": priority });
        for (name, value) in
            [("assignee_id", assignee.map(|user| user.id.as_str())), ("process_id", process), ("bot_id", bot)]
        {
            if let Some(value) = value {
                ticket[name] = value.into();
            }
        }
        ticket
    };

    let mut t1 = open(harness, &acme, ticket("T1", "High", Some(&ann), Some("P1"), Some("Invoice bot"))).await?;
    at(72_600)?;
    comment(harness, &ann, &mut t1, "Looking into it").await?;
    let mut t2 = open(harness, &acme, ticket("T2", "Critical", Some(&bob), Some("P1"), None)).await?;
    at(74_400)?;
    set_status(harness, &bob, &mut t2, "in_progress").await?;
    let t3 = open(harness, &acme, ticket("T3", "Low", None, Some("P2"), Some("Invoice bot"))).await?;
    at(77_400)?;
    set_status(harness, &ann, &mut t1, "resolved").await?;
    let mut t4 = open(harness, &acme, ticket("T4", "Medium", Some(&ann), None, Some("HR bot"))).await?;
    at(78_000)?;
    set_status(harness, &ann, &mut t4, "waiting").await?;

    at(DAY + 3_600)?;
    set_status(harness, &ann, &mut t4, "in_progress").await?;
    set_status(harness, &ann, &mut t1, "closed").await?;
    set_status(harness, &bob, &mut t2, "resolved").await?;
    let mut t5 = open(harness, &acme, ticket("T5", "High", Some(&bob), None, None)).await?;
    at(DAY + 3_660)?;
    set_status(harness, &bob, &mut t2, "closed").await?;
    at(DAY + 7_600)?;
    comment(harness, &bob, &mut t5, "On it").await?;
    set_status(harness, &ann, &mut t4, "resolved").await?;
    let mut t6 = open(harness, &acme, ticket("T6", "Medium", Some(&ann), None, None)).await?;
    at(DAY + 7_660)?;
    set_status(harness, &ann, &mut t6, "waiting").await?;
    let mut t7 = open(harness, &acme, ticket("T7", "Low", Some(&bob), None, None)).await?;
    at(DAY + 7_760)?;
    set_status(harness, &bob, &mut t7, "in_progress").await?;

    Ok(Scenario { staff: Staff { acme, ann, bob }, tickets: [t1, t2, t3, t4, t5, t6, t7] })
}

/// Each ticket's response seconds as the table plans them (T3 was never answered).
const RESPONSES: [Option<i64>; 7] = [Some(600), Some(1_800), None, Some(600), Some(4_000), Some(60), Some(100)];
/// Each ticket's resolution seconds as planned (T1, T2 and T4 were resolved).
const RESOLUTIONS: [Option<i64>; 7] = [Some(5_400), Some(17_400), None, Some(4_600), None, None, None];

/// The seconds support measured for `name` on each ticket, checked against the planned
/// ones (the real seconds that pass between calls may shift them by a few).
async fn measured(
    harness: &Harness,
    scenario: &Scenario,
    name: &str,
    planned: [Option<i64>; 7],
) -> anyhow::Result<Vec<i64>> {
    let mut values = Vec::new();
    for (ticket, plan) in scenario.tickets.iter().zip(planned) {
        let value = field(harness, &scenario.staff.acme, ticket, name).await?;
        match plan {
            None => assert_eq!(value, Value::Null, "{name} of {ticket:?}"),
            Some(plan) => {
                let value = value.as_i64().with_context(|| format!("{name} of {ticket:?} is {value}"))?;
                assert!((plan - 60..=plan + 60).contains(&value), "{name} of {ticket:?}: {value}, planned {plan}");
                values.push(value);
            }
        }
    }
    Ok(values)
}

fn mean(values: &[i64]) -> i64 {
    (values.iter().sum::<i64>() as f64 / values.len() as f64).round() as i64
}

/// Both days: every figure as the scenario's table gives it.
async fn every_figure_matches_the_tickets_worked_by_hand(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let scenario = scenario(&harness).await?;
    let Staff { acme, ann, bob } = &scenario.staff;
    let responses = measured(&harness, &scenario, "response_seconds", RESPONSES).await?;
    let resolutions = measured(&harness, &scenario, "resolution_seconds", RESOLUTIONS).await?;

    let answer = insight(&harness, acme, BOTH_DAYS).await?;
    assert_eq!(answer["available"], true);
    assert_eq!(
        answer["range"],
        json!({ "from": "2040-02-29", "to": "2040-03-01", "start": DAY0, "end": DAY0 + 2 * DAY, "days": 2 })
    );
    assert_eq!(answer["bucket"], "day");
    assert_eq!(answer["by_status"], json!({ "open": 2, "in_progress": 1, "waiting": 1, "resolved": 1, "closed": 2 }));
    assert_eq!(answer["by_priority"], json!({ "Critical": 1, "High": 2, "Medium": 2, "Low": 2 }));
    assert_eq!(points(&answer["opened"]), [(DAY0, 4), (DAY1, 3)]);
    assert_eq!(points(&answer["closed"]), [(DAY0, 0), (DAY1, 2)], "T1 and T2 were closed on day 1");
    // About (600 + 1800 + 600 + 4000 + 60 + 100) / 6 = 1193 and (5400 + 17400 + 4600) / 3 = 9133.
    assert_eq!(answer["mean_first_response_seconds"], json!(mean(&responses)));
    assert_eq!(answer["mean_resolution_seconds"], json!(mean(&resolutions)));
    assert_eq!(
        answer["sla"],
        json!({
            "response": { "met": 4, "breached": 2 },
            "resolution": { "met": 2, "breached": 1 },
            // 2 of 3 resolved tickets in time.
            "compliance_pct": 66.7
        })
    );
    assert_eq!(answer["breaches_open"], 1, "T5 answered late and still open");
    assert_eq!(answer["approvals_pending"], 0);
    assert_eq!(answer["per_process"], json!([{ "process_id": "P1", "n": 2 }, { "process_id": "P2", "n": 1 }]));
    assert_eq!(answer["per_bot"], json!([{ "bot_id": "Invoice bot", "n": 2 }, { "bot_id": "HR bot", "n": 1 }]));
    assert_eq!(
        answer["workload"],
        json!([
            { "assignee_id": bob.id, "open": 1, "in_progress": 1, "waiting": 0 },
            { "assignee_id": ann.id, "open": 0, "in_progress": 0, "waiting": 1 },
            { "assignee_id": null, "open": 1, "in_progress": 0, "waiting": 0 }
        ])
    );

    // The default range, the last 30 days up to today, holds all of it by day.
    let last_30_days = insight(&harness, acme, "").await?;
    let today = day_text(harness.now());
    assert_eq!(
        (&last_30_days["range"]["to"], &last_30_days["range"]["days"], &last_30_days["bucket"]),
        (&json!(today), &json!(30), &json!("day"))
    );
    assert_eq!(points(&last_30_days["opened"]).len(), 30);
    assert_eq!(points(&last_30_days["opened"]).iter().map(|point| point.1).sum::<u64>(), 7);
    for same in ["by_status", "by_priority", "sla", "per_process", "per_bot", "workload", "mean_first_response_seconds"]
    {
        assert_eq!(last_30_days[same], answer[same], "{same}");
    }
    Ok(())
}

/// The distributions count the tickets created in the range, `closed` the tickets closed
/// in it; the workload is always now. Weeks start on Monday and months on the 1st, in UTC.
async fn the_range_and_bucket_choose_what_is_counted(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let scenario = scenario(&harness).await?;
    let acme = &scenario.staff.acme;
    let both_days = insight(&harness, acme, BOTH_DAYS).await?;
    let responses = measured(&harness, &scenario, "response_seconds", RESPONSES).await?;

    let day1 = insight(&harness, acme, "from=2040-03-01&to=2040-03-01").await?;
    assert_eq!(day1["by_status"], json!({ "open": 1, "in_progress": 1, "waiting": 1, "resolved": 0, "closed": 0 }));
    assert_eq!(day1["by_priority"], json!({ "Critical": 0, "High": 1, "Medium": 1, "Low": 1 }));
    assert_eq!(points(&day1["opened"]), [(DAY1, 3)]);
    assert_eq!(points(&day1["closed"]), [(DAY1, 2)], "closed on day 1, though opened on day 0");
    // T5, T6, T7: about (4000 + 60 + 100) / 3 = 1387; nothing resolved.
    assert_eq!(day1["mean_first_response_seconds"], json!(mean(&responses[3..])));
    assert_eq!(day1["mean_resolution_seconds"], Value::Null);
    assert_eq!(
        day1["sla"],
        json!({
            "response": { "met": 2, "breached": 1 },
            "resolution": { "met": 0, "breached": 0 },
            "compliance_pct": null
        })
    );
    assert_eq!((&day1["per_process"], &day1["per_bot"]), (&json!([]), &json!([])));
    for now in ["workload", "breaches_open", "approvals_pending"] {
        assert_eq!(day1[now], both_days[now], "{now} does not depend on the range");
    }

    let day0 = insight(&harness, acme, "from=2040-02-29&to=2040-02-29").await?;
    assert_eq!(day0["by_status"], json!({ "open": 1, "in_progress": 0, "waiting": 0, "resolved": 1, "closed": 2 }));
    assert_eq!((points(&day0["opened"]), points(&day0["closed"])), (vec![(DAY0, 4)], vec![(DAY0, 0)]));
    assert_eq!(day0["sla"]["compliance_pct"], 66.7);

    let weeks = insight(&harness, acme, &format!("{BOTH_DAYS}&bucket=week")).await?;
    assert_eq!(weeks["bucket"], "week");
    assert_eq!((points(&weeks["opened"]), points(&weeks["closed"])), (vec![(WEEK, 7)], vec![(WEEK, 2)]));
    let months = insight(&harness, acme, &format!("{BOTH_DAYS}&bucket=month")).await?;
    assert_eq!(points(&months["opened"]), [(FEBRUARY, 4), (DAY1, 3)], "1 March starts day 1");
    assert_eq!(points(&months["closed"]), [(FEBRUARY, 0), (DAY1, 2)]);
    assert_eq!(months["by_status"], both_days["by_status"], "buckets cut the series only");

    let before = insight(&harness, acme, "from=2040-02-19&to=2040-02-28").await?;
    assert_eq!(before["by_status"], json!({ "open": 0, "in_progress": 0, "waiting": 0, "resolved": 0, "closed": 0 }));
    assert_eq!(points(&before["opened"]).iter().map(|point| point.1).sum::<u64>(), 0);
    assert_eq!(
        (&before["mean_first_response_seconds"], &before["sla"]["compliance_pct"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(before["workload"], both_days["workload"]);
    Ok(())
}

/// An unanswered ticket past its response target counts as an open breach once support's
/// `sla` schedule has marked it; a resolved ticket never does.
async fn open_breaches_follow_the_sla_schedule(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let scenario = scenario(&harness).await?;
    let acme = &scenario.staff.acme;
    assert_eq!(insight(&harness, acme, "").await?["breaches_open"], 1);
    // T3 (Low, opened at 74400 on day 0) was due for a response 480 minutes later, at 103200.
    move_to(&harness, DAY0 + 103_200 + 600)?;
    harness.run_schedules().await?;
    assert_eq!(field(&harness, acme, &scenario.tickets[2], "response_breached").await?, true);
    let answer = insight(&harness, acme, "").await?;
    assert_eq!(answer["breaches_open"], 2, "T5 and T3");
    assert_eq!(answer["sla"]["response"], json!({ "met": 4, "breached": 2 }), "T3 was never answered");
    Ok(())
}

/// The first 64 hex characters after `token=` in an approval mail.
fn token_in(mail: &str) -> anyhow::Result<String> {
    let start = mail.find("token=").context("the mail has a link with a token")? + "token=".len();
    Ok(mail[start..].chars().take_while(char::is_ascii_hexdigit).collect())
}

/// Approvals waiting for a decision count until they are decided or their link expires.
async fn pending_approvals_are_the_undecided_unexpired_ones(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let scenario = scenario(&harness).await?;
    let Staff { acme, ann, bob } = &scenario.staff;
    let t3 = &scenario.tickets[2];
    let ask = json!({ "person_ids": [ann.id, bob.id] });
    let asked =
        harness.call_module("support", acme, "POST", &format!("/tickets/{}/approvals", t3.id), Some(ask)).await?;
    assert!(matches!(asked.status, 200 | 201), "{asked:?}");
    assert_eq!(insight(&harness, acme, "").await?["approvals_pending"], 2);

    let mails = harness.mails_to(&bob.email).await?;
    let mail = mails.iter().find(|mail| mail.text_body.contains("token=")).context("Bob was asked by mail")?;
    let token = token_in(&mail.text_body)?;
    assert_eq!(token.len(), 64, "{}", mail.text_body);
    let decline = json!({ "ticket_id": t3.id, "person_id": bob.id, "token": token });
    let declined = harness.request("POST", "/api/m/support/decline", None, Some(decline)).await?;
    assert_eq!(declined.status, 200, "{declined:?}");
    assert_eq!(insight(&harness, acme, "").await?["approvals_pending"], 1, "Bob decided");

    // Ann's link expires after 7 days (sessions do after 12 hours: a new user looks).
    harness.advance(Duration::from_secs(7 * DAY as u64 + 60));
    let later = acme.add_user("later@acme.test").await?;
    assert_eq!(insight(&harness, &later, "").await?["approvals_pending"], 0);
    Ok(())
}

/// Each company's figures are its own tickets only.
async fn another_companys_tickets_are_never_counted(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let critical = json!({
        "title": "Down", "priority": "Critical", "assignee_id": acme.user_id, "process_id": "P1", "bot_id": "B1",
    });
    open(&harness, &acme, critical).await?;
    let low = json!({ "title": "Question", "priority": "Low", "process_id": "P9" });
    open(&harness, &globex, low.clone()).await?;
    open(&harness, &globex, low).await?;

    let ours = insight(&harness, &acme, "").await?;
    assert_eq!(ours["by_priority"], json!({ "Critical": 1, "High": 0, "Medium": 0, "Low": 0 }));
    assert_eq!(ours["by_status"]["open"], 1);
    assert_eq!(points(&ours["opened"]).iter().map(|point| point.1).sum::<u64>(), 1);
    assert_eq!(ours["per_process"], json!([{ "process_id": "P1", "n": 1 }]));
    assert_eq!(ours["per_bot"], json!([{ "bot_id": "B1", "n": 1 }]));
    assert_eq!(ours["workload"], json!([{ "assignee_id": acme.user_id, "open": 1, "in_progress": 0, "waiting": 0 }]));

    let theirs = insight(&harness, &globex, "").await?;
    assert_eq!(theirs["by_priority"], json!({ "Critical": 0, "High": 0, "Medium": 0, "Low": 2 }));
    assert_eq!(theirs["per_process"], json!([{ "process_id": "P9", "n": 2 }]));
    assert_eq!(
        (&theirs["per_bot"], &theirs["workload"]),
        (&json!([]), &json!([{ "assignee_id": null, "open": 2, "in_progress": 0, "waiting": 0 }]))
    );
    Ok(())
}

/// Ann belongs to Acme and Globex, where she opens a ticket too: with her Acme session the
/// figures count Acme's ticket only, with her Globex session Globex's two only.
async fn a_member_of_two_companies_sees_only_the_active_companys_figures(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let ann_in_acme = acme.add_user("ann@acme.test").await?;
    let ann_in_globex = globex.add_member(&ann_in_acme).await?;
    open(&harness, &acme, json!({ "title": "Down", "priority": "Critical", "process_id": "P1" })).await?;
    let low = json!({ "title": "Question", "priority": "Low", "process_id": "P9" });
    open(&harness, &globex, low.clone()).await?;
    open(&harness, &ann_in_globex, low).await?;

    let ours = insight(&harness, &ann_in_acme, "").await?;
    assert_eq!(ours["by_priority"], json!({ "Critical": 1, "High": 0, "Medium": 0, "Low": 0 }));
    assert_eq!(
        (&ours["by_status"]["open"], &ours["per_process"]),
        (&json!(1), &json!([{ "process_id": "P1", "n": 1 }]))
    );

    let theirs = insight(&harness, &ann_in_globex, "").await?;
    assert_eq!(theirs["by_priority"], json!({ "Critical": 0, "High": 0, "Medium": 0, "Low": 2 }));
    assert_eq!(
        (&theirs["by_status"]["open"], &theirs["per_process"]),
        (&json!(2), &json!([{ "process_id": "P9", "n": 2 }]))
    );
    Ok(())
}

/// Without Ticket Management the page says so; the range is still checked.
async fn without_ticket_management_nothing_is_available(engine: Engine) -> anyhow::Result<()> {
    let harness = Harness::load_on(engine, product_module("support_insight")?).await?;
    let acme = harness.company("Acme").await?;
    assert_eq!(insight(&harness, &acme, "").await?, json!({ "available": false }));
    let month = "bucket=month&from=1970-01-01&to=1970-01-02";
    assert_eq!(insight(&harness, &acme, month).await?, json!({ "available": false }));
    let bad = harness.call(&acme, "GET", "/insight?from=1970-01-10&to=1970-01-05", None).await?;
    let reversed = json!({ "message": "The start date must be on or before the end date" });
    assert_eq!((bad.status, &bad.body), (400, &reversed));
    Ok(())
}

/// Days not written YYYY-MM-DD (seconds included), reversed or over 400 days, and an
/// unknown bucket, are refused with the message.
async fn bad_ranges_are_refused_with_the_message(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let date = json!({ "message": "Dates must be days written YYYY-MM-DD" });
    let reversed = json!({ "message": "The start date must be on or before the end date" });
    let long = json!({ "message": "Choose at most 400 days" });
    let bucket = json!({ "message": "The bucket must be day, week or month" });
    for (query, expected) in [
        ("from=2040-03-01&to=2040-02-29", &reversed),
        ("from=2039-01-24&to=2040-02-28", &long),
        ("from=yesterday", &date),
        ("from=2040-02-30", &date),
        ("to=2214086400", &date),
        ("bucket=year", &bucket),
    ] {
        let reply = harness.call(&acme, "GET", &format!("/insight?{query}"), None).await?;
        assert_eq!((reply.status, &reply.body), (400, expected), "{query}");
    }
    let longest = insight(&harness, &acme, "from=2039-01-25&to=2040-02-28").await?;
    assert_eq!(points(&longest["opened"]).len(), 400, "400 days");
    Ok(())
}

/// Support Insight needs its own right, not Ticket Management's.
async fn the_support_insight_right_gates_the_module(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    open(&harness, &acme, json!({ "title": "Printer", "priority": "High" })).await?;

    let mut rights = default_role_rights();
    rights.insert("support".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let answer = insight(&harness, &acme, "").await?;
    assert_eq!(answer["by_priority"]["High"], 1, "the insight reads tickets without the support right");
    let people = harness.call(&acme, "GET", "/people", None).await?;
    assert_eq!(people.status, 200, "{people:?}");
    let emails: Vec<&str> =
        people.body.as_array().context("people")?.iter().filter_map(|person| person["email"].as_str()).collect();
    assert_eq!(emails.len(), 2);
    assert!(emails.contains(&"owner@acme.test") && emails.contains(&"bob@acme.test"), "{emails:?}");

    rights.insert("support_insight".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let denied = json!({ "message": "Your rights do not allow this module" });
    for path in ["/insight", "/people"] {
        let reply = harness.call(&bob, "GET", path, None).await?;
        assert_eq!((reply.status, &reply.body), (403, &denied), "{path}");
    }
    Ok(())
}

/// The plugin reads groups, never tickets: 200 processes and bots and the longest range
/// by day answer within the default limits, every ticket counted once.
async fn many_processes_and_the_longest_range_fit_the_limits(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    for i in 0..200 {
        let ticket = json!({
            "title": format!("Ticket {i}"), "priority": "Low",
            "process_id": format!("process-{i:03}"), "bot_id": format!("bot-{:03}", i % 150),
        });
        open(&harness, &acme, ticket).await?;
    }
    let now = harness.now();
    let longest = format!("from={}&to={}", day_text(now - 399 * DAY), day_text(now));
    let answer = insight(&harness, &acme, &longest).await?;
    assert_eq!(answer["by_priority"]["Low"], 200);
    assert_eq!(points(&answer["opened"]).len(), 400);
    let processes = answer["per_process"].as_array().context("per process")?;
    assert_eq!(processes.len(), 200);
    assert_eq!(processes[0], json!({ "process_id": "process-000", "n": 1 }), "ties by id");
    let bots = answer["per_bot"].as_array().context("per bot")?;
    assert_eq!(bots.len(), 150);
    assert_eq!(bots[0], json!({ "bot_id": "bot-000", "n": 2 }), "bots 0 to 49 have two tickets");
    assert_eq!(bots[49], json!({ "bot_id": "bot-049", "n": 2 }));
    assert_eq!(bots[50], json!({ "bot_id": "bot-050", "n": 1 }));
    assert_eq!(bots.iter().filter_map(|bot| bot["n"].as_u64()).sum::<u64>(), 200);
    Ok(())
}
