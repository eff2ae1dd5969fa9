//! The statements of writes. Pure: text and binds, the company always bound first.

use autoscope_wire::storage::Filter;

use super::sql::{Param, Sql, join, push_ident, quoted, record_columns, stored_columns};
use crate::modules::manifest::Collection;
use crate::storage::Engine;

/// The most values one statement binds, per engine. PostgreSQL allows 65535. SQLite
/// allows 32766, but sqlx looks up each `$N` by name, a scan of the statement's
/// parameters, so binding costs grow with the square of their number: 1,000 keeps a
/// statement's binding far below its execution (measured: at 7,000 binds, two thirds of
/// an insert's time went to the lookups).
fn max_binds(engine: Engine) -> usize {
    match engine {
        Engine::Sqlite => 1_000,
        Engine::Postgres => 30_000,
    }
}

/// The most records one statement inserts.
const MAX_ROWS: usize = 500;

/// How many records of `spec` one insert statement takes on `engine`.
pub fn rows_per_insert(spec: &Collection, engine: Engine) -> usize {
    (max_binds(engine) / (1 + spec.fields.len())).clamp(1, MAX_ROWS)
}

/// A new record: its id and its field values in declaration order.
#[derive(Clone)]
pub(crate) struct NewRow {
    pub id: String,
    pub fields: Vec<Param>,
}

