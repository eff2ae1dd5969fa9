//! Database Integration through the real host, on SQLite and PostgreSQL, with Bot Profile
//! installed, reading orchestrator-shaped tables that the tests create in this machine's
//! MariaDB (127.0.0.1:3306, root without a password) and PostgreSQL (127.0.0.1:5432, trust).
//! Build the plugins first: `make modules`.

use autoscope_module_test::{Company, Edition, Engine, Harness, on_both_engines, product_module};
use serde_json::{Value, json};

on_both_engines!(
    a_uipath_database_syncs_into_bot_profile_and_again_incrementally,
    a_failing_source_leaves_earlier_data_intact,
    blue_prism_sessions_and_work_queue_items_come_from_postgresql,
    only_company_admins_change_mappings_and_start_syncs,
    open_orchestrator_tables_made_by_its_own_package_sync,
);

/// A MariaDB database of its own, dropped at the end of the test.
struct Source {
    name: String,
}

const MARIADB: &str = "mysql://root@127.0.0.1:3306/";
/// UiPath's tables (shared with `make bench`).
const UIPATH_SCHEMA: &str = include_str!("fixtures/uipath.sql");
const POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/";

/// A PostgreSQL database of its own, dropped at the end of the test.
struct PgSource {
    name: String,
}

impl PgSource {
    async fn create() -> anyhow::Result<Self> {
        let name = format!("autoscope_di_{}", uuid::Uuid::new_v4().simple());
        let admin = sqlx::PgPool::connect(&format!("{POSTGRES}test")).await?;
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin).await?;
        admin.close().await;
        Ok(Self { name })
    }

    async fn execute(&self, statements: &[&str]) -> anyhow::Result<()> {
        let pool = sqlx::PgPool::connect(&format!("{POSTGRES}{}", self.name)).await?;
        for statement in statements {
            sqlx::query(sqlx::AssertSqlSafe(statement.to_string())).execute(&pool).await?;
        }
        pool.close().await;
        Ok(())
    }

    async fn drop(self) -> anyhow::Result<()> {
        let admin = sqlx::PgPool::connect(&format!("{POSTGRES}test")).await?;
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE {} WITH (FORCE)", self.name))).execute(&admin).await?;
        admin.close().await;
        Ok(())
    }
}

impl Source {
    async fn create() -> anyhow::Result<Self> {
        let name = format!("autoscope_di_{}", uuid::Uuid::new_v4().simple());
        let admin = sqlx::MySqlPool::connect(MARIADB).await?;
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin).await?;
        admin.close().await;
        Ok(Self { name })
    }

    async fn execute(&self, statements: &[&str]) -> anyhow::Result<()> {
        let pool = sqlx::MySqlPool::connect(&format!("{MARIADB}{}", self.name)).await?;
        for statement in statements {
            sqlx::query(sqlx::AssertSqlSafe(statement.to_string())).execute(&pool).await?;
        }
        pool.close().await;
        Ok(())
    }

    async fn drop(self) -> anyhow::Result<()> {
        let admin = sqlx::MySqlPool::connect(MARIADB).await?;
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE {}", self.name))).execute(&admin).await?;
        admin.close().await;
        Ok(())
    }

    /// UiPath Orchestrator's tables, with the columns the preset reads, and five jobs:
    /// successful, faulted (a business rule), running, pending, and one in a state the
    /// status table does not know; and two queue items.
    async fn with_uipath(&self) -> anyhow::Result<()> {
        let schema: Vec<&str> = UIPATH_SCHEMA.split(';').filter(|statement| !statement.trim().is_empty()).collect();
        self.execute(&schema).await?;
        self.execute(&[
            "INSERT INTO Releases VALUES (10, 'Invoices'), (11, 'Payroll')",
            "INSERT INTO Robots VALUES (7, 'Robot-7'), (8, 'Robot-8')",
            "INSERT INTO QueueDefinitions VALUES (3, 'Invoice queue')",
            "INSERT INTO Jobs VALUES
                (1, 10, 7, 5, '2026-11-02 08:00:00', '2026-11-02 08:05:00', '2026-11-02 07:59:00', NULL),
                (2, 10, 7, 4, '2026-11-02 09:00:00', '2026-11-02 09:01:00', '2026-11-02 08:59:00', 'BusinessRuleException: duplicate invoice'),
                (3, 11, 8, 1, '2026-11-02 10:00:00', NULL, '2026-11-02 09:59:00', NULL),
                (4, 11, NULL, 0, NULL, NULL, '2026-11-02 10:30:00', NULL),
                (5, 11, 8, 42, '2026-11-02 11:00:00', NULL, '2026-11-02 10:59:00', NULL)",
            "INSERT INTO QueueItems VALUES
                (100, 3, 7, 3, 'INV-1', '2026-11-02 07:00:00', '2026-11-02 08:00:00', '2026-11-02 08:01:00', '2026-11-03 00:00:00', 0, NULL),
                (101, 3, NULL, 0, 'INV-2', '2026-11-02 07:30:00', NULL, NULL, NULL, 0, NULL)",
        ])
        .await
    }
}

