//! Who hears of an incident, and how: the bell and mail to the rule's recipients (the
//! company's admins when it names none), and a realtime message to the page's viewers.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, DirectoryQuery, Mail, Notify};
use serde_json::{Map, json};

use crate::rules::Rule;
use crate::store::Incident;
use crate::text::utc;

/// The realtime channel the page and the menu's count follow.
pub const CHANNEL: &str = "incidents";

/// The rule's recipients who are still members, or the company's admins.
pub fn recipients(rule: &Rule) -> Result<Vec<DirectoryEntry>> {
    if !rule.draft.recipients.is_empty() {
        let members = host::directory(&DirectoryQuery { user_ids: rule.draft.recipients.clone() })?;
        if !members.is_empty() {
            return Ok(members);
        }
    }
    admins()
}

pub fn admins() -> Result<Vec<DirectoryEntry>> {
    Ok(host::directory(&DirectoryQuery::default())?.into_iter().filter(|entry| entry.company_admin).collect())
}

/// The link to an incident on the page, for mails.
pub fn link(portal_url: &str, incident_id: &str) -> String {
    format!("{portal_url}/Alerts?incident={incident_id}")
}

pub fn opened(rule: &Rule, incident: &Incident, portal_url: &str) -> Result<()> {
    let people = recipients(rule)?;
    let user_ids: Vec<String> = people.iter().map(|person| person.user_id.clone()).collect();
    if user_ids.is_empty() {
        return Ok(());
    }
    let summary = incident.summary.clone().unwrap_or_default();
    if rule.draft.deliver_bell {
        let message = format!("{}: {} — {summary}", incident.severity.label(), incident.rule_name);
        host::notify(&Notify { user_ids: user_ids.clone(), message })?;
    }
    if rule.draft.deliver_mail {
        let values = json!({
            "severity": incident.severity.label(), "rule": incident.rule_name, "summary": summary,
            "opened": utc(incident.opened_at), "link": link(portal_url, &incident.id),
        });
        let values: Map<String, serde_json::Value> = values.as_object().cloned().unwrap_or_default();
        host::mail(&Mail { template: "incident".into(), user_ids, values })?;
    }
    Ok(())
}

/// The bell says the condition cleared (mail does not: one mail per incident).
pub fn closed(rule: &Rule, incident: &Incident) -> Result<()> {
    if !rule.draft.deliver_bell {
        return Ok(());
    }
    let user_ids: Vec<String> = recipients(rule)?.into_iter().map(|person| person.user_id).collect();
    if !user_ids.is_empty() {
        host::notify(&Notify {
            user_ids,
            message: format!("Resolved: {} — the condition cleared", incident.rule_name),
        })?;
    }
    Ok(())
}

pub fn assigned(incident: &Incident, assignee: &str) -> Result<()> {
    let message = format!("You were assigned the incident {}", incident.rule_name);
    host::notify(&Notify { user_ids: vec![assignee.to_string()], message })?;
    Ok(())
}

pub fn changed(incident: &Incident) -> Result<()> {
    host::realtime(CHANNEL, &json!({ "id": incident.id, "status": incident.status }))?;
    Ok(())
}
