//! Incidents: a firing rule opens one, which stays open while the condition holds and
//! closes by itself when it clears; a rule that fires again within its quiet window
//! reopens the incident it just closed, silently, so a flapping condition is one incident
//! and one delivery. People acknowledge, assign and comment; each is in its history.

use autoscope_sdk::input::member;
use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;
use serde::Serialize;
use serde_json::{Value, json};

use crate::deliver;
use crate::evaluate::Evaluation;
use crate::rules::Rule;
use crate::store::{self, Action, Activity, Incident, Status};

pub const NOT_FOUND: &str = "Incident not found";
pub const ASSIGNEE_UNKNOWN: &str = "The assignee must be a member of the company";
pub const COMMENT_REQUIRED: &str = "Write a comment";
pub const COMMENT_TOO_LONG: &str = "A comment may be at most 2000 characters";

/// What an evaluation does to a rule's incidents.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Nothing,
    /// A new incident, delivered.
    Open,
    /// The incident closed within the quiet window opens again, without a delivery.
    Reopen(Incident),
    /// The open incident takes the new figure.
    Update(Incident),
    Close(Incident),
}

/// The step for an evaluation at `now`, given the rule's open incident and its last
/// closed one.
pub fn step(firing: bool, open: Option<Incident>, last_closed: Option<Incident>, quiet_minutes: i64, now: i64) -> Step {
    match (firing, open) {
        (true, Some(open)) => Step::Update(open),
        (false, Some(open)) => Step::Close(open),
        (false, None) => Step::Nothing,
        (true, None) => match last_closed {
            Some(closed) if closed.closed_at.is_some_and(|at| now - at < quiet_minutes * 60) => Step::Reopen(closed),
            _ => Step::Open,
        },
    }
}

/// Applies `evaluation` of `rule` at `now`: the incident it opened, kept, reopened or
/// closed, if any.
pub fn apply(rule: &Rule, evaluation: &Evaluation, now: i64, portal_url: &str) -> Result<Option<Incident>> {
    let open = first(Query::default().eq("rule_id", rule.id.as_str()).eq("status", "open"))?;
    let last_closed = if evaluation.firing && open.is_none() {
        first(Query::default().eq("rule_id", rule.id.as_str()).eq("status", "closed").sort_desc("closed_at"))?
    } else {
        None
    };
    let figures = |status: &str| {
        json!({ "status": status, "last_fired_at": now, "value": evaluation.value, "summary": evaluation.summary,
                "rule_name": rule.draft.name, "severity": rule.draft.severity })
    };
    let incident = match step(evaluation.firing, open, last_closed, rule.draft.quiet_minutes, now) {
        Step::Nothing => return Ok(None),
        Step::Open => {
            let record = store::incidents().insert_as(&json!({
                "rule_id": rule.id, "rule_name": rule.draft.name, "kind": rule.draft.kind, "severity": rule.draft.severity,
                "status": "open", "opened_at": now, "last_fired_at": now, "value": evaluation.value, "summary": evaluation.summary,
            }))?;
            let incident: Incident = storage::from_record(record)?;
            log(&incident.id, Action::Opened, None, Some(&evaluation.summary))?;
            deliver::opened(rule, &incident, portal_url)?;
            incident
        }
        Step::Reopen(closed) => {
            let mut changes = storage::to_record(&figures("open"))?;
            changes.insert("closed_at".into(), Value::Null);
            let incident = change(&closed, changes)?;
            log(&incident.id, Action::Reopened, None, Some(&evaluation.summary))?;
            incident
        }
        Step::Update(open) => change(&open, storage::to_record(&figures("open"))?)?,
        Step::Close(open) => {
            let incident = change(&open, storage::to_record(&json!({ "status": "closed", "closed_at": now }))?)?;
            log(&incident.id, Action::Closed, None, Some(&evaluation.summary))?;
            deliver::closed(rule, &incident, portal_url)?;
            incident
        }
    };
    deliver::changed(&incident)?;
    Ok(Some(incident))
}

/// Closes the open incident of a rule that is deleted or switched off.
pub fn close_for(rule_id: &str, now: i64, note: &str) -> Result<()> {
    if let Some(open) = first(Query::default().eq("rule_id", rule_id).eq("status", "open"))? {
        let incident = change(&open, storage::to_record(&json!({ "status": "closed", "closed_at": now }))?)?;
        log(&incident.id, Action::Closed, None, Some(note))?;
        deliver::changed(&incident)?;
    }
    Ok(())
}

fn first(query: Query) -> Result<Option<Incident>> {
    let page = store::incidents().list(&query.limit(1))?;
    page.items.into_iter().next().map(storage::from_record).transpose()
}

