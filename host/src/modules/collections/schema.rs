//! Collection tables and their evolution: the pure planner that compares what is applied
//! with what a manifest declares, and the DDL of each change on either engine.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::rollup;
use super::sql::{Param, Sql, column_type, quoted, table_name, type_name};
use crate::modules::manifest::{Collection, FieldType, Rollup, is_name};
use crate::storage::Engine;

/// One step of a schema migration, in the order it runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Change {
    /// A new table with the system columns and one column per field.
    CreateTable {
        collection: String,
        fields: BTreeMap<String, FieldType>,
        /// Fields the database derives: `a - b`.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        derived: BTreeMap<String, [String; 2]>,
    },
    /// A unique index on `company_id` and the collection's key.
    CreateKey {
        collection: String,
        field: String,
    },
    DropKey {
        collection: String,
        field: String,
    },
    /// A rollup table, built from the rows already stored.
    CreateRollup {
        collection: String,
        rollup: Rollup,
        kinds: rollup::Kinds,
    },
    DropRollup {
        collection: String,
        name: String,
    },
    /// A new column; existing records get `default` when there is one.
    AddField {
        collection: String,
        field: String,
        kind: FieldType,
        default: Option<Value>,
    },
    /// A field became required: existing records without a value get its default.
    FillDefault {
        collection: String,
        field: String,
        kind: FieldType,
        default: Value,
    },
    /// A column listed in `drop_fields` (its data is lost).
    DropField {
        collection: String,
        field: String,
    },
    /// An index on `company_id`, `columns` and `id`.
    CreateIndex {
        collection: String,
        columns: Vec<String>,
    },
    DropIndex {
        collection: String,
        columns: Vec<String>,
    },
    /// A collection listed in `drop_collections` (its data is lost).
    DropTable {
        collection: String,
    },
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::CreateTable { collection, .. } => write!(f, "create collection '{collection}'"),
            Self::AddField { collection, field, default: None, .. } => write!(f, "add field '{collection}.{field}'"),
            Self::AddField { collection, field, default: Some(_), .. } => {
                write!(f, "add field '{collection}.{field}' with its default for existing records")
            }
            Self::FillDefault { collection, field, .. } => {
                write!(f, "give existing records of '{collection}' without '{field}' its default")
            }
            Self::DropField { collection, field } => write!(f, "drop field '{collection}.{field}' and its data"),
            Self::CreateIndex { collection, columns } => {
                write!(f, "add index on '{collection}' ({})", columns.join(", "))
            }
            Self::DropIndex { collection, columns } => {
                write!(f, "drop index on '{collection}' ({})", columns.join(", "))
            }
            Self::DropTable { collection } => write!(f, "drop collection '{collection}' and its data"),
            Self::CreateKey { collection, field } => write!(f, "make '{collection}.{field}' unique per company"),
            Self::DropKey { collection, field } => write!(f, "stop keeping '{collection}.{field}' unique"),
            Self::CreateRollup { collection, rollup, .. } => {
                write!(f, "build rollup '{collection}.{}' from the stored records", rollup.name)
            }
            Self::DropRollup { collection, name } => write!(f, "drop rollup '{collection}.{name}'"),
        }
    }
}

/// The indexes a collection has: its declared ones and one on `created_at`, each as the
/// columns between `company_id` and `id`.
pub(crate) fn indexes(spec: &Collection) -> BTreeSet<Vec<String>> {
    std::iter::once(vec!["created_at".to_string()]).chain(spec.indexes.iter().cloned()).collect()
}

/// A unique index name within PostgreSQL's 63 characters: a short hash of the table and
/// the columns (`ix_` and 20 hex digits).
pub fn index_name(table: &str, columns: &[String]) -> String {
    let digest = Sha256::digest(format!("{table}({})", columns.join(",")).as_bytes());
    format!("ix_{}", &hex::encode(digest)[..20])
}

/// The unique index of a collection's key (`uk_` and 20 hex digits).
pub(crate) fn key_name(table: &str) -> String {
    let digest = Sha256::digest(format!("{table} key").as_bytes());
    format!("uk_{}", &hex::encode(digest)[..20])
}

