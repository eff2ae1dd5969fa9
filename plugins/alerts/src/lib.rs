//! `alerts`: rules over Bot Profile's runs, queue items and bots ([`rules`], evaluated in
//! [`evaluate`] by the cycle of [`cycle`]) that open and close incidents ([`incidents`]),
//! delivered to the bell and by mail ([`deliver`]); failure signatures ([`signatures`],
//! named by [`normalise`]) that Ticket Management turns into tickets; and the weekly
//! [`digest`]. Handlers only parse and answer.

mod cycle;
mod deliver;
mod digest;
mod evaluate;
mod incidents;
mod normalise;
mod rules;
mod signatures;
mod store;
mod text;
#[cfg(test)]
mod typescript;

use autoscope_sdk::input::{Versioned, non_blank};
use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;
use serde::{Deserialize, Serialize};

use crate::rules::{Rule, RuleDraft};
use crate::store::Settings;

fn router() -> Router {
    Router::new()
        .get("/rules", list_rules)
        .post("/rules", create_rule)
        .put("/rules/{id}", update_rule)
        .delete("/rules/{id}", delete_rule)
        .post("/rules/{id}/evaluate", evaluate_rule)
        .get("/incidents", list_incidents)
        .get("/incidents/{id}", |req: &Request| ok(&incidents::detail(req.param("id")?)?))
        .post("/incidents/{id}/acknowledge", |req: &Request| {
            ok(&incidents::acknowledge(req.param("id")?, &req.caller()?.user_id, req.context().now)?)
        })
        .post("/incidents/{id}/assign", assign)
        .post("/incidents/{id}/comments", comment)
        .get("/signatures", |req: &Request| {
            Ok(reply::raw(200, store::signatures().list_json(&signatures::list_query(non_blank(req.query("cursor"))))?))
        })
        .get("/settings", |_: &Request| ok(&store::company_settings()?))
        .put("/settings", put_settings)
        .get("/badge", |_: &Request| ok(&serde_json::json!({ "count": incidents::open_count()? })))
        .get("/people", |_: &Request| ok(&host::directory(&DirectoryQuery::default())?))
        .get("/channels", |_: &Request| ok(&deliver::channels()?))
        .on_schedule("evaluate", |ctx: &Context, _: &ScheduleRun| cycle::run(ctx.now, &ctx.portal_url).map(drop))
        .on_schedule("signatures", |ctx: &Context, _: &ScheduleRun| signatures::scan(ctx.now))
        .on_schedule("digest", |ctx: &Context, _: &ScheduleRun| digest::run(ctx.now, &ctx.portal_url).map(drop))
}

autoscope_sdk::module!(router);

pub const RULE_NOT_FOUND: &str = "Rule not found";

/// `GET /rules`: every rule, by name.
fn list_rules(_: &Request) -> Result<Reply> {
    let rules: Vec<Rule> = store::rules().list_all_as(&Query::default().sort("name").limit(500), 5_000)?;
    ok(&rules)
}

/// The draft checked: its fields, its recipients among the members, its Chat channel.
fn checked_draft(draft: RuleDraft) -> Result<RuleDraft> {
    let draft = rules::check(draft, &host::directory(&DirectoryQuery::default())?)?;
    if let Some(channel) = &draft.chat_channel {
        deliver::check_channel(channel)?;
    }
    Ok(draft)
}

/// `POST /rules`: stored and evaluated at once.
fn create_rule(req: &Request) -> Result<Reply> {
    let draft = checked_draft(req.body::<RuleDraft>()?)?;
    let context = req.context();
    let secret = webhook(&draft, None, &context.entropy)?;
    let mut record = storage::to_record(&draft)?;
    record.insert("created_by".into(), req.caller()?.user_id.clone().into());
    record.insert("next_run_at".into(), context.now.into());
    record.insert("webhook_secret".into(), secret.into());
    let rule: Rule = storage::from_record(store::rules().insert(record)?)?;
    created(&checked(rule, context)?)
}

