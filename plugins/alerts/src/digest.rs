//! The weekly digest: once seven days have passed since the last one, a mail to the
//! company's admins and every rule's recipients with the week's incidents and which of
//! them someone acknowledged or assigned.

use std::collections::BTreeMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, DirectoryQuery, Mail};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::rules::Rule;
use crate::store::{self, Incident};
use crate::text::utc;

const LAST: &str = "digest";
const WEEK: i64 = 7 * 86_400;
/// The most incidents listed in one digest; the counts cover all of them.
const LINES: usize = 50;

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Last {
    sent_at: i64,
}

/// Sends the digest when a week has passed since the last (the first run only starts the
/// week). Answers how many people it went to.
pub fn run(now: i64, portal_url: &str) -> Result<usize> {
    let Some(last) = store::setting::<Last>(LAST)? else {
        store::put_setting(LAST, &Last { sent_at: now })?;
        return Ok(0);
    };
    if now - last.sent_at < WEEK {
        return Ok(0);
    }
    let week = Query::default()
        .filter("opened_at", FilterOp::Gte, last.sent_at)
        .filter("opened_at", FilterOp::Lt, now)
        .sort("opened_at");
    let incidents: Vec<Incident> = store::incidents().list_all_as(&week.limit(500), 10_000)?;
    let people = audience()?;
    let names: BTreeMap<String, String> = host::directory(&DirectoryQuery::default())?
        .into_iter()
        .map(|entry| (entry.user_id.clone(), full_name(&entry)))
        .collect();
    let summary = Summary::of(&incidents, &names);
    // Recorded first: a failed send is not repeated mail by mail next hour.
    store::put_setting(LAST, &Last { sent_at: now })?;
    if incidents.is_empty() {
        return Ok(0);
    }
    for person in &people {
        let values = json!({
            "name": full_name(person), "until": utc(now), "opened": summary.opened, "acted": summary.acted,
            "still_open": summary.still_open, "lines": summary.lines.join("\n"), "link": format!("{portal_url}/Alerts"),
        });
        let values = values.as_object().cloned().unwrap_or_default();
        host::mail(&Mail { template: "digest".into(), user_ids: vec![person.user_id.clone()], values })?;
    }
    Ok(people.len())
}

/// The company's admins and every rule's recipients, once each.
fn audience() -> Result<Vec<DirectoryEntry>> {
    let everyone = host::directory(&DirectoryQuery::default())?;
    let rules: Vec<Rule> = store::rules().list_all_as(&Query::default().limit(500), 5_000)?;
    Ok(everyone
        .into_iter()
        .filter(|entry| entry.company_admin || rules.iter().any(|rule| rule.draft.recipients.contains(&entry.user_id)))
        .collect())
}

fn full_name(entry: &DirectoryEntry) -> String {
    format!("{} {}", entry.firstname, entry.lastname).trim().to_string()
}

/// The week in figures and one line per incident.
#[derive(Debug, PartialEq)]
pub struct Summary {
    pub opened: usize,
    pub acted: usize,
    pub still_open: usize,
    pub lines: Vec<String>,
}

impl Summary {
    pub fn of(incidents: &[Incident], names: &BTreeMap<String, String>) -> Self {
        let name = |id: &Option<String>| {
            id.as_ref().map(|id| names.get(id).cloned().unwrap_or_else(|| "a former member".into()))
        };
        let acted = |incident: &Incident| incident.acknowledged_at.is_some() || incident.assignee_id.is_some();
        let mut lines: Vec<String> = incidents
            .iter()
            .take(LINES)
            .map(|incident| {
                let done = match (name(&incident.acknowledged_by), name(&incident.assignee_id)) {
                    (Some(by), Some(to)) => format!("acknowledged by {by}, assigned to {to}"),
                    (Some(by), None) => format!("acknowledged by {by}"),
                    (None, Some(to)) => format!("assigned to {to}"),
                    (None, None) => "not acted on".into(),
                };
                let state = if incident.is_open() { "still open" } else { "closed" };
                format!(
                    "- {} · {} · opened {} · {done} · {state}",
                    incident.severity.label(),
                    incident.rule_name,
                    utc(incident.opened_at)
                )
            })
            .collect();
        if incidents.len() > LINES {
            lines.push(format!("… and {} more", incidents.len() - LINES));
        }
        Summary {
            opened: incidents.len(),
            acted: incidents.iter().filter(|incident| acted(incident)).count(),
            still_open: incidents.iter().filter(|incident| incident.is_open()).count(),
            lines,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Kind, Severity};
    use crate::store::Status;

    fn incident(rule: &str, status: Status, acknowledged_by: Option<&str>, assignee: Option<&str>) -> Incident {
        Incident {
            id: rule.into(),
            version: 1,
            rule_id: rule.into(),
            rule_name: rule.into(),
            kind: Kind::Sla,
            severity: Severity::Critical,
            status,
            opened_at: 1_795_428_000,
            closed_at: None,
            last_fired_at: None,
            value: None,
            summary: None,
            acknowledged_by: acknowledged_by.map(str::to_string),
            acknowledged_at: acknowledged_by.map(|_| 1_795_428_600),
            assignee_id: assignee.map(str::to_string),
        }
    }

    #[test]
    fn the_digest_counts_what_was_acted_on() {
        let names: BTreeMap<String, String> = [("u1".to_string(), "Ann Lee".to_string())].into();
        let summary = Summary::of(
            &[
                incident("Queue late", Status::Closed, Some("u1"), None),
                incident("Bot silent", Status::Open, None, Some("gone")),
                incident("Failures", Status::Open, None, None),
            ],
            &names,
        );
        assert_eq!((summary.opened, summary.acted, summary.still_open), (3, 2, 2));
        assert_eq!(
            summary.lines,
            [
                "- Critical · Queue late · opened 2026-11-23 10:00 UTC · acknowledged by Ann Lee · closed",
                "- Critical · Bot silent · opened 2026-11-23 10:00 UTC · assigned to a former member · still open",
                "- Critical · Failures · opened 2026-11-23 10:00 UTC · not acted on · still open",
            ]
        );
    }

    #[test]
    fn a_long_week_lists_the_first_incidents_and_counts_the_rest() {
        let many: Vec<Incident> =
            (0..LINES + 3).map(|n| incident(&format!("R{n}"), Status::Closed, None, None)).collect();
        let summary = Summary::of(&many, &BTreeMap::new());
        assert_eq!(summary.lines.len(), LINES + 1);
        assert_eq!(summary.lines.last().map(String::as_str), Some("… and 3 more"));
    }
}
