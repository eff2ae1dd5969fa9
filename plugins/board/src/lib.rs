//! `board`: Process Board. The Process Vault's processes (`vault.processes`) as cards in
//! stage columns; moving a card changes the process's stage (with its version check),
//! records the move, tells the owner and publishes `board.stage_changed`. The board keeps
//! its own card data (assignee, due date), comments, moves and WIP limits.

mod board;
mod transitions;
#[cfg(test)]
mod typescript;
mod validation;

use std::collections::HashMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, DirectoryQuery, Notify};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use board::{Card, CardView, ColumnView, Filters, Process};
use validation::CardPatch;

fn router() -> Router {
    Router::new()
        .get("/board", get_board)
        .post("/cards/{process_id}/move", move_card)
        .get("/cards/{process_id}", get_card)
        .patch("/cards/{process_id}", update_card)
        .post("/cards/{process_id}/comments", add_comment)
        .get("/settings", get_settings)
        .put("/settings", save_settings)
        .get("/people", |_: &Request| ok(&people()?))
        .on_event("vault.process_deleted", process_deleted)
}

/// `vault.process_deleted` `{process_id}`: the board's data about it goes too. Deleting
/// what is already gone is no error, so a repeated delivery is harmless.
fn process_deleted(_: &Context, event: &EventDelivery) -> Result<()> {
    let process_id = event
        .payload
        .get("process_id")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| Error::bad_request("process_id is required"))?;
    for collection in [cards(), comments(), moves()] {
        collection.delete_matching(vec![storage::filter("process_id", FilterOp::Eq, process_id)])?;
    }
    Ok(())
}

autoscope_sdk::module!(router);

const PROCESSES: &str = "vault.processes";
const STAGE_CHANGED: &str = "board.stage_changed";
/// The most processes on the board, which bounds a call's time and memory.
const MAX_PROCESSES: usize = 5_000;
/// The most ids in one `in` filter (the host's most).
const IN_CHUNK: usize = 1_000;
/// The most comments and moves a card's details show, newest first.
const DETAIL_LIMIT: u32 = 200;
const NOT_FOUND: &str = "Process not found";

fn cards() -> Collection {
    collection("cards")
}

fn comments() -> Collection {
    collection("comments")
}

fn moves() -> Collection {
    collection("moves")
}

fn settings() -> Collection {
    collection("settings")
}

/// `GET /board?q=&department=&owner_id=&assignee_id=&health=`: the columns and the cards
/// that pass the filters. Without the vault installed, `available` is false.
fn get_board(req: &Request) -> Result<Reply> {
    let filters = Filters::from_request(req);
    let wip = wip_limits()?;
    let processes = match collection(PROCESSES).list_all(&filters.processes(), MAX_PROCESSES) {
        Err(err) if err.status == 404 => {
            let columns = board::columns(&HashMap::new(), &wip);
            return ok(&BoardReply { available: false, columns, cards: Vec::new() });
        }
        groups => groups?.into_iter().map(storage::from_record).collect::<Result<Vec<Process>>>()?,
    };
    let ids: Vec<&str> = processes.iter().map(|process| process.id.as_str()).collect();
    let card_data = board::cards_by_process(cards_of(&ids)?);
    let comment_counts = comment_counts(&ids)?;
    let cards = board::cards(processes, &card_data, &comment_counts, filters.assignee_id.as_deref());
    let columns = board::columns(&stage_counts()?, &wip);
    ok(&BoardReply { available: true, columns, cards })
}

/// `GET /board`: the columns, and the cards that pass the filters.
// Encoded straight from this type: going through a `json!` value costs several times the
// fuel for thousands of cards.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct BoardReply {
    /// False when the vault is not installed.
    available: bool,
    columns: Vec<ColumnView>,
    cards: Vec<CardView>,
}

/// The body of `POST /cards/{process_id}/move`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct Move {
    #[cfg_attr(test, ts(type = "ColumnKey"))]
    to: String,
    /// The card's `version` (its process record's).
    version: i64,
    /// Which of the column's stages the card takes (`retired` or `rejected` in the closed
    /// column); by default the column's rule decides. An undo names the stage it puts back.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    stage: Option<String>,
}

