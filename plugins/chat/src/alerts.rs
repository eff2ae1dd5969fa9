//! Incidents of the Alerts module in Chat: `alerts.incident_opened` and
//! `alerts.incident_closed` become a top-level message in the public channel the rule chose,
//! written by the module ([`ALERTS_AUTHOR`]), not by a person. Events arrive at least once,
//! so the event's id is kept on the message (`source_event`) and an id already posted is
//! skipped.

use autoscope_sdk::prelude::*;
use serde::Deserialize;
use serde_json::Value;

use crate::messages;
use crate::store::{self, Channel};
use crate::validate::MAX_TEXT;
use crate::views::ChannelKind;

/// The author of the Alerts module's messages: no user id has this form.
pub const ALERTS_AUTHOR: &str = "module:alerts";
/// How that author is shown.
pub const ALERTS_NAME: &str = "Alerts";

/// The name a module author is shown by; none for a person (the directory names them).
pub fn module_author_name(author_id: &str) -> Option<&'static str> {
    (author_id == ALERTS_AUTHOR).then_some(ALERTS_NAME)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Critical,
}

/// An incident's news as Alerts publishes it (the fields Chat uses).
#[derive(Debug, Deserialize)]
pub struct Incident {
    pub incident_id: String,
    pub rule_name: String,
    pub severity: Severity,
    /// Alerts may have none to give (null).
    #[serde(default)]
    pub summary: Option<String>,
    pub channel_id: String,
    pub link: String,
}

/// Which news it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Opened,
    Closed,
}

/// The message: `🔴 Critical: <rule> — <summary>` (🟠 warning, 🔵 info) or
/// `✅ Resolved: <rule> — <summary>`, then the link on a line of its own. A long summary is
/// cut so the whole fits a message and the link stays whole.
pub fn text(change: Change, incident: &Incident) -> String {
    let label = match (change, incident.severity) {
        (Change::Closed, _) => "✅ Resolved",
        (Change::Opened, Severity::Critical) => "🔴 Critical",
        (Change::Opened, Severity::Warning) => "🟠 Warning",
        (Change::Opened, Severity::Info) => "🔵 Info",
    };
    let rule = incident.rule_name.trim();
    let head = match incident.summary.as_deref().map(str::trim).filter(|summary| !summary.is_empty()) {
        Some(summary) => format!("{label}: {rule} — {summary}"),
        None => format!("{label}: {rule}"),
    };
    let tail = match incident.link.trim() {
        "" => String::new(),
        link => format!("\n{link}"),
    };
    let head = cut(&head, MAX_TEXT.saturating_sub(tail.chars().count()));
    cut(&format!("{head}{tail}"), MAX_TEXT)
}

/// `text` in at most `most` characters, ending with `…` when cut.
fn cut(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_string();
    }
    let mut kept: String = text.chars().take(most.saturating_sub(1)).collect();
    kept.push('…');
    kept
}

/// The channel an incident goes to, or why it cannot: it must be a public channel that is
/// not archived. Private and direct channels are their members' own, whatever a rule says.
pub fn postable(channel: Option<Channel>) -> std::result::Result<Channel, &'static str> {
    let Some(channel) = channel else { return Err("there is no such channel in the company") };
    if channel.kind() != ChannelKind::Public {
        return Err("it is not a public channel");
    }
    if channel.archived {
        return Err("it is archived");
    }
    Ok(channel)
}

/// The event `event_id` (`change`, `payload`) delivered at `now`: the incident's message
/// in its channel, once. What can never be posted (a payload that does not fit, a channel
/// that is not a public, live one of the company) is logged once and answered Ok, since a
/// retry would fail the same way.
pub fn deliver(event_id: &str, change: Change, payload: &Value, now: i64) -> Result<()> {
    let incident: Incident = match serde_json::from_value(payload.clone()) {
        Ok(incident) => incident,
        Err(err) => {
            warn(format!("The Alerts event {event_id} was not posted: its payload does not fit ({err})"));
            return Ok(());
        }
    };
    if store::posted(event_id)? {
        return Ok(());
    }
    match postable(store::channel(&incident.channel_id)?) {
        Ok(channel) => {
            messages::post_by_module(channel, ALERTS_AUTHOR, &text(change, &incident), event_id, now).map(drop)
        }
        Err(why) => {
            warn(format!(
                "The incident {} of the alert rule '{}' was not posted in the Chat channel {}: {why}",
                incident.incident_id, incident.rule_name, incident.channel_id
            ));
            Ok(())
        }
    }
}

