//! `support`: Ticket Management. Tickets numbered per company with SLA targets per
//! priority (the clock in [`sla`]), comments, attachments checked by content
//! ([`attachments`]), a history, approvals by mail through single-use links
//! ([`approvals`]), breach marking and the 90-day retention of closed tickets
//! ([`schedules`]), and a ticket per failure signature of the Alerts module's events
//! ([`signatures`]).
//!
//! Handlers only parse and answer: checks are in [`validate`], the flows in [`tickets`],
//! [`approval_flow`] and [`signature_flow`], storage in [`store`].

mod approval_flow;
mod approvals;
mod attachments;
mod history;
mod notify;
mod schedules;
mod signature_flow;
mod signatures;
mod sla;
mod store;
mod summary;
mod tickets;
#[cfg(test)]
mod typescript;
mod validate;
mod vocab;

use autoscope_sdk::files::Upload;
use autoscope_sdk::input::Versioned;
use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::approvals::Decision;
use crate::tickets::Actor;

fn router() -> Router {
    Router::new()
        .get("/tickets", list_tickets)
        .post("/tickets", create_ticket)
        .get("/tickets/{id}", |req: &Request| ok(&tickets::detail(req.param("id")?, req.context().now)?))
        .patch("/tickets/{id}", update_ticket)
        .post("/tickets/{id}/comments", add_comment)
        .post("/tickets/{id}/attachments", upload_attachment)
        .post("/tickets/{id}/approvals", request_approval)
        .get("/attachments/{id}", |req: &Request| ok(&tickets::download(req.param("id")?)?))
        .delete("/attachments/{id}", delete_attachment)
        .post("/approve", |req: &Request| decide(req, Decision::Approve))
        .post("/decline", |req: &Request| decide(req, Decision::Decline))
        .get("/sla", get_sla)
        .put("/sla", put_sla)
        .get("/people", |_: &Request| ok(&host::directory(&DirectoryQuery::default())?))
        .get("/processes", list_processes)
        .get("/bots", list_bots)
        .get("/summary", |req: &Request| ok(&summary::summary(&req.caller()?.user_id, req.context().now)?))
        .on_event("alerts.signature_opened", |context: &Context, event: &EventDelivery| {
            signature_flow::opened(&payload(event)?, context)
        })
        .on_event("alerts.signature_recurred", |context: &Context, event: &EventDelivery| {
            signature_flow::recurred(&event.id, &payload(event)?, context)
        })
        .on_event("alerts.signature_quiet", |_: &Context, event: &EventDelivery| {
            signature_flow::quiet(&payload(event)?, event.published_at)
        })
        .on_schedule("sla", schedules::sla)
        .on_schedule("retention", schedules::retention)
}

autoscope_sdk::module!(router);

/// An event's payload: 400 when it does not fit (a failed delivery, in the system log).
fn payload<T: DeserializeOwned>(event: &EventDelivery) -> Result<T> {
    Ok(serde_json::from_value(event.payload.clone())?)
}

fn actor(req: &Request) -> Result<Actor<'_>> {
    let context = req.context();
    Ok(Actor { user_id: &req.caller()?.user_id, now: context.now, portal_url: &context.portal_url })
}

/// `GET /tickets?q=&status=&priority=&assignee_id=&requester_id=&process_id=&bot_id=&sort=-created_at&limit=50&cursor=`:
/// a page with its total, passed through as the host encoded it.
fn list_tickets(req: &Request) -> Result<Reply> {
    let query = validate::list_query(|name| req.query(name))?;
    Ok(reply::raw(200, store::tickets().list_json(&query)?))
}

fn create_ticket(req: &Request) -> Result<Reply> {
    created(&tickets::create(&req.body()?, actor(req)?)?)
}

/// `PATCH /tickets/{id}` `{version, ...changes}`
fn update_ticket(req: &Request) -> Result<Reply> {
    let body: Versioned = req.body()?;
    ok(&tickets::update(req.param("id")?, body.version, &body.fields, actor(req)?)?)
}