async fn load(engine: Engine) -> anyhow::Result<(Harness, Company)> {
    let harness = Harness::load_with(engine, product_module("db_integration")?, [product_module("bots")?]).await?;
    let company = harness.company("Acme").await?;
    company.set_edition(Edition::Enterprise).await?;
    Ok((harness, company))
}

/// Connects `source` through the host's API; answers the connection's id.
async fn connect(harness: &Harness, company: &Company, source: &Source) -> anyhow::Result<String> {
    let draft = json!({ "name": "Orchestrator", "engine": "mysql", "host": "127.0.0.1", "port": 3306,
                        "database": source.name, "user": "root", "tls": "disable", "time_zone": "UTC" });
    add_connection(harness, company, draft).await
}

async fn add_connection(harness: &Harness, company: &Company, draft: Value) -> anyhow::Result<String> {
    let created =
        harness.request("POST", "/api/modules/db_integration/connections", Some(company), Some(draft)).await?;
    anyhow::ensure!(created.status == 200, "connecting answered {created:?}");
    Ok(created.body["id"].as_str().unwrap_or_default().to_string())
}

/// Applies the UiPath preset and saves it; answers the mapping.
async fn map_uipath(harness: &Harness, company: &Company, id: &str) -> anyhow::Result<Value> {
    map_preset(harness, company, id, "uipath").await
}

async fn map_preset(harness: &Harness, company: &Company, id: &str, preset: &str) -> anyhow::Result<Value> {
    let preset =
        harness.call(company, "POST", &format!("/connections/{id}/preset"), Some(json!({ "preset": preset }))).await?;
    anyhow::ensure!(preset.status == 200, "the preset answered {preset:?}");
    let saved = harness.call(company, "PUT", &format!("/connections/{id}/mapping"), Some(preset.body.clone())).await?;
    anyhow::ensure!(saved.status == 200, "saving the mapping answered {saved:?}");
    Ok(preset.body)
}

/// Starts a sync and runs it to its end; answers the finished job.
async fn sync(harness: &Harness, company: &Company, id: &str) -> anyhow::Result<Value> {
    let started = harness.call(company, "POST", &format!("/connections/{id}/syncs"), None).await?;
    anyhow::ensure!(started.status == 201, "starting a sync answered {started:?}");
    harness.run_jobs().await?;
    let syncs = harness.call(company, "GET", &format!("/syncs?connection={id}"), None).await?;
    Ok(syncs.body[0].clone())
}

async fn runs(
    harness: &Harness,
    company: &Company,
    filters: Vec<autoscope_module_test::Filter>,
) -> anyhow::Result<u64> {
    harness.count(company, "bots.runs", filters).await
}

