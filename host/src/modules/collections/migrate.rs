//! Applying a manifest's collections: what is applied is recorded in
//! `module_collections`; a migration plans against it and runs every statement and the
//! record in one transaction, so a failure leaves nothing half done.

use std::collections::BTreeMap;

use sqlx::{Executor, Row};

use super::schema::{Change, plan};
use crate::modules::manifest::{Collection, Manifest};
use crate::storage::{Db, Engine};

fn failed(module: &str, err: impl std::fmt::Display) -> Vec<String> {
    tracing::error!(module, error = %err, "module collections: database failure");
    vec![format!("module '{module}': the collections could not be read or changed (the host log has the cause)")]
}

async fn read_applied<'e, E>(executor: E, module: &str) -> Result<BTreeMap<String, Collection>, Vec<String>>
where
    E: Executor<'e, Database = sqlx::Any>,
{
    let rows = sqlx::query("SELECT collection, spec FROM module_collections WHERE module_key = $1")
        .bind(module)
        .fetch_all(executor)
        .await
        .map_err(|err| failed(module, err))?;
    let mut applied = BTreeMap::new();
    for row in rows {
        let name: String = row.try_get(0).map_err(|err| failed(module, err))?;
        let spec: String = row.try_get(1).map_err(|err| failed(module, err))?;
        let spec = serde_json::from_str(&spec).map_err(|err| failed(module, format!("spec of '{name}': {err}")))?;
        applied.insert(name, spec);
    }
    Ok(applied)
}

/// The collections applied for `module`, as their manifest declared them.
pub async fn applied(db: &Db, module: &str) -> Result<BTreeMap<String, Collection>, Vec<String>> {
    read_applied(db.pool(), module).await
}

/// What migrating to `manifest` would change, or why it is refused. Changes nothing.
pub async fn check(db: &Db, manifest: &Manifest) -> Result<Vec<Change>, Vec<String>> {
    let applied = applied(db, &manifest.key).await?;
    plan(&manifest.key, &applied, &manifest.collections, &manifest.drop_collections)
}

/// Brings `manifest`'s collection tables to what it declares: plans against what is
/// applied and, unless refused, runs every change and records the specs in one
/// transaction. Answers the changes made.
pub async fn migrate(db: &Db, manifest: &Manifest) -> Result<Vec<Change>, Vec<String>> {
    apply(db, &manifest.key, Some(manifest)).await
}

/// Drops every collection table of `module` (rollups included) with its data, for every
/// company, and forgets them: a module removed with its data.
pub async fn purge(db: &Db, module: &str) -> Result<Vec<Change>, Vec<String>> {
    apply(db, module, None).await
}

/// Migrates `module` to `manifest`'s collections, or to none.
async fn apply(db: &Db, module: &str, manifest: Option<&Manifest>) -> Result<Vec<Change>, Vec<String>> {
    let fail = |err: sqlx::Error| failed(module, err);
    // One migration at a time: SQLite takes the write lock at BEGIN; PostgreSQL locks the
    // record table, so a second migration plans against the first one's result.
    let mut tx = match db.engine() {
        Engine::Sqlite => db.pool().begin_with("BEGIN IMMEDIATE").await.map_err(fail)?,
        Engine::Postgres => {
            let mut tx = db.pool().begin().await.map_err(fail)?;
            (&mut *tx).execute("LOCK TABLE module_collections IN SHARE ROW EXCLUSIVE MODE").await.map_err(fail)?;
            tx
        }
    };
    let applied = read_applied(&mut *tx, module).await?;
    let every_applied: Vec<String> = applied.keys().cloned().collect();
    let none = BTreeMap::new();
    let (collections, drop) = match manifest {
        Some(manifest) => (&manifest.collections, &manifest.drop_collections),
        None => (&none, &every_applied),
    };
    let changes = plan(module, &applied, collections, drop)?;
    for change in &changes {
        for statement in change.statements(module, db.engine()) {
            if statement.params.is_empty() {
                // DDL: no binds, not prepared or cached.
                (&mut *tx).execute(sqlx::AssertSqlSafe(statement.text)).await.map_err(fail)?;
            } else {
                statement.query().persistent(false).execute(&mut *tx).await.map_err(fail)?;
            }
        }
    }
    let now = chrono::Utc::now().timestamp();
    for (name, spec) in collections {
        if applied.get(name) == Some(spec) {
            continue;
        }
        let spec = serde_json::to_string(spec).map_err(|err| failed(module, err))?;
        sqlx::query(
            "INSERT INTO module_collections (module_key, collection, spec, updated_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (module_key, collection) DO UPDATE SET spec = excluded.spec, updated_at = excluded.updated_at",
        )
        .bind(module)
        .bind(name)
        .bind(spec)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(fail)?;
    }
    for change in &changes {
        if let Change::DropTable { collection } = change {
            sqlx::query("DELETE FROM module_collections WHERE module_key = $1 AND collection = $2")
                .bind(module)
                .bind(collection)
                .execute(&mut *tx)
                .await
                .map_err(fail)?;
        }
    }
    tx.commit().await.map_err(fail)?;
    if !changes.is_empty() {
        let summary: Vec<String> = changes.iter().map(ToString::to_string).collect();
        tracing::info!(module, changes = ?summary, "module collections migrated");
    }
    Ok(changes)
}