/// `POST /tickets/{id}/comments` `{text}`
fn add_comment(req: &Request) -> Result<Reply> {
    let body: Record = req.body()?;
    let text = body.get("text").unwrap_or(&serde_json::Value::Null);
    created(&tickets::comment(req.param("id")?, text, actor(req)?)?)
}

/// `POST /tickets/{id}/attachments` `{name, mime, data}`
fn upload_attachment(req: &Request) -> Result<Reply> {
    let upload: Upload = req.body()?;
    created(&tickets::attach(req.param("id")?, upload, actor(req)?)?)
}

fn delete_attachment(req: &Request) -> Result<Reply> {
    tickets::remove_attachment(req.param("id")?, actor(req)?)?;
    ok(&json!({ "message": "Attachment deleted" }))
}

/// The body of `POST /tickets/{id}/approvals`: the people asked to approve.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct ApprovalRequest {
    person_ids: Vec<String>,
}

/// `POST /tickets/{id}/approvals` `{person_ids}` → `{approvals}`
fn request_approval(req: &Request) -> Result<Reply> {
    let body: ApprovalRequest = req.body()?;
    let approvals = approval_flow::request(req.param("id")?, &body.person_ids, req.caller()?, req.context())?;
    created(&json!({ "approvals": approvals }))
}

/// `POST /approve` and `/decline` `{ticket_id, person_id, token}`, public: the same answer
/// whatever the link, so it reveals nothing, once the company holds an approval of that
/// ticket and person (404 otherwise, so that the host tries the person's other companies).
fn decide(req: &Request, decision: Decision) -> Result<Reply> {
    let claim = approvals::claim(req.body_value())?;
    approval_flow::decide(&claim, decision, req.context())?;
    ok(&json!({ "message": approvals::THANK_YOU }))
}

/// `GET /sla`: the policies in force, and whether the caller may change them.
fn get_sla(req: &Request) -> Result<Reply> {
    let policies = sla::policies(&store::saved_policies()?);
    ok(&SlaReply { policies, editable: req.caller()?.company_admin })
}

/// `GET /sla` (and `PUT /sla`): one policy per priority.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct SlaReply {
    policies: Vec<sla::Policy>,
    /// Whether the caller may change them (a company administrator).
    editable: bool,
}

/// The body of `PUT /sla`: every policy (the minutes are checked whatever JSON they are).
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct PolicyChange {
    #[cfg_attr(test, ts(type = "Array<Policy>"))]
    policies: Vec<validate::PolicyInput>,
}

/// `PUT /sla` `{policies}`: company administrators only.
fn put_sla(req: &Request) -> Result<Reply> {
    req.company_admin(validate::SLA_ADMIN_ONLY)?;
    let change: PolicyChange = req.body()?;
    store::save_policies(&validate::policies(&change.policies)?)?;
    get_sla(req)
}

/// `GET /processes`: the Process Vault's processes for the picker.
fn list_processes(_: &Request) -> Result<Reply> {
    ok(&names("vault.processes")?)
}

/// `GET /bots`: Bot Profile's bots for the picker (a ticket names its bot by name).
fn list_bots(_: &Request) -> Result<Reply> {
    ok(&names("bots.bots")?)
}

/// The `id` and `name` of every record of another module's collection, by name: none when
/// the module is not installed, the installation does not grant reading it, or the
/// person's rights do not open it.
fn names(source: &str) -> Result<Vec<serde_json::Value>> {
    let query = Query::default().sort("name").fields(["name"]);
    match collection(source).list_all(&query, 5000) {
        Ok(records) => {
            Ok(records.iter().map(|record| json!({ "id": record.get("id"), "name": record.get("name") })).collect())
        }
        Err(err) if err.status == 404 || err.status == 403 => Ok(Vec::new()),
        Err(err) => Err(err),
    }
}
