//! Alert rules: what each kind watches, the checks of a rule's fields with their
//! messages, and the rule as stored.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryEntry;
use serde::{Deserialize, Serialize};

/// What a rule watches. Each reads Bot Profile's data (src/evaluate.rs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Failed runs of the finished ones started in the window, as a percentage above
    /// `threshold`, once at least `min_runs` finished.
    FailureRate,
    /// Open queue items past their SLA deadline, or due within `threshold` minutes.
    Sla,
    /// Bots whose schedule says they run now that started no run in the window and have
    /// none running.
    SilentBot,
    /// Queue items in progress, or new and untouched, for longer than `threshold` minutes.
    StuckItems,
    /// Runs that took (or are taking) longer than the `threshold` percentile of their last
    /// 30 days' durations.
    SlowRuns,
    /// Fewer than `threshold` runs, successful runs or successful items in the window.
    Outcome,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Info,
    Warning,
    Critical,
}

impl Severity {
    pub fn label(self) -> &'static str {
        match self {
            Severity::Info => "Info",
            Severity::Warning => "Warning",
            Severity::Critical => "Critical",
        }
    }
}

/// What an `outcome` rule counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    Runs,
    SuccessfulRuns,
    SuccessfulItems,
}

/// A rule as the page edits it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RuleDraft {
    pub name: String,
    pub kind: Kind,
    pub severity: Severity,
    #[serde(default)]
    pub process: Option<String>,
    #[serde(default)]
    pub bot: Option<String>,
    #[serde(default)]
    pub queue: Option<String>,
    pub threshold: f64,
    #[serde(default)]
    pub measure: Option<Measure>,
    pub min_runs: i64,
    pub window_minutes: i64,
    pub interval_minutes: i64,
    pub quiet_minutes: i64,
    #[serde(default)]
    pub time_zone: Option<String>,
    pub deliver_bell: bool,
    pub deliver_mail: bool,
    /// A public Chat channel's id: Chat posts the incidents there.
    #[serde(default)]
    pub chat_channel: Option<String>,
    /// An http(s) address on a host the portal's operator allows.
    #[serde(default)]
    pub webhook_url: Option<String>,
    /// User ids; empty is the company's admins.
    #[serde(default)]
    pub recipients: Vec<String>,
    pub enabled: bool,
}

/// A stored rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Rule {
    pub id: String,
    pub version: i64,
    #[serde(flatten)]
    pub draft: RuleDraft,
    #[serde(default)]
    pub next_run_at: Option<i64>,
    #[serde(default)]
    pub last_run_at: Option<i64>,
    #[serde(default)]
    pub created_by: Option<String>,
    /// Signs each webhook delivery (HMAC-SHA256); made when the address is first set.
    #[serde(default)]
    pub webhook_secret: Option<String>,
}

pub const NAME_REQUIRED: &str = "Name is required";
pub const NAME_TOO_LONG: &str = "Name must be at most 100 characters";
pub const PROCESS_REQUIRED: &str = "Choose the process whose outcome is checked";
pub const MEASURE_REQUIRED: &str = "Choose what is counted";
pub const PERCENT_RANGE: &str = "The failure rate must be between 0 and 100 percent";
pub const PERCENTILE_RANGE: &str = "The percentile must be between 50 and 99.9";
pub const MINUTES_RANGE: &str = "Minutes must be a whole number between 0 and 10080";
pub const COUNT_RANGE: &str = "The expected count must be a whole number between 1 and 1000000";
pub const MIN_RUNS_RANGE: &str = "The least number of runs must be between 1 and 100000";
pub const WINDOW_RANGE: &str = "The window must be between 5 minutes and 31 days";
pub const INTERVAL_RANGE: &str = "Check every 1 to 1440 minutes";
pub const QUIET_RANGE: &str = "The quiet window must be between 0 minutes and 7 days";
pub const ZONE_UNKNOWN: &str = "Choose a time zone from the list";
pub const RECIPIENT_UNKNOWN: &str = "Every recipient must be a member of the company";
pub const NO_DELIVERY: &str = "Choose at least one delivery: the bell, e-mail, a Chat channel or a webhook";
pub const WEBHOOK_URL: &str = "Enter the webhook's address, starting with https:// or http://";
pub const CHANNEL_UNKNOWN: &str = "Choose a public Chat channel";
pub const CHAT_MISSING: &str = "Chat is not installed";
pub const TOO_MANY_RECIPIENTS: &str = "Choose at most 50 recipients";