/// What migrating `module` from `applied` to `next` takes, or every reason it is refused
/// (each naming the module, the collection and the field). Changes nothing.
pub fn plan(
    module: &str,
    applied: &BTreeMap<String, Collection>,
    next: &BTreeMap<String, Collection>,
    drop_collections: &[String],
) -> Result<Vec<Change>, Vec<String>> {
    let mut changes = Vec::new();
    let mut refusals = Vec::new();
    if !is_name(module, 24) {
        refusals.push(format!("module '{module}': the key is not a safe name"));
    }
    for (name, collection) in applied {
        match next.get(name) {
            Some(declared) => plan_collection(module, name, collection, declared, &mut changes, &mut refusals),
            None if drop_collections.contains(name) => {
                for rollup in &collection.rollups {
                    changes.push(Change::DropRollup { collection: name.clone(), name: rollup.name.clone() });
                }
                changes.push(Change::DropTable { collection: name.clone() });
            }
            None => refusals.push(format!(
                "module '{module}': collection '{name}' was removed; list it in drop_collections to drop its table and data"
            )),
        }
    }
    for (name, collection) in next.iter().filter(|(name, _)| !applied.contains_key(*name)) {
        let unsafe_names: Vec<&String> = std::iter::once(name)
            .filter(|name| !is_name(name, 24))
            .chain(collection.fields.keys().filter(|field| !is_name(field, 40)))
            .collect();
        if !unsafe_names.is_empty() {
            refusals.push(format!("module '{module}': collection '{name}': {unsafe_names:?} are not safe names"));
            continue;
        }
        let fields = collection.fields.iter().map(|(field, spec)| (field.clone(), spec.kind)).collect();
        let derived = collection
            .fields
            .iter()
            .filter_map(|(field, spec)| spec.difference.clone().map(|pair| (field.clone(), pair)))
            .collect();
        changes.push(Change::CreateTable { collection: name.clone(), fields, derived });
        if let Some(field) = &collection.key {
            changes.push(Change::CreateKey { collection: name.clone(), field: field.clone() });
        }
        for columns in indexes(collection) {
            changes.push(Change::CreateIndex { collection: name.clone(), columns });
        }
        for rollup in &collection.rollups {
            let kinds = rollup::kinds(collection, rollup);
            changes.push(Change::CreateRollup { collection: name.clone(), rollup: rollup.clone(), kinds });
        }
    }
    if refusals.is_empty() { Ok(changes) } else { Err(refusals) }
}

fn plan_collection(
    module: &str,
    name: &str,
    applied: &Collection,
    next: &Collection,
    changes: &mut Vec<Change>,
    refusals: &mut Vec<String>,
) {
    let at = |field: &str| format!("module '{module}': collection '{name}': field '{field}'");
    let (old_indexes, new_indexes) = (indexes(applied), indexes(next));
    // Rollups read fields: the old ones go before any column does, the new ones are
    // built after every column is there.
    for rollup in applied.rollups.iter().filter(|rollup| !next.rollups.contains(rollup)) {
        changes.push(Change::DropRollup { collection: name.to_string(), name: rollup.name.clone() });
    }
    if applied.key != next.key
        && let Some(field) = &applied.key
    {
        changes.push(Change::DropKey { collection: name.to_string(), field: field.clone() });
    }
    for columns in old_indexes.difference(&new_indexes) {
        changes.push(Change::DropIndex { collection: name.to_string(), columns: columns.clone() });
    }
    for (field, old) in &applied.fields {
        match next.fields.get(field) {
            None if next.drop_fields.contains(field) => {
                changes.push(Change::DropField { collection: name.to_string(), field: field.clone() });
            }
            None => {
                refusals.push(format!("{} was removed; list it in drop_fields to drop its column and data", at(field)))
            }
            Some(new) if new.difference != old.difference => {
                refusals.push(format!("{} changed how it is derived; derive the new value in a new field", at(field)))
            }
            Some(new) if new.kind != old.kind => refusals.push(format!(
                "{} changed type from {} to {}; change the type by adding a new field",
                at(field),
                type_name(old.kind),
                type_name(new.kind)
            )),
            Some(new) if new.required && !old.required => match &new.default {
                None => refusals.push(format!(
                    "{} became required without a default; give it a default for the existing records",
                    at(field)
                )),
                Some(default) => changes.push(Change::FillDefault {
                    collection: name.to_string(),
                    field: field.clone(),
                    kind: new.kind,
                    default: default.clone(),
                }),
            },
            Some(_) => {}
        }
    }
    for (field, new) in next.fields.iter().filter(|(field, _)| !applied.fields.contains_key(*field)) {
        if !is_name(field, 40) {
            refusals.push(format!("{} is not a safe name", at(field)));
        } else if new.difference.is_some() {
            refusals
                .push(format!("{} is derived; a derived field is declared together with its collection", at(field)));
        } else if new.required && new.default.is_none() {
            refusals.push(format!("{} is new and required, so it needs a default for the existing records", at(field)));
        } else {
            changes.push(Change::AddField {
                collection: name.to_string(),
                field: field.clone(),
                kind: new.kind,
                default: new.default.clone(),
            });
        }
    }
    for columns in new_indexes.difference(&old_indexes) {
        changes.push(Change::CreateIndex { collection: name.to_string(), columns: columns.clone() });
    }
    if applied.key != next.key
        && let Some(field) = &next.key
    {
        changes.push(Change::CreateKey { collection: name.to_string(), field: field.clone() });
    }
    for rollup in next.rollups.iter().filter(|rollup| !applied.rollups.contains(rollup)) {
        let kinds = rollup::kinds(next, rollup);
        changes.push(Change::CreateRollup { collection: name.to_string(), rollup: rollup.clone(), kinds });
    }
}

