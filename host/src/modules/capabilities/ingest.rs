//! `ingest` and `ingest_background`: records into an ingestion stream, stored as the
//! ingestion API stores them, waiting for the store or not.

use std::time::Instant;

use autoscope_wire::HostError;
use autoscope_wire::host::{
    Ingest, IngestBackground, IngestReport, IngestTicket, MAX_BACKGROUND_INGESTS, MAX_INGEST_RECORDS,
};
use serde_json::Value;

use super::{internal, refused, require};
use crate::modules::ingestion;
use crate::modules::manifest::Capability;
use crate::modules::runtime::CallContext;

/// Stores the records and answers the report.
pub async fn ingest(context: &CallContext, request: Ingest) -> Result<IngestReport, HostError> {
    let (module, stream) = target(context, &request).await?;
    let (module, stream) = (module.to_string(), stream.to_string());
    ingestion::store(&context.state, &context.company_id, &module, &stream, request.records).await.map_err(refused)
}

/// Starts a store that the call waits for later, or waits for one.
pub async fn background(context: &CallContext, op: IngestBackground) -> Result<Value, HostError> {
    match op {
        IngestBackground::Start(request) => {
            let (module, stream) = target(context, &request).await?;
            let (state, company_id) = (context.state.clone(), context.company_id.clone());
            let (module, stream) = (module.to_string(), stream.to_string());
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
            Ok(super::json(IngestTicket { ticket }))
        }
        IngestBackground::Wait { ticket } => {
            let store = lock(context).take(ticket)?;
            let report = store.await.map_err(|join| internal(join.into()))??;
            Ok(super::json(report))
        }
    }
}

fn lock(context: &CallContext) -> std::sync::MutexGuard<'_, crate::modules::runtime::Background> {
    context.background.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The module and stream of a batch the call may store: the module's own stream (with
/// `storage`), or another module's granted with `ingest:`, which must serve the company's
/// edition.
async fn target<'a>(context: &'a CallContext, request: &'a Ingest) -> Result<(&'a str, &'a str), HostError> {
    if request.records.len() > MAX_INGEST_RECORDS {
        return Err(HostError::new(400, "An ingest call takes at most 10,000 records"));
    }
    let named = request.stream.as_str();
    let Some((module, stream)) = named.split_once('.') else {
        require(context, Capability::Storage)?;
        return Ok((context.module.manifest.key.as_str(), named));
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
    Ok((module, stream))
}