const MAX_WINDOW: i64 = 31 * 24 * 60;
const WEEK_MINUTES: i64 = 7 * 24 * 60;

/// The draft cleaned (names trimmed, blanks as none), or the first problem. Recipients are
/// checked against the company's `members`.
pub fn check(mut draft: RuleDraft, members: &[DirectoryEntry]) -> Result<RuleDraft> {
    draft.name = draft.name.trim().to_string();
    if draft.name.is_empty() {
        return Err(Error::bad_request(NAME_REQUIRED));
    }
    if draft.name.chars().count() > 100 {
        return Err(Error::bad_request(NAME_TOO_LONG));
    }
    let optional = [
        &mut draft.process,
        &mut draft.bot,
        &mut draft.queue,
        &mut draft.time_zone,
        &mut draft.chat_channel,
        &mut draft.webhook_url,
    ];
    for scope in optional {
        *scope = scope.as_deref().map(str::trim).filter(|text| !text.is_empty()).map(str::to_string);
    }
    check_threshold(&draft)?;
    if draft.kind == Kind::Outcome {
        if draft.process.is_none() {
            return Err(Error::bad_request(PROCESS_REQUIRED));
        }
        if draft.measure.is_none() {
            return Err(Error::bad_request(MEASURE_REQUIRED));
        }
    } else {
        draft.measure = None;
    }
    if draft.kind != Kind::SilentBot {
        draft.time_zone = None;
    }
    if !(1..=100_000).contains(&draft.min_runs) {
        return Err(Error::bad_request(MIN_RUNS_RANGE));
    }
    if !(5..=MAX_WINDOW).contains(&draft.window_minutes) {
        return Err(Error::bad_request(WINDOW_RANGE));
    }
    if !(1..=1440).contains(&draft.interval_minutes) {
        return Err(Error::bad_request(INTERVAL_RANGE));
    }
    if !(0..=WEEK_MINUTES).contains(&draft.quiet_minutes) {
        return Err(Error::bad_request(QUIET_RANGE));
    }
    if let Some(zone) = &draft.time_zone
        && zone.parse::<chrono_tz::Tz>().is_err()
    {
        return Err(Error::bad_request(ZONE_UNKNOWN));
    }
    if let Some(url) = &draft.webhook_url {
        let lower = url.to_ascii_lowercase();
        let web = lower.starts_with("https://") || lower.starts_with("http://");
        if !web || url.chars().count() > 2048 || url.chars().any(char::is_whitespace) {
            return Err(Error::bad_request(WEBHOOK_URL));
        }
    }
    if !draft.deliver_bell && !draft.deliver_mail && draft.chat_channel.is_none() && draft.webhook_url.is_none() {
        return Err(Error::bad_request(NO_DELIVERY));
    }
    let mut seen = std::collections::BTreeSet::new();
    draft.recipients.retain(|id| seen.insert(id.clone()));
    if draft.recipients.len() > 50 {
        return Err(Error::bad_request(TOO_MANY_RECIPIENTS));
    }
    if draft.recipients.iter().any(|id| !members.iter().any(|member| &member.user_id == id)) {
        return Err(Error::bad_request(RECIPIENT_UNKNOWN));
    }
    Ok(draft)
}

fn check_threshold(draft: &RuleDraft) -> Result<()> {
    let value = draft.threshold;
    let whole = value.fract() == 0.0;
    let (fits, message) = match draft.kind {
        Kind::FailureRate => ((0.0..=100.0).contains(&value), PERCENT_RANGE),
        Kind::SlowRuns => ((50.0..=99.9).contains(&value), PERCENTILE_RANGE),
        Kind::Sla | Kind::StuckItems | Kind::SilentBot => {
            (whole && (0.0..=WEEK_MINUTES as f64).contains(&value), MINUTES_RANGE)
        }
        Kind::Outcome => (whole && (1.0..=1_000_000.0).contains(&value), COUNT_RANGE),
    };
    if value.is_finite() && fits { Ok(()) } else { Err(Error::bad_request(message)) }
}

