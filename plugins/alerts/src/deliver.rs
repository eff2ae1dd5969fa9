//! Who hears of an incident, and how: the bell and mail to the rule's recipients (the
//! company's admins when it names none), a post in the rule's Chat channel (an event Chat
//! subscribes to: Alerts never writes Chat's collections), a webhook signed with the rule's
//! secret (the host stores, signs, sends and retries it), and a realtime message to the
//! page's viewers.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, DirectoryQuery, Mail, Notify, Webhook};
use serde::{Deserialize, Serialize};
use serde_json::{Map, json};

use crate::rules::{CHANNEL_UNKNOWN, CHAT_MISSING, Rule};
use crate::store::Incident;
use crate::text::utc;

const CHANNELS: &str = "chat.channels";

/// A Chat channel a rule may post to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Channel {
    pub id: String,
    pub name: String,
}

/// The company's public, open Chat channels by name: the rules' picker. None without Chat
/// (without the grant to read its channels, or for a person whose rights do not open Chat).
pub fn channels() -> Result<Vec<Channel>> {
    let public =
        Query::default().eq("kind", "public").eq("archived", false).sort("name_key").fields(["name"]).limit(500);
    match collection(CHANNELS).list_all_as(&public, 2_000) {
        Err(err) if matches!(err.status, 403 | 404) => Ok(Vec::new()),
        other => other,
    }
}

/// 400 unless `id` is one of [`channels`]: a private channel's name and messages stay its
/// members'.
pub fn check_channel(id: &str) -> Result<()> {
    let channel = match collection(CHANNELS).get(id) {
        Err(err) if err.is_rights_refusal() => return Err(err),
        Err(err) if matches!(err.status, 403 | 404) => return Err(Error::bad_request(CHAT_MISSING)),
        other => other?,
    };
    let postable = channel.is_some_and(|channel| {
        storage::text(&channel, "kind") == Some("public") && channel.get("archived") == Some(&false.into())
    });
    if postable { Ok(()) } else { Err(Error::bad_request(CHANNEL_UNKNOWN)) }
}

/// The rule's webhook secret: the one it has, or a new one from the call's entropy (a
/// plugin has no randomness of its own). `None` without an address.
pub fn webhook_secret(rule: &crate::rules::RuleDraft, kept: Option<&str>, entropy: &str) -> Option<String> {
    rule.webhook_url.as_ref()?;
    Some(kept.map_or_else(|| format!("whsec_{}", entropy.chars().take(48).collect::<String>()), str::to_string))
}

/// A first delivery to an address: the host refuses at once (403) a host the portal's
/// operator does not allow, so a rule is never saved with an address it cannot reach.
pub fn ping(url: &str, secret: &str, rule_name: &str) -> Result<()> {
    let payload = json!({ "type": "ping", "rule": { "name": rule_name } });
    host::webhook(&Webhook { url: url.into(), secret: secret.into(), payload })?;
    Ok(())
}

/// Sends the incident's news to the rule's webhook.
fn hook(rule: &Rule, incident: &Incident, kind: &str, portal_url: &str, at: i64) -> Result<()> {
    let (Some(url), Some(secret)) = (&rule.draft.webhook_url, &rule.webhook_secret) else { return Ok(()) };
    let payload = json!({
        "type": kind, "at": at, "link": link(portal_url, &incident.id), "incident": incident,
        "rule": { "id": rule.id, "name": rule.draft.name },
    });
    host::webhook(&Webhook { url: url.clone(), secret: secret.clone(), payload })?;
    Ok(())
}

/// Asks Chat to post the incident's news in the rule's channel.
fn post(rule: &Rule, incident: &Incident, event: &str, portal_url: &str, at: i64) -> Result<()> {
    let Some(channel) = &rule.draft.chat_channel else { return Ok(()) };
    host::publish(
        event,
        &json!({
            "incident_id": incident.id, "rule_id": rule.id, "rule_name": incident.rule_name,
            "severity": incident.severity, "summary": incident.summary, "channel_id": channel,
            "link": link(portal_url, &incident.id), "at": at,
        }),
    )?;
    Ok(())
}

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

/// The page of an incident, for the bell.
pub fn path(incident_id: &str) -> String {
    format!("/Alerts?incident={incident_id}")
}

/// The link to an incident on the page, for mails.
pub fn link(portal_url: &str, incident_id: &str) -> String {
    format!("{portal_url}{}", path(incident_id))
}

pub fn opened(rule: &Rule, incident: &Incident, portal_url: &str) -> Result<()> {
    let people = if rule.draft.deliver_bell || rule.draft.deliver_mail { recipients(rule)? } else { Vec::new() };
    let user_ids: Vec<String> = people.iter().map(|person| person.user_id.clone()).collect();
    let summary = incident.summary.clone().unwrap_or_default();
    if rule.draft.deliver_bell && !user_ids.is_empty() {
        let message = format!("{}: {} — {summary}", incident.severity.label(), incident.rule_name);
        host::notify(&Notify { user_ids: user_ids.clone(), message, link: Some(path(&incident.id)) })?;
    }
    if rule.draft.deliver_mail && !user_ids.is_empty() {
        let values = json!({
            "severity": incident.severity.label(), "rule": incident.rule_name, "summary": summary,
            "opened": utc(incident.opened_at), "link": link(portal_url, &incident.id),
        });
        let values: Map<String, serde_json::Value> = values.as_object().cloned().unwrap_or_default();
        host::mail(&Mail { template: "incident".into(), user_ids, values })?;
    }
    hook(rule, incident, "incident.opened", portal_url, incident.opened_at)?;
    post(rule, incident, "alerts.incident_opened", portal_url, incident.opened_at)
}

/// The bell and the channel say the condition cleared (mail does not: one mail per
/// incident).
pub fn closed(rule: &Rule, incident: &Incident, portal_url: &str) -> Result<()> {
    if rule.draft.deliver_bell {
        let user_ids: Vec<String> = recipients(rule)?.into_iter().map(|person| person.user_id).collect();
        if !user_ids.is_empty() {
            let message = format!("Resolved: {} — the condition cleared", incident.rule_name);
            host::notify(&Notify { user_ids, message, link: Some(path(&incident.id)) })?;
        }
    }
    let at = incident.closed_at.unwrap_or(incident.opened_at);
    hook(rule, incident, "incident.closed", portal_url, at)?;
    post(rule, incident, "alerts.incident_closed", portal_url, at)
}

pub fn assigned(incident: &Incident, assignee: &str) -> Result<()> {
    let message = format!("You were assigned the incident {}", incident.rule_name);
    host::notify(&Notify { user_ids: vec![assignee.to_string()], message, link: Some(path(&incident.id)) })?;
    Ok(())
}

pub fn changed(incident: &Incident) -> Result<()> {
    host::realtime(CHANNEL, &json!({ "id": incident.id, "status": incident.status }))?;
    Ok(())
}