async fn a_uipath_database_syncs_into_bot_profile_and_again_incrementally(engine: Engine) -> anyhow::Result<()> {
    let (harness, company) = load(engine).await?;
    let source = Source::create().await?;
    source.with_uipath().await?;
    let id = connect(&harness, &company, &source).await?;
    let mapping = map_uipath(&harness, &company, &id).await?;
    assert_eq!(mapping["tables"][0]["table"], "Jobs");

    // The preview maps the first rows and says why the others are left out.
    let preview = harness
        .call(&company, "POST", &format!("/connections/{id}/preview"), Some(mapping["tables"][0].clone()))
        .await?;
    assert_eq!(preview.status, 200, "{preview:?}");
    assert_eq!(preview.body["records"].as_array().map(Vec::len), Some(3), "{preview:?}");
    assert_eq!(preview.body["skipped"], 1);
    assert_eq!(
        preview.body["rejected"],
        json!([{ "table": "Jobs", "key": "5", "reason": "The status 42 is not in the status table" }])
    );
    assert_eq!(
        preview.body["records"][1],
        json!({ "external_id": format!("{id}:2"), "bot": "Robot-7", "process": "Invoices", "started_at": 1_793_610_000,
                "ended_at": 1_793_610_060, "status": "failed", "reason": "BusinessRuleException: duplicate invoice",
                "exception_type": "business" })
    );

    let first = sync(&harness, &company, &id).await?;
    assert_eq!(first["status"], "done", "{first}");
    let report = &first["progress"];
    assert_eq!((report["read"].as_u64(), report["stored"].as_u64()), (Some(7), Some(5)), "{report}");
    assert_eq!((report["skipped"].as_u64(), report["rejected"].as_u64()), (Some(1), Some(1)), "{report}");
    assert_eq!(runs(&harness, &company, vec![]).await?, 3);
    assert_eq!(harness.count(&company, "bots.queue_items", vec![]).await?, 2);

    // The running job finished and a new one came: read again, updated, not doubled.
    source
        .execute(&[
            "UPDATE Jobs SET State = 5, EndTime = '2026-11-02 10:20:00' WHERE Id = 3",
            "INSERT INTO Jobs VALUES (6, 10, 7, 5, '2026-11-03 08:00:00', '2026-11-03 08:02:00', '2026-11-03 07:59:00', NULL)",
        ])
        .await?;
    let second = sync(&harness, &company, &id).await?;
    assert_eq!(second["status"], "done", "{second}");
    assert_eq!(runs(&harness, &company, vec![]).await?, 4);
    let successful = autoscope_module_test::Filter {
        field: "status".into(),
        op: autoscope_module_test::FilterOp::Eq,
        value: json!("successful"),
    };
    assert_eq!(runs(&harness, &company, vec![successful]).await?, 3);

    // A job recorded late with an old creation time is past the overlap: a back-fill of
    // its day reads it, and leaves where the syncs are.
    source
        .execute(&["INSERT INTO Jobs VALUES (7, 10, 7, 5, '2026-10-01 08:00:00', '2026-10-01 08:01:00', '2026-10-01 07:59:00', NULL)"])
        .await?;
    assert_eq!(sync(&harness, &company, &id).await?["status"], "done");
    assert_eq!(runs(&harness, &company, vec![]).await?, 4);
    let started =
        harness.call(&company, "POST", &format!("/connections/{id}/syncs?from=2026-10-01&to=2026-10-01"), None).await?;
    assert_eq!(started.status, 201, "{started:?}");
    assert_eq!(started.body["input"]["backfill"], json!([1_790_812_800, 1_790_899_200]));
    harness.run_jobs().await?;
    assert_eq!(runs(&harness, &company, vec![]).await?, 5);
    let reversed =
        harness.call(&company, "POST", &format!("/connections/{id}/syncs?from=2026-10-02&to=2026-10-01"), None).await?;
    assert_eq!(
        (reversed.status, reversed.body["message"].as_str()),
        (400, Some("The start date must be on or before the end date"))
    );

    // An admin deletes the connection: its mapping goes at the next schedule, and no sync
    // of it starts.
    let path = format!("/api/modules/db_integration/connections/{id}");
    assert_eq!(harness.request("DELETE", &path, Some(&company), None).await?.status, 200);
    harness.run_schedules().await?;
    assert_eq!(harness.call(&company, "GET", &format!("/connections/{id}/mapping"), None).await?.body, Value::Null);
    assert_eq!(runs(&harness, &company, vec![]).await?, 5, "what it imported stays");
    source.drop().await
}

