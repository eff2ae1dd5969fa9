//! Database Integration through the real host, on SQLite and PostgreSQL, with Bot Profile
//! installed, reading UiPath-shaped tables that the test creates in this machine's MariaDB
//! (127.0.0.1:3306, root without a password). Build the plugins first: `make modules`.

use autoscope_module_test::{Company, Edition, Engine, Harness, on_both_engines, product_module};
use serde_json::{Value, json};

on_both_engines!(
    a_uipath_database_syncs_into_bot_profile_and_again_incrementally,
    a_failing_source_leaves_earlier_data_intact,
);

/// A MariaDB database of its own, dropped at the end of the test.
struct Source {
    name: String,
}

const MARIADB: &str = "mysql://root@127.0.0.1:3306/";

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
        self.execute(&[
            "CREATE TABLE Releases (Id bigint PRIMARY KEY, Name varchar(200) NOT NULL)",
            "CREATE TABLE Robots (Id bigint PRIMARY KEY, Name varchar(100) NOT NULL)",
            "CREATE TABLE QueueDefinitions (Id bigint PRIMARY KEY, Name varchar(100) NOT NULL)",
            "CREATE TABLE Jobs (Id bigint PRIMARY KEY, ReleaseId bigint NOT NULL, RobotId bigint NULL, State int NOT NULL,
                 StartTime datetime NULL, EndTime datetime NULL, CreationTime datetime NOT NULL, Info text NULL)",
            "CREATE TABLE QueueItems (Id bigint PRIMARY KEY, QueueDefinitionId bigint NOT NULL, RobotId bigint NULL,
                 Status int NOT NULL, Reference varchar(200) NULL, CreationTime datetime NOT NULL,
                 StartProcessing datetime NULL, EndProcessing datetime NULL, DueDate datetime NULL,
                 RetryNumber int NOT NULL DEFAULT 0, ProcessingExceptionType int NULL)",
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
    let created =
        harness.request("POST", "/api/modules/db_integration/connections", Some(company), Some(draft)).await?;
    anyhow::ensure!(created.status == 200, "connecting answered {created:?}");
    Ok(created.body["id"].as_str().unwrap_or_default().to_string())
}

/// Applies the UiPath preset and saves it; answers the mapping.
async fn map_uipath(harness: &Harness, company: &Company, id: &str) -> anyhow::Result<Value> {
    let preset = harness
        .call(company, "POST", &format!("/connections/{id}/preset"), Some(json!({ "preset": "uipath" })))
        .await?;
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
    assert!(
        failing["error"].as_str().unwrap_or_default().contains("There is no table or view 'Jobs' in the database"),
        "{failing}"
    );
    assert_eq!(runs(&harness, &company, vec![]).await?, 3, "nothing imported is lost");
    source.drop().await
}
