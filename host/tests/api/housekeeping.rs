//! The hourly housekeeping drops bookkeeping past the operator's retention (module events
//! with their deliveries, the mail outbox, finished jobs, settled webhook deliveries) and
//! keeps what is younger or still in progress.

use std::time::Duration;

use autoscope::housekeeping::{self, Purged};
use autoscope::storage::module_events::{self, NewEvent};
use autoscope::storage::module_jobs::{self, JobRow};
use autoscope::storage::module_webhooks::{self, WebhookRow};
use autoscope::storage::{Db, Engine};

use crate::on_both_engines;
use crate::support::TestApp;

on_both_engines!(engine: bookkeeping_past_the_retention_is_dropped_and_the_rest_kept);

const DAY: Duration = Duration::from_secs(86_400);

async fn event(db: &Db, company: &str, id: &str, now: i64) {
    let event =
        NewEvent { id, company_id: company, source: "crud", name: "thing.done", payload: "{}", published_at: now };
    module_events::insert(db, &event, &["subscriber".to_string()]).await.unwrap();
}

/// A job of `status`, finished at `now` unless running (stored as a job is: inserted
/// running, then saved as its runner left it).
async fn job(db: &Db, company: &str, id: &str, status: &str, now: i64) {
    let finished_at = (status != "running").then_some(now);
    let row = JobRow {
        id: id.into(),
        company_id: company.into(),
        module: "crud".into(),
        name: "import".into(),
        job_key: None,
        input: "{}".into(),
        state: "{}".into(),
        progress: "{}".into(),
        status: status.into(),
        error: None,
        steps: 0,
        attempts: 0,
        next_at: now,
        started_by: None,
        created_at: now,
        updated_at: now,
        finished_at,
    };
    assert!(module_jobs::insert(db, &JobRow { status: "running".into(), ..row.clone() }).await.unwrap());
    module_jobs::save(db, &row).await.unwrap();
}

fn webhook(company: &str, id: &str, status: &str, now: i64) -> WebhookRow {
    WebhookRow {
        id: id.into(),
        company_id: company.into(),
        module: "crud".into(),
        url: "http://127.0.0.1:9/hook".into(),
        secret_sealed: "sealed".into(),
        payload: "{}".into(),
        status: status.into(),
        attempts: 0,
        last_status: None,
        last_error: None,
        next_at: now,
        created_at: now,
        delivered_at: None,
    }
}

/// Two days of retention: rows of three days ago go (a running job and a pending webhook
/// delivery stay however old), rows of yesterday stay; a second pass finds nothing.
async fn bookkeeping_past_the_retention_is_dropped_and_the_rest_kept(engine: Engine) {
    let app = TestApp::start(engine, |c| c.bookkeeping_retention = 2 * DAY).await;
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let company = crate::directory::whoami(&app, &token).await["company_id"].as_str().unwrap().to_string();
    let db = app.db();

    let old = app.state.clock.now();
    event(db, &company, "old-event", old).await;
    for (id, status) in [("old-done", "done"), ("old-failed", "failed"), ("old-running", "running")] {
        job(db, &company, id, status, old).await;
    }
    for (id, status) in [("old-sent", "delivered"), ("old-pending", "pending")] {
        module_webhooks::insert(db, &webhook(&company, id, status, old)).await.unwrap();
    }
    let old_mails = app.mails_to("ann@acme.com").await.len();
    assert!(old_mails > 0, "the sign-up mailed a code");

    app.advance(2 * DAY);
    let young = app.state.clock.now();
    event(db, &company, "young-event", young).await;
    job(db, &company, "young-done", "done", young).await;
    module_webhooks::insert(db, &webhook(&company, "young-sent", "delivered", young)).await.unwrap();
    let answer = app
        .post(
            "/api/users/newUserSignUp",
            serde_json::json!({"firstname": "Bo", "lastname": "Ek", "email": "bo@acme.com"}),
        )
        .await;
    assert_eq!(answer.status, 200, "{answer:?}");
    app.advance(DAY);

    let purged = housekeeping::run_once(&app.state).await;
    assert_eq!(purged, Purged { events: 1, mails: old_mails as u64, jobs: 2, webhooks: 1 });
    assert_eq!(module_events::pending_count(db, "subscriber").await.unwrap(), 1, "the young event's delivery stays");
    let job_kept = |id| module_jobs::get(db, &company, "crud", id);
    assert!(job_kept("old-done").await.unwrap().is_none());
    assert!(job_kept("old-failed").await.unwrap().is_none());
    assert!(job_kept("old-running").await.unwrap().is_some(), "a running job is never dropped");
    assert!(job_kept("young-done").await.unwrap().is_some());
    let webhook_kept = |id| module_webhooks::get(db, &company, "crud", id);
    assert!(webhook_kept("old-sent").await.unwrap().is_none());
    assert!(webhook_kept("old-pending").await.unwrap().is_some(), "a pending delivery is never dropped");
    assert!(webhook_kept("young-sent").await.unwrap().is_some());
    assert!(app.mails_to("ann@acme.com").await.is_empty());
    assert_eq!(app.mails_to("bo@acme.com").await.len(), 1);

    assert_eq!(housekeeping::run_once(&app.state).await, Purged::default(), "nothing is left to drop");
}
