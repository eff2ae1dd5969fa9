//! Outside databases for the `sources` tests: a fresh PostgreSQL or MariaDB database on
//! this machine's servers, dropped afterwards, with tables shaped like an orchestrator's.

use serde_json::{Value, json};

use super::PgDatabase;

/// MariaDB (or MySQL) of the machine; override with AUTOSCOPE_TEST_MYSQL.
pub fn mysql_admin_url() -> String {
    std::env::var("AUTOSCOPE_TEST_MYSQL").unwrap_or_else(|_| "mysql://root@127.0.0.1:3306/".into())
}

pub enum Source {
    Postgres(PgDatabase),
    Mariadb(String),
}

impl Source {
    pub async fn postgres() -> Self {
        Self::Postgres(PgDatabase::create().await)
    }

    pub async fn mariadb() -> Self {
        let name = format!("autoscope_s_{}", uuid::Uuid::new_v4().simple());
        let admin = sqlx::MySqlPool::connect(&mysql_admin_url()).await.expect("MariaDB at 127.0.0.1:3306");
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin).await.unwrap();
        admin.close().await;
        Self::Mariadb(name)
    }

    pub fn database(&self) -> &str {
        match self {
            Self::Postgres(database) => database.name(),
            Self::Mariadb(name) => name,
        }
    }

    /// A draft of a connection to this database (`name`, Europe/Berlin times).
    pub fn draft(&self, name: &str) -> Value {
        let (engine, port, user) = match self {
            Self::Postgres(_) => ("postgres", 5432, "postgres"),
            Self::Mariadb(_) => ("mysql", 3306, "root"),
        };
        json!({ "name": name, "engine": engine, "host": "127.0.0.1", "port": port, "database": self.database(),
                "user": user, "tls": "disable", "time_zone": "Europe/Berlin" })
    }

    /// The name `tables` gives a table: with its schema on PostgreSQL.
    pub fn table(&self, name: &str) -> String {
        match self {
            Self::Postgres(_) => format!("dbo.{name}"),
            Self::Mariadb(_) => name.to_string(),
        }
    }

    /// Runs each statement, in order. On MariaDB `dbo.` is left out (the database is the
    /// schema) and double-quoted names are backquoted.
    pub async fn execute(&self, statements: &[&str]) {
        match self {
            Self::Postgres(database) => {
                let pool = sqlx::PgPool::connect(&database.url).await.unwrap();
                for statement in statements {
                    sqlx::query(sqlx::AssertSqlSafe(statement.to_string())).execute(&pool).await.unwrap();
                }
                pool.close().await;
            }
            Self::Mariadb(name) => {
                let pool = sqlx::MySqlPool::connect(&format!("{}{name}", mysql_admin_url())).await.unwrap();
                for statement in statements {
                    let statement = statement.replace("dbo.", "").replace('"', "`");
                    sqlx::query(sqlx::AssertSqlSafe(statement)).execute(&pool).await.unwrap();
                }
                pool.close().await;
            }
        }
    }

    /// UiPath-shaped jobs: `Id`, `State`, naive `StartTime` and `EndTime`, `Info`, `Cost`, `Key`.
    pub async fn with_jobs(&self) {
        let (schema, key_type, time_type) = match self {
            Self::Postgres(_) => ("CREATE SCHEMA dbo", "uuid", "timestamp"),
            Self::Mariadb(_) => ("SELECT 1", "char(36)", "datetime"),
        };
        self.execute(&[
            schema,
            &format!(
                "CREATE TABLE dbo.\"Jobs\" (\"Id\" bigint PRIMARY KEY, \"State\" int NOT NULL,
                 \"StartTime\" {time_type} NULL, \"EndTime\" {time_type} NULL, \"Info\" text NULL,
                 \"Cost\" decimal(10, 2) NULL, \"Key\" {key_type} NOT NULL)"
            ),
            "INSERT INTO dbo.\"Jobs\" VALUES
                (1, 5, '2026-07-01 12:00:00', '2026-07-01 12:10:00', NULL, 1.50, 'a3bb189e-8bf9-3888-9912-ace4e6543002'),
                (2, 4, '2026-07-01 13:00:00', '2026-07-01 13:01:00', 'Selector not found', 0.25, 'b3bb189e-8bf9-3888-9912-ace4e6543002'),
                (3, 1, '2026-01-15 08:00:00', NULL, NULL, NULL, 'c3bb189e-8bf9-3888-9912-ace4e6543002'),
                (4, 5, '2026-01-15 09:00:00', '2026-01-15 09:30:00', NULL, 3, 'd3bb189e-8bf9-3888-9912-ace4e6543002'),
                (5, 0, NULL, NULL, NULL, NULL, 'e3bb189e-8bf9-3888-9912-ace4e6543002')",
        ])
        .await;
    }

    pub async fn drop(self) {
        if let Self::Mariadb(name) = &self
            && let Ok(admin) = sqlx::MySqlPool::connect(&mysql_admin_url()).await
        {
            let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name}"))).execute(&admin).await;
            admin.close().await;
        }
    }
}