/// `POST /cards/{process_id}/move` with `{ to, version, stage? }`. The checks see the stored
/// process; the update carries the caller's version, so a stale one answers the host's 409.
fn move_card(req: &Request) -> Result<Reply> {
    let process_id = req.param("process_id")?;
    let user_id = caller(req)?;
    let body: Move = req.body()?;
    let to = transitions::column(&body.to).ok_or_else(|| Error::bad_request(transitions::UNKNOWN_COLUMN))?;
    let process = find_process(process_id)?;
    let from = process.stage.as_deref();
    let stage = transitions::target_stage(from.unwrap_or_default(), to, body.stage.as_deref())?;
    if let Some(limit) = validation::limit_of(&wip_limits()?, to.key) {
        let count = collection(PROCESSES).count(vec![storage::filter("stage", FilterOp::In, to.stages)])?;
        transitions::check_wip(to, count, limit)?;
    }
    let mut changes = Record::new();
    changes.insert("stage".into(), stage.into());
    let updated = collection(PROCESSES).update(process_id, body.version, changes).map_err(gone_as_not_found)?;
    let moved: Process = storage::from_record(updated)?;

    // The stage has changed: what follows records and announces it.
    moves()
        .insert_as(&json!({ "process_id": process_id, "from_stage": from, "to_stage": stage, "user_id": user_id }))?;
    notify_owner(&process, user_id, from.unwrap_or_default(), stage)?;
    host::publish(STAGE_CHANGED, &json!({ "process_id": process_id, "from": from, "to": stage, "user_id": user_id }))?;
    host::realtime("board", &json!({ "process_id": process_id, "stage": stage }))?;
    ok(&json!({ "card": card_view(moved)? }))
}

/// Tells the owner (when there is one, other than the mover, still a user of the company).
fn notify_owner(process: &Process, mover: &str, from: &str, to: &str) -> Result<()> {
    let Some(owner) = process.owner_id.as_deref().filter(|owner| *owner != mover) else { return Ok(()) };
    let people = people()?;
    if !people.iter().any(|person| person.user_id == owner) {
        return Ok(());
    }
    let by = people.iter().find(|person| person.user_id == mover).map_or_else(|| mover.to_string(), display_name);
    let message = format!(
        "Process '{}' moved from {} to {} by {by}",
        process.name,
        transitions::stage_label(from),
        transitions::stage_label(to)
    );
    let link = Some(format!("/Process?process={}", process.id));
    host::notify(&Notify { user_ids: vec![owner.to_string()], message, link })?;
    Ok(())
}

/// "First Last", or the e-mail when the user has no name.
fn display_name(person: &DirectoryEntry) -> String {
    let name = format!("{} {}", person.firstname.trim(), person.lastname.trim());
    match name.trim() {
        "" => person.email.clone(),
        name => name.to_string(),
    }
}

/// `GET /cards/{process_id}`: the card, its process, comments and moves (newest first).
fn get_card(req: &Request) -> Result<Reply> {
    let process_id = req.param("process_id")?;
    let record = collection(PROCESSES).get(process_id)?.ok_or_else(|| Error::not_found(NOT_FOUND))?;
    let card = card_view(storage::from_record(record.clone())?)?;
    let newest = Query::default().eq("process_id", process_id).sort_desc("created_at").limit(DETAIL_LIMIT);
    let comments = comments().list(&newest)?.items;
    let moves = moves().list(&newest)?.items;
    ok(&json!({ "card": card, "process": record, "comments": comments, "moves": moves }))
}

/// `PATCH /cards/{process_id}` with `{ assignee_id?, due? }`.
fn update_card(req: &Request) -> Result<Reply> {
    let process_id = req.param("process_id")?;
    let patch = CardPatch::parse(req.body_value())?;
    let process = find_process(process_id)?;
    if let Some(assignee) = patch.new_assignee()
        && !people()?.iter().any(|person| person.user_id == assignee)
    {
        return Err(Error::bad_request(validation::BAD_ASSIGNEE));
    }
    let mut changes = patch.changes();
    match card_of(process_id)? {
        Some(_) if changes.is_empty() => {}
        Some(card) => {
            cards().update(&card.id, card.version, changes)?;
        }
        None => {
            changes.insert("process_id".into(), process_id.into());
            cards().insert(changes)?;
        }
    }
    ok(&card_view(process)?)
}

/// The body of `POST /cards/{process_id}/comments`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct NewComment {
    #[serde(default)]
    text: String,
}

/// `POST /cards/{process_id}/comments` with `{ text }`.
fn add_comment(req: &Request) -> Result<Reply> {
    let process_id = req.param("process_id")?;
    let body: NewComment = req.body()?;
    let text = validation::comment_text(&body.text)?;
    find_process(process_id)?;
    let comment = comments().insert_as(&json!({ "process_id": process_id, "user_id": caller(req)?, "text": text }))?;
    created(&comment)
}