impl Change {
    /// The statements of this change for `module`'s tables, in order.
    pub(crate) fn statements(&self, module: &str, engine: Engine) -> Vec<Sql> {
        let table = |collection: &str| quoted(&table_name(module, collection));
        match self {
            Self::CreateTable { collection, fields, derived } => {
                let text_type = column_type(FieldType::Text, engine);
                let mut text = format!(
                    "CREATE TABLE {} (\"company_id\" {text_type} NOT NULL, \"id\" {text_type} NOT NULL, \
                     \"created_at\" BIGINT NOT NULL, \"updated_at\" BIGINT NOT NULL, \"version\" BIGINT NOT NULL",
                    table(collection)
                );
                for (field, kind) in fields {
                    text.push_str(&format!(", {} {}", quoted(field), column_type(*kind, engine)));
                    if let Some([a, b]) = derived.get(field) {
                        text.push_str(&format!(" GENERATED ALWAYS AS ({} - {}) STORED", quoted(a), quoted(b)));
                    }
                }
                text.push_str(", PRIMARY KEY (\"company_id\", \"id\"))");
                vec![Sql::new(&text)]
            }
            Self::AddField { collection, field, kind, default } => {
                let add = format!(
                    "ALTER TABLE {} ADD COLUMN {} {}",
                    table(collection),
                    quoted(field),
                    column_type(*kind, engine)
                );
                let mut statements = vec![Sql::new(&add)];
                if let Some(default) = default.as_ref().filter(|d| !d.is_null()) {
                    let mut fill = Sql::new(&format!("UPDATE {} SET {} = ", table(collection), quoted(field)));
                    fill.bind(Param::of(*kind, default));
                    statements.push(fill);
                }
                statements
            }
            Self::FillDefault { collection, field, kind, default } => {
                let column = quoted(field);
                let mut fill = Sql::new(&format!("UPDATE {} SET {column} = ", table(collection)));
                fill.bind(Param::of(*kind, default)).push(&format!(" WHERE {column} IS NULL"));
                vec![fill]
            }
            Self::DropField { collection, field } => {
                vec![Sql::new(&format!("ALTER TABLE {} DROP COLUMN {}", table(collection), quoted(field)))]
            }
            Self::CreateIndex { collection, columns } => {
                let name = index_name(&table_name(module, collection), columns);
                // `id` last: every list breaks ties by id, so a page sorted by the
                // index's columns is read in index order, cursor included.
                let mut list = String::from("\"company_id\"");
                for column in columns.iter().filter(|c| *c != "id") {
                    list.push_str(", ");
                    list.push_str(&quoted(column));
                }
                list.push_str(", \"id\"");
                vec![Sql::new(&format!("CREATE INDEX {} ON {} ({list})", quoted(&name), table(collection)))]
            }
            Self::DropIndex { collection, columns } => {
                let name = index_name(&table_name(module, collection), columns);
                vec![Sql::new(&format!("DROP INDEX IF EXISTS {}", quoted(&name)))]
            }
            Self::DropTable { collection } => vec![Sql::new(&format!("DROP TABLE IF EXISTS {}", table(collection)))],
            Self::CreateKey { collection, field } => {
                let name = key_name(&table_name(module, collection));
                vec![Sql::new(&format!(
                    "CREATE UNIQUE INDEX {} ON {} (\"company_id\", {})",
                    quoted(&name),
                    table(collection),
                    quoted(field)
                ))]
            }
            Self::DropKey { collection, .. } => {
                vec![Sql::new(&format!("DROP INDEX IF EXISTS {}", quoted(&key_name(&table_name(module, collection)))))]
            }
            Self::CreateRollup { collection, rollup, kinds } => {
                rollup::create(module, collection, kinds, rollup, engine)
            }
            Self::DropRollup { collection, name } => rollup::drop(module, collection, name),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::modules::manifest::Field;

    fn field(kind: FieldType) -> Field {
        Field::of(kind)
    }

    fn items() -> Collection {
        Collection {
            fields: BTreeMap::from([
                ("title".into(), Field { required: true, ..field(FieldType::Text) }),
                ("qty".into(), field(FieldType::Integer)),
            ]),
            indexes: vec![vec!["title".into()]],
            drop_fields: vec![],
            ..Collection::default()
        }
    }

    fn one(collection: Collection) -> BTreeMap<String, Collection> {
        BTreeMap::from([("items".to_string(), collection)])
    }

    #[test]
    fn a_new_collection_gets_its_table_and_indexes() {
        let changes = plan("shop", &BTreeMap::new(), &one(items()), &[]).unwrap();
        assert_eq!(changes.len(), 3, "{changes:#?}");
        assert!(
            matches!(&changes[0], Change::CreateTable { collection, fields, .. } if collection == "items" && fields.len() == 2)
        );
        assert_eq!(changes[1], Change::CreateIndex { collection: "items".into(), columns: vec!["created_at".into()] });
        assert_eq!(changes[2], Change::CreateIndex { collection: "items".into(), columns: vec!["title".into()] });
    }

    #[test]
    fn nothing_changed_plans_nothing() {
        assert_eq!(plan("shop", &one(items()), &one(items()), &[]), Ok(vec![]));
    }

    #[test]
    fn additive_changes_are_planned() {
        let mut next = items();
        next.fields.insert("price".into(), field(FieldType::Number));
        next.fields
            .insert("state".into(), Field { required: true, default: Some(json!("open")), ..field(FieldType::Text) });
        next.indexes = vec![vec!["qty".into(), "created_at".into()]];
        let changes = plan("shop", &one(items()), &one(next), &[]).unwrap();
        assert_eq!(
            changes,
            [
                Change::DropIndex { collection: "items".into(), columns: vec!["title".into()] },
                Change::AddField {
                    collection: "items".into(),
                    field: "price".into(),
                    kind: FieldType::Number,
                    default: None
                },
                Change::AddField {
                    collection: "items".into(),
                    field: "state".into(),
                    kind: FieldType::Text,
                    default: Some(json!("open"))
                },
                Change::CreateIndex { collection: "items".into(), columns: vec!["qty".into(), "created_at".into()] },
            ]
        );
    }

    #[test]
    fn destructive_changes_are_refused_with_their_names() {
        let mut next = items();
        next.fields.remove("qty");
        next.fields.get_mut("title").unwrap().kind = FieldType::Json;
        next.fields.insert("must".into(), Field { required: true, ..field(FieldType::Integer) });
        next.indexes.clear();
        let mut applied = one(items());
        applied.insert("old".into(), items());
        let refusals = plan("shop", &applied, &one(next), &[]).unwrap_err();
        assert_eq!(refusals.len(), 4, "{refusals:#?}");
        assert!(refusals.iter().any(|r| r.contains("module 'shop': collection 'old' was removed")));
        assert!(refusals.iter().any(|r| r.contains("'items': field 'qty' was removed; list it in drop_fields")));
        assert!(refusals.iter().any(|r| r.contains("field 'title' changed type from text to json")));
        assert!(refusals.iter().any(|r| r.contains("field 'must' is new and required")));
    }

    #[test]
    fn becoming_required_needs_a_default_and_fills_it() {
        let mut next = items();
        next.fields.get_mut("qty").unwrap().required = true;
        let refusals = plan("shop", &one(items()), &one(next.clone()), &[]).unwrap_err();
        assert!(refusals[0].contains("field 'qty' became required without a default"), "{refusals:?}");
        next.fields.get_mut("qty").unwrap().default = Some(json!(0));
        let changes = plan("shop", &one(items()), &one(next), &[]).unwrap();
        assert_eq!(
            changes,
            [Change::FillDefault {
                collection: "items".into(),
                field: "qty".into(),
                kind: FieldType::Integer,
                default: json!(0)
            }]
        );
    }

    #[test]
    fn listed_drops_are_planned() {
        let mut next = items();
        next.fields.remove("title");
        next.indexes.clear();
        next.drop_fields = vec!["title".into(), "never_existed".into()];
        let mut applied = one(items());
        applied.insert("old".into(), items());
        let changes = plan("shop", &applied, &one(next), &["old".into(), "gone_long_ago".into()]).unwrap();
        assert_eq!(
            changes,
            [
                Change::DropIndex { collection: "items".into(), columns: vec!["title".into()] },
                Change::DropField { collection: "items".into(), field: "title".into() },
                Change::DropTable { collection: "old".into() },
            ]
        );
    }

    #[test]
    fn the_ddl_quotes_every_name_and_binds_defaults() {
        let create = Change::CreateTable {
            collection: "items".into(),
            fields: BTreeMap::from([("flag".into(), FieldType::Boolean), ("price".into(), FieldType::Number)]),
            derived: BTreeMap::new(),
        };
        assert_eq!(
            create.statements("shop", Engine::Sqlite)[0].text,
            "CREATE TABLE \"mod_shop__items\" (\"company_id\" TEXT NOT NULL, \"id\" TEXT NOT NULL, \
             \"created_at\" BIGINT NOT NULL, \"updated_at\" BIGINT NOT NULL, \"version\" BIGINT NOT NULL, \
             \"flag\" INTEGER, \"price\" REAL, PRIMARY KEY (\"company_id\", \"id\"))"
        );
        assert!(
            create.statements("shop", Engine::Postgres)[0]
                .text
                .contains("\"flag\" BOOLEAN, \"price\" DOUBLE PRECISION")
        );
        let add = Change::AddField {
            collection: "items".into(),
            field: "state".into(),
            kind: FieldType::Text,
            default: Some(json!("it's")),
        };
        let statements = add.statements("shop", Engine::Postgres);
        assert_eq!(statements[0].text, "ALTER TABLE \"mod_shop__items\" ADD COLUMN \"state\" TEXT COLLATE \"C\"");
        assert_eq!(statements[1].text, "UPDATE \"mod_shop__items\" SET \"state\" = $1");
        assert_eq!(statements[1].params, [Param::Text(Some("it's".into()))]);
        let index = Change::CreateIndex { collection: "items".into(), columns: vec!["qty".into(), "title".into()] };
        let name = index_name("mod_shop__items", &["qty".into(), "title".into()]);
        assert_eq!(
            index.statements("shop", Engine::Sqlite)[0].text,
            format!("CREATE INDEX \"{name}\" ON \"mod_shop__items\" (\"company_id\", \"qty\", \"title\", \"id\")")
        );
    }

    #[test]
    fn index_names_are_short_and_distinct() {
        let a = index_name("mod_shop__items", &["qty".into(), "title".into()]);
        let b = index_name("mod_shop__items", &["qtyt".into(), "itle".into()]);
        let c = index_name("mod_shop__other", &["qty".into(), "title".into()]);
        assert!(a.len() <= 63 && a.starts_with("ix_"));
        assert!(a != b && a != c && b != c);
    }
}
