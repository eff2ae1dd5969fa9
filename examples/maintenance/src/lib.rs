//! Maintenance Windows: a company plans the windows in which a bot or a system it uses is
//! down for maintenance; each window's owner is told on the bell before it starts. Every
//! call runs for one company, and its storage is that company's alone.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::Notify;
use serde::Deserialize;
use serde_json::{Value, json};

fn router() -> Router {
    Router::new()
        .get("/windows", list)
        .post("/windows", plan)
        .get("/windows/next", next)
        .delete("/windows/{id}", cancel)
        .on_schedule("announce", announce)
}

autoscope_sdk::module!(router);

/// How long before its start a window is announced.
pub const ANNOUNCE_AHEAD_SECS: i64 = 3600;
/// The longest window: a longer one is a typo more often than a plan.
pub const MAX_WINDOW_SECS: i64 = 7 * 86_400;

fn windows() -> Collection {
    collection("windows")
}

/// `GET /windows`: the windows not over yet, the soonest first (at most 200).
fn list(req: &Request) -> Result<Reply> {
    let query = Query::default().filter("ends_at", FilterOp::Gte, req.context().now).sort("starts_at").limit(200);
    ok(&windows().list(&query)?)
}

/// `GET /windows/next`: `{ "window": <the next or current window> | null }`, for the widget.
fn next(req: &Request) -> Result<Reply> {
    let query = Query::default().filter("ends_at", FilterOp::Gte, req.context().now).sort("starts_at").limit(1);
    ok(&json!({ "window": windows().list(&query)?.items.into_iter().next() }))
}

/// What `POST /windows` takes.
#[derive(Debug, Deserialize)]
pub struct NewWindow {
    pub title: String,
    #[serde(default)]
    pub system: Option<String>,
    /// Unix seconds.
    pub starts_at: i64,
    /// Unix seconds.
    pub ends_at: i64,
}

/// Why a planned window is refused, if it is: the message the page shows.
pub fn refusal(window: &NewWindow, now: i64) -> Option<&'static str> {
    if window.title.trim().is_empty() {
        Some("A window needs a title")
    } else if window.ends_at <= window.starts_at {
        Some("A window ends after it starts")
    } else if window.ends_at <= now {
        Some("This window is already over")
    } else if window.ends_at - window.starts_at > MAX_WINDOW_SECS {
        Some("A window lasts at most 7 days")
    } else {
        None
    }
}

/// `POST /windows`: plans a window, owned by the caller.
fn plan(req: &Request) -> Result<Reply> {
    let window: NewWindow = req.body()?;
    if let Some(message) = refusal(&window, req.context().now) {
        return Err(Error::bad_request(message));
    }
    let record = json!({
        "title": window.title.trim(),
        "system": window.system.as_deref().map(str::trim).filter(|system| !system.is_empty()),
        "starts_at": window.starts_at,
        "ends_at": window.ends_at,
        "owner_id": req.caller()?.user_id,
    });
    created(&windows().insert_as(&record)?)
}

/// `DELETE /windows/{id}`: cancels a window; 404 when there is none.
fn cancel(req: &Request) -> Result<Reply> {
    match windows().delete(req.param("id")?, None)? {
        true => ok(&json!({ "ok": true })),
        false => Err(Error::not_found("No such window")),
    }
}

/// The bell's text for a window that starts at `starts_at`.
pub fn announcement(title: &str, system: Option<&str>, starts_at: i64, now: i64) -> String {
    let minutes = ((starts_at - now).max(0) + 59) / 60;
    let what = match system {
        Some(system) => format!("Maintenance of {system} ({title})"),
        None => format!("Maintenance: {title}"),
    };
    match minutes {
        0 => format!("{what} starts now"),
        1 => format!("{what} starts in 1 minute"),
        minutes => format!("{what} starts in {minutes} minutes"),
    }
}

/// The schedule: tells each window's owner once, when it starts within the hour. A window
/// announced is marked so; one changed meanwhile (409) waits for the next run.
fn announce(ctx: &Context, _: &ScheduleRun) -> Result<()> {
    let due = Query::default()
        .eq("announced", false)
        .filter("starts_at", FilterOp::Lte, ctx.now + ANNOUNCE_AHEAD_SECS)
        .filter("ends_at", FilterOp::Gt, ctx.now)
        .limit(100);
    for window in windows().list(&due)?.items {
        let text = |field: &str| window.get(field).and_then(Value::as_str);
        let (Some(id), Some(owner), Some(title)) = (text("id"), text("owner_id"), text("title")) else {
            continue;
        };
        let (Some(starts_at), Some(version)) =
            (window.get("starts_at").and_then(Value::as_i64), window.get("version").and_then(Value::as_i64))
        else {
            continue;
        };
        let mut changes = Record::new();
        changes.insert("announced".into(), true.into());
        match windows().update(id, version, changes) {
            Err(err) if err.status == 409 => continue,
            Err(err) => return Err(err),
            Ok(_) => {}
        }
        let message = announcement(title, text("system"), starts_at, ctx.now);
        host::notify(&Notify { user_ids: vec![owner.to_string()], message, link: None })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(title: &str, starts_at: i64, ends_at: i64) -> NewWindow {
        NewWindow { title: title.into(), system: None, starts_at, ends_at }
    }

    #[test]
    fn a_window_is_refused_for_each_reason_in_turn() {
        let now = 1_000_000;
        assert_eq!(refusal(&window("Patch", now + 60, now + 600), now), None);
        assert_eq!(refusal(&window("  ", now + 60, now + 600), now), Some("A window needs a title"));
        assert_eq!(refusal(&window("Patch", now + 600, now + 600), now), Some("A window ends after it starts"));
        assert_eq!(refusal(&window("Patch", now - 600, now - 60), now), Some("This window is already over"));
        assert_eq!(
            refusal(&window("Patch", now, now + MAX_WINDOW_SECS + 1), now),
            Some("A window lasts at most 7 days")
        );
        assert_eq!(refusal(&window("Patch", now - 60, now + 60), now), None, "one under way may still be recorded");
    }

    #[test]
    fn the_announcement_names_the_system_and_rounds_minutes_up() {
        assert_eq!(
            announcement("Patch", Some("SAP"), 1_000 + 1_790, 1_000),
            "Maintenance of SAP (Patch) starts in 30 minutes"
        );
        assert_eq!(announcement("Patch", None, 1_000 + 30, 1_000), "Maintenance: Patch starts in 1 minute");
        assert_eq!(announcement("Patch", None, 900, 1_000), "Maintenance: Patch starts now");
    }
}
