//! Fills the demo company's modules: the catalogue goes in through each module's own
//! routes, called in-process as the demo people (so each module checks and computes what
//! it would for them: the Vault's scores, the tickets' numbers and SLA due times), and
//! the run history through the host's ingestion, the same code as the ingestion API.
//!
//! A module that is not installed is skipped, and so is one that already has data: seeding
//! again changes nothing.

use std::collections::HashMap;

use anyhow::{Context, anyhow, bail};
use autoscope_wire::storage::StorageOp;
use axum::body::Body;
use axum::http::{Method, Request, header};
use serde::Serialize;
use serde_json::{Value, json};

use super::bodies::{assessment_body, bot_body, idea_body, process_body, ticket_body};
use super::catalogue::{BOTS, DANA, MIA, PROCESSES, RAVI, TICKETS, TOM};
use super::generate::{self, DAYS};
use autoscope::http::AppState;
use autoscope::modules::collections;

/// The most records one call of the ingestion takes.
const BATCH: usize = 5_000;

/// The demo people, signed in: ids and session tokens in the order of [`super::PEOPLE`].
struct Seeder {
    state: AppState,
    app: axum::Router,
    company_id: String,
    people: Vec<(String, String)>,
}

/// Seeds every module it knows and answers one summary line per module.
pub async fn seed(state: &AppState, company_id: &str, user_ids: Vec<String>) -> anyhow::Result<Vec<String>> {
    let mut people = Vec::with_capacity(user_ids.len());
    for id in user_ids {
        let token = autoscope::auth::session::open(state, &id, company_id).await?;
        people.push((id, token));
    }
    let app = autoscope::http::app(state.clone());
    let seeder = Seeder { state: state.clone(), app, company_id: company_id.into(), people };
    let seeded = seeder.all().await;
    // The sessions were only for seeding; a failure to end one is not worth failing for.
    for who in 0..seeder.people.len() {
        if let Err(err) = seeder.call(who, Method::POST, "/api/users/logout", None).await {
            tracing::warn!(error = %err, "ending a seeding session failed");
        }
    }
    seeded
}

impl Seeder {
    async fn all(&self) -> anyhow::Result<Vec<String>> {
        let mut lines = vec![self.vault().await?];
        lines.extend(self.bots().await?);
        lines.push(self.support().await?);
        lines.push(self.chat().await?);
        lines.push(self.calendar().await?);
        Ok(lines)
    }

    /// Process Vault: the catalogue's processes, created and assessed as Dana, so the
    /// module computes their scores; the idea is submitted by its owner.
    async fn vault(&self) -> anyhow::Result<String> {
        const NAME: &str = "Process Vault";
        let Some(existing) = self.count("vault", "processes").await? else { return Ok(not_installed(NAME)) };
        if existing > 0 {
            return Ok(left_alone(NAME, existing, "processes"));
        }
        for process in &PROCESSES {
            if process.stage == "idea" {
                self.expect(process.owner, Method::POST, "/api/m/vault/ideas", idea_body(process)).await?;
                continue;
            }
            let body = process_body(process, self.id_of(process.owner));
            let created = self.expect(DANA, Method::POST, "/api/m/vault/processes", body).await?;
            if let Some(answers) = process.answers {
                let uri = format!("/api/m/vault/processes/{}/assessment", text(&created, "id")?);
                self.expect(DANA, Method::PUT, &uri, assessment_body(answers, version(&created)?)).await?;
            }
        }
        let live = PROCESSES.iter().filter(|process| process.stage == "live").count();
        Ok(format!("{NAME}: {} processes created ({live} live), scored by the module", PROCESSES.len()))
    }

