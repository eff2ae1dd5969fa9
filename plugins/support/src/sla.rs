//! The SLA clock of a ticket: due times from the company's policy for its priority, the
//! pause while it waits, first response and resolution with their breach flags. Every
//! function takes `now`, so the rules are tested with the clock in hand.
//!
//! The invariant: a target not met yet is due at `created_at + paused_seconds + target`
//! (leaving `waiting` adds the pause to both), and a met one keeps the due time it had.

use autoscope_sdk::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::vocab::{self, CLOSED, RESOLVED, RUNNING, WAITING};

/// A priority's targets, in minutes of wall-clock time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Targets {
    pub response_minutes: i64,
    pub resolution_minutes: i64,
}

/// A company's policy for one priority, as stored and answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Policy {
    pub priority: String,
    #[serde(flatten)]
    pub targets: Targets,
}

/// The targets of a company that saved none.
pub const DEFAULTS: [(&str, Targets); 4] = [
    ("Critical", Targets { response_minutes: 15, resolution_minutes: 240 }),
    ("High", Targets { response_minutes: 60, resolution_minutes: 480 }),
    ("Medium", Targets { response_minutes: 240, resolution_minutes: 1440 }),
    ("Low", Targets { response_minutes: 480, resolution_minutes: 4320 }),
];

/// The policies in force: the four default priorities (saved targets replacing the
/// defaults), then any other priority the company saved a policy for.
pub fn policies(saved: &[Policy]) -> Vec<Policy> {
    let find = |priority: &str| saved.iter().find(|policy| policy.priority.eq_ignore_ascii_case(priority));
    let defaults = DEFAULTS.iter().map(|(priority, targets)| Policy {
        priority: priority.to_string(),
        targets: find(priority).map_or(*targets, |policy| policy.targets),
    });
    let others = saved.iter().filter(|policy| !DEFAULTS.iter().any(|(p, _)| p.eq_ignore_ascii_case(&policy.priority)));
    defaults.chain(others.cloned()).collect()
}

/// The targets of `priority`. A priority the company added to its masters without a
/// policy follows Medium's, so every ticket is measured.
pub fn targets_for(priority: &str, saved: &[Policy]) -> Targets {
    let policies = policies(saved);
    let find = |name: &str| policies.iter().find(|policy| policy.priority.eq_ignore_ascii_case(name));
    find(priority).or_else(|| find(vocab::DEFAULT_PRIORITY)).map_or(DEFAULTS[2].1, |policy| policy.targets)
}

/// The SLA fields of a ticket: read from the record, changed by the rules below, and
/// written back as the fields that differ ([`Clock::changes`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Set by the host; the clock only reads it.
    #[serde(skip_serializing)]
    pub created_at: i64,
    pub status: String,
    pub first_response_at: Option<i64>,
    pub resolved_at: Option<i64>,
    pub closed_at: Option<i64>,
    pub waiting_since: Option<i64>,
    #[serde(default)]
    pub paused_seconds: i64,
    pub response_due: Option<i64>,
    pub resolution_due: Option<i64>,
    pub response_seconds: Option<i64>,
    pub resolution_seconds: Option<i64>,
    #[serde(default)]
    pub response_breached: bool,
    #[serde(default)]
    pub resolution_breached: bool,
}

impl Clock {
    /// A new open ticket created at `created_at` with `targets`.
    pub fn start(created_at: i64, targets: Targets) -> Self {
        Self {
            created_at,
            status: vocab::OPEN.to_string(),
            first_response_at: None,
            resolved_at: None,
            closed_at: None,
            waiting_since: None,
            paused_seconds: 0,
            response_due: Some(created_at + targets.response_minutes * 60),
            resolution_due: Some(created_at + targets.resolution_minutes * 60),
            response_seconds: None,
            resolution_seconds: None,
            response_breached: false,
            resolution_breached: false,
        }
    }

    /// The clock of a stored ticket.
    pub fn of(ticket: &Record) -> Result<Self> {
        storage::from_record(ticket.clone())
    }

    /// Every SLA field, to store with a new ticket.
    pub fn fields(&self) -> Result<Record> {
        storage::to_record(self)
    }

    /// The SLA fields whose value differs from `before`'s.
    pub fn changes(&self, before: &Clock) -> Result<Record> {
        let (after, before) = (self.fields()?, before.fields()?);
        Ok(after.into_iter().filter(|(field, value)| before.get(field).unwrap_or(&Value::Null) != value).collect())
    }

    /// The time the clock shows: it stands still while the ticket waits.
    fn clock_now(&self, now: i64) -> i64 {
        match (self.status.as_str(), self.waiting_since) {
            (WAITING, Some(since)) => since.min(now),
            _ => now,
        }
    }

