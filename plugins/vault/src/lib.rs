//! `vault`: Process Vault, the company's catalogue of automation processes. Ideas come in
//! from anyone with the module's right, get assessed (scores in [`scores`]), move through
//! the lifecycle (also on the board, whose `board.stage_changed` events land in the
//! history), and carry documents.
//!
//! Handlers only parse and answer: checks are in [`validate`], the CSV import in
//! [`import`], storage in [`store`].

mod history;
mod import;
mod sample;
mod scores;
mod store;
mod summary;
#[cfg(test)]
mod typescript;
mod validate;
mod vocab;

use autoscope_sdk::files::Upload;
use autoscope_sdk::input::Versioned;
use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::store::Edit;
use crate::validate::Mode;

fn router() -> Router {
    Router::new()
        .get("/processes", list_processes)
        .post("/processes", create_process)
        .post("/processes/import", import_processes)
        .get("/processes/{id}", |req: &Request| ok(&store::process(req.param("id")?)?))
        .patch("/processes/{id}", update_process)
        .delete("/processes/{id}", delete_process)
        .put("/processes/{id}/assessment", assess_process)
        .get("/processes/{id}/history", |req: &Request| ok(&json!({ "items": store::history_of(req.param("id")?)? })))
        .get("/processes/{id}/tickets", process_tickets)
        .get("/processes/{id}/documents", |req: &Request| {
            ok(&json!({ "items": store::documents_of(req.param("id")?)? }))
        })
        .post("/processes/{id}/documents", upload_document)
        .get("/documents/{id}", |req: &Request| ok(&store::download(req.param("id")?)?))
        .delete("/documents/{id}", delete_document)
        .post("/ideas", submit_idea)
        .get("/people", |_: &Request| ok(&host::directory(&DirectoryQuery::default())?))
        .get("/formulas", |_: &Request| ok(&scores::FORMULAS))
        .get("/summary", |_: &Request| ok(&summary::fold(&store::processes().aggregate(&summary::aggregate())?)))
        .post("/sample", sample::load)
        .delete("/sample", sample::remove)
        .on_event("board.stage_changed", stage_changed)
}

autoscope_sdk::module!(router);

/// The signed-in caller's user id.
fn caller(req: &Request) -> Option<&str> {
    req.user().map(|user| user.user_id.as_str())
}

/// `GET /processes?q=&stage=&health=&department=&owner_id=&sort=-updated_at&limit=50&cursor=`:
/// a page with its total, passed through as the host encoded it.
fn list_processes(req: &Request) -> Result<Reply> {
    let query = validate::list_query(|name| req.query(name))?;
    Ok(reply::raw(200, store::processes().list_json(&query)?))
}

fn create_process(req: &Request) -> Result<Reply> {
    let fields = validate::process_fields(&req.body()?, Mode::Create)?;
    created(&store::create(fields, caller(req))?)
}

/// `POST /ideas` `{name, description, department}`: anyone may submit one.
fn submit_idea(req: &Request) -> Result<Reply> {
    let body: Record = req.body()?;
    let idea = ["name", "description", "department"]
        .into_iter()
        .filter_map(|field| body.get(field).map(|value| (field.to_string(), value.clone())))
        .collect();
    let mut fields = validate::process_fields(&idea, Mode::Create)?;
    fields.insert("stage".into(), vocab::IDEA.into());
    fields.insert("submitted_by".into(), caller(req).into());
    created(&store::create(fields, caller(req))?)
}

/// `PATCH /processes/{id}` `{version, ...fields}`
fn update_process(req: &Request) -> Result<Reply> {
    let body: Versioned = req.body()?;
    let changes = validate::process_fields(&body.fields, Mode::Patch)?;
    ok(&store::update(req.param("id")?, body.version, changes, Edit::Fields, caller(req))?)
}

/// `PUT /processes/{id}/assessment` `{version, <five answers>, ...details}`
fn assess_process(req: &Request) -> Result<Reply> {
    let body: Versioned = req.body()?;
    let changes = validate::assessment(&body.fields)?;
    ok(&store::update(req.param("id")?, body.version, changes, Edit::Assessment, caller(req))?)
}

/// `DELETE /processes/{id}?version=n`
fn delete_process(req: &Request) -> Result<Reply> {
    store::delete(req.param("id")?, req.query_as("version")?)?;
    ok(&json!({ "message": "Process deleted" }))
}

/// The body of `POST /processes/import`: the CSV's rows, by column.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct Import {
    #[cfg_attr(test, ts(type = "Array<Record<string, unknown>>"))]
    rows: Vec<Record>,
}

/// `POST /processes/import`: how many processes were created, and the rows refused.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct ImportReply {
    created: usize,
    errors: Vec<import::RowError>,
}

/// `POST /processes/import` `{rows}`: valid rows are stored at once, the others reported.
fn import_processes(req: &Request) -> Result<Reply> {
    let body: Import = req.body()?;
    let users = host::directory(&DirectoryQuery::default())?;
    let parsed = import::parse(&body.rows, &users)?;
    let created = store::create_many(parsed.processes, caller(req), "Imported from CSV")?;
    ok(&ImportReply { created, errors: parsed.errors })
}

/// `GET /processes/{id}/tickets`: the support tickets linked to the process, when Ticket
/// Management is installed (the host answers 404 when it is not).
fn process_tickets(req: &Request) -> Result<Reply> {
    let id = req.param("id")?;
    store::process(id)?;
    // What the Support tab shows: descriptions (up to 10,000 characters) stay behind.
    let shown =
        ["number", "title", "status", "priority", "assignee_id", "resolution_due", "resolution_breached", "approval"];
    let query = Query::default().eq("process_id", id).sort_desc("created_at").limit(200).fields(shown);
    match collection("support.tickets").list(&query) {
        Ok(page) => ok(&json!({ "available": true, "items": page.items })),
        Err(err) if err.status == 404 => ok(&json!({ "available": false, "items": [] })),
        Err(err) => Err(err),
    }
}

/// `POST /processes/{id}/documents` `{name, mime, data}`
fn upload_document(req: &Request) -> Result<Reply> {
    let upload: Upload = req.body()?;
    let document = upload.check(&validate::DOCUMENTS)?;
    created(&store::add_document(req.param("id")?, &document, upload.data, caller(req))?)
}

fn delete_document(req: &Request) -> Result<Reply> {
    store::remove_document(req.param("id")?, caller(req))?;
    ok(&json!({ "message": "Document deleted" }))
}

/// `board.stage_changed` `{process_id, from, to, user_id}`: a history entry, once per event.
fn stage_changed(_: &Context, event: &EventDelivery) -> Result<()> {
    let change: store::StageChanged = serde_json::from_value(event.payload.clone())?;
    store::record_stage_event(&event.id, &change)
}