    /// Bot Profile: the bots through its routes, then the run history and queue items
    /// through ingestion, each left alone when the company has some.
    async fn bots(&self) -> anyhow::Result<Vec<String>> {
        const NAME: &str = "Bot Profile";
        let Some(existing) = self.count("bots", "bots").await? else { return Ok(vec![not_installed(NAME)]) };
        let mut lines = Vec::new();
        if existing > 0 {
            lines.push(left_alone(NAME, existing, "bots"));
        } else {
            for bot in &BOTS {
                self.expect(DANA, Method::POST, "/api/m/bots/bots", bot_body(bot, self.id_of(bot.owner))).await?;
            }
            lines.push(format!("{NAME}: {} bots created", BOTS.len()));
        }
        let now = self.state.clock.now();
        lines.push(self.history("runs", "runs", || generate::runs(now)).await?);
        lines.push(self.history("queue_items", "queue items", || generate::queue_items(now)).await?);
        Ok(lines)
    }

    /// Ticket Management: each ticket opened by its requester, answered and moved along
    /// by its assignee, linked to the Vault's process when the Vault is there.
    async fn support(&self) -> anyhow::Result<String> {
        const NAME: &str = "Ticket Management";
        let Some(existing) = self.count("support", "tickets").await? else { return Ok(not_installed(NAME)) };
        if existing > 0 {
            return Ok(left_alone(NAME, existing, "tickets"));
        }
        let processes = self.process_ids().await?;
        for ticket in &TICKETS {
            let assignee = ticket.assignee.map(|who| self.id_of(who));
            let process_id = ticket.process.and_then(|name| processes.get(name)).map(String::as_str);
            let body = ticket_body(ticket, assignee, process_id);
            let created = self.expect(ticket.requester, Method::POST, "/api/m/support/tickets", body).await?;
            let uri = format!("/api/m/support/tickets/{}", text(&created, "id")?);
            let worker = ticket.assignee.unwrap_or(DANA);
            if let Some(reply) = ticket.reply {
                self.expect(worker, Method::POST, &format!("{uri}/comments"), json!({ "text": reply })).await?;
            }
            let steps: &[&str] = match ticket.status {
                "in_progress" => &["in_progress"],
                "waiting" => &["in_progress", "waiting"],
                "resolved" => &["in_progress", "resolved"],
                "closed" => &["in_progress", "resolved", "closed"],
                _ => &[],
            };
            for status in steps {
                let current = self.expect_get(worker, &uri).await?;
                let body = json!({ "version": version(&current["ticket"])?, "status": status });
                self.expect(worker, Method::PATCH, &uri, body).await?;
            }
        }
        Ok(format!("{NAME}: {} tickets created", TICKETS.len()))
    }