async fn a_failing_source_leaves_earlier_data_intact(engine: Engine) -> anyhow::Result<()> {
    let (harness, company) = load(engine).await?;
    let source = Source::create().await?;
    source.with_uipath().await?;
    let id = connect(&harness, &company, &source).await?;
    map_uipath(&harness, &company, &id).await?;
    assert_eq!(sync(&harness, &company, &id).await?["status"], "done");

    source.execute(&["DROP TABLE Jobs"]).await?;
    let failing = sync(&harness, &company, &id).await?;
    assert_eq!(failing["status"], "running", "tried again after a backoff: {failing}");
    let error = failing["error"].as_str().unwrap_or_default();
    assert!(error.contains("There is no table or view 'Jobs' in the database"), "{failing}");
    assert_eq!(runs(&harness, &company, vec![]).await?, 3, "nothing imported is lost");

    // Each sync tries 5 times with backoff, then fails; after the third failed sync in a
    // row the company's admins are told, once.
    for attempt in 0..3 {
        if attempt > 0 {
            let started = harness.call(&company, "POST", &format!("/connections/{id}/syncs"), None).await?;
            anyhow::ensure!(started.status == 201, "{started:?}");
        }
        // The backoffs are 5, 10, 20 and 40 seconds.
        for _ in 0..5 {
            harness.advance(std::time::Duration::from_secs(60));
            harness.run_jobs().await?;
        }
        let syncs = harness.call(&company, "GET", &format!("/syncs?connection={id}"), None).await?;
        assert_eq!(syncs.body[0]["status"], "failed", "{}", syncs.body[0]);
        harness.run_schedules().await?;
        let told = harness.notifications(&company).await?;
        assert_eq!(told.len(), usize::from(attempt == 2), "{told:?}");
    }
    let told = harness.notifications(&company).await?;
    assert!(
        told[0].message.starts_with("The last 3 syncs of the database connection 'Orchestrator' failed: "),
        "{told:?}"
    );
    assert_eq!(told[0].link, Some(format!("/databaseIntegration?connection={id}")), "the bell opens the connection");
    harness.advance(std::time::Duration::from_secs(120));
    harness.run_schedules().await?;
    assert_eq!(harness.notifications(&company).await?.len(), 1, "told once");
    source.drop().await
}

