//! `ingest` and `ingest_background`: records into an ingestion stream, stored as the
//! ingestion API stores them, waiting for the store or not.

use std::borrow::Cow;
use std::time::Instant;

use autoscope_wire::HostError;
use autoscope_wire::host::{Ingest, IngestBackground, IngestReport, IngestTicket, MAX_BACKGROUND_INGESTS};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;

use super::{answer, internal, refused, require};
use crate::modules::ingestion;
use crate::modules::manifest::Capability;
use crate::modules::runtime::CallContext;

/// A batch as the host reads it: the records stay JSON text until the store parses them.
type Batch = Ingest<Box<RawValue>>;

/// Stores the records and answers the report.
pub async fn ingest(context: &CallContext, request: Batch) -> Result<IngestReport, HostError> {
    let (module, stream) = target(context, &request.stream).await?;
    ingestion::store(&context.state, &context.company_id, &module, &stream, request.records).await.map_err(refused)
}

/// `ingest_background`'s `op`, read before the rest: a `start`'s records are then read as
/// text, not parsed before the plugin may go on (and not twice, as serde reads an
/// internally tagged enum: buffered, then parsed).
#[derive(Deserialize)]
struct Op<'a> {
    #[serde(borrow)]
    op: Cow<'a, str>,
}

/// Starts a store that the call waits for later, or waits for one.
pub async fn background(context: &CallContext, input: &[u8]) -> Vec<u8> {
    if serde_json::from_slice::<Op>(input).is_ok_and(|read| read.op == "start") {
        return answer(input, |request: Batch| start(context, request)).await;
    }
    answer(input, |op: IngestBackground<IgnoredAny>| async move {
        match op {
            IngestBackground::Wait { ticket } => wait(context, ticket).await,
            IngestBackground::Start(_) => Err(HostError::new(400, "bad request: a start was not read as one")),
        }
    })
    .await
}

async fn start(context: &CallContext, request: Batch) -> Result<IngestTicket, HostError> {
    let (module, stream) = target(context, &request.stream).await?;
    let (state, company_id) = (context.state.clone(), context.company_id.clone());
    let remaining = context.deadline.saturating_duration_since(Instant::now());
    let ticket = lock(context).start(MAX_BACKGROUND_INGESTS, move || {
        tokio::spawn(async move {
            let store = ingestion::store(&state, &company_id, &module, &stream, request.records);
            match tokio::time::timeout(remaining, store).await {
                Ok(report) => report.map_err(refused),
                Err(_) => Err(HostError::new(504, "The store did not end within the call's time limit")),
            }
        })
    })?;
    Ok(IngestTicket { ticket })
}

async fn wait(context: &CallContext, ticket: u32) -> Result<IngestReport, HostError> {
    let store = lock(context).take(ticket)?;
    store.await.map_err(|join| internal(join.into()))?
}

fn lock(context: &CallContext) -> std::sync::MutexGuard<'_, crate::modules::runtime::Background> {
    context.background.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The module and stream of a batch the call may store: the module's own stream (with
/// `storage`), or another module's granted with `ingest:`, which must serve the company's
/// edition.
async fn target(context: &CallContext, named: &str) -> Result<(String, String), HostError> {
    let Some((module, stream)) = named.split_once('.') else {
        require(context, Capability::Storage)?;
        return Ok((context.module.manifest.key.clone(), named.to_string()));
    };
    require(context, Capability::Ingest(named.to_string()))?;
    let state = &context.state;
    let edition = crate::storage::companies::edition_of(&state.db, &context.company_id)
        .await
        .map_err(|err| internal(err.into()))?
        .unwrap_or_default();
    if state.modules.get(module).is_some_and(|installed| !installed.serves_edition(&edition)) {
        return Err(HostError::new(403, crate::rights::UPGRADE));
    }
    Ok((module.to_string(), stream.to_string()))
}