    /// The Vault's process ids by name; none when the Vault is not installed.
    /// Chat: a company-wide channel with a thread and a mention, a private team channel and
    /// a direct conversation, each message posted by its author.
    async fn chat(&self) -> anyhow::Result<String> {
        const NAME: &str = "Chat";
        let Some(existing) = self.count("chat", "channels").await? else { return Ok(not_installed(NAME)) };
        if existing > 0 {
            return Ok(left_alone(NAME, existing, "channels"));
        }
        let everyone: Vec<&str> = (0..self.people.len()).map(|who| self.id_of(who)).collect();
        let general = json!({ "kind": "public", "name": "general", "topic": "Company-wide news and questions", "member_ids": everyone });
        let general = self.expect(DANA, Method::POST, "/api/m/chat/channels", general).await?;
        let general = format!("/api/m/chat/channels/{}/messages", text(&general, "id")?);
        let welcome = "Welcome to Autoscope! Ask anything about our automations here.";
        let root = self.expect(DANA, Method::POST, &general, json!({ "text": welcome })).await?;
        let root_id = text(&root, "id")?;
        let question = format!("<@{}> could the invoice bot take the vendor statements too?", self.id_of(MIA));
        self.expect(RAVI, Method::POST, &general, json!({ "text": question, "parent_id": root_id })).await?;
        let answer = "Yes, it reads the same inbox. I will add them to the queue next sprint.";
        self.expect(MIA, Method::POST, &general, json!({ "text": answer, "parent_id": root_id })).await?;
        let update = "The `Invoice Intake` bot ran 1,240 items yesterday without an exception.";
        self.expect(TOM, Method::POST, &general, json!({ "text": update })).await?;

        let team = json!({ "kind": "private", "name": "automation-team", "topic": "Bots, releases and on-call",
            "member_ids": [self.id_of(DANA), self.id_of(MIA)] });
        let team = self.expect(DANA, Method::POST, "/api/m/chat/channels", team).await?;
        let team = format!("/api/m/chat/channels/{}/messages", text(&team, "id")?);
        let release = "Release notes for Friday:\n```\ninvoice-intake 2.3.0\nvendor-sync 1.8.1\n```";
        self.expect(MIA, Method::POST, &team, json!({ "text": release })).await?;

        let direct =
            self.expect(DANA, Method::POST, "/api/m/chat/direct", json!({ "user_ids": [self.id_of(RAVI)] })).await?;
        let direct = format!("/api/m/chat/channels/{}/messages", text(&direct, "id")?);
        let hello = "Ravi, can we go through the Q3 savings figures tomorrow?";
        self.expect(DANA, Method::POST, &direct, json!({ "text": hello })).await?;
        self.expect(RAVI, Method::POST, &direct, json!({ "text": "Sure, 10:00 works for me." })).await?;
        Ok(format!("{NAME}: 3 conversations created (#general, #automation-team, a direct message)"))
    }

    /// Calendar: a stand-up three times a week and a monthly maintenance window (both
    /// series in London time, so they keep their hour across the clock change), a review
    /// linked to its process, and the company's Christmas holidays.
    async fn calendar(&self) -> anyhow::Result<String> {
        const NAME: &str = "Calendar";
        let Some(existing) = self.count("calendar", "events").await? else { return Ok(not_installed(NAME)) };
        if existing > 0 {
            return Ok(left_alone(NAME, existing, "events"));
        }
        let now = self.state.clock.now();
        let zone = chrono_tz::Europe::London;
        let monday = calendar::monday_of(now, zone)?;
        let at = |day: chrono::NaiveDate, hour: u32, minute: u32| calendar::local(zone, day, hour, minute);
        let team: Vec<&str> = [MIA, RAVI, TOM].iter().map(|who| self.id_of(*who)).collect();
        let standup = json!({
            "title": "Automation stand-up", "location": "https://meet.example.com/automation-standup",
            "description": "What ran overnight, what failed, who picks it up.",
            "start": at(monday, 9, 30)?, "end": at(monday, 9, 45)?, "time_zone": zone.name(),
            "category": "meeting", "visibility": "attendees", "attendees": team, "reminders": [10],
            "recurrence": { "freq": "weekly", "interval": 1, "by_weekday": ["MO", "WE", "FR"], "monthly_by": "date",
                            "until": null, "count": null },
        });
        let standup = self.expect(DANA, Method::POST, "/api/m/calendar/events", standup).await?;
        let answer = format!("/api/m/calendar/events/{}/answer", text(&standup, "id")?);
        self.expect(MIA, Method::POST, &answer, json!({ "answer": "accepted" })).await?;
        self.expect(TOM, Method::POST, &answer, json!({ "answer": "tentative" })).await?;

        let saturday = monday + chrono::Days::new(5);
        let maintenance = json!({
            "title": "Bot maintenance window", "description": "Patching the bot runners; schedules are paused.",
            "start": at(saturday, 22, 0)?, "end": at(saturday + chrono::Days::new(1), 2, 0)?, "time_zone": zone.name(),
            "category": "maintenance", "visibility": "company", "reminders": [60, 1440],
            "recurrence": { "freq": "monthly", "interval": 1, "by_weekday": [], "monthly_by": "weekday",
                            "until": null, "count": 12 },
        });
        self.expect(DANA, Method::POST, "/api/m/calendar/events", maintenance).await?;

        let thursday = monday + chrono::Days::new(10);
        let links: Vec<Value> = match self.process_ids().await?.get("Invoice Processing") {
            Some(id) => vec![json!({ "kind": "process", "id": id, "label": "Invoice Processing" })],
            None => Vec::new(),
        };
        let review = json!({
            "title": "Q3 savings review", "start": at(thursday, 10, 0)?, "end": at(thursday, 11, 0)?,
            "time_zone": zone.name(), "category": "meeting", "visibility": "attendees",
            "attendees": [self.id_of(RAVI)], "links": links, "reminders": [30],
        });
        self.expect(DANA, Method::POST, "/api/m/calendar/events", review).await?;

        for (name, day) in calendar::christmas(now)? {
            let start = calendar::utc_midnight(day)?;
            let holiday =
                json!({ "name": name, "kind": "holiday", "start": start, "end": start + 86_400, "all_day": true });
            self.expect(DANA, Method::POST, "/api/m/calendar/non-working", holiday).await?;
        }
        Ok(format!("{NAME}: 3 events (a stand-up series, a monthly maintenance window, a review) and 2 holidays"))
    }

