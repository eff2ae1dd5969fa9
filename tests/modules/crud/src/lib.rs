//! `crud`: a test module that exercises every part of the platform a module can reach:
//! storage (own and granted collections), notifications, mail, events, realtime, the
//! directory, outside databases, jobs, webhooks, public and legacy routes, subscriptions,
//! schedules, sample data and guest state.

use std::sync::atomic::{AtomicU64, Ordering};

use autoscope_sdk::prelude::*;
use autoscope_sdk::sources;
use autoscope_sdk::wire::host::{DirectoryQuery, Mail, Notify, Realtime, Webhook};
use serde::Deserialize;
use serde_json::{Value, json};

fn router() -> Router {
    Router::new()
        .get("/items", list_items)
        .post("/items", create_item)
        .post("/items/batch", create_items)
        .get("/items/{id}", get_item)
        .patch("/items/{id}", update_in("items"))
        .delete("/items/{id}", delete_item)
        .get("/count", count_items)
        .get("/stats", stats)
        .get("/notes", |_: &Request| ok(&collection("faults.notes").list(&Query::default())?))
        .post("/notes", |req: &Request| created(&collection("faults.notes").insert(req.body()?)?))
        .patch("/notes/{id}", update_in("faults.notes"))
        .get("/seen", |_: &Request| ok(&collection("seen").list(&Query::default().limit(500))?))
        .post("/notify", send_notification)
        .post("/mail", send_mail)
        .post("/realtime", send_realtime)
        .get("/directory", directory)
        .get("/whoami", whoami)
        .post("/readings", |req: &Request| created(&collection("readings").insert(req.body()?)?))
        .patch("/readings/{id}", update_in("readings"))
        .get("/text", |req: &Request| reply::text(200, req.query("type").unwrap_or_default(), "a,b\n1,2\n".into()))
        .get("/counter", counter)
        .post("/public/echo", echo)
        .get("/sources", |_: &Request| ok(&sources::connections()?))
        .post("/sources/{id}/test", |req: &Request| ok(&sources::test(req.param("id")?)?))
        .get("/sources/{id}/tables", |req: &Request| ok(&sources::tables(req.param("id")?)?))
        .get("/sources/{id}/columns", |req: &Request| {
            ok(&sources::columns(req.param("id")?, req.query("table").unwrap_or_default())?)
        })
        .post("/sources/{id}/read", |req: &Request| ok(&sources::read(req.param("id")?, req.body()?)?))
        .post("/ingest", ingest)
        .post("/jobs", start_count)
        .get("/jobs", |req: &Request| ok(&host::jobs(req.query("name"), 50)?))
        .get("/jobs/{id}", |req: &Request| ok(&host::job(req.param("id")?)?))
        .post("/jobs/{id}/cancel", |req: &Request| ok(&host::cancel_job(req.param("id")?)?))
        .post("/webhooks", |req: &Request| created(&host::webhook(&req.body::<Webhook>()?)?))
        .get("/webhooks/{id}", |req: &Request| ok(&host::webhook_status(req.param("id")?)?))
        .post("/sample", load_sample)
        .delete("/sample", |_: &Request| ok(&json!({ "deleted": remove_sample()? })))
        .on_job("count", count_step)
        .on_event("crud.item_created", item_created)
        .on_schedule("tick", tick)
}

autoscope_sdk::module!(router);

fn items() -> Collection {
    collection("items")
}

/// The `done` query parameter as a filter value.
fn done_filter(req: &Request) -> Result<Option<bool>> {
    req.query_as::<bool>("done")
}

/// `GET /items?q=&done=&sort=-due,title&limit=&cursor=&total=true&fields=title,qty`
fn list_items(req: &Request) -> Result<Reply> {
    let mut query = Query::default();
    if let Some(text) = req.query("q").filter(|q| !q.is_empty()) {
        query = query.filter("title", FilterOp::Contains, text);
    }
    if let Some(done) = done_filter(req)? {
        query = query.eq("done", done);
    }
    for field in req.query("sort").unwrap_or_default().split(',').filter(|f| !f.is_empty()) {
        query = match field.strip_prefix('-') {
            Some(field) => query.sort_desc(field),
            None => query.sort(field),
        };
    }
    if let Some(limit) = req.query_as::<u32>("limit")? {
        query = query.limit(limit);
    }
    query = query.cursor(req.query("cursor").map(str::to_string));
    if req.query("total") == Some("true") {
        query = query.with_total();
    }
    if let Some(fields) = req.query("fields") {
        query = query.fields(fields.split(',').filter(|f| !f.is_empty()));
    }
    // The page goes out as the host gave it: no decoding and encoding inside the plugin.
    Ok(reply::raw(200, items().list_json(&query)?))
}