/// A rule of `kind` on Invoices, for the unit tests of its checks and its evaluation.
#[cfg(test)]
pub fn draft(kind: Kind, threshold: f64) -> RuleDraft {
    RuleDraft {
        name: "Invoices failing".into(),
        kind,
        severity: Severity::Critical,
        process: Some("Invoices".into()),
        bot: None,
        queue: None,
        threshold,
        measure: Some(Measure::SuccessfulRuns),
        min_runs: 5,
        window_minutes: 60,
        interval_minutes: 5,
        quiet_minutes: 60,
        time_zone: None,
        deliver_bell: true,
        deliver_mail: false,
        chat_channel: None,
        webhook_url: None,
        recipients: Vec::new(),
        enabled: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(id: &str) -> DirectoryEntry {
        serde_json::from_value(serde_json::json!({
            "user_id": id, "email": format!("{id}@example.com"), "firstname": "A", "lastname": "B", "job_title": ""
        }))
        .expect("a directory entry")
    }

    fn refused(draft: RuleDraft) -> String {
        check(draft, &[member("u1")]).expect_err("refused").message
    }

    #[test]
    fn a_good_draft_is_cleaned() {
        let mut rule = draft(Kind::FailureRate, 20.0);
        rule.name = " Invoices failing ".into();
        rule.bot = Some(" ".into());
        let checked = check(rule, &[]).expect("accepted");
        assert_eq!(checked.name, "Invoices failing");
        assert_eq!(checked.bot, None, "a blank scope is no scope");
        assert_eq!(checked.measure, None, "only outcome rules count a measure");
    }

    #[test]
    fn each_kind_checks_its_threshold() {
        assert_eq!(refused(draft(Kind::FailureRate, 120.0)), PERCENT_RANGE);
        assert_eq!(refused(draft(Kind::FailureRate, f64::NAN)), PERCENT_RANGE);
        assert_eq!(refused(draft(Kind::SlowRuns, 40.0)), PERCENTILE_RANGE);
        assert_eq!(refused(draft(Kind::Sla, 2.5)), MINUTES_RANGE);
        assert_eq!(refused(draft(Kind::StuckItems, -1.0)), MINUTES_RANGE);
        assert_eq!(refused(draft(Kind::Outcome, 0.0)), COUNT_RANGE);
        assert!(check(draft(Kind::Outcome, 10.0), &[]).is_ok());
    }

    #[test]
    fn an_outcome_needs_a_process_and_a_measure() {
        let mut no_process = draft(Kind::Outcome, 10.0);
        no_process.process = None;
        assert_eq!(refused(no_process), PROCESS_REQUIRED);
        let mut no_measure = draft(Kind::Outcome, 10.0);
        no_measure.measure = None;
        assert_eq!(refused(no_measure), MEASURE_REQUIRED);
    }

    #[test]
    fn windows_intervals_zones_deliveries_and_recipients_are_checked() {
        let mut rule = draft(Kind::Sla, 0.0);
        rule.window_minutes = 1;
        assert_eq!(refused(rule), WINDOW_RANGE);
        let mut rule = draft(Kind::Sla, 0.0);
        rule.interval_minutes = 0;
        assert_eq!(refused(rule), INTERVAL_RANGE);
        let mut rule = draft(Kind::SilentBot, 0.0);
        rule.time_zone = Some("Mars/Olympus".into());
        assert_eq!(refused(rule), ZONE_UNKNOWN);
        let mut rule = draft(Kind::Sla, 0.0);
        rule.deliver_bell = false;
        rule.chat_channel = Some(" ".into());
        assert_eq!(refused(rule), NO_DELIVERY, "a blank channel is none");
        let mut rule = draft(Kind::Sla, 0.0);
        rule.webhook_url = Some("ftp://files.example.com/in".into());
        assert_eq!(refused(rule), WEBHOOK_URL);
        let mut rule = draft(Kind::Sla, 0.0);
        rule.deliver_bell = false;
        rule.webhook_url = Some(" https://hooks.example.com/a ".into());
        let checked = check(rule, &[]).expect("a webhook is a delivery");
        assert_eq!(checked.webhook_url.as_deref(), Some("https://hooks.example.com/a"));
        let mut rule = draft(Kind::Sla, 0.0);
        rule.recipients = vec!["u1".into(), "stranger".into()];
        assert_eq!(refused(rule), RECIPIENT_UNKNOWN);
        let mut rule = draft(Kind::Sla, 0.0);
        rule.name = "   ".into();
        assert_eq!(refused(rule), NAME_REQUIRED);
        let mut rule = draft(Kind::Sla, 0.0);
        rule.recipients = vec!["u1".into(), "u2".into(), "u1".into()];
        rule.time_zone = Some("Europe/Berlin".into());
        let checked = check(rule, &[member("u1"), member("u2")]).expect("accepted");
        assert_eq!(checked.recipients, ["u1", "u2"], "each recipient once");
        assert_eq!(checked.time_zone, None, "only silent-bot rules read schedules in a zone");
    }
}
