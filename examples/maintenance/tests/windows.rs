//! Maintenance Windows in a real portal: built with `autoscope module build`, installed
//! into a throwaway portal of the `autoscope` binary, called as a company's members do,
//! and its schedule run with the portal's clock moved forward.

use std::time::Duration;

use autoscope_harness::{Harness, Session};
use serde_json::{Value, json};

const HOUR: i64 = 3600;

fn plan(harness: &Harness, who: &dyn Session, title: &str, starts_in: i64, hours: i64) -> anyhow::Result<Value> {
    let now = harness.advance(Duration::ZERO)?;
    let window = json!({ "title": title, "starts_at": now + starts_in, "ends_at": now + starts_in + hours * HOUR });
    let reply = harness.call(who, "POST", "/windows", Some(window))?;
    assert_eq!(reply.status, 201, "{}", reply.body);
    Ok(reply.body)
}

fn messages(harness: &Harness, who: &dyn Session) -> anyhow::Result<Vec<String>> {
    let listed = harness.notifications(who)?;
    Ok(listed.iter().filter_map(|n| n["message"].as_str().map(str::to_string)).collect())
}

#[test]
fn each_owner_is_told_once_within_the_hour_before_a_window() -> anyhow::Result<()> {
    let harness = Harness::load(env!("CARGO_MANIFEST_DIR"))?;
    let acme = harness.company("Acme")?;
    let bob = harness.add_user(&acme, "bob@acme.test")?;
    plan(&harness, &acme, "Patch the SAP robot", 30 * 60, 2)?;
    plan(&harness, &bob, "Citrix upgrade", 3 * HOUR, 1)?;

    harness.run_schedules()?;
    assert_eq!(messages(&harness, &acme)?, ["Maintenance: Patch the SAP robot starts in 30 minutes"]);
    assert_eq!(messages(&harness, &bob)?, Vec::<String>::new(), "Bob's window is three hours away");

    harness.run_schedules()?;
    assert_eq!(messages(&harness, &acme)?.len(), 1, "announced once");

    // 2 h 30 later Bob's window starts within the hour; the schedule is due again.
    harness.advance(Duration::from_secs(150 * 60))?;
    harness.run_schedules()?;
    assert_eq!(messages(&harness, &bob)?, ["Maintenance: Citrix upgrade starts in 30 minutes"]);
    assert_eq!(messages(&harness, &acme)?.len(), 1);
    Ok(())
}

#[test]
fn a_company_sees_and_cancels_only_its_own_windows() -> anyhow::Result<()> {
    let harness = Harness::load(env!("CARGO_MANIFEST_DIR"))?;
    let acme = harness.company("Acme")?;
    let globex = harness.company("Globex")?;
    let window = plan(&harness, &acme, "Patch", HOUR, 1)?;
    let id = window["id"].as_str().unwrap_or_default();

    let listed = harness.call(&acme, "GET", "/windows", None)?;
    assert_eq!(listed.body["items"][0]["title"], "Patch", "{}", listed.body);
    let next = harness.call(&acme, "GET", "/windows/next", None)?;
    assert_eq!(next.body["window"]["id"], id, "{}", next.body);
    let theirs = harness.call(&globex, "GET", "/windows", None)?;
    assert_eq!(theirs.body["items"], json!([]), "Globex sees none of Acme's windows");
    let not_theirs = harness.call(&globex, "DELETE", &format!("/windows/{id}"), None)?;
    assert_eq!(not_theirs.status, 404, "nor cancels them");

    let cancelled = harness.call(&acme, "DELETE", &format!("/windows/{id}"), None)?;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    let next = harness.call(&acme, "GET", "/windows/next", None)?;
    assert_eq!(next.body["window"], Value::Null);
    Ok(())
}

#[test]
fn a_window_that_makes_no_sense_is_refused_with_the_reason() -> anyhow::Result<()> {
    let harness = Harness::load(env!("CARGO_MANIFEST_DIR"))?;
    let acme = harness.company("Acme")?;
    let now = harness.advance(Duration::ZERO)?;
    let backwards = json!({ "title": "Patch", "starts_at": now + 2 * HOUR, "ends_at": now + HOUR });
    let refused = harness.call(&acme, "POST", "/windows", Some(backwards))?;
    assert_eq!((refused.status, &refused.body["message"]), (400, &json!("A window ends after it starts")));
    let long = json!({ "title": "Patch", "starts_at": now, "ends_at": now + 30 * 24 * HOUR });
    let refused = harness.call(&acme, "POST", "/windows", Some(long))?;
    assert_eq!(refused.body["message"], "A window lasts at most 7 days", "{}", refused.body);
    Ok(())
}

#[test]
fn a_role_without_the_right_cannot_open_the_module() -> anyhow::Result<()> {
    let harness = Harness::load(env!("CARGO_MANIFEST_DIR"))?;
    let acme = harness.company("Acme")?;
    harness.set_rights(&acme, json!({}))?;
    let refused = harness.call(&acme, "GET", "/windows", None)?;
    assert_eq!(refused.status, 403, "{}", refused.body);
    Ok(())
}