/// A warning in the company's system log; a log the host drops (its rate) changes nothing.
fn warn(message: String) {
    let _ = host::log(LogLevel::Warn, message);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn incident(severity: Severity, summary: Option<&str>) -> Incident {
        Incident {
            incident_id: "i1".into(),
            rule_name: "Invoices failing".into(),
            severity,
            summary: summary.map(str::to_string),
            channel_id: "c1".into(),
            link: "https://portal.example.com/Alerts?incident=i1".into(),
        }
    }

    #[test]
    fn openings_show_the_severity_and_closings_the_resolution() {
        let summary = Some("3 of 10 runs failed (30%)");
        assert_eq!(
            text(Change::Opened, &incident(Severity::Critical, summary)),
            "🔴 Critical: Invoices failing — 3 of 10 runs failed (30%)\nhttps://portal.example.com/Alerts?incident=i1"
        );
        assert!(
            text(Change::Opened, &incident(Severity::Warning, summary)).starts_with("🟠 Warning: Invoices failing — ")
        );
        assert!(text(Change::Opened, &incident(Severity::Info, summary)).starts_with("🔵 Info: Invoices failing — "));
        assert_eq!(
            text(Change::Closed, &incident(Severity::Critical, Some("0 of 10 runs failed"))),
            "✅ Resolved: Invoices failing — 0 of 10 runs failed\nhttps://portal.example.com/Alerts?incident=i1"
        );
    }

    #[test]
    fn a_missing_summary_leaves_the_dash_out() {
        let expected = "🔵 Info: Invoices failing\nhttps://portal.example.com/Alerts?incident=i1";
        assert_eq!(text(Change::Opened, &incident(Severity::Info, None)), expected);
        assert_eq!(text(Change::Opened, &incident(Severity::Info, Some("  "))), expected);
    }

    #[test]
    fn a_long_summary_is_cut_and_the_link_kept() {
        let long = "é".repeat(MAX_TEXT);
        let shown = text(Change::Opened, &incident(Severity::Warning, Some(&long)));
        assert_eq!(shown.chars().count(), MAX_TEXT);
        assert!(shown.ends_with("…\nhttps://portal.example.com/Alerts?incident=i1"), "{shown}");
    }

    #[test]
    fn payloads_parse_as_alerts_publishes_them() {
        let payload = json!({
            "incident_id": "i1", "rule_id": "r1", "rule_name": "Invoices failing", "severity": "warning",
            "summary": null, "channel_id": "c1", "link": "https://x/Alerts?incident=i1", "at": 1_700_000_000
        });
        let parsed: Incident = serde_json::from_value(payload).unwrap();
        assert_eq!((parsed.severity, parsed.summary), (Severity::Warning, None));
        let unknown =
            json!({ "incident_id": "i1", "rule_name": "r", "severity": "major", "channel_id": "c", "link": "" });
        assert!(serde_json::from_value::<Incident>(unknown).is_err());
    }

    fn channel(kind: &str, archived: bool) -> Channel {
        serde_json::from_value(json!({ "id": "c", "kind": kind, "archived": archived, "version": 1 })).unwrap()
    }

    #[test]
    fn only_live_public_channels_take_incidents() {
        let why = |kind: &str, archived: bool| postable(Some(channel(kind, archived))).err();
        assert_eq!(why("public", false), None);
        assert_eq!(why("public", true), Some("it is archived"));
        assert_eq!(why("private", false), Some("it is not a public channel"));
        assert_eq!(why("direct", false), Some("it is not a public channel"));
        assert_eq!(postable(None).err(), Some("there is no such channel in the company"));
    }

    #[test]
    fn the_alerts_author_is_a_module_and_named_alerts() {
        assert!(ALERTS_AUTHOR.starts_with(crate::validate::MODULE_AUTHOR_PREFIX));
        assert_eq!(module_author_name(ALERTS_AUTHOR), Some("Alerts"));
        assert_eq!(module_author_name("0190-user"), None);
    }
}