fn change(incident: &Incident, changes: Record) -> Result<Incident> {
    storage::from_record(store::incidents().update(&incident.id, incident.version, changes)?)
}

fn log(incident_id: &str, action: Action, user_id: Option<&str>, note: Option<&str>) -> Result<()> {
    store::activity()
        .insert_as(&json!({ "incident_id": incident_id, "action": action, "user_id": user_id, "note": note }))?;
    Ok(())
}

/// An incident with its history, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct IncidentDetail {
    pub incident: Incident,
    pub activity: Vec<Activity>,
}

pub fn detail(id: &str) -> Result<IncidentDetail> {
    let incident: Incident = store::get(&store::incidents(), id, NOT_FOUND)?;
    let activity =
        store::activity().list_all_as(&Query::default().eq("incident_id", id).sort("created_at").limit(500), 2_000)?;
    Ok(IncidentDetail { incident, activity })
}

/// `user_id` acknowledges the incident (once; later calls change nothing).
pub fn acknowledge(id: &str, user_id: &str, now: i64) -> Result<IncidentDetail> {
    let incident: Incident = store::get(&store::incidents(), id, NOT_FOUND)?;
    if incident.acknowledged_at.is_none() {
        let changed =
            change(&incident, storage::to_record(&json!({ "acknowledged_by": user_id, "acknowledged_at": now }))?)?;
        log(id, Action::Acknowledged, Some(user_id), None)?;
        deliver::changed(&changed)?;
    }
    detail(id)
}

/// Assigns the incident to a member (or to nobody), told in the bell.
pub fn assign(id: &str, assignee: Option<&str>, by: &str) -> Result<IncidentDetail> {
    let incident: Incident = store::get(&store::incidents(), id, NOT_FOUND)?;
    if let Some(assignee) = assignee {
        let found = host::directory(&DirectoryQuery { user_ids: vec![assignee.to_string()] })?;
        member(assignee, &found, ASSIGNEE_UNKNOWN)?;
    }
    if incident.assignee_id.as_deref() != assignee {
        let changed = change(&incident, storage::to_record(&json!({ "assignee_id": assignee }))?)?;
        log(id, Action::Assigned, Some(by), assignee)?;
        if let Some(assignee) = assignee.filter(|assignee| *assignee != by) {
            deliver::assigned(&changed, assignee)?;
        }
        deliver::changed(&changed)?;
    }
    detail(id)
}

pub fn comment(id: &str, text: &str, by: &str) -> Result<IncidentDetail> {
    let text = autoscope_sdk::input::required_text(Some(text), 2000, COMMENT_REQUIRED, COMMENT_TOO_LONG)?;
    let incident: Incident = store::get(&store::incidents(), id, NOT_FOUND)?;
    log(id, Action::Comment, Some(by), Some(&text))?;
    deliver::changed(&incident)?;
    detail(id)
}

/// The open incidents: the menu's count.
pub fn open_count() -> Result<u64> {
    store::incidents().count(vec![storage::filter("status", FilterOp::Eq, "open")])
}

impl Incident {
    pub fn is_open(&self) -> bool {
        self.status == Status::Open
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Kind, Severity};

    fn incident(status: Status, closed_at: Option<i64>) -> Incident {
        Incident {
            id: "i1".into(),
            version: 1,
            rule_id: "r1".into(),
            rule_name: "Rule".into(),
            kind: Kind::FailureRate,
            severity: Severity::Warning,
            status,
            opened_at: 0,
            closed_at,
            last_fired_at: None,
            value: None,
            summary: None,
            acknowledged_by: None,
            acknowledged_at: None,
            assignee_id: None,
        }
    }

    #[test]
    fn firing_opens_keeps_and_clearing_closes() {
        let open = incident(Status::Open, None);
        assert_eq!(step(true, None, None, 60, 1_000), Step::Open);
        assert_eq!(step(true, Some(open.clone()), None, 60, 1_000), Step::Update(open.clone()));
        assert_eq!(step(false, Some(open.clone()), None, 60, 1_000), Step::Close(open));
        assert_eq!(step(false, None, None, 60, 1_000), Step::Nothing);
    }

    #[test]
    fn firing_again_within_the_quiet_window_reopens_silently() {
        let closed = incident(Status::Closed, Some(10_000));
        assert_eq!(step(true, None, Some(closed.clone()), 60, 10_000 + 3_599), Step::Reopen(closed.clone()));
        assert_eq!(step(true, None, Some(closed.clone()), 60, 10_000 + 3_600), Step::Open, "the window has passed");
        assert_eq!(step(true, None, Some(closed), 0, 10_000), Step::Open, "no quiet window");
    }
}
