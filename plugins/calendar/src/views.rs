//! What the plugin answers, parses and pushes, rendered for the remote into
//! `modules-web/calendar/src/generated.ts` by `typescript.rs`. Times are Unix seconds (UTC),
//! days `YYYY-MM-DD`.

use serde::{Deserialize, Serialize};

/// What an event is about (its colour on the page).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Category {
    Meeting,
    Maintenance,
    Deadline,
    Training,
    Other,
}

/// Who sees an event besides its organiser and attendees: nobody, or the whole company.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Visibility {
    Attendees,
    Company,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Answer {
    Pending,
    Accepted,
    Declined,
    Tentative,
}

impl Answer {
    pub fn as_str(self) -> &'static str {
        match self {
            Answer::Pending => "pending",
            Answer::Accepted => "accepted",
            Answer::Declined => "declined",
            Answer::Tentative => "tentative",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum LinkKind {
    Process,
    Bot,
    Ticket,
}

/// Which occurrences of a series a change reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Scope {
    This,
    Following,
    #[default]
    All,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Frequency {
    Daily,
    Weekly,
    Monthly,
    Yearly,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Weekday {
    MO,
    TU,
    WE,
    TH,
    FR,
    SA,
    SU,
}

/// A monthly series repeats on the start's day of month, or on its nth (or last) weekday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum MonthlyBy {
    #[default]
    Date,
    Weekday,
}

/// Something an event is about, opened from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Link {
    pub kind: LinkKind,
    pub id: String,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Recurrence {
    pub freq: Frequency,
    /// 1..=99.
    #[serde(default = "one")]
    pub interval: u32,
    /// Weekly only; empty: the start's weekday.
    #[serde(default)]
    pub by_weekday: Vec<Weekday>,
    /// Monthly only.
    #[serde(default)]
    pub monthly_by: MonthlyBy,
    /// The last day (inclusive), `YYYY-MM-DD`, in the event's zone.
    #[serde(default)]
    pub until: Option<String>,
    /// 1..=730; at most one of `until` and `count`.
    #[serde(default)]
    pub count: Option<u32>,
}

fn one() -> u32 {
    1
}

/// `POST /events`, `PUT /events/{id}` (with `version`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct EventInput {
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub location: String,
    pub start: i64,
    pub end: i64,
    #[serde(default)]
    pub all_day: bool,
    pub time_zone: String,
    pub category: Category,
    pub visibility: Visibility,
    /// User ids of the company; the organiser is implied.
    #[serde(default)]
    pub attendees: Vec<String>,
    #[serde(default)]
    pub links: Vec<Link>,
    #[serde(default)]
    pub recurrence: Option<Recurrence>,
    /// Minutes before the start.
    #[serde(default)]
    pub reminders: Vec<i64>,
    /// The version read, for `PUT`.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub version: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Attendee {
    pub user_id: String,
    pub name: String,
    pub email: String,
    pub answer: Answer,
}

/// One drawn occurrence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Occurrence {
    pub event_id: String,
    /// The occurrence's original start: its id in the series.
    pub occurrence: i64,
    pub start: i64,
    pub end: i64,
    pub all_day: bool,
    pub title: String,
    pub location: String,
    pub category: Category,
    pub visibility: Visibility,
    pub organiser_id: String,
    pub recurring: bool,
    /// Moved or edited on its own.
    pub changed: bool,
    /// `null` for the organiser and people not invited.
    pub my_answer: Option<Answer>,
    pub can_edit: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct EventView {
    pub id: String,
    pub version: i64,
    pub title: String,
    pub description: String,
    pub location: String,
    /// This occurrence's, or the series' first when no occurrence was asked for.
    pub start: i64,
    pub end: i64,
    pub all_day: bool,
    pub time_zone: String,
    pub category: Category,
    pub visibility: Visibility,
    pub organiser: Attendee,
    pub attendees: Vec<Attendee>,
    pub links: Vec<Link>,
    pub recurrence: Option<Recurrence>,
    pub reminders: Vec<i64>,
    pub occurrence: Option<i64>,
    pub can_edit: bool,
    pub my_answer: Option<Answer>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum NonWorkingKind {
    Holiday,
    Maintenance,
}

impl NonWorkingKind {
    pub fn as_str(self) -> &'static str {
        match self {
            NonWorkingKind::Holiday => "holiday",
            NonWorkingKind::Maintenance => "maintenance",
        }
    }
}

/// A company holiday (whole days) or maintenance window (instants).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NonWorking {
    pub id: String,
    pub version: i64,
    pub name: String,
    pub kind: NonWorkingKind,
    pub start: i64,
    pub end: i64,
    pub all_day: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NonWorkingInput {
    pub name: String,
    pub kind: NonWorkingKind,
    pub start: i64,
    pub end: i64,
    #[serde(default)]
    pub all_day: bool,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub version: Option<i64>,
}

/// One run window of a bot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BotWindow {
    pub bot: String,
    pub start: i64,
    pub end: i64,
}

/// A bot whose schedule is not in a form that can be drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Unscheduled {
    pub bot: String,
    pub schedule: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BotLayer {
    /// False when Bot Profile is not installed, its bots are not granted, or the person's
    /// rights do not open it.
    pub available: bool,
    pub windows: Vec<BotWindow>,
    pub unscheduled: Vec<Unscheduled>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Range {
    pub occurrences: Vec<Occurrence>,
    pub non_working: Vec<NonWorking>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LinkTarget {
    pub kind: LinkKind,
    pub id: String,
    pub label: String,
}

/// The caller's private subscription URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FeedView {
    /// Only in the answer of `POST /feed`: the token is not kept, so it cannot be shown again.
    pub url: Option<String>,
    /// The caller has a feed (a URL was made and not revoked).
    pub active: bool,
}

/// An iCalendar file for download.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct IcsFile {
    pub filename: String,
    pub content: String,
}

/// `POST /import`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportInput {
    pub content: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportResult {
    pub imported: u32,
    /// `"<summary>: <why>"`.
    pub skipped: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Person {
    pub user_id: String,
    pub name: String,
    pub email: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Done {
    pub ok: bool,
}

/// `POST /events/{id}/move`: a drag that moves or resizes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MoveInput {
    #[serde(default)]
    pub occurrence: Option<i64>,
    #[serde(default)]
    pub scope: Scope,
    pub start: i64,
    pub end: i64,
}

/// The answers an attendee may give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum AnswerChoice {
    Accepted,
    Declined,
    Tentative,
}

impl From<AnswerChoice> for Answer {
    fn from(reply: AnswerChoice) -> Self {
        match reply {
            AnswerChoice::Accepted => Answer::Accepted,
            AnswerChoice::Declined => Answer::Declined,
            AnswerChoice::Tentative => Answer::Tentative,
        }
    }
}

/// `POST /events/{id}/answer`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AnswerInput {
    pub answer: AnswerChoice,
}

/// Realtime `calendar.changed`, to the people an event concerns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ChangedEvent {
    pub event_id: String,
}
