//! Failure signatures: the Alerts module groups failed bot runs by their normalised error
//! message and publishes `alerts.signature_opened`, `_recurred` and `_quiet`. Here are
//! their payloads and what a ticket says about them (title, description, comments,
//! notes), the priority and the requester of a signature's ticket. The flows are in
//! [`crate::signature_flow`].

use autoscope_sdk::days;
use autoscope_sdk::prelude::Record;
use autoscope_sdk::wire::host::DirectoryEntry;
use serde::Deserialize;
use serde_json::Value;

use crate::sla::{DEFAULTS, Policy};

/// The category of a signature's ticket (one of the host's default ticket categories).
pub const CATEGORY: &str = "Bot failure";

/// The longest title, description, comment and bot name the ticket's checks take.
const TITLE_MAX: usize = 200;
const DESCRIPTION_MAX: usize = 10_000;
const COMMENT_MAX: usize = 5_000;
const BOT_MAX: usize = 200;
/// A sample's raw error text is cut to this, so one long stack trace leaves room for the
/// other samples.
const REASON_MAX: usize = 1_000;

/// One failed run of a signature, as Alerts samples it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Sample {
    #[serde(default)]
    pub external_id: Option<String>,
    #[serde(default)]
    pub bot: Option<String>,
    #[serde(default)]
    pub started_at: Option<i64>,
    /// The raw error text.
    #[serde(default)]
    pub reason: Option<String>,
}

/// What a ticket is opened from: the payload of `alerts.signature_opened`; a recurrence
/// carries part of it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Signature {
    pub signature_id: String,
    pub process: String,
    #[serde(default)]
    pub bot: Option<String>,
    pub message: String,
    #[serde(default)]
    pub count: i64,
    #[serde(default)]
    pub first_seen: Option<i64>,
    #[serde(default)]
    pub last_seen: Option<i64>,
    #[serde(default)]
    pub samples: Vec<Sample>,
}

/// `alerts.signature_recurred`: `added` new failures (`count` in all), with their samples.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Recurred {
    #[serde(flatten)]
    pub signature: Signature,
    #[serde(default)]
    pub added: i64,
}

/// `alerts.signature_quiet`: no failure with the signature for `quiet_days` days.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Quiet {
    pub signature_id: String,
    #[serde(default)]
    pub quiet_days: i64,
}

/// `at` as people read it, in UTC: `2025-11-21 20:32 UTC`.
pub fn utc(at: i64) -> String {
    let seconds = at.rem_euclid(86_400);
    format!("{} {:02}:{:02} UTC", days::format_day(at.div_euclid(86_400)), seconds / 3600, seconds % 3600 / 60)
}

/// The first `max` characters of `text` (characters, as the storage checks count them).
fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => text[..end].to_string(),
        None => text.to_string(),
    }
}

/// Runs of white space (a message's line breaks) as one space: a title is one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `Bot failures: <message>`, at most 200 characters.
pub fn title(message: &str) -> String {
    cut(&format!("Bot failures: {}", one_line(message)), TITLE_MAX).trim_end().to_string()
}

/// A text that says something: not missing, not blank.
fn known(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|value| !value.is_empty())
}

/// The sample runs, one line each: `- <external id> (<bot>), started <time>: <reason>`.
fn sample_lines(samples: &[Sample]) -> String {
    let mut lines = String::from("Sample runs:");
    for sample in samples {
        let mut line = format!("\n- {}", known(&sample.external_id).unwrap_or("(no id)"));
        if let Some(bot) = known(&sample.bot) {
            line.push_str(&format!(" ({bot})"));
        }
        if let Some(at) = sample.started_at {
            line.push_str(&format!(", started {}", utc(at)));
        }
        if let Some(reason) = known(&sample.reason) {
            line.push_str(&format!(": {}", one_line(&cut(reason, REASON_MAX))));
        }
        lines.push_str(&line);
    }
    lines
}

/// The ticket's description: the process, bot, counts and times, and the sample runs.
pub fn description(signature: &Signature) -> String {
    let mut text = format!("Runs of {} failed with: {}\n", signature.process, one_line(&signature.message));
    text.push_str(&format!("\nProcess: {}", signature.process));
    text.push_str(&format!("\nBot: {}", known(&signature.bot).unwrap_or("any")));
    text.push_str(&format!("\nFailures: {}", signature.count));
    if let Some(at) = signature.first_seen {
        text.push_str(&format!("\nFirst seen: {}", utc(at)));
    }
    if let Some(at) = signature.last_seen {
        text.push_str(&format!("\nLast seen: {}", utc(at)));
    }
    if !signature.samples.is_empty() {
        text.push_str("\n\n");
        text.push_str(&sample_lines(&signature.samples));
    }
    cut(&text, DESCRIPTION_MAX)
}