/// `GET /settings`: `{ wip: { <column>: n } }`.
fn get_settings(_: &Request) -> Result<Reply> {
    ok(&json!({ "wip": wip_limits()? }))
}

/// The body of `PUT /settings`: a limit per column (1–99), `null` removes one.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct Settings {
    #[cfg_attr(test, ts(type = "Partial<Record<ColumnKey, number | null>>"))]
    wip: Map<String, Value>,
}

/// `PUT /settings` with `{ wip: { <column>: n | null } }`: sets the limits named, `null`
/// removes one, others stay.
fn save_settings(req: &Request) -> Result<Reply> {
    let body: Settings = req.body()?;
    let stored = settings_record()?;
    let current = validation::stored_wip(stored.as_ref().and_then(|record| record.get("wip")));
    let wip = validation::apply_wip(current, &body.wip)?;
    let mut changes = Record::new();
    changes.insert("wip".into(), Value::Object(wip.clone()));
    match stored.as_ref().and_then(|record| Some((record.get("id")?.as_str()?, record.get("version")?.as_i64()?))) {
        Some((id, version)) => settings().update(id, version, changes)?,
        None => settings().insert(changes)?,
    };
    ok(&json!({ "wip": wip }))
}

/// The caller's user id (every route needs a session, so there always is one).
fn caller(req: &Request) -> Result<&str> {
    Ok(&req.caller()?.user_id)
}

/// The company's users.
fn people() -> Result<Vec<DirectoryEntry>> {
    host::directory(&DirectoryQuery::default())
}

/// The process with `id` in the caller's company; 404 otherwise.
fn find_process(id: &str) -> Result<Process> {
    let record = collection(PROCESSES).get(id)?.ok_or_else(|| Error::not_found(NOT_FOUND))?;
    storage::from_record(record)
}

/// The host's 404 for a process deleted meanwhile, in the board's words.
fn gone_as_not_found(err: Error) -> Error {
    if err.status == 404 { Error::not_found(NOT_FOUND) } else { err }
}

/// The card of a process as the board shows it.
fn card_view(process: Process) -> Result<CardView> {
    let card = card_of(&process.id)?;
    let comments = comments().count(vec![storage::filter("process_id", FilterOp::Eq, process.id.as_str())])?;
    Ok(CardView::new(process, card.as_ref(), comments))
}

/// The board's card data of a process (the oldest, should two first edits have raced).
fn card_of(process_id: &str) -> Result<Option<Card>> {
    let query = Query::default().eq("process_id", process_id).sort("created_at").limit(1);
    cards().list(&query)?.items.into_iter().next().map(storage::from_record).transpose()
}

/// The card data of the processes `ids`, oldest first.
fn cards_of(ids: &[&str]) -> Result<Vec<Card>> {
    let mut found = Vec::new();
    for chunk in ids.chunks(IN_CHUNK) {
        let query = Query::default().filter("process_id", FilterOp::In, chunk).sort("created_at");
        found.extend(cards().list_all_as::<Card>(&query, usize::MAX)?);
    }
    Ok(found)
}

/// How many comments each of the processes `ids` has, counted by the database.
fn comment_counts(ids: &[&str]) -> Result<HashMap<String, u64>> {
    let mut counts = HashMap::new();
    for chunk in ids.chunks(IN_CHUNK) {
        let per_process =
            Aggregate::default().filter("process_id", FilterOp::In, chunk).group_by("process_id").count("n");
        counts.extend(
            comments()
                .aggregate(&per_process)?
                .into_iter()
                .filter_map(|group| Some((group.get("process_id")?.as_str()?.to_string(), group.get("n")?.as_u64()?))),
        );
    }
    Ok(counts)
}

/// How many processes each stage has, whatever the board's filters.
fn stage_counts() -> Result<HashMap<String, u64>> {
    let per_stage = Aggregate::default().group_by("stage").count("n");
    Ok(collection(PROCESSES)
        .aggregate(&per_stage)?
        .into_iter()
        .filter_map(|group| Some((group.get("stage")?.as_str()?.to_string(), group.get("n")?.as_u64()?)))
        .collect())
}

/// The company's settings record (the oldest, should two first saves have raced).
fn settings_record() -> Result<Option<Record>> {
    Ok(settings().list(&Query::default().sort("created_at").limit(1))?.items.into_iter().next())
}

/// The company's WIP limits per column.
fn wip_limits() -> Result<Map<String, Value>> {
    Ok(validation::stored_wip(settings_record()?.as_ref().and_then(|record| record.get("wip"))))
}
