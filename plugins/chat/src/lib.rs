//! `chat`: Chat. Public, private and direct channels with per-channel message numbers,
//! threads, `<@user_id>` mentions, reactions, read markers (receipts in direct channels),
//! files checked by content, search, presence and an export for company admins; the Alerts
//! module's incidents posted in public channels.
//!
//! Handlers only parse and answer: the flows are in [`channels`], [`messages`],
//! [`presence`], [`export`] and [`alerts`], checks in [`validate`], storage in [`store`],
//! pushes, bells and mails in [`live`].

mod alerts;
mod channels;
mod export;
mod files;
mod live;
mod messages;
mod presence;
mod store;
#[cfg(test)]
mod typescript;
mod validate;
mod views;

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;
use serde::de::DeserializeOwned;

use crate::alerts::Change;
use crate::messages::Actor;
use crate::views::{Done, Heartbeat, Person, ReadRequest};

fn router() -> Router {
    Router::new()
        .get("/channels", |req: &Request| ok(&channels::list(user(req)?)?))
        .post("/channels", |req: &Request| created(&channels::create(&req.body()?, user(req)?)?))
        .post("/direct", open_direct)
        .get("/channels/{id}", |req: &Request| ok(&channels::get(req.param("id")?, user(req)?)?))
        .patch("/channels/{id}", |req: &Request| ok(&channels::update(req.param("id")?, &req.body()?, user(req)?)?))
        .post("/channels/{id}/join", |req: &Request| ok(&channels::join(req.param("id")?, user(req)?)?))
        .post("/channels/{id}/leave", |req: &Request| {
            channels::leave(req.param("id")?, user(req)?)?;
            ok(&Done { ok: true })
        })
        .post("/channels/{id}/members", |req: &Request| {
            ok(&channels::invite(req.param("id")?, &req.body()?, user(req)?)?)
        })
        .get("/channels/{id}/messages", list_messages)
        .post("/channels/{id}/messages", |req: &Request| {
            created(&messages::send(req.param("id")?, req.body()?, &actor(req)?)?)
        })
        .post("/channels/{id}/read", |req: &Request| {
            let body: ReadRequest = optional_body(req)?;
            ok(&channels::read(req.param("id")?, body.seq, user(req)?)?)
        })
        .post("/channels/{id}/typing", |req: &Request| {
            channels::typing(req.param("id")?, user(req)?)?;
            ok(&Done { ok: true })
        })
        .get("/channels/{id}/export", |req: &Request| {
            ok(&export::export(req.param("id")?, req.query("format"), req.caller()?, req.context().now)?)
        })
        .get("/messages/{id}/thread", |req: &Request| ok(&messages::thread(req.param("id")?, user(req)?)?))
        .patch("/messages/{id}", |req: &Request| ok(&messages::edit(req.param("id")?, &req.body()?, &actor(req)?)?))
        .delete("/messages/{id}", |req: &Request| ok(&messages::delete(req.param("id")?, &actor(req)?)?))
        .post("/messages/{id}/reactions", |req: &Request| {
            ok(&messages::react(req.param("id")?, &req.body()?, user(req)?)?)
        })
        .get("/files/{id}", |req: &Request| ok(&messages::download(req.param("id")?, user(req)?)?))
        .get("/search", |req: &Request| {
            ok(&messages::search(req.query("q").unwrap_or_default(), req.query_as("limit")?, user(req)?)?)
        })
        .get("/presence", |req: &Request| {
            req.caller()?;
            ok(&presence::list(req.context().now)?)
        })
        .post("/presence", |req: &Request| {
            let beat: Heartbeat = req.body()?;
            ok(&presence::heartbeat(user(req)?, &beat, req.context().now)?)
        })
        .get("/badge", |req: &Request| ok(&channels::badge(user(req)?)?))
        .get("/people", people)
        .on_event("alerts.incident_opened", |context: &Context, event: &EventDelivery| {
            alerts::deliver(&event.id, Change::Opened, &event.payload, context.now)
        })
        .on_event("alerts.incident_closed", |context: &Context, event: &EventDelivery| {
            alerts::deliver(&event.id, Change::Closed, &event.payload, context.now)
        })
}

autoscope_sdk::module!(router);

fn user(req: &Request) -> Result<&str> {
    Ok(&req.caller()?.user_id)
}

fn actor(req: &Request) -> Result<Actor<'_>> {
    let context = req.context();
    Ok(Actor { user_id: &req.caller()?.user_id, now: context.now, portal_url: &context.portal_url })
}

/// A body that may be left out (`POST /channels/{id}/read` without one marks everything).
fn optional_body<T: DeserializeOwned + Default>(req: &Request) -> Result<T> {
    match req.body_value() {
        Some(_) => req.body(),
        None => Ok(T::default()),
    }
}

/// `POST /direct`: 200 with the conversation of these people, 201 when it is new.
fn open_direct(req: &Request) -> Result<Reply> {
    let (channel, made) = channels::direct(&req.body()?, user(req)?)?;
    match made {
        true => created(&channel),
        false => ok(&channel),
    }
}

/// `GET /channels/{id}/messages?before_seq=&around_seq=&limit=50`.
fn list_messages(req: &Request) -> Result<Reply> {
    let limit = messages::page_size(req.query_as("limit")?);
    let page =
        messages::page(req.param("id")?, req.query_as("before_seq")?, req.query_as("around_seq")?, limit, user(req)?)?;
    ok(&page)
}

/// `GET /people`: the company directory, for names and the @ autocomplete.
fn people(req: &Request) -> Result<Reply> {
    req.caller()?;
    let people: Vec<Person> = host::directory(&DirectoryQuery::default())?
        .into_iter()
        .map(|user| Person {
            user_id: user.user_id,
            email: user.email,
            firstname: user.firstname,
            lastname: user.lastname,
            job_title: user.job_title,
        })
        .collect();
    ok(&people)
}