/// Blue Prism's tables as PostgreSQL keeps them (names folded to lower case): sessions with
/// local times and their offsets, and a work queue item tried twice (one `id`, two attempts).
async fn blue_prism_sessions_and_work_queue_items_come_from_postgresql(engine: Engine) -> anyhow::Result<()> {
    let (harness, company) = load(engine).await?;
    let source = PgSource::create().await?;
    source
        .execute(&[
            "CREATE TABLE BPAResource (resourceid uuid PRIMARY KEY, name varchar(128) NOT NULL)",
            "CREATE TABLE BPAProcess (processid uuid PRIMARY KEY, name varchar(128) NOT NULL)",
            "CREATE TABLE BPASession (sessionid uuid PRIMARY KEY, sessionnumber int NOT NULL, processid uuid NOT NULL,
                 runningresourceid uuid NOT NULL, startdatetime timestamp NOT NULL, enddatetime timestamp NULL,
                 statusid int NOT NULL, starttimezoneoffset int NOT NULL, endtimezoneoffset int NULL)",
            "CREATE TABLE BPAWorkQueue (id uuid PRIMARY KEY, name varchar(128) NOT NULL)",
            "CREATE TABLE BPAWorkQueueItem (ident bigserial PRIMARY KEY, id uuid NOT NULL, attempt int NOT NULL,
                 queueid uuid NOT NULL, keyvalue varchar(255) NULL, state int NOT NULL, loaded timestamp NOT NULL,
                 lastupdated timestamp NULL, finished timestamp NULL, exceptionreason text NULL)",
            "INSERT INTO BPAResource VALUES ('00000000-0000-0000-0000-0000000000a1', 'Runtime-1')",
            "INSERT INTO BPAProcess VALUES ('00000000-0000-0000-0000-0000000000b1', 'Claims')",
            "INSERT INTO BPAWorkQueue VALUES ('00000000-0000-0000-0000-0000000000c1', 'Claims queue')",
            "INSERT INTO BPASession VALUES
                ('00000000-0000-0000-0000-000000000001', 1, '00000000-0000-0000-0000-0000000000b1',
                 '00000000-0000-0000-0000-0000000000a1', '2026-11-02 10:00:00', '2026-11-02 10:30:00', 4, 3600, 3600),
                ('00000000-0000-0000-0000-000000000002', 2, '00000000-0000-0000-0000-0000000000b1',
                 '00000000-0000-0000-0000-0000000000a1', '2026-11-02 11:00:00', '2026-11-02 11:05:00', 2, 3600, 3600),
                ('00000000-0000-0000-0000-000000000003', 3, '00000000-0000-0000-0000-0000000000b1',
                 '00000000-0000-0000-0000-0000000000a1', '2026-11-02 12:00:00', NULL, 0, 3600, NULL)",
            "INSERT INTO BPAWorkQueueItem (id, attempt, queueid, keyvalue, state, loaded, lastupdated, finished, exceptionreason) VALUES
                ('00000000-0000-0000-0000-0000000000d1', 1, '00000000-0000-0000-0000-0000000000c1', 'CLM-1', 5,
                 '2026-11-02 09:00:00', '2026-11-02 10:00:00', '2026-11-02 10:01:00', 'System Exception: timeout'),
                ('00000000-0000-0000-0000-0000000000d1', 2, '00000000-0000-0000-0000-0000000000c1', 'CLM-1', 4,
                 '2026-11-02 09:00:01', '2026-11-02 10:10:00', '2026-11-02 10:11:00', NULL)",
        ])
        .await?;
    let draft = json!({ "name": "Blue Prism", "engine": "postgres", "host": "127.0.0.1", "port": 5432,
                        "database": source.name, "user": "postgres", "tls": "disable", "time_zone": "UTC" });
    let id = add_connection(&harness, &company, draft).await?;
    let mapping = map_preset(&harness, &company, &id, "blue_prism").await?;
    assert_eq!(mapping["tables"][0]["table"], "public.bpasession");

    let done = sync(&harness, &company, &id).await?;
    assert_eq!(done["status"], "done", "{done}");
    let report = &done["progress"];
    assert_eq!(
        (report["read"].as_u64(), report["stored"].as_u64(), report["skipped"].as_u64()),
        (Some(5), Some(4), Some(1))
    );
    let sessions = harness
        .call(&company, "POST", &format!("/connections/{id}/preview"), Some(mapping["tables"][0].clone()))
        .await?;
    // 10:00 local at UTC+1 is 09:00 UTC; a terminated session failed (a system exception).
    assert_eq!(sessions.body["records"][0]["started_at"], 1_793_610_000, "{sessions:?}");
    assert_eq!(sessions.body["records"][1]["status"], "failed");
    assert_eq!(sessions.body["records"][1]["exception_type"], "system");
    let items = harness.count(&company, "bots.queue_items", vec![]).await?;
    assert_eq!(items, 2, "each attempt is a record of its own");
    source.drop().await
}