    /// Seconds the clock has run since the ticket was created.
    fn elapsed(&self, now: i64) -> i64 {
        self.clock_now(now) - self.created_at - self.paused_seconds
    }

    /// The first response (a comment or a status change by someone other than the
    /// requester); later ones change nothing.
    pub fn respond(&mut self, now: i64) {
        if self.first_response_at.is_some() {
            return;
        }
        self.first_response_at = Some(now);
        self.response_seconds = Some(self.elapsed(now));
        self.response_breached |= self.response_due.is_some_and(|due| self.clock_now(now) > due);
    }

    /// Moves the ticket to `to` (a valid status other than the current one); `by_requester`
    /// when the requester does it, which is no response.
    pub fn set_status(&mut self, to: &'static str, now: i64, by_requester: bool) {
        let from = std::mem::take(&mut self.status);
        if from == WAITING {
            self.resume(now);
        }
        if vocab::is_done(&from) && !vocab::is_done(to) {
            // Reopened: the work is not done any more; a breach stays on record.
            self.resolved_at = None;
            self.closed_at = None;
            self.resolution_seconds = None;
        }
        if !by_requester {
            self.respond(now);
        }
        self.status = to.to_string();
        match to {
            WAITING => self.waiting_since = Some(now),
            RESOLVED => {
                self.closed_at = None;
                self.resolve(now);
            }
            CLOSED => {
                self.closed_at = Some(now);
                self.resolve(now);
            }
            _ => {}
        }
    }

    /// Ends a wait: the pause is added, and both targets not met yet move by as much.
    fn resume(&mut self, now: i64) {
        let Some(since) = self.waiting_since.take() else { return };
        let paused = (now - since).max(0);
        self.paused_seconds += paused;
        if self.first_response_at.is_none() {
            self.response_due = self.response_due.map(|due| due + paused);
        }
        if self.resolved_at.is_none() {
            self.resolution_due = self.resolution_due.map(|due| due + paused);
        }
    }

    /// Resolution, unless the ticket was resolved before (closing a resolved ticket).
    fn resolve(&mut self, now: i64) {
        if self.resolved_at.is_some() {
            return;
        }
        self.resolved_at = Some(now);
        self.resolution_seconds = Some(self.elapsed(now));
        self.resolution_breached |= self.resolution_due.is_some_and(|due| now > due);
    }

    /// New targets (the priority changed): each due time is computed afresh from the
    /// creation (plus the pauses it had), and its breach flag follows the new due time.
    pub fn retarget(&mut self, targets: Targets, now: i64) {
        let unmet_start = self.created_at + self.paused_seconds;
        // A met target started where its measured time says: met_at − seconds.
        let start = |met_at: Option<i64>, seconds: Option<i64>| match (met_at, seconds) {
            (Some(at), Some(seconds)) => at - seconds,
            _ => unmet_start,
        };
        let response = targets.response_minutes * 60;
        let resolution = targets.resolution_minutes * 60;
        let response_due = start(self.first_response_at, self.response_seconds) + response;
        let resolution_due = start(self.resolved_at, self.resolution_seconds) + resolution;
        self.response_breached = match self.response_seconds.filter(|_| self.first_response_at.is_some()) {
            Some(seconds) => seconds > response,
            None => self.clock_now(now) > response_due,
        };
        self.resolution_breached = match self.resolution_seconds.filter(|_| self.resolved_at.is_some()) {
            Some(seconds) => seconds > resolution,
            None => self.clock_now(now) > resolution_due,
        };
        self.response_due = Some(response_due);
        self.resolution_due = Some(resolution_due);
    }
}

/// One of the two targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Response,
    Resolution,
}

