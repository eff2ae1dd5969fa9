//! The functions a plugin may call, in the import module `autoscope:host/v1`. Each takes
//! JSON and answers a `HostReply` as JSON. Each checks that the installation granted its
//! capability, and acts within the calling company only: the company comes from the
//! call context, never from the plugin's input.
//!
//! Extism host functions are synchronous; they run on the call's blocking thread and
//! re-enter async code with the runtime handle, bounded by the call's deadline.

use std::sync::Arc;
use std::time::Instant;

use autoscope_wire::host::{
    Directory, DirectoryEntry, DirectoryQuery, Done, JobsOp, Log, LogLevel, MAX_LOG_CHARS, MAX_REALTIME_USERS, Mail,
    Notify, Publish, Realtime, WebhookOp,
};
use autoscope_wire::members::MembersOp;
use autoscope_wire::sources::SourcesOp;
use autoscope_wire::storage::StorageOp;
use autoscope_wire::{HostError, HostFunction, HostReply};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::mail::templates;
use crate::modules::manifest::{self, Capability};
use crate::modules::runtime::{CallContext, DEADLINE_PASSED};
use crate::modules::{collections, jobs as module_jobs, webhooks};
use crate::storage::{notifications, users};
use crate::teams;

mod ingest;

/// Adds every host function to the plugin being built.
pub fn register(builder: extism::PluginBuilder<'_>) -> extism::PluginBuilder<'_> {
    HostFunction::ALL.into_iter().fold(builder, |builder, function| {
        builder.with_function_in_namespace(
            autoscope_wire::HOST_NAMESPACE,
            function.name(),
            [extism::PTR],
            [extism::PTR],
            extism::UserData::new(function),
            host_call,
        )
    })
}

fn host_call(
    plugin: &mut extism::CurrentPlugin,
    inputs: &[extism::Val],
    outputs: &mut [extism::Val],
    function: extism::UserData<HostFunction>,
) -> Result<(), extism::Error> {
    let function = *function.get()?.lock().map_err(|_| anyhow::anyhow!("host function state poisoned"))?;
    let context = plugin.host_context::<Arc<CallContext>>()?.clone();
    let input: Vec<u8> = plugin.memory_get_val(&inputs[0])?;
    let remaining = context.deadline.checked_duration_since(Instant::now()).ok_or_else(deadline_passed)?;
    // Driven from this thread, not spawned onto the runtime's workers: a task spawned from
    // here queues behind every task woken before it, and while a message fans out to a
    // thousand streams each host call waited for the whole wave (a Chat post under a
    // fan-out took 48 ms at p50 for 3 ms alone; `make bench`'s `chat/node deliveries` went
    // from 0.71 to 1.10 on this change, plugin/native unchanged at 1.25-1.35).
    let reply = context
        .runtime
        .block_on(tokio::time::timeout(remaining, dispatch(&context, function, &input)))
        .map_err(|_| deadline_passed())?;
    plugin.memory_set_val(&mut outputs[0], reply)?;
    Ok(())
}

fn deadline_passed() -> extism::Error {
    anyhow::anyhow!(DEADLINE_PASSED)
}

async fn dispatch(context: &CallContext, function: HostFunction, input: &[u8]) -> Vec<u8> {
    match function {
        HostFunction::Storage => answer(input, |op| storage(context, op)).await,
        HostFunction::Notify => answer(input, |request| notify(context, request)).await,
        HostFunction::Mail => answer(input, |request| mail(context, request)).await,
        HostFunction::Publish => answer(input, |request| publish(context, request)).await,
        HostFunction::Realtime => answer(input, |request| realtime(context, request)).await,
        HostFunction::Directory => answer(input, |request| directory(context, request)).await,
        HostFunction::Members => answer(input, |op| members(context, op)).await,
        HostFunction::Sources => answer(input, |op| sources(context, op)).await,
        HostFunction::Ingest => answer(input, |request| ingest::ingest(context, request)).await,
        HostFunction::IngestBackground => ingest::background(context, input).await,
        HostFunction::Jobs => answer(input, |op| jobs(context, op)).await,
        HostFunction::Webhook => answer(input, |op| webhook(context, op)).await,
        HostFunction::Log => answer(input, |line| log(context, line)).await,
    }
}

/// Decodes the request, runs `handler`, and encodes its answer as a `HostReply`.
async fn answer<T: DeserializeOwned, R: Serialize, F: Future<Output = Result<R, HostError>>>(
    input: &[u8],
    handler: impl FnOnce(T) -> F,
) -> Vec<u8> {
    let reply = match serde_json::from_slice(input) {
        Ok(request) => match handler(request).await {
            Ok(value) => HostReply::Ok(value),
            Err(error) => HostReply::Error(error),
        },
        Err(err) => HostReply::Error(HostError::new(400, format!("bad request: {err}"))),
    };
    encode(&reply)
}

fn encode<R: Serialize>(reply: &HostReply<R>) -> Vec<u8> {
    serde_json::to_vec(reply)
        .unwrap_or_else(|_| br#"{"error":{"status":500,"message":"Something went wrong"}}"#.to_vec())
}

fn internal(err: anyhow::Error) -> HostError {
    tracing::error!(error = format!("{err:#}"), "host function failed");
    HostError::new(500, crate::error::INTERNAL_MESSAGE)
}

/// A host error with the status and message the HTTP API would answer.
fn refused(err: crate::error::Error) -> HostError {
    match err {
        crate::error::Error::Internal(cause) => internal(cause),
        other => HostError::new(other.status().as_u16(), other.public_message()),
    }
}

/// Checks the grant; the message says whether the manifest never declared the
/// capability or the installation withheld it.
fn require(context: &CallContext, capability: Capability) -> Result<(), HostError> {
    if context.module.granted(&capability) {
        return Ok(());
    }
    let why = if context.module.manifest.declared_capabilities().contains(&capability) {
        "the installation did not grant it"
    } else {
        "module.toml does not declare it"
    };
    let message = format!("The module may not use '{capability}': {why}");
    if context.module.log_refusal(&context.company_id, &capability, Instant::now()) {
        log_refusal(context, &message);
    }
    Err(HostError::new(403, message))
}

/// Writes a refused host call to the company's system log, with the module and request.
fn log_refusal(context: &CallContext, refusal: &str) {
    let state = context.state.clone();
    let message = format!("The module '{}' was refused a host call. {refusal}", context.module.manifest.key);
    let (company_id, user_id, request_id) =
        (context.company_id.clone(), context.user_id.clone(), context.request_id.clone());
    let client_addr = context.client_addr;
    context.runtime.spawn(async move {
        let event = crate::logs::Event::warn("module.call_refused", message)
            .company(&company_id)
            .user(user_id.as_deref())
            .request(request_id.as_deref())
            .from(client_addr);
        crate::logs::record(&state, event).await;
    });
}

/// A line of the module for the system log, as `module.log.<key>` in the call's company,
/// within the module's rate per company; no grant needed, since it reaches administrators
/// only. Answers 0 when the rate dropped it.
async fn log(context: &CallContext, line: Log) -> Result<Done, HostError> {
    if !context.module.may_log(&context.company_id, Instant::now()) {
        return Ok(Done { count: 0 });
    }
    let level = match line.level {
        LogLevel::Info => "info",
        LogLevel::Warn => "warn",
        LogLevel::Error => "error",
    };
    let message: String = line.message.chars().take(MAX_LOG_CHARS).collect();
    let event_name = format!("module.log.{}", context.module.manifest.key);
    let event = crate::logs::Event::new(level, &event_name, message)
        .company(&context.company_id)
        .user(context.user_id.as_deref())
        .request(context.request_id.as_deref())
        .from(context.client_addr);
    crate::logs::record(&context.state, event).await;
    Ok(Done { count: 1 })
}

async fn storage(context: &CallContext, op: StorageOp) -> Result<Value, HostError> {
    let access = match &op {
        StorageOp::Update { .. } => Access::Update,
        StorageOp::Count { .. } | StorageOp::Aggregate { .. } => Access::Aggregate,
        _ if op.is_read() => Access::Read,
        _ => Access::Write,
    };
    let target = resolve_collection(context, op.collection(), access)?;
    let now = context.state.clock.now();
    collections::execute(&context.state.db, &target, &context.company_id, now, op).await
}

/// What an operation does to a collection.
enum Access {
    /// Records (get, list).
    Read,
    /// Figures only (count, aggregate).
    Aggregate,
    Update,
    Write,
    /// The people a realtime message goes to: nothing of the records reaches the caller.
    Recipients,
}

/// The table `name` names: one of the module's own collections, or another module's
/// collection the installation granted for reads (`read:`), figures (`aggregate:`) or
/// updates (`update:`). Records of another module (and its figures through `read:`) reach
/// a person only when their rights open that module, so a module cannot show a person
/// what the owner's own pages would not; calls acting for nobody (events, schedules,
/// jobs, public routes) are not limited by rights.
fn resolve_collection(context: &CallContext, name: &str, access: Access) -> Result<collections::Target, HostError> {
    let Some((module_key, collection)) = name.split_once('.') else {
        require(context, Capability::Storage)?;
        let manifest = &context.module.manifest;
        let spec = manifest.collections.get(name).ok_or_else(|| unknown_collection(name))?;
        return Ok(collections::Target { module: manifest.key.clone(), collection: name.into(), spec: spec.clone() });
    };
    let follows_rights = match access {
        Access::Update => require(context, Capability::Update(name.into())).map(|()| true)?,
        Access::Read => require(context, Capability::Read(name.into())).map(|()| true)?,
        Access::Recipients => require(context, Capability::Read(name.into())).map(|()| false)?,
        Access::Aggregate if context.module.granted(&Capability::Aggregate(name.into())) => false,
        Access::Aggregate => require(context, Capability::Read(name.into())).map(|()| true)?,
        Access::Write => {
            return Err(HostError::new(
                403,
                format!("Only reads and updates reach another module's collection ('{name}')"),
            ));
        }
    };
    let other = context
        .state
        .modules
        .get(module_key)
        .ok_or_else(|| HostError::new(404, format!("The module '{module_key}' is not installed")))?;
    if follows_rights && !context.rights_open(&other.manifest().rights_key) {
        return Err(HostError::rights_refusal(&other.manifest().name));
    }
    let spec = other.manifest().collections.get(collection).ok_or_else(|| unknown_collection(name))?;
    Ok(collections::Target { module: module_key.into(), collection: collection.into(), spec: spec.clone() })
}

fn unknown_collection(name: &str) -> HostError {
    HostError::new(404, format!("Unknown collection '{name}'"))
}

/// The enabled users of the calling company among `user_ids`; any other id is an error,
/// so a plugin cannot reach other companies' people (nor disabled accounts).
async fn company_users(context: &CallContext, user_ids: &[String]) -> Result<Vec<DirectoryEntry>, HostError> {
    let enabled = company_directory(context, user_ids).await?;
    user_ids
        .iter()
        .map(|user_id| {
            enabled
                .iter()
                .find(|user| user.user_id == *user_id)
                .cloned()
                .ok_or_else(|| HostError::new(404, format!("No user '{user_id}' in this company")))
        })
        .collect()
}

/// The enabled users of the calling company: all of them, or those of `user_ids` when it
/// names any.
async fn company_directory(context: &CallContext, user_ids: &[String]) -> Result<Vec<DirectoryEntry>, HostError> {
    let db = &context.state.db;
    let found = if user_ids.is_empty() {
        users::list_in_company(db, &context.company_id).await
    } else {
        users::list_among(db, &context.company_id, user_ids).await
    };
    Ok(found
        .map_err(|err| internal(err.into()))?
        .into_iter()
        .map(|user| DirectoryEntry {
            user_id: user.id,
            email: user.email,
            firstname: user.firstname,
            lastname: user.lastname,
            job_title: user.job_title,
            time_zone: user.time_zone,
            company_admin: user.company_admin,
        })
        .collect())
}

async fn notify(context: &CallContext, request: Notify) -> Result<Done, HostError> {
    require(context, Capability::Notify)?;
    if request.message.trim().is_empty() {
        return Err(HostError::new(400, "A notification needs a message"));
    }
    if let Some(link) = &request.link {
        crate::notifications::check_link(link).map_err(|message| HostError::new(400, message))?;
    }
    let link = request.link.as_deref();
    let recipients = company_users(context, &request.user_ids).await?;
    let now = context.state.clock.now();
    for user in &recipients {
        notifications::insert(&context.state.db, &context.company_id, &user.user_id, &request.message, link, now)
            .await
            .map_err(|err| internal(err.into()))?;
        context.state.realtime.notify_user(&context.company_id, &user.user_id, &request.message, link, now);
    }
    Ok(Done { count: recipients.len() as u64 })
}

async fn mail(context: &CallContext, request: Mail) -> Result<Done, HostError> {
    require(context, Capability::Mail)?;
    let template = context
        .module
        .manifest
        .mail_templates
        .get(&request.template)
        .ok_or_else(|| HostError::new(404, format!("Unknown mail template '{}'", request.template)))?;
    let template =
        templates::Template { subject: &template.subject, text: &template.text, html: template.html.as_deref() };
    let recipients = company_users(context, &request.user_ids).await?;
    let now = context.state.clock.now();
    for user in &recipients {
        let mail = templates::from_template(&template, &user.email, &request.values);
        context.state.mailer.send(&context.state.db, now, &mail).await.map_err(internal)?;
    }
    Ok(Done { count: recipients.len() as u64 })
}

async fn publish(context: &CallContext, request: Publish) -> Result<Done, HostError> {
    require(context, Capability::Publish)?;
    if !context.module.manifest.capabilities.publish.contains(&request.name) {
        return Err(HostError::new(403, format!("module.toml does not declare publishing '{}'", request.name)));
    }
    let count =
        crate::modules::events::publish(&context.state, &context.module.manifest.key, &context.company_id, &request)
            .await
            .map_err(internal)?;
    Ok(Done { count })
}

async fn realtime(context: &CallContext, request: Realtime) -> Result<Done, HostError> {
    require(context, Capability::Realtime)?;
    if !manifest::is_name(&request.channel, 40) {
        return Err(HostError::new(400, "A channel name is lower-case letters, digits and underscores"));
    }
    let Realtime { channel, payload, mut users, users_in } = request;
    if let Some(users_in) = users_in {
        let target = resolve_collection(context, &users_in.collection, Access::Recipients)?;
        // One more than fits, so that too many is refused below.
        let limit = MAX_REALTIME_USERS.saturating_sub(users.len()) + 1;
        let db = &context.state.db;
        users.extend(
            collections::distinct_text(db, &target, &context.company_id, &users_in.filters, &users_in.field, limit)
                .await?,
        );
        if users.is_empty() {
            // An empty list is everyone; the collection naming no one is nobody.
            return Ok(Done { count: 0 });
        }
    }
    if users.len() > MAX_REALTIME_USERS {
        return Err(HostError::new(400, "A realtime message may name at most 10,000 users"));
    }
    let channel = format!("{}.{}", context.module.manifest.key, channel);
    let manifest = &context.module.manifest;
    let count = context
        .state
        .realtime
        .publish(&context.company_id, &channel, &manifest.rights_key, &payload, &users)
        .map_err(|_| HostError::new(413, crate::realtime::PAYLOAD_TOO_LARGE))?;
    Ok(Done { count })
}

async fn directory(context: &CallContext, request: DirectoryQuery) -> Result<Directory, HostError> {
    require(context, Capability::Directory)?;
    company_directory(context, &request.user_ids).await
}

/// The company's members, invitations and roles, as the calling person may see and
/// change them: the host reads their own membership and rights for every call.
async fn members(context: &CallContext, op: MembersOp) -> Result<Value, HostError> {
    require(context, Capability::Members)?;
    let user_id =
        context.user_id.as_deref().ok_or_else(|| HostError::new(403, "Only a signed-in person may do this"))?;
    let state = &context.state;
    let manifest = &context.module.manifest;
    let actor = teams::actor(
        state,
        &context.company_id,
        user_id,
        &manifest.rights_key,
        context.request_id.clone(),
        context.client_addr,
    )
    .await
    .map_err(refused)?;
    teams::run(state, &actor, op, rights_keys(state)).await.map_err(refused)
}

/// The module's long jobs in the calling company: start (a job the manifest names), get,
/// list and cancel.
async fn jobs(context: &CallContext, op: JobsOp) -> Result<Value, HostError> {
    require(context, Capability::Jobs)?;
    let manifest = &context.module.manifest;
    let scope = (manifest.key.as_str(), context.company_id.as_str());
    let state = &context.state;
    let answer = match op {
        JobsOp::Start { name, input, key } => {
            if !manifest.capabilities.jobs.contains(&name) {
                return Err(HostError::new(403, format!("module.toml does not declare the job '{name}'")));
            }
            module_jobs::start(state, scope, context.user_id.as_deref(), &name, input, key).await.map(json)
        }
        JobsOp::Get { id } => module_jobs::get(&state.db, scope, &id).await.map(json),
        JobsOp::List { name, limit } => module_jobs::list(&state.db, scope, name.as_deref(), limit).await.map(json),
        JobsOp::Cancel { id } => module_jobs::cancel(state, scope, &id).await.map(json),
    };
    answer.map_err(refused)
}

/// The module's outbound webhooks in the calling company: send (stored, then sent by a
/// worker) and get.
async fn webhook(context: &CallContext, op: WebhookOp) -> Result<Value, HostError> {
    require(context, Capability::Webhooks)?;
    let scope = (context.module.manifest.key.as_str(), context.company_id.as_str());
    let state = &context.state;
    let answer = match op {
        WebhookOp::Send(webhook) => webhooks::send(state, scope, webhook).await.map(json),
        WebhookOp::Get { id } => webhooks::get(&state.db, scope, &id).await.map(json),
    };
    answer.map_err(refused)
}

fn json<T: Serialize>(value: T) -> Value {
    serde_json::to_value(value).unwrap_or_default()
}

/// Read-only queries on the module's connections to outside databases, within the call's
/// remaining time.
async fn sources(context: &CallContext, op: SourcesOp) -> Result<Box<RawValue>, HostError> {
    require(context, Capability::Sources)?;
    let budget = context.deadline.saturating_duration_since(Instant::now());
    let module = &context.module.manifest.key;
    crate::modules::sources::run(&context.state, &context.company_id, module, op, budget).await.map_err(refused)
}

/// The rights keys a role's matrix shows: those of the installed modules, named after
/// them (a module's own key after it alone), and Create New Company's.
fn rights_keys(state: &crate::http::AppState) -> Vec<teams::LabelledKey> {
    let installed = state.modules.all();
    let own: Vec<teams::LabelledKey> = installed
        .iter()
        .map(|module| module.manifest())
        .filter(|manifest| !crate::rights::is_portal_key(&manifest.rights_key))
        .map(|manifest| teams::LabelledKey {
            key: manifest.rights_key.clone(),
            label: manifest.name.clone(),
            premium: false,
        })
        .collect();
    crate::rights::MODULE_KEYS
        .iter()
        .filter_map(|&(key, premium)| {
            let mut names: Vec<&str> = installed
                .iter()
                .filter(|module| module.manifest().rights_key == key)
                .map(|module| module.manifest().name.as_str())
                .collect();
            if key == crate::rights::menu::MENU.company.key {
                names.push(crate::rights::menu::MENU.company.label);
            }
            // Two modules of one name (a product module and a stand-in) read as one.
            names.sort_unstable();
            names.dedup();
            (!names.is_empty()).then(|| teams::LabelledKey { key: key.into(), label: names.join(", "), premium })
        })
        .chain(own)
        .collect()
}