/// `PUT /rules/{id}` `{version, ...draft}`: saved and evaluated at once; switching a rule
/// off closes its open incident.
fn update_rule(req: &Request) -> Result<Reply> {
    let body: Versioned = req.body()?;
    let draft: RuleDraft = serde_json::from_value(serde_json::Value::Object(body.fields))
        .map_err(|err| Error::bad_request(format!("Invalid JSON body: {err}")))?;
    let draft = checked_draft(draft)?;
    let id = req.param("id")?;
    let stored: Rule = store::get(&store::rules(), id, RULE_NOT_FOUND)?;
    let context = req.context();
    let secret = webhook(&draft, Some(&stored), &context.entropy)?;
    let mut changes = storage::to_record(&draft)?;
    changes.insert("next_run_at".into(), context.now.into());
    changes.insert("webhook_secret".into(), secret.into());
    let rule: Rule = storage::from_record(store::rules().update(id, body.version, changes)?)?;
    ok(&checked(rule, context)?)
}

/// The secret of the draft's webhook (kept from `stored`), after a ping to a new address.
fn webhook(draft: &RuleDraft, stored: Option<&Rule>, entropy: &str) -> Result<Option<String>> {
    let kept = stored.and_then(|rule| rule.webhook_secret.as_deref());
    let secret = deliver::webhook_secret(draft, kept, entropy);
    if let (Some(url), Some(secret)) = (&draft.webhook_url, &secret)
        && stored.and_then(|rule| rule.draft.webhook_url.as_ref()) != Some(url)
    {
        deliver::ping(url, secret, &draft.name)?;
    }
    Ok(secret)
}

/// Evaluates an enabled rule; a disabled one closes its incident instead.
fn checked(rule: Rule, context: &Context) -> Result<cycle::Checked> {
    if rule.draft.enabled {
        return cycle::check(rule, context.now, &context.portal_url);
    }
    incidents::close_for(&rule.id, context.now, "The rule was switched off")?;
    Ok(cycle::Checked { rule, evaluation: None, error: None, incident: None })
}

/// `DELETE /rules/{id}`: its open incident closes; its incidents stay in the history.
fn delete_rule(req: &Request) -> Result<Reply> {
    let id = req.param("id")?;
    let rule: Rule = store::get(&store::rules(), id, RULE_NOT_FOUND)?;
    incidents::close_for(id, req.context().now, &format!("The rule {} was deleted", rule.draft.name))?;
    store::rules().delete(id, None)?;
    ok(&serde_json::json!({ "message": "Rule deleted" }))
}

/// `POST /rules/{id}/evaluate`: now, whatever its interval.
fn evaluate_rule(req: &Request) -> Result<Reply> {
    let rule: Rule = store::get(&store::rules(), req.param("id")?, RULE_NOT_FOUND)?;
    ok(&checked(rule, req.context())?)
}

/// `GET /incidents?status=open|closed&rule_id=&cursor=`: the newest first, with the total.
fn list_incidents(req: &Request) -> Result<Reply> {
    let mut query = Query::default().sort_desc("opened_at").limit(50).with_total();
    if let Some(status) = non_blank(req.query("status")) {
        if !matches!(status, "open" | "closed") {
            return Err(Error::bad_request("Status must be open or closed"));
        }
        query = query.eq("status", status);
    }
    if let Some(rule) = non_blank(req.query("rule_id")) {
        query = query.eq("rule_id", rule);
    }
    Ok(reply::raw(
        200,
        store::incidents().list_json(&query.cursor(non_blank(req.query("cursor")).map(str::to_string)))?,
    ))
}

#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Assignment {
    pub assignee_id: Option<String>,
}

fn assign(req: &Request) -> Result<Reply> {
    let Assignment { assignee_id } = req.body()?;
    let assignee = non_blank(assignee_id.as_deref());
    ok(&incidents::assign(req.param("id")?, assignee, &req.caller()?.user_id)?)
}

#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NewComment {
    pub text: String,
}

fn comment(req: &Request) -> Result<Reply> {
    let NewComment { text } = req.body()?;
    ok(&incidents::comment(req.param("id")?, &text, &req.caller()?.user_id)?)
}

/// `PUT /settings`: company admins only.
fn put_settings(req: &Request) -> Result<Reply> {
    req.company_admin(ADMINS_ONLY)?;
    let settings = req.body::<Settings>()?.check()?;
    store::put_company_settings(&settings)?;
    ok(&settings)
}

pub const ADMINS_ONLY: &str = "Only a company admin may change these settings";