/// `POST /items`: stores the body and publishes `crud.item_created`.
fn create_item(req: &Request) -> Result<Reply> {
    let record = items().insert(req.body()?)?;
    host::publish("crud.item_created", &json!({ "id": record.get("id"), "title": record.get("title") }))?;
    created(&record)
}

#[derive(Deserialize)]
struct Batch {
    records: Vec<Record>,
}

/// `POST /items/batch`: all or none.
fn create_items(req: &Request) -> Result<Reply> {
    let batch: Batch = req.body()?;
    created(&items().insert_many(batch.records)?)
}

fn get_item(req: &Request) -> Result<Reply> {
    let item = items().get(req.param("id")?)?.ok_or_else(|| Error::not_found("Item not found"))?;
    ok(&item)
}

#[derive(Deserialize)]
struct Change {
    version: i64,
    changes: Record,
}

/// `PATCH /items/{id}`, `/readings/{id}`, and `/notes/{id}` (another module's collection,
/// `update:faults.notes`): the host answers 409 when the version is stale or the change
/// takes another record's key.
fn update_in(name: &'static str) -> impl Fn(&Request) -> Result<Reply> + Send + Sync + 'static {
    move |req| {
        let change: Change = req.body()?;
        ok(&collection(name).update(req.param("id")?, change.version, change.changes)?)
    }
}

/// `DELETE /items/{id}?version=n`
fn delete_item(req: &Request) -> Result<Reply> {
    let deleted = items().delete(req.param("id")?, req.query_as::<i64>("version")?)?;
    ok(&json!({ "deleted": deleted }))
}

/// `POST /sample`, which the host calls for a company admin's sample data: two items marked
/// `sample` (a field the onboarding tests add to the manifest), replacing earlier ones.
fn load_sample(_: &Request) -> Result<Reply> {
    remove_sample()?;
    let sample = |title: &str| storage::to_record(&json!({ "title": title, "sample": true }));
    created(&items().insert_many(vec![sample("Sample one")?, sample("Sample two")?])?)
}

/// `DELETE /sample`: the items marked `sample`, and no other.
fn remove_sample() -> Result<u64> {
    items().delete_matching(vec![storage::filter("sample", FilterOp::Eq, true)])
}

/// `GET /count?done=`
fn count_items(req: &Request) -> Result<Reply> {
    let filters = done_filter(req)?.map(|done| storage::filter("done", FilterOp::Eq, done)).into_iter().collect();
    ok(&json!({ "count": items().count(filters)? }))
}

/// `GET /stats?bucket=day`: items per `due` bucket, with quantity metrics.
fn stats(req: &Request) -> Result<Reply> {
    let bucket = req.query("bucket").unwrap_or("day");
    let bucket: Bucket = serde_json::from_value(Value::String(bucket.to_string()))
        .map_err(|_| Error::bad_request("bucket must be hour, day, week or month"))?;
    let aggregate = Aggregate::default()
        .bucket("due", bucket)
        .count("n")
        .sum("qty", "total_qty")
        .avg("qty", "avg_qty")
        .min("qty", "min_qty")
        .max("qty", "max_qty");
    ok(&items().aggregate(&aggregate)?)
}

/// `POST /notify` with `{ user_ids, message }`.
fn send_notification(req: &Request) -> Result<Reply> {
    ok(&host::notify(&req.body::<Notify>()?)?)
}

#[derive(Deserialize)]
struct MailRequest {
    user_ids: Vec<String>,
    name: String,
    title: String,
}

/// `POST /mail` with `{ user_ids, name, title }`: the `hello` template.
fn send_mail(req: &Request) -> Result<Reply> {
    let body: MailRequest = req.body()?;
    let mut values = serde_json::Map::new();
    values.insert("name".into(), body.name.into());
    values.insert("title".into(), body.title.into());
    ok(&host::mail(&Mail { template: "hello".into(), user_ids: body.user_ids, values })?)
}

/// `POST /realtime` with `{ channel, payload, users?, users_in? }`.
fn send_realtime(req: &Request) -> Result<Reply> {
    let message: Realtime = req.body()?;
    match message.users_in {
        Some(users_in) => ok(&host::realtime_to_users_in(&message.channel, &message.payload, users_in)?),
        None => ok(&host::realtime_to(&message.channel, &message.payload, &message.users)?),
    }
}

/// `POST /ingest {stream, records, background?}`: records into an ingestion stream through
/// the host. `background`: "wait" starts the store and waits for it, "leave" starts it and
/// answers `{}` without waiting, "three" starts three stores at once.
fn ingest(req: &Request) -> Result<Reply> {
    #[derive(Deserialize)]
    struct Batch {
        stream: String,
        records: Vec<Value>,
        background: Option<String>,
    }
    let batch: Batch = req.body()?;
    match batch.background.as_deref() {
        None => ok(&host::ingest(&batch.stream, batch.records)?),
        Some("wait") => ok(&host::ingest_start(&batch.stream, batch.records)?.wait()?),
        Some("leave") => {
            let _unread = host::ingest_start(&batch.stream, batch.records)?;
            ok(&json!({}))
        }
        Some(_) => {
            let started: Vec<host::PendingIngest> =
                (0..3).map(|_| host::ingest_start(&batch.stream, batch.records.clone())).collect::<Result<_>>()?;
            ok(&json!({ "started": started.len() }))
        }
    }
}

/// `POST /jobs {to, key?, fail?}`: a job counting to `to`, one a step (every step fails
/// with `fail`); `undeclared` starts a job the manifest does not name.
fn start_count(req: &Request) -> Result<Reply> {
    let body = req.body_value().cloned().unwrap_or_default();
    let name = if body.get("undeclared").is_some() { "undeclared" } else { "count" };
    created(&host::start_job(name, body.clone(), body.get("key").and_then(Value::as_str))?)
}

fn count_step(_ctx: &Context, step: &JobStep) -> Result<JobProgress> {
    if step.input.get("fail").is_some() {
        return Err(Error::new(503, format!("step {} fails (try {})", step.step, step.attempt)));
    }
    let to = step.input.get("to").and_then(Value::as_i64).unwrap_or(1);
    let at = step.state.get("at").and_then(Value::as_i64).unwrap_or(0) + 1;
    Ok(JobProgress {
        state: json!({ "at": at }),
        progress: json!({ "at": at, "to": to, "cancelled": step.cancelled }),
        done: at >= to,
    })
}

fn directory(req: &Request) -> Result<Reply> {
    let user_ids = req.query("user_ids").unwrap_or_default().split(',').filter(|id| !id.is_empty());
    ok(&host::directory(&DirectoryQuery { user_ids: user_ids.map(str::to_string).collect() })?)
}

fn whoami(req: &Request) -> Result<Reply> {
    let context = req.context();
    let user = req.user();
    ok(&json!({
        "company_id": context.company_id,
        "user_id": user.map(|u| &u.user_id),
        "email": user.map(|u| &u.email),
        "module": context.module,
        "rights": user.map(|u| &u.rights),
        "company_admin": user.map(|u| u.company_admin),
        "time_zone": user.map(|u| &u.time_zone),
        "portal_url": context.portal_url,
        "entropy": context.entropy,
    }))
}

/// Guest state: lives as long as the instance. The host must never let two companies
/// share an instance, so each company counts on its own.
static COUNTER: AtomicU64 = AtomicU64::new(0);

fn counter(_: &Request) -> Result<Reply> {
    ok(&json!({ "counter": COUNTER.fetch_add(1, Ordering::Relaxed) + 1 }))
}

/// `POST /public/echo`: public, bound to the company of the body's `person_id`.
fn echo(req: &Request) -> Result<Reply> {
    ok(&json!({ "company_id": req.context().company_id, "public": req.is_public(), "body": req.body_value() }))
}

/// Records each delivery as `event:<item id>` in `seen`.
fn item_created(_: &Context, event: &EventDelivery) -> Result<()> {
    let id = event.payload.get("id").and_then(Value::as_str).unwrap_or(&event.id);
    collection("seen").insert_as(&json!({ "name": format!("event:{id}"), "payload": event.payload }))?;
    Ok(())
}

fn tick(_: &Context, _: &ScheduleRun) -> Result<()> {
    collection("seen").insert_as(&json!({ "name": "tick" }))?;
    Ok(())
}
