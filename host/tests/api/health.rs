//! Liveness and readiness (`/api/health`, `/api/ready`), as a load balancer polls them.

use std::time::Duration;

use serde_json::json;

use crate::on_both_engines;
use crate::support::{TestApp, postgres_admin_url};

on_both_engines!(the_host_says_whether_it_is_alive_and_ready);

/// Liveness answers while the host serves; readiness also needs the database. On
/// PostgreSQL, while the database refuses connections, the host is alive but not ready
/// (503 with the reason), and ready again once the database takes connections.
async fn the_host_says_whether_it_is_alive_and_ready(app: TestApp) {
    assert_eq!(app.get("/api/health").await.body, json!({ "status": "ok" }));
    assert_eq!(app.get("/api/ready").await.body, json!({ "status": "ready" }));
    // A SQLite file cannot be taken away from a running host.
    let Some(name) = app.database_name() else { return };
    let admin = sqlx::PgPool::connect(&postgres_admin_url()).await.unwrap();
    let run = |sql: String| {
        let admin = admin.clone();
        async move { sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&admin).await.unwrap() }
    };
    run(format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false")).await;
    run(format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")).await;
    let down = app.get("/api/ready").await;
    assert_eq!((down.status, down.message()), (503, "The database does not answer"), "{down:?}");
    assert_eq!(app.get("/api/health").await.status, 200, "alive all the same");
    run(format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")).await;
    for _ in 0..100 {
        if app.get("/api/ready").await.status == 200 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the host did not become ready again once the database took connections");
}