    async fn process_ids(&self) -> anyhow::Result<HashMap<String, String>> {
        if self.state.modules.get("vault").is_none() {
            return Ok(HashMap::new());
        }
        let page = self.expect_get(DANA, "/api/m/vault/processes?limit=100").await?;
        let items = page["items"].as_array().context("the Vault's process list has no items")?;
        items.iter().map(|process| Ok((text(process, "name")?.to_string(), text(process, "id")?.to_string()))).collect()
    }

    /// The generated `bots.<stream>` stored through ingestion in batches, unless the
    /// company has some.
    async fn history<T: Serialize>(
        &self,
        stream: &str,
        label: &str,
        generate: impl FnOnce() -> Vec<T>,
    ) -> anyhow::Result<String> {
        let existing = self.count("bots", stream).await?.unwrap_or(0);
        if existing > 0 {
            return Ok(left_alone("Bot Profile", existing, label));
        }
        let stored = self.ingest(stream, &generate()).await?;
        Ok(format!("Bot Profile: {} {label} of the last {DAYS} days stored through ingestion", thousands(stored)))
    }

    /// Stores `records` in `bots.<stream>` in batches; answers how many were stored.
    async fn ingest<T: Serialize>(&self, stream: &str, records: &[T]) -> anyhow::Result<usize> {
        let mut stored = 0;
        for batch in records.chunks(BATCH) {
            let batch = serde_json::value::to_raw_value(batch)?;
            let report = autoscope::modules::ingestion::store(&self.state, &self.company_id, "bots", stream, batch)
                .await
                .map_err(|err| anyhow!("ingesting the demo {stream}: {err}"))?;
            if !report.errors.is_empty() {
                let first = serde_json::to_string(&report.errors[0])?;
                bail!("ingesting the demo {stream}: {} records refused, the first: {first}", report.errors.len());
            }
            stored += report.stored;
        }
        Ok(stored)
    }

    /// How many records `<module>.<collection>` holds for the company; `None` when the
    /// module is not installed.
    async fn count(&self, module: &str, collection: &str) -> anyhow::Result<Option<u64>> {
        if self.state.modules.get(module).is_none() {
            return Ok(None);
        }
        let target = self
            .state
            .modules
            .target(module, collection)
            .with_context(|| format!("{module} declares no collection {collection}"))?;
        let op = StorageOp::Count { collection: collection.into(), filters: Vec::new() };
        let count = collections::execute(&self.state.db, &target, &self.company_id, self.state.clock.now(), op)
            .await
            .map_err(|err| anyhow!("counting {module}.{collection}: {}", err.message))?;
        count.as_u64().map(Some).context("a count is a number")
    }