impl Target {
    /// As people read it in "breached its response target".
    pub fn name(self) -> &'static str {
        match self {
            Self::Response => "response",
            Self::Resolution => "resolution",
        }
    }

    /// The ticket field that records its breach.
    pub fn flag(self) -> &'static str {
        match self {
            Self::Response => "response_breached",
            Self::Resolution => "resolution_breached",
        }
    }

    /// The tickets whose target just passed: clock running (open or in progress), not
    /// met, not marked yet, due before `now`. Only the fields the breach notice needs.
    pub fn overdue(self, now: i64) -> Query {
        let query = Query::default().filter("status", FilterOp::In, RUNNING.to_vec()).eq(self.flag(), false);
        let query = match self {
            Self::Response => query.filter("first_response_at", FilterOp::IsNull, Value::Null),
            // Running tickets are never resolved (a reopening clears `resolved_at`).
            Self::Resolution => query,
        };
        let due = match self {
            Self::Response => "response_due",
            Self::Resolution => "resolution_due",
        };
        query.filter(due, FilterOp::Lt, now).fields(["number", "title", "assignee_id"])
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const T0: i64 = 1_700_000_000;
    const MEDIUM: Targets = Targets { response_minutes: 240, resolution_minutes: 1440 };

    fn clock() -> Clock {
        Clock::start(T0, MEDIUM)
    }

    #[test]
    fn a_new_ticket_is_due_by_its_priority() {
        let clock = clock();
        assert_eq!(clock.response_due, Some(T0 + 240 * 60));
        assert_eq!(clock.resolution_due, Some(T0 + 1440 * 60));
        let fields = clock.fields().unwrap();
        assert_eq!(fields["status"], json!("open"));
        assert_eq!((&fields["paused_seconds"], &fields["response_breached"]), (&json!(0), &json!(false)));
        assert!(!fields.contains_key("created_at"), "the host sets it");
    }

    #[test]
    fn defaults_apply_until_the_company_saves_targets() {
        assert_eq!(targets_for("Critical", &[]), Targets { response_minutes: 15, resolution_minutes: 240 });
        assert_eq!(targets_for("low", &[]), Targets { response_minutes: 480, resolution_minutes: 4320 });
        let saved = vec![
            Policy { priority: "High".into(), targets: Targets { response_minutes: 30, resolution_minutes: 300 } },
            Policy { priority: "Urgent".into(), targets: Targets { response_minutes: 5, resolution_minutes: 60 } },
        ];
        assert_eq!(targets_for("High", &saved).response_minutes, 30);
        assert_eq!(targets_for("Urgent", &saved).resolution_minutes, 60);
        assert_eq!(targets_for("Someday", &saved), MEDIUM, "an unknown priority follows Medium");
        let names: Vec<String> = policies(&saved).into_iter().map(|policy| policy.priority).collect();
        assert_eq!(names, ["Critical", "High", "Medium", "Low", "Urgent"]);
        assert_eq!(
            serde_json::to_value(&policies(&[])[0]).unwrap(),
            json!({ "priority": "Critical", "response_minutes": 15, "resolution_minutes": 240 })
        );
    }

    #[test]
    fn a_first_response_measures_the_elapsed_time() {
        let mut clock = clock();
        clock.respond(T0 + 3600);
        assert_eq!((clock.first_response_at, clock.response_seconds), (Some(T0 + 3600), Some(3600)));
        assert!(!clock.response_breached);
        clock.respond(T0 + 7200);
        assert_eq!(clock.first_response_at, Some(T0 + 3600), "only the first counts");

        let mut late = self::clock();
        late.respond(T0 + 240 * 60 + 1);
        assert!(late.response_breached);
        let mut on_time = self::clock();
        on_time.respond(T0 + 240 * 60);
        assert!(!on_time.response_breached, "exactly at the due time is met");
    }

    #[test]
    fn waiting_pauses_the_clock_and_pushes_unmet_due_times() {
        let mut clock = clock();
        clock.set_status(WAITING, T0 + 600, true);
        assert_eq!((clock.waiting_since, clock.first_response_at), (Some(T0 + 600), None));
        let before = clock.clone();
        clock.set_status(vocab::IN_PROGRESS, T0 + 600 + 3600, true);
        assert_eq!((clock.waiting_since, clock.paused_seconds), (None, 3600));
        assert_eq!(clock.response_due, Some(T0 + 3600 + 240 * 60));
        assert_eq!(clock.resolution_due, Some(T0 + 3600 + 1440 * 60));
        let changes = clock.changes(&before).unwrap();
        assert_eq!(
            Value::Object(changes),
            json!({
                "status": "in_progress", "waiting_since": null, "paused_seconds": 3600,
                "response_due": T0 + 3600 + 240 * 60, "resolution_due": T0 + 3600 + 1440 * 60
            })
        );
        // Resolved 2 h after: 600 s + 2 h of clock.
        clock.set_status(RESOLVED, T0 + 600 + 3600 + 7200, true);
        assert_eq!(clock.resolution_seconds, Some(600 + 7200));
        assert_eq!(clock.resolved_at, Some(T0 + 600 + 3600 + 7200));
        assert!(!clock.resolution_breached);
    }

    #[test]
    fn a_met_target_is_not_pushed_by_a_later_wait() {
        let mut clock = clock();
        clock.set_status(vocab::IN_PROGRESS, T0 + 60, false);
        assert_eq!((clock.first_response_at, clock.response_seconds), (Some(T0 + 60), Some(60)));
        clock.set_status(WAITING, T0 + 120, false);
        clock.set_status(vocab::IN_PROGRESS, T0 + 1120, false);
        assert_eq!(clock.response_due, Some(T0 + 240 * 60), "met: unchanged");
        assert_eq!(clock.resolution_due, Some(T0 + 1000 + 1440 * 60));
    }

    #[test]
    fn a_response_while_waiting_stops_at_the_wait() {
        let mut clock = clock();
        clock.set_status(WAITING, T0 + 100, true);
        clock.respond(T0 + 5000);
        assert_eq!(clock.response_seconds, Some(100), "the clock stood still while waiting");
    }

    #[test]
    fn closing_without_resolving_resolves_and_reopening_clears() {
        let mut clock = clock();
        clock.set_status(CLOSED, T0 + 1440 * 60 + 5, false);
        assert_eq!((clock.resolved_at, clock.closed_at), (Some(T0 + 1440 * 60 + 5), Some(T0 + 1440 * 60 + 5)));
        assert_eq!(clock.resolution_seconds, Some(1440 * 60 + 5));
        assert!(clock.resolution_breached && clock.response_breached);
        clock.set_status(vocab::OPEN, T0 + 90_000, false);
        assert_eq!((clock.resolved_at, clock.closed_at, clock.resolution_seconds), (None, None, None));
        assert!(clock.resolution_breached, "the breach stays on record");
        assert_eq!(clock.first_response_at, Some(T0 + 1440 * 60 + 5), "the first response stays");
    }

    #[test]
    fn closing_a_resolved_ticket_keeps_its_resolution() {
        let mut clock = clock();
        clock.set_status(RESOLVED, T0 + 100, false);
        clock.set_status(CLOSED, T0 + 500, false);
        assert_eq!(
            (clock.resolved_at, clock.closed_at, clock.resolution_seconds),
            (Some(T0 + 100), Some(T0 + 500), Some(100))
        );
        clock.set_status(RESOLVED, T0 + 600, false);
        assert_eq!((clock.resolved_at, clock.closed_at), (Some(T0 + 100), None));
    }

    #[test]
    fn waiting_then_resolving_counts_the_pause() {
        let mut clock = clock();
        clock.set_status(WAITING, T0 + 100, false);
        clock.set_status(RESOLVED, T0 + 1100, false);
        assert_eq!((clock.paused_seconds, clock.resolution_seconds, clock.waiting_since), (1000, Some(100), None));
    }

    #[test]
    fn a_new_priority_recomputes_due_times_and_flags() {
        let critical = Targets { response_minutes: 15, resolution_minutes: 240 };
        let mut clock = clock();
        clock.set_status(WAITING, T0 + 60, true);
        clock.set_status(vocab::OPEN, T0 + 660, true);
        clock.retarget(critical, T0 + 700);
        assert_eq!(clock.response_due, Some(T0 + 600 + 15 * 60));
        assert_eq!(clock.resolution_due, Some(T0 + 600 + 240 * 60));
        assert!(!clock.response_breached);
        clock.retarget(critical, T0 + 600 + 15 * 60 + 1);
        assert!(clock.response_breached, "overdue under the new target");
        clock.retarget(MEDIUM, T0 + 600 + 15 * 60 + 1);
        assert!(!clock.response_breached, "a longer target lifts it");

        // A met target keeps its measured time; its flag compares that with the new target.
        let mut met = self::clock();
        met.respond(T0 + 1200);
        met.set_status(WAITING, T0 + 1300, false);
        met.set_status(vocab::OPEN, T0 + 2300, false);
        met.retarget(critical, T0 + 3000);
        assert_eq!(met.response_due, Some(T0 + 15 * 60));
        assert!(met.response_breached, "1200 s against 900 s");
        assert_eq!(met.resolution_due, Some(T0 + 1000 + 240 * 60));
    }

    #[test]
    fn overdue_queries_filter_in_the_database() {
        let query = serde_json::to_value(Target::Response.overdue(T0)).unwrap();
        assert_eq!(
            query["filters"],
            json!([
                { "field": "status", "op": "in", "value": ["open", "in_progress"] },
                { "field": "response_breached", "op": "eq", "value": false },
                { "field": "first_response_at", "op": "is_null", "value": null },
                { "field": "response_due", "op": "lt", "value": T0 }
            ])
        );
        assert_eq!(query["fields"], json!(["number", "title", "assignee_id"]));
        let query = serde_json::to_value(Target::Resolution.overdue(T0)).unwrap();
        assert_eq!(query["filters"][2], json!({ "field": "resolution_due", "op": "lt", "value": T0 }));
        assert_eq!((Target::Resolution.name(), Target::Resolution.flag()), ("resolution", "resolution_breached"));
    }
}