/// What ingestion's insert does with a record whose key (the field named) the company
/// already has.
pub(crate) enum OnKey<'a> {
    /// Leaves it, and answers the keys it stored (`RETURNING`).
    Skip(&'a str),
    /// Replaces its fields; its id and creation time stay, its version grows.
    Replace(&'a str),
}

/// The key and `times` of the company's records holding one of `keys`.
pub(crate) fn stored_times(table: &str, company_id: &str, key: &str, times: &[&str], keys: Vec<Param>) -> Sql {
    let mut columns = vec![quoted(key)];
    columns.extend(times.iter().map(|time| quoted(time)));
    let mut sql = Sql::new(&format!("SELECT {} FROM {} WHERE \"company_id\" = ", columns.join(", "), quoted(table)));
    sql.bind(Param::Text(Some(company_id.to_string())));
    sql.push(&format!(" AND {} IN (", quoted(key)));
    let placeholders: Vec<String> = keys.into_iter().map(|k| sql.placeholder(k)).collect();
    sql.push(&placeholders.join(", ")).push(")");
    sql
}

/// One multi-row `INSERT` of `rows` (at most [`rows_per_insert`]).
pub(crate) fn insert(
    table: &str,
    spec: &Collection,
    company_id: &str,
    now: i64,
    rows: Vec<NewRow>,
    on_key: Option<OnKey>,
) -> Sql {
    let mut text = String::from("INSERT INTO ");
    push_ident(&mut text, table);
    text.push_str(" (\"company_id\", \"id\", \"created_at\", \"updated_at\", \"version\"");
    for column in stored_columns(spec) {
        text.push_str(", ");
        push_ident(&mut text, column);
    }
    text.push_str(") VALUES ");
    let mut sql = Sql::new(&text);
    let company = sql.placeholder(Param::Text(Some(company_id.to_string())));
    let now = sql.placeholder(Param::Int(Some(now)));
    for (i, row) in rows.into_iter().enumerate() {
        sql.push(if i == 0 { "(" } else { ", (" });
        let mut placeholders = Vec::with_capacity(5 + row.fields.len());
        placeholders.push(company.clone());
        placeholders.push(sql.placeholder(Param::Text(Some(row.id))));
        placeholders.push(now.clone());
        placeholders.push(now.clone());
        placeholders.push("1".to_string());
        for field in row.fields {
            placeholders.push(sql.placeholder(field));
        }
        join(&mut sql.text, &placeholders);
        sql.push(")");
    }
    match on_key {
        None => {}
        Some(OnKey::Skip(key)) => {
            let key = quoted(key);
            sql.push(&format!(" ON CONFLICT (\"company_id\", {key}) DO NOTHING RETURNING {key}"));
        }
        Some(OnKey::Replace(key_field)) => {
            let (t, key) = (quoted(table), quoted(key_field));
            sql.push(&format!(" ON CONFLICT (\"company_id\", {key}) DO UPDATE SET "));
            for column in stored_columns(spec).filter(|c| *c != key_field) {
                let c = quoted(column);
                sql.push(&format!("{c} = excluded.{c}, "));
            }
            sql.push(&format!("\"updated_at\" = excluded.\"updated_at\", \"version\" = {t}.\"version\" + 1"));
        }
    }
    sql
}

/// Sets the changed fields when the stored version is `version`, bumps the version and
/// answers the new record (no row when the id or the version does not match).
pub(crate) fn update(
    table: &str,
    spec: &Collection,
    company_id: &str,
    id: &str,
    version: i64,
    now: i64,
    changes: Vec<(&str, Param)>,
) -> Sql {
    let mut sql = Sql::new("UPDATE ");
    sql.ident(table).push(" SET ");
    for (field, value) in changes {
        sql.ident(field).push(" = ").bind(value).push(", ");
    }
    sql.push("\"updated_at\" = ").bind(Param::Int(Some(now)));
    sql.push(", \"version\" = \"version\" + 1 WHERE \"company_id\" = ").bind(Param::Text(Some(company_id.to_string())));
    sql.push(" AND \"id\" = ").bind(Param::Text(Some(id.to_string())));
    sql.push(" AND \"version\" = ").bind(Param::Int(Some(version)));
    sql.push(" RETURNING ").push(&record_columns(spec));
    sql
}

pub(crate) fn delete(table: &str, company_id: &str, id: &str, version: Option<i64>) -> Sql {
    let mut sql = Sql::new("DELETE FROM ");
    sql.ident(table).push(" WHERE \"company_id\" = ").bind(Param::Text(Some(company_id.to_string())));
    sql.push(" AND \"id\" = ").bind(Param::Text(Some(id.to_string())));
    if let Some(version) = version {
        sql.push(" AND \"version\" = ").bind(Param::Int(Some(version)));
    }
    sql
}

/// Deletes the company's records matching every filter.
pub(crate) fn delete_matching(
    table: &str,
    collection: &str,
    spec: &Collection,
    company_id: &str,
    filters: &[Filter],
) -> Result<Sql, String> {
    let mut sql = Sql::new("DELETE FROM ");
    sql.ident(table).push(" WHERE \"company_id\" = ").bind(Param::Text(Some(company_id.to_string())));
    super::read::push_filters(&mut sql, collection, spec, filters)?;
    Ok(sql)
}

/// Whether the company has a record with this id (tells a stale version from a missing
/// record).
pub(crate) fn exists(table: &str, company_id: &str, id: &str) -> Sql {
    let mut sql = Sql::new(&format!("SELECT 1 FROM {} WHERE \"company_id\" = ", quoted(table)));
    sql.bind(Param::Text(Some(company_id.to_string())));
    sql.push(" AND \"id\" = ").bind(Param::Text(Some(id.to_string())));
    sql
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::modules::manifest::{Field, FieldType};

    fn spec() -> Collection {
        let field = Field::of;
        Collection {
            fields: BTreeMap::from([
                ("qty".into(), field(FieldType::Integer)),
                ("title".into(), field(FieldType::Text)),
            ]),
            indexes: vec![],
            drop_fields: vec![],
            ..Collection::default()
        }
    }

    #[test]
    fn inserts_bind_every_column_of_every_row() {
        let rows = vec![
            NewRow { id: "a".into(), fields: vec![Param::Int(Some(1)), Param::Text(None)] },
            NewRow { id: "b".into(), fields: vec![Param::Int(None), Param::Text(Some("x".into()))] },
        ];
        let sql = insert("mod_shop__items", &spec(), "c1", 100, rows, None);
        assert_eq!(
            sql.text,
            "INSERT INTO \"mod_shop__items\" (\"company_id\", \"id\", \"created_at\", \"updated_at\", \"version\", \
             \"qty\", \"title\") VALUES ($1, $3, $2, $2, 1, $4, $5), ($1, $6, $2, $2, 1, $7, $8)"
        );
        assert_eq!(sql.params.len(), 8);
        assert_eq!(sql.params[0], Param::Text(Some("c1".into())));
        assert_eq!((rows_per_insert(&spec(), Engine::Postgres), rows_per_insert(&spec(), Engine::Sqlite)), (500, 333));
        let upsert = insert(
            "mod_shop__items",
            &spec(),
            "c1",
            100,
            vec![NewRow { id: "a".into(), fields: vec![Param::Int(Some(1)), Param::Text(None)] }],
            Some(OnKey::Replace("title")),
        );
        assert!(
            upsert.text.ends_with(
                " ON CONFLICT (\"company_id\", \"title\") DO UPDATE SET \"qty\" = excluded.\"qty\", \
                 \"updated_at\" = excluded.\"updated_at\", \"version\" = \"mod_shop__items\".\"version\" + 1"
            ),
            "{}",
            upsert.text
        );
        let skip = insert("mod_shop__items", &spec(), "c1", 100, vec![], Some(OnKey::Skip("title")));
        assert!(skip.text.ends_with(" ON CONFLICT (\"company_id\", \"title\") DO NOTHING RETURNING \"title\""));
        let lookup = stored_times("mod_shop__items", "c1", "title", &["due"], vec![Param::Text(Some("a".into()))]);
        assert_eq!(
            lookup.text,
            "SELECT \"title\", \"due\" FROM \"mod_shop__items\" WHERE \"company_id\" = $1 AND \"title\" IN ($2)"
        );
    }

    #[test]
    fn updates_check_the_version_within_the_company() {
        let sql = update("mod_shop__items", &spec(), "c1", "a", 3, 100, vec![("title", Param::Text(Some("y".into())))]);
        assert_eq!(
            sql.text,
            "UPDATE \"mod_shop__items\" SET \"title\" = $1, \"updated_at\" = $2, \"version\" = \"version\" + 1 \
             WHERE \"company_id\" = $3 AND \"id\" = $4 AND \"version\" = $5 RETURNING \"id\", \"created_at\", \
             \"updated_at\", \"version\", \"qty\", \"title\""
        );
        assert_eq!(sql.params[4], Param::Int(Some(3)));
        let delete = delete("mod_shop__items", "c1", "a", Some(2));
        assert_eq!(
            delete.text,
            "DELETE FROM \"mod_shop__items\" WHERE \"company_id\" = $1 AND \"id\" = $2 AND \"version\" = $3"
        );
    }
}