    fn id_of(&self, who: usize) -> &str {
        self.people.get(who).map_or("", |(id, _)| id.as_str())
    }

    async fn expect_get(&self, who: usize, uri: &str) -> anyhow::Result<Value> {
        let (status, body) = self.call(who, Method::GET, uri, None).await?;
        success(&Method::GET, uri, status, body)
    }

    /// `method uri` with `body` as person `who`; fails unless the answer is a success.
    async fn expect(&self, who: usize, method: Method, uri: &str, body: Value) -> anyhow::Result<Value> {
        let (status, answer) = self.call(who, method.clone(), uri, Some(body)).await?;
        success(&method, uri, status, answer)
    }

    /// One request through the whole application, as the listener would hand it over.
    async fn call(&self, who: usize, method: Method, uri: &str, body: Option<Value>) -> anyhow::Result<(u16, Value)> {
        let token = self.people.get(who).map(|(_, token)| token.as_str()).context("no such demo person")?;
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "application/json");
        let request = request.body(body.map_or_else(Body::empty, |body| Body::from(body.to_string())))?;
        let (status, bytes) = autoscope::http::call_in_process(&self.app, request).await?;
        Ok((status, serde_json::from_slice(&bytes).unwrap_or(Value::Null)))
    }
}

fn success(method: &Method, uri: &str, status: u16, body: Value) -> anyhow::Result<Value> {
    match status {
        200..=299 => Ok(body),
        _ => bail!("{method} {uri} answered {status}: {}", body["message"].as_str().unwrap_or("no message")),
    }
}

fn not_installed(module: &str) -> String {
    format!("{module}: not installed, skipped")
}

fn left_alone(module: &str, count: u64, what: &str) -> String {
    format!("{module}: {} {what} there already, left as they are", thousands(count as usize))
}

/// `38297` as `38,297`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Local dates and times of the demo's calendar.
mod calendar {
    use anyhow::Context;
    use chrono::{Datelike, Days, NaiveDate, TimeZone};
    use chrono_tz::Tz;

    /// The Monday of the week `now` falls in, in `zone`.
    pub fn monday_of(now: i64, zone: Tz) -> anyhow::Result<NaiveDate> {
        let today = zone.timestamp_opt(now, 0).single().context("the clock reads no valid time")?.date_naive();
        Ok(today - Days::new(u64::from(today.weekday().num_days_from_monday())))
    }

    /// `hour:minute` on `day` in `zone`, as Unix seconds (the earlier of an hour that comes twice).
    pub fn local(zone: Tz, day: NaiveDate, hour: u32, minute: u32) -> anyhow::Result<i64> {
        let time = day.and_hms_opt(hour, minute, 0).context("no such time of day")?;
        Ok(zone.from_local_datetime(&time).earliest().context("that hour is skipped by the clock change")?.timestamp())
    }

    pub fn utc_midnight(day: NaiveDate) -> anyhow::Result<i64> {
        Ok(day.and_hms_opt(0, 0, 0).context("no midnight")?.and_utc().timestamp())
    }

    /// Christmas Day and Boxing Day of the year `now` is in.
    pub fn christmas(now: i64) -> anyhow::Result<[(&'static str, NaiveDate); 2]> {
        let year = chrono::DateTime::from_timestamp(now, 0).context("the clock reads no valid time")?.year();
        let day = |month, day| NaiveDate::from_ymd_opt(year, month, day).context("no such date");
        Ok([("Christmas Day", day(12, 25)?), ("Boxing Day", day(12, 26)?)])
    }
}

fn text<'a>(record: &'a Value, field: &str) -> anyhow::Result<&'a str> {
    record[field].as_str().with_context(|| format!("the answer has no {field}"))
}

fn version(record: &Value) -> anyhow::Result<i64> {
    record["version"].as_i64().context("the answer has no version")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(38_297), "38,297");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