/// The comment a recurrence adds: `<added> more failures (<count> in all), last at <time>`
/// and the new failures' samples.
pub fn recurrence_comment(recurred: &Recurred) -> String {
    let signature = &recurred.signature;
    let failures = if recurred.added == 1 { "failure" } else { "failures" };
    let mut text = format!("{} more {failures} ({} in all)", recurred.added, signature.count);
    if let Some(at) = signature.last_seen {
        text.push_str(&format!(", last at {}", utc(at)));
    }
    if !signature.samples.is_empty() {
        text.push_str("\n\n");
        text.push_str(&sample_lines(&signature.samples));
    }
    cut(&text, COMMENT_MAX)
}

/// The history note of a quiet signature.
pub fn quiet_note(days: i64) -> String {
    let unit = if days == 1 { "day" } else { "days" };
    format!("No new failures for {days} {unit}: the ticket may be closed")
}

/// The history note of a ticket reopened by new failures.
pub const REOPENED_NOTE: &str = "New failures with its signature reopened the ticket";

/// The ticket fields a signature gives, as a person would enter them (checked by the same
/// rules): title, description, category, the priority, the process's id and the bot.
pub fn ticket_input(signature: &Signature, priority: &str, process_id: Option<&str>) -> Record {
    let bot = signature.bot.as_deref().map(|bot| cut(bot.trim(), BOT_MAX));
    let mut input = Record::new();
    input.insert("title".into(), title(&signature.message).into());
    input.insert("description".into(), description(signature).into());
    input.insert("category".into(), CATEGORY.into());
    input.insert("priority".into(), priority.into());
    input.insert("process_id".into(), process_id.map_or(Value::Null, Value::from));
    input.insert("bot_id".into(), bot.map_or(Value::Null, Value::from));
    input
}

/// The most urgent of the policies in force: the shortest response target, then the
/// shortest resolution target (the first of equals, so Critical among the defaults).
/// Priorities are the host's masters, whose order the module does not know: the targets
/// are what ranks them.
pub fn most_urgent(policies: &[Policy]) -> &str {
    policies
        .iter()
        .min_by_key(|policy| (policy.targets.response_minutes, policy.targets.resolution_minutes))
        .map_or(DEFAULTS[0].0, |policy| policy.priority.as_str())
}

