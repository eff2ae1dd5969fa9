//! Module jobs: long work a module starts through the `jobs` host function (an import, a
//! back-fill) and the host drives, one plugin call per step, each within the module's
//! limits. The state between steps is stored, so any host instance may run the next step
//! and a job whose host stopped resumes when its lease ends (a step may so run twice:
//! plugins make steps safe to repeat). A job runs at most a minute at a time before
//! others get its slot; a failed step is tried again with backoff, and the job fails after
//! five failed tries. Every change is pushed to the module's viewers on `<module>.jobs`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use autoscope_wire::host::{Job, JobStatus, MAX_JOBS_LISTED};
use autoscope_wire::{Call, Envelope, JobProgress, JobStep};
use serde_json::Value;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::storage::module_jobs::{self, JobRow};
use crate::storage::{Db, new_id};

/// Failed tries of one step before the job fails.
pub const MAX_ATTEMPTS: i64 = 5;
/// How long one instance runs a job before it lets other jobs have the slot.
const SLICE: Duration = Duration::from_secs(60);
/// The most bytes of JSON a job's input, state or progress may hold.
pub const MAX_JSON_BYTES: usize = 256 << 10;
/// The realtime channel of a module's job changes, `<module>.jobs`.
pub const CHANNEL: &str = "jobs";

/// The jobs one host instance runs at once.
#[derive(Clone)]
pub struct Slots(Arc<Semaphore>);

impl Default for Slots {
    fn default() -> Self {
        Self(Arc::new(Semaphore::new(4)))
    }
}

/// Starts the job `name` of `module` in `company_id`.
pub async fn start(
    state: &AppState,
    (module, company_id): (&str, &str),
    started_by: Option<&str>,
    name: &str,
    input: Value,
    key: Option<String>,
) -> Result<Job> {
    let input = json_text(&input, "input")?;
    if key.as_deref().is_some_and(|key| key.is_empty() || key.chars().count() > 200) {
        return Err(Error::bad_request("A job key is 1 to 200 characters"));
    }
    let now = state.clock.now();
    let row = JobRow {
        id: new_id(),
        company_id: company_id.into(),
        module: module.into(),
        name: name.into(),
        job_key: key,
        input,
        state: "null".into(),
        progress: "null".into(),
        status: "running".into(),
        error: None,
        steps: 0,
        attempts: 0,
        next_at: now,
        started_by: started_by.map(str::to_string),
        created_at: now,
        updated_at: now,
        finished_at: None,
    };
    if !module_jobs::insert(&state.db, &row).await? {
        return Err(Error::Conflict("A job with this key is already running".into()));
    }
    let job = job_of(&row);
    push(state, &row, &job);
    state.modules.wake_workers();
    Ok(job)
}

pub async fn get(db: &Db, (module, company_id): (&str, &str), id: &str) -> Result<Job> {
    let row = module_jobs::get(db, company_id, module, id).await?;
    row.map(|row| job_of(&row)).ok_or_else(|| Error::NotFound("No such job".into()))
}

pub async fn list(db: &Db, (module, company_id): (&str, &str), name: Option<&str>, limit: u32) -> Result<Vec<Job>> {
    let limit = limit.clamp(1, MAX_JOBS_LISTED);
    let rows = module_jobs::list(db, company_id, module, name, limit.into()).await?;
    Ok(rows.iter().map(job_of).collect())
}

/// Asks the job to stop; a job that is not running is answered as it is.
pub async fn cancel(state: &AppState, (module, company_id): (&str, &str), id: &str) -> Result<Job> {
    if module_jobs::request_cancel(&state.db, company_id, module, id, state.clock.now()).await? {
        state.modules.wake_workers();
    }
    get(&state.db, (module, company_id), id).await
}

/// Claims the due jobs this instance has slots for and runs each on a task of its own;
/// answers how many it took.
pub async fn run_due(state: &AppState) -> anyhow::Result<usize> {
    let free = state.jobs.0.available_permits();
    if free == 0 {
        return Ok(0);
    }
    let mut taken = 0;
    for (id, module) in module_jobs::due(&state.db, state.clock.now(), free as i64).await? {
        let Ok(permit) = state.jobs.0.clone().try_acquire_owned() else {
            // Slots are taken only here, by this worker: there is one for each due job.
            break;
        };
        let Some(job) = claim(state, &id, &module).await? else { continue };
        tokio::spawn(drive(state.clone(), job, Some(permit)));
        taken += 1;
    }
    Ok(taken)
}

/// Claims the due job `id` of `module` for its next step: a host that dies running it
/// leaves it to another once that step's time is up (the lease moves on with each step).
async fn claim(state: &AppState, id: &str, module: &str) -> anyhow::Result<Option<JobRow>> {
    let now = state.clock.now();
    let lease_until = now + crate::modules::runtime::lease_seconds(state, module);
    Ok(module_jobs::claim(&state.db, id, now, lease_until).await?)
}

/// Runs every due job here, one after another, until none is due (each for at most its
/// slice); answers how many runs that took. For tests, which run no background work.
pub async fn run_due_here(state: &AppState) -> anyhow::Result<usize> {
    let mut runs = 0;
    loop {
        let Some((id, module)) = module_jobs::due(&state.db, state.clock.now(), 1).await?.into_iter().next() else {
            return Ok(runs);
        };
        if let Some(job) = claim(state, &id, &module).await? {
            drive(state.clone(), job, None).await;
            runs += 1;
        }
    }
}

