//! Module schedules: each `[[schedules]]` entry of a manifest calls the module's
//! `handle` periodically for every company the module serves (premium modules:
//! enterprise companies), when the installation granted `schedule`. Runs are claimed in
//! the database, so several host instances run each one once.

use autoscope_wire::{Call, Context, Envelope, ScheduleRun};

use crate::http::AppState;
use crate::modules::manifest::Capability;
use crate::storage::{companies, module_events};

/// Runs every schedule that is due now; answers how many runs succeeded.
pub async fn run_due(state: &AppState) -> anyhow::Result<usize> {
    let modules: Vec<_> = state
        .modules
        .all()
        .into_iter()
        .filter(|module| !module.manifest().schedules.is_empty() && module.loaded.granted(&Capability::Schedule))
        .collect();
    if modules.is_empty() {
        return Ok(0);
    }
    let companies = companies::all_with_edition(&state.db).await?;
    let mut succeeded = 0;
    for module in modules {
        let manifest = &module.loaded.manifest;
        for schedule in &manifest.schedules {
            for (company_id, _) in companies.iter().filter(|(_, edition)| module.serves_edition(edition)) {
                let now = state.clock.now();
                let next_at = now + schedule.every_seconds as i64;
                if !module_events::claim_schedule(&state.db, &manifest.key, &schedule.name, company_id, now, next_at)
                    .await?
                {
                    continue;
                }
                let envelope = Envelope {
                    v: autoscope_wire::HOST_API_VERSION,
                    context: Context {
                        now,
                        ..crate::modules::runtime::context(state, &manifest.key, company_id, None, None)
                    },
                    call: Call::Schedule(ScheduleRun { name: schedule.name.clone() }),
                };
                match crate::modules::runtime::call(state, &module.loaded, &envelope, None).await {
                    Ok(reply) if reply.status < 300 => succeeded += 1,
                    outcome => {
                        let why = match outcome {
                            Ok(reply) => format!("answered {}: {}", reply.status, reply.body),
                            Err(err) => err.to_string(),
                        };
                        crate::logs::record(
                            state,
                            crate::logs::Event::error(
                                "module.schedule_failed",
                                format!("Schedule {} of module {} failed: {why}", schedule.name, manifest.key),
                            )
                            .company(company_id),
                        )
                        .await;
                    }
                }
            }
        }
    }
    Ok(succeeded)
}
