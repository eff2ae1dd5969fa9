// Generated from Rust types by the test in plugins/alerts/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-alerts --lib generated_typescript_is_current

/**
 * What a rule watches. Each reads Bot Profile's data (src/evaluate.rs).
 */
export type Kind = "failure_rate" | "sla" | "silent_bot" | "stuck_items" | "slow_runs" | "outcome";

export type Severity = "info" | "warning" | "critical";

/**
 * What an `outcome` rule counts.
 */
export type Measure = "runs" | "successful_runs" | "successful_items";

/**
 * A rule as the page edits it.
 */
export type RuleDraft = { name: string, kind: Kind, severity: Severity, process: string | null, bot: string | null, queue: string | null, threshold: number, measure: Measure | null, min_runs: number, window_minutes: number, interval_minutes: number, quiet_minutes: number, time_zone: string | null, deliver_bell: boolean, deliver_mail: boolean,
/**
 * A public Chat channel's id: Chat posts the incidents there.
 */
chat_channel: string | null,
/**
 * An http(s) address on a host the portal's operator allows.
 */
webhook_url: string | null,
/**
 * User ids; empty is the company's admins.
 */
recipients: Array<string>, enabled: boolean, };

/**
 * A stored rule.
 */
export type Rule = { id: string, version: number, next_run_at: number | null, last_run_at: number | null, created_by: string | null,
/**
 * Signs each webhook delivery (HMAC-SHA256); made when the address is first set.
 */
webhook_secret: string | null, name: string, kind: Kind, severity: Severity, process: string | null, bot: string | null, queue: string | null, threshold: number, measure: Measure | null, min_runs: number, window_minutes: number, interval_minutes: number, quiet_minutes: number, time_zone: string | null, deliver_bell: boolean, deliver_mail: boolean,
/**
 * A public Chat channel's id: Chat posts the incidents there.
 */
chat_channel: string | null,
/**
 * An http(s) address on a host the portal's operator allows.
 */
webhook_url: string | null,
/**
 * User ids; empty is the company's admins.
 */
recipients: Array<string>, enabled: boolean, };

/**
 * What an evaluation found: whether the condition holds, its figure and a sentence.
 */
export type Evaluation = { firing: boolean, value: number, summary: string, };

/**
 * What evaluating a rule did, for the page.
 */
export type Checked = { rule: Rule,
/**
 * `None` when its facts could not be read: `error` says why.
 */
evaluation: Evaluation | null, error: string | null,
/**
 * The incident it opened, kept, reopened or closed.
 */
incident: Incident | null, };

export type Status = "open" | "closed";

/**
 * An incident: a rule's condition held from `opened_at` (and holds while it is open).
 */
export type Incident = { id: string, version: number, rule_id: string, rule_name: string, kind: Kind, severity: Severity, status: Status, opened_at: number, closed_at: number | null, last_fired_at: number | null, value: number | null, summary: string | null, acknowledged_by: string | null, acknowledged_at: number | null, assignee_id: string | null, };

export type Action = "opened" | "reopened" | "acknowledged" | "assigned" | "comment" | "closed";

/**
 * One line of an incident's history.
 */
export type Activity = { id: string, incident_id: string, action: Action, user_id: string | null, note: string | null, created_at: number, };

/**
 * An incident with its history, oldest first.
 */
export type IncidentDetail = { incident: Incident, activity: Array<Activity>, };

/**
 * A failed run kept as an example of its signature.
 */
export type Sample = { external_id: string, bot: string, started_at: number, reason: string | null, };

/**
 * Failed runs of one process with one normalised error message.
 */
export type Signature = { id: string, version: number, fingerprint: string, process: string, message: string, bot: string | null, count: number, first_seen: number, last_seen: number, samples: Array<Sample>, quiet_offered: boolean, };

/**
 * The company's choices.
 */
export type Settings = {
/**
 * A signature's ticket is offered for closing after this many days without a failure.
 */
quiet_days: number, };

/**
 * A Chat channel a rule may post to.
 */
export type Channel = { id: string, name: string, };

export type Assignment = { assignee_id: string | null, };

export type NewComment = { text: string, };

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  NAME_REQUIRED: "Name is required",
  NAME_TOO_LONG: "Name must be at most 100 characters",
  PROCESS_REQUIRED: "Choose the process whose outcome is checked",
  MEASURE_REQUIRED: "Choose what is counted",
  PERCENT_RANGE: "The failure rate must be between 0 and 100 percent",
  PERCENTILE_RANGE: "The percentile must be between 50 and 99.9",
  MINUTES_RANGE: "Minutes must be a whole number between 0 and 10080",
  COUNT_RANGE: "The expected count must be a whole number between 1 and 1000000",
  MIN_RUNS_RANGE: "The least number of runs must be between 1 and 100000",
  WINDOW_RANGE: "The window must be between 5 minutes and 31 days",
  INTERVAL_RANGE: "Check every 1 to 1440 minutes",
  QUIET_RANGE: "The quiet window must be between 0 minutes and 7 days",
  NO_DELIVERY: "Choose at least one delivery: the bell, e-mail, a Chat channel or a webhook",
  CHANNEL_UNKNOWN: "Choose a public Chat channel",
  CHAT_MISSING: "Chat is not installed",
  WEBHOOK_URL: "Enter the webhook's address, starting with https:// or http://",
  QUIET_DAYS_RANGE: "Choose between 1 and 90 days",
} as const;