/// Runs `job`'s steps until it ends, fails a step, or has had its slice (holding `_slot`
/// of the instance's, when it runs in the background).
async fn drive(state: AppState, mut job: JobRow, _slot: Option<OwnedSemaphorePermit>) {
    let started = Instant::now();
    loop {
        let cancelled =
            matches!(module_jobs::status_of(&state.db, &job.id).await, Ok(Some(status)) if status == "cancelling");
        let outcome = step(&state, &job, cancelled).await;
        let now = state.clock.now();
        job.updated_at = now;
        let more = match outcome {
            Ok(progress) => {
                job.progress = progress.progress.to_string();
                job.attempts = 0;
                job.error = None;
                if cancelled || progress.done {
                    job.status = if cancelled { "cancelled" } else { "done" }.into();
                    job.finished_at = Some(now);
                } else {
                    job.state = progress.state.to_string();
                }
                job.steps += 1;
                job.next_at = if started.elapsed() < SLICE {
                    now + crate::modules::runtime::lease_seconds(&state, &job.module)
                } else {
                    now
                };
                job.finished_at.is_none() && started.elapsed() < SLICE
            }
            Err(error) => {
                job.attempts += 1;
                let gave_up = cancelled || job.attempts >= MAX_ATTEMPTS;
                log_failure(&state, &job, &error, gave_up).await;
                job.error = Some(error);
                if gave_up {
                    job.status = if cancelled { "cancelled" } else { "failed" }.into();
                    job.finished_at = Some(now);
                }
                job.next_at = now + crate::modules::events::backoff(job.attempts as i32);
                false
            }
        };
        if let Err(err) = module_jobs::save(&state.db, &job).await {
            // The lease ends and the step runs again, from the stored state.
            tracing::warn!(error = format!("{err:#}"), job = job.id, "saving a job step failed");
            return;
        }
        push(&state, &job, &job_of(&job));
        if !more {
            if job.finished_at.is_none() {
                state.modules.wake_workers();
            }
            return;
        }
    }
}

/// Calls the plugin for the job's next step.
async fn step(state: &AppState, job: &JobRow, cancelled: bool) -> std::result::Result<JobProgress, String> {
    let module = state.modules.get(&job.module).ok_or("the module is not installed")?;
    let envelope = Envelope {
        v: autoscope_wire::HOST_API_VERSION,
        context: crate::modules::runtime::context(state, &job.module, &job.company_id, None, None),
        call: Call::Job(JobStep {
            id: job.id.clone(),
            name: job.name.clone(),
            input: serde_json::from_str(&job.input).unwrap_or_default(),
            state: serde_json::from_str(&job.state).unwrap_or_default(),
            step: u32::try_from(job.steps + 1).unwrap_or(u32::MAX),
            attempt: u32::try_from(job.attempts + 1).unwrap_or(u32::MAX),
            cancelled,
        }),
    };
    let reply =
        crate::modules::runtime::call(state, &module.loaded, &envelope, None).await.map_err(|err| err.to_string())?;
    if reply.status >= 300 {
        let message: Value = serde_json::from_str(reply.body.get()).unwrap_or_default();
        let message =
            message.get("message").and_then(Value::as_str).map_or_else(|| reply.body.get().to_string(), str::to_string);
        return Err(format!("the step answered {}: {message}", reply.status));
    }
    let progress: JobProgress = serde_json::from_str(reply.body.get())
        .map_err(|err| format!("the step's answer is not a job's progress: {err}"))?;
    json_text(&progress.state, "state")
        .and(json_text(&progress.progress, "progress"))
        .map_err(|err| err.to_string())?;
    Ok(progress)
}

async fn log_failure(state: &AppState, job: &JobRow, error: &str, gave_up: bool) {
    let (level, outcome) = if gave_up { ("error", ", giving up") } else { ("warn", "") };
    let message = format!(
        "Step {} of job {} of module {} failed (try {}{outcome}): {error}",
        job.steps + 1,
        job.name,
        job.module,
        job.attempts
    );
    crate::logs::record(state, crate::logs::Event::new(level, "module.job_failed", message).company(&job.company_id))
        .await;
}

/// Tells the module's viewers in the company how the job stands.
fn push(state: &AppState, row: &JobRow, job: &Job) {
    let Some(module) = state.modules.get(&row.module) else { return };
    let Ok(payload) = serde_json::to_value(job) else { return };
    let channel = format!("{}.{CHANNEL}", row.module);
    // A job bigger than a realtime message is read with `get` instead.
    let _ = state.realtime.publish(&row.company_id, &channel, &module.manifest().rights_key, &payload, &[]);
}

/// `value` as JSON text within [`MAX_JSON_BYTES`].
fn json_text(value: &Value, what: &str) -> Result<String> {
    let text = value.to_string();
    if text.len() > MAX_JSON_BYTES {
        return Err(Error::PayloadTooLarge(format!("A job's {what} may be at most 256 KB of JSON")));
    }
    Ok(text)
}

fn job_of(row: &JobRow) -> Job {
    let status = match row.status.as_str() {
        "cancelling" => JobStatus::Cancelling,
        "done" => JobStatus::Done,
        "failed" => JobStatus::Failed,
        "cancelled" => JobStatus::Cancelled,
        _ => JobStatus::Running,
    };
    Job {
        id: row.id.clone(),
        name: row.name.clone(),
        key: row.job_key.clone(),
        status,
        input: serde_json::from_str(&row.input).unwrap_or_default(),
        progress: serde_json::from_str(&row.progress).unwrap_or_default(),
        steps: u32::try_from(row.steps).unwrap_or(u32::MAX),
        error: row.error.clone(),
        started_by: row.started_by.clone(),
        created_at: row.created_at,
        updated_at: row.updated_at,
        finished_at: row.finished_at,
    }
}