async fn only_company_admins_change_mappings_and_start_syncs(engine: Engine) -> anyhow::Result<()> {
    let (harness, company) = load(engine).await?;
    let source = Source::create().await?;
    source.with_uipath().await?;
    let id = connect(&harness, &company, &source).await?;
    let mapping = map_uipath(&harness, &company, &id).await?;
    let member = company.add_user("bob@acme.test").await?;
    for (method, path, body) in [
        ("PUT", format!("/connections/{id}/mapping"), Some(mapping)),
        ("POST", format!("/connections/{id}/syncs"), None),
    ] {
        let refused = harness.call(&member, method, &path, body).await?;
        assert_eq!(
            (refused.status, refused.body["message"].as_str()),
            (403, Some("Only a company admin may change database integrations"))
        );
    }
    // A member may look: the connections (without secrets) and the syncs.
    let listed = harness.call(&member, "GET", "/connections", None).await?;
    assert_eq!(listed.body["connections"][0]["connection"]["name"], "Orchestrator", "{listed:?}");
    assert_eq!(listed.body["connections"][0]["mapped"], true);
    assert_eq!(listed.body["company_admin"], false);

    // A mapping that names what the database lacks is refused, every problem named.
    let mut broken = map_uipath(&harness, &company, &id).await?;
    broken["tables"][0]["table"] = json!("Jobz");
    broken["tables"][1]["fields"]["queue"]["column"] = json!("NoSuchColumn");
    broken["every_minutes"] = json!(1);
    let refused = harness.call(&company, "PUT", &format!("/connections/{id}/mapping"), Some(broken)).await?;
    assert_eq!(refused.status, 400);
    assert_eq!(
        refused.body["message"],
        "Sync every 5 minutes to 7 days (10,080 minutes), or on demand only; Jobz: the database has no such table; \
         QueueItems: there is no column 'NoSuchColumn'"
    );
    source.drop().await
}

/// OpenOrchestrator's database layer (the PyPI package, in the virtualenv `make test`
/// prepares: `OPENORCHESTRATOR_PYTHON`) makes its tables in MariaDB and records three jobs
/// and two queue elements, as its scheduler and robots do.
const OPEN_ORCHESTRATOR: &str = r#"
import sys
from OpenOrchestrator.database import db_util, base
from OpenOrchestrator.database.jobs import JobStatus
from OpenOrchestrator.database.queues import QueueStatus
assert db_util.connect(sys.argv[1])
base.Base.metadata.create_all(db_util._connection_engine)
done = db_util.start_job("Invoices", "scheduler-1")
db_util.set_job_status(done.id, JobStatus.DONE)
failed = db_util.start_job("Payroll", "scheduler-1")
db_util.set_job_status(failed.id, JobStatus.FAILED)
db_util.start_job("Payroll", "scheduler-2")
element = db_util.create_queue_element("Invoice queue", reference="INV-1")
db_util.set_queue_element_status(element.id, QueueStatus.DONE)
db_util.create_queue_element("Invoice queue", reference="INV-2")
"#;

async fn open_orchestrator_tables_made_by_its_own_package_sync(engine: Engine) -> anyhow::Result<()> {
    let (harness, company) = load(engine).await?;
    let source = Source::create().await?;
    let python = std::env::var("OPENORCHESTRATOR_PYTHON")
        .map_err(|_| anyhow::anyhow!("OPENORCHESTRATOR_PYTHON is not set: run the tests with `make test`"))?;
    let made = std::process::Command::new(&python)
        .args(["-c", OPEN_ORCHESTRATOR, &format!("mysql+pymysql://root@127.0.0.1:3306/{}", source.name)])
        .output()?;
    anyhow::ensure!(made.status.success(), "OpenOrchestrator failed: {}", String::from_utf8_lossy(&made.stderr));

    let id = connect(&harness, &company, &source).await?;
    let mapping = map_preset(&harness, &company, &id, "open_orchestrator").await?;
    assert_eq!((&mapping["tables"][0]["table"], &mapping["tables"][1]["table"]), (&json!("Jobs"), &json!("Queues")));
    let done = sync(&harness, &company, &id).await?;
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(
        (done["progress"]["stored"].as_u64(), done["progress"]["rejected"].as_u64()),
        (Some(5), Some(0)),
        "{done}"
    );
    let status = |value: &str| autoscope_module_test::Filter {
        field: "status".into(),
        op: autoscope_module_test::FilterOp::Eq,
        value: json!(value),
    };
    for (value, count) in [("successful", 1), ("failed", 1), ("running", 1)] {
        assert_eq!(runs(&harness, &company, vec![status(value)]).await?, count, "{value}");
    }
    let queued = harness.count(&company, "bots.queue_items", vec![status("new")]).await?;
    assert_eq!(queued, 1);
    source.drop().await
}