/// Who requests a signature's ticket: a company administrator, the one with the smallest
/// id, so the choice does not depend on the directory's order (ids are UUIDv7: usually
/// the oldest account, the company's creator).
pub fn requester(directory: &[DirectoryEntry]) -> Option<&str> {
    directory.iter().filter(|person| person.company_admin).map(|person| person.user_id.as_str()).min()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::sla::{self, Targets};

    /// 2025-11-21 20:32:26 UTC.
    const T: i64 = 1_763_757_146;

    fn opened() -> Signature {
        serde_json::from_value(json!({
            "signature_id": "sig-1", "process": "Invoice posting", "bot": "Bot 7",
            "message": "Element not found: <id>", "count": 3, "first_seen": T - 3600, "last_seen": T,
            "samples": [
                { "external_id": "run-1", "bot": "Bot 7", "started_at": T - 3600, "reason": "Element not found: #save-42" },
                { "external_id": "run-2", "bot": null, "reason": "Element not found:\n #save-43" }
            ]
        }))
        .unwrap()
    }

    #[test]
    fn times_read_in_utc() {
        assert_eq!(utc(T), "2025-11-21 20:32 UTC");
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(-60), "1969-12-31 23:59 UTC");
    }

    #[test]
    fn the_title_is_one_line_of_at_most_200_characters() {
        assert_eq!(title("Timeout\n  waiting for <page>"), "Bot failures: Timeout waiting for <page>");
        let long = title(&"é".repeat(300));
        assert_eq!(long.chars().count(), 200);
        assert!(long.starts_with("Bot failures: éé"));
    }

    #[test]
    fn the_description_lists_the_signature_and_its_samples() {
        assert_eq!(
            description(&opened()),
            "Runs of Invoice posting failed with: Element not found: <id>\n\
             \nProcess: Invoice posting\
             \nBot: Bot 7\
             \nFailures: 3\
             \nFirst seen: 2025-11-21 19:32 UTC\
             \nLast seen: 2025-11-21 20:32 UTC\
             \n\nSample runs:\
             \n- run-1 (Bot 7), started 2025-11-21 19:32 UTC: Element not found: #save-42\
             \n- run-2: Element not found: #save-43"
        );
        let bare = Signature { bot: None, first_seen: None, last_seen: None, samples: vec![], ..opened() };
        assert_eq!(
            description(&bare),
            "Runs of Invoice posting failed with: Element not found: <id>\n\nProcess: Invoice posting\nBot: any\nFailures: 3"
        );
        let unnamed = Signature { samples: vec![Sample::default()], ..bare };
        assert!(description(&unnamed).ends_with("Sample runs:\n- (no id)"));
    }

    #[test]
    fn long_reasons_and_descriptions_are_cut_to_fit() {
        let sample = Sample { reason: Some("x".repeat(5000)), ..Sample::default() };
        let signature = Signature { samples: vec![sample; 15], ..opened() };
        let text = description(&signature);
        assert!(!text.contains(&"x".repeat(REASON_MAX + 1)));
        assert_eq!(text.chars().count(), DESCRIPTION_MAX);
    }

    #[test]
    fn a_recurrence_comment_counts_the_new_failures() {
        let recurred: Recurred = serde_json::from_value(json!({
            "signature_id": "sig-1", "process": "Invoice posting", "message": "Element not found: <id>",
            "added": 2, "count": 5, "last_seen": T,
            "samples": [{ "external_id": "run-9", "bot": "Bot 8", "started_at": T, "reason": "Element not found: #x" }]
        }))
        .unwrap();
        assert_eq!(recurred.signature.bot, None);
        assert_eq!(
            recurrence_comment(&recurred),
            "2 more failures (5 in all), last at 2025-11-21 20:32 UTC\n\n\
             Sample runs:\n- run-9 (Bot 8), started 2025-11-21 20:32 UTC: Element not found: #x"
        );
        let one = Recurred { added: 1, signature: Signature { samples: vec![], last_seen: None, ..opened() } };
        assert_eq!(recurrence_comment(&one), "1 more failure (3 in all)");
    }

    #[test]
    fn quiet_notes_count_days() {
        assert_eq!(quiet_note(14), "No new failures for 14 days: the ticket may be closed");
        assert_eq!(quiet_note(1), "No new failures for 1 day: the ticket may be closed");
        let quiet: Quiet = serde_json::from_value(
            json!({ "signature_id": "s", "process": "p", "message": "m", "quiet_days": 7, "last_seen": T }),
        )
        .unwrap();
        assert_eq!(quiet, Quiet { signature_id: "s".into(), quiet_days: 7 });
    }

    #[test]
    fn the_ticket_input_is_a_bot_failure_of_the_process() {
        let input = ticket_input(&opened(), "Critical", Some("p1"));
        assert_eq!(input["title"], json!("Bot failures: Element not found: <id>"));
        assert_eq!(input["category"], json!("Bot failure"));
        assert_eq!(
            (&input["priority"], &input["process_id"], &input["bot_id"]),
            (&json!("Critical"), &json!("p1"), &json!("Bot 7"))
        );
        assert_eq!(input["description"], json!(description(&opened())));
        let anonymous = ticket_input(&Signature { bot: None, ..opened() }, "High", None);
        assert_eq!((&anonymous["process_id"], &anonymous["bot_id"]), (&Value::Null, &Value::Null));
    }

    #[test]
    fn the_most_urgent_priority_has_the_shortest_targets() {
        assert_eq!(most_urgent(&sla::policies(&[])), "Critical");
        let urgent =
            Policy { priority: "Urgent".into(), targets: Targets { response_minutes: 5, resolution_minutes: 60 } };
        assert_eq!(most_urgent(&sla::policies(&[urgent])), "Urgent");
        let slow =
            Policy { priority: "Critical".into(), targets: Targets { response_minutes: 60, resolution_minutes: 600 } };
        assert_eq!(most_urgent(&sla::policies(&[slow])), "High", "High's 60/480 beats Critical's saved 60/600");
        assert_eq!(most_urgent(&[]), "Critical");
    }

    #[test]
    fn the_requester_is_an_admin_whatever_the_order() {
        let person = |id: &str, admin: bool| DirectoryEntry {
            user_id: id.into(),
            email: format!("{id}@acme.test"),
            firstname: String::new(),
            lastname: String::new(),
            job_title: String::new(),
            time_zone: None,
            company_admin: admin,
        };
        let people = vec![person("0003", true), person("0001", false), person("0002", true)];
        assert_eq!(requester(&people), Some("0002"));
        let mut reversed = people.clone();
        reversed.reverse();
        assert_eq!(requester(&reversed), Some("0002"));
        assert_eq!(requester(&[person("0001", false)]), None);
    }
}
