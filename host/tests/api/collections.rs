//! Module collections (`storage::collections`): typed tables per module, their
//! migrations, and every storage operation, called directly on the host's database.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use autoscope::modules::collections::{self, Change, Target, check, execute, index_name, migrate, table_name};
use autoscope::modules::manifest::Manifest;
use autoscope_wire::host::HostError;
use autoscope_wire::storage::{Page, StorageOp};
use serde_json::{Value, json};

use crate::on_both_engines;
use crate::support::TestApp;

on_both_engines!(
    a_record_round_trips_with_every_field_type,
    invalid_input_is_refused_with_a_clear_message,
    a_stale_version_is_a_conflict_and_a_missing_record_not_found,
    keyset_pages_visit_every_row_once_in_order,
    total_counts_every_match_and_pages_default_to_fifty,
    every_filter_op_selects_the_right_records,
    aggregates_bucket_and_measure_hand_computed_data,
    a_company_never_sees_another_company_records,
    insert_many_stores_all_or_none,
    an_additive_migration_fills_old_records_and_adds_indexes,
    destructive_changes_are_refused_and_change_nothing,
    a_failing_migration_leaves_nothing_half_done,
    listed_fields_and_collections_are_dropped,
);

const NOW: i64 = 1_700_000_000;
const A: &str = "company-a";
const B: &str = "company-b";

const ITEMS: &str = r#"
[collections.items]
indexes = [["status", "due"], ["qty"]]

[collections.items.fields]
title = { type = "text", required = true, max_length = 40 }
qty = { type = "integer", default = 0 }
price = { type = "number" }
active = { type = "boolean" }
due = { type = "timestamp" }
meta = { type = "json" }
status = { type = "text", values = ["open", "closed"], default = "open" }
"#;

fn manifest(collections: &str) -> Manifest {
    let text = format!(
        "key = \"shop\"\nname = \"Shop\"\nversion = \"1.0.0\"\nhost_api = 1\nrights_key = \"process\"\n\n\
         [capabilities]\nstorage = true\n{collections}"
    );
    let manifest = Manifest::parse(&text).unwrap();
    manifest.validate().unwrap();
    manifest
}

/// The `items` collection of module `shop`, migrated.
struct Shop<'a> {
    app: &'a TestApp,
    target: Target,
}

impl<'a> Shop<'a> {
    async fn new(app: &'a TestApp, collections: &str) -> Self {
        let manifest = manifest(collections);
        migrate(app.db(), &manifest).await.unwrap();
        let target =
            Target { module: "shop".into(), collection: "items".into(), spec: manifest.collections["items"].clone() };
        Self { app, target }
    }

    /// Runs `op` (the wire JSON, without its collection) as `company` at `now`.
    async fn run_at(&self, company: &str, now: i64, mut op: Value) -> Result<Value, HostError> {
        // The runtime resolved the target; the name the operation carries is not read.
        op["collection"] = json!("someone_else.items");
        let op: StorageOp = serde_json::from_value(op).unwrap();
        execute(self.app.db(), &self.target, company, now, op).await
    }

    async fn run(&self, company: &str, op: Value) -> Result<Value, HostError> {
        self.run_at(company, NOW, op).await
    }

    async fn ok(&self, company: &str, op: Value) -> Value {
        let answer = self.run(company, op.clone()).await;
        answer.unwrap_or_else(|err| panic!("{op}: {err}"))
    }

    async fn refused(&self, company: &str, op: Value) -> HostError {
        match self.run(company, op.clone()).await {
            Ok(value) => panic!("{op} answered {value}"),
            Err(err) => err,
        }
    }

    async fn insert(&self, company: &str, record: Value) -> Value {
        self.ok(company, json!({"op": "insert", "record": record})).await
    }

    async fn count(&self, company: &str, filters: Value) -> u64 {
        self.ok(company, json!({"op": "count", "filters": filters})).await.as_u64().unwrap()
    }

    async fn titles(&self, company: &str, filters: Value) -> BTreeSet<String> {
        let page = self.ok(company, json!({"op": "list", "query": {"filters": filters, "limit": 500}})).await;
        page["items"].as_array().unwrap().iter().map(|r| r["title"].as_str().unwrap().to_string()).collect()
    }
}

fn set(titles: &[&str]) -> BTreeSet<String> {
    titles.iter().map(|t| t.to_string()).collect()
}

/// A second connection to the test database, to look at the schema itself.
async fn inspect(app: &TestApp) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(&app.state.config.database_url).await.unwrap()
}

async fn columns(app: &TestApp, table: &str) -> Vec<String> {
    let pool = inspect(app).await;
    let sql = match app.engine {
        autoscope::storage::Engine::Sqlite => "SELECT name FROM pragma_table_info($1) ORDER BY name",
        autoscope::storage::Engine::Postgres => {
            "SELECT column_name::text FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name"
        }
    };
    let names: Vec<(String,)> = sqlx::query_as(sql).bind(table).fetch_all(&pool).await.unwrap();
    pool.close().await;
    names.into_iter().map(|(name,)| name).collect()
}

async fn indexes(app: &TestApp, table: &str) -> BTreeSet<String> {
    let pool = inspect(app).await;
    let sql = match app.engine {
        autoscope::storage::Engine::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = $1 AND name LIKE 'ix_%'"
        }
        autoscope::storage::Engine::Postgres => {
            "SELECT indexname::text FROM pg_indexes WHERE tablename = $1 AND indexname LIKE 'ix_%'"
        }
    };
    let names: Vec<(String,)> = sqlx::query_as(sql).bind(table).fetch_all(&pool).await.unwrap();
    pool.close().await;
    names.into_iter().map(|(name,)| name).collect()
}

fn index(columns: &[&str]) -> String {
    index_name(&table_name("shop", "items"), &columns.iter().map(|c| c.to_string()).collect::<Vec<_>>())
}

/// Insert, get, list, update, count and delete keep every field type as declared.
async fn a_record_round_trips_with_every_field_type(app: TestApp) {
    let shop = Shop::new(&app, ITEMS).await;
    let meta = json!({"tags": ["a", "b"], "n": 1.5, "deep": {"ok": true}});
    let full = shop
        .insert(A, json!({"title": "Pen", "qty": 3, "price": 2, "active": true, "due": 1_709_251_200, "meta": meta}))
        .await;
    assert_eq!(full["title"], "Pen");
    assert_eq!(full["qty"], 3);
    assert_eq!(full["price"], json!(2.0), "numbers read back as floats");
    assert_eq!(full["active"], true);
    assert_eq!(full["due"], 1_709_251_200);
    assert_eq!(full["meta"], meta);
    assert_eq!(full["status"], "open", "the default fills a field left out");
    assert_eq!(
        (full["version"].clone(), full["created_at"].clone(), full["updated_at"].clone()),
        (json!(1), json!(NOW), json!(NOW))
    );
    let id = full["id"].as_str().unwrap().to_string();
    assert_eq!(shop.ok(A, json!({"op": "get", "id": id})).await, full, "get answers what insert answered");

    let bare = shop.insert(A, json!({"title": "Cup", "status": null})).await;
    for empty in ["price", "active", "due", "meta", "status"] {
        assert_eq!(bare[empty], Value::Null, "{empty}");
    }
    assert_eq!(bare["qty"], 0);

    let page = shop.ok(A, json!({"op": "list", "query": {}})).await;
    assert_eq!(page["items"], json!([full, bare]), "ids follow insertion order");
    assert_eq!(page["next_cursor"], Value::Null);
    assert_eq!(page["total"], Value::Null, "no total unless asked");
    serde_json::from_value::<Page>(page).expect("a list answers the wire's Page");

    let updated = shop
        .run_at(
            A,
            NOW + 10,
            json!({"op": "update", "id": id, "version": 1, "changes": {"qty": 4, "active": false, "meta": null}}),
        )
        .await
        .unwrap();
    assert_eq!(updated["version"], 2);
    assert_eq!(updated["updated_at"], NOW + 10);
    assert_eq!(updated["created_at"], NOW);
    assert_eq!(
        (updated["qty"].clone(), updated["active"].clone(), updated["meta"].clone()),
        (json!(4), json!(false), Value::Null)
    );
    assert_eq!(
        (updated["title"].clone(), updated["price"].clone()),
        (json!("Pen"), json!(2.0)),
        "other fields keep their values"
    );
    assert_eq!(shop.ok(A, json!({"op": "get", "id": id})).await, updated);

    assert_eq!(shop.count(A, json!([])).await, 2);
    assert_eq!(shop.count(A, json!([{"field": "active", "op": "eq", "value": false}])).await, 1);
    assert_eq!(shop.ok(A, json!({"op": "delete", "id": id})).await, true);
    assert_eq!(shop.ok(A, json!({"op": "get", "id": id})).await, Value::Null);
    assert_eq!(shop.ok(A, json!({"op": "delete", "id": id})).await, false, "already gone");
    assert_eq!(shop.count(A, json!([])).await, 1);
}

/// Bad records, changes, filters, sorts, cursors, limits and aggregates are 400s naming
/// what is wrong, and store nothing.
async fn invalid_input_is_refused_with_a_clear_message(app: TestApp) {
    let shop = Shop::new(&app, ITEMS).await;
    let pen = shop.insert(A, json!({"title": "Pen"})).await;
    let id = pen["id"].clone();
    let cases = [
        (json!({"op": "insert", "record": {}}), "'title' is required"),
        (json!({"op": "insert", "record": {"title": "x", "qty": "3"}}), "'qty' must be an integer"),
        (json!({"op": "insert", "record": {"title": "x", "qty": 1.5}}), "'qty' must be an integer"),
        (json!({"op": "insert", "record": {"title": "x", "active": 1}}), "'active' must be true or false"),
        (json!({"op": "insert", "record": {"title": "x", "due": "2024-03-01"}}), "'due' must be a timestamp"),
        (json!({"op": "insert", "record": {"title": "x", "colour": "red"}}), "'colour' is not a field of 'items'"),
        (json!({"op": "insert", "record": {"title": "x", "id": "mine"}}), "'id' is set by the host"),
        (json!({"op": "insert", "record": {"title": "x", "company_id": B}}), "'company_id' is set by the host"),
        (
            json!({"op": "insert", "record": {"title": "x", "status": "maybe"}}),
            "'status' must be text, one of open, closed",
        ),
        (json!({"op": "insert", "record": {"title": "x".repeat(41)}}), "'title' must be text of at most 40 characters"),
        (json!({"op": "insert_many", "records": [{"title": "ok"}, {"title": 5}]}), "record 1: 'title' must be text"),
        (
            json!({"op": "update", "id": id, "version": 1, "changes": {"created_at": 1}}),
            "'created_at' is set by the host",
        ),
        (json!({"op": "update", "id": id, "version": 1, "changes": {"title": null}}), "'title' is required"),
        (
            json!({"op": "list", "query": {"filters": [{"field": "nope", "op": "eq", "value": 1}]}}),
            "'nope' is not a field of 'items'",
        ),
        (
            json!({"op": "list", "query": {"filters": [{"field": "company_id", "op": "eq", "value": B}]}}),
            "'company_id' is not a field",
        ),
        (
            json!({"op": "list", "query": {"filters": [{"field": "meta", "op": "not_null"}]}}),
            "json fields cannot be filtered",
        ),
        (json!({"op": "list", "query": {"filters": [{"field": "qty", "op": "in", "value": 1}]}}), "in needs an array"),
        (
            json!({"op": "list", "query": {"filters": [{"field": "qty", "op": "contains", "value": "1"}]}}),
            "contains applies to text fields only",
        ),
        (
            json!({"op": "list", "query": {"filters": [{"field": "price", "op": "prefix", "value": "1"}]}}),
            "prefix applies to text fields only",
        ),
        (
            json!({"op": "list", "query": {"filters": [{"field": "due", "op": "gt", "value": "soon"}]}}),
            "the value must be a timestamp",
        ),
        (json!({"op": "list", "query": {"sort": [{"field": "meta"}]}}), "json fields cannot be sorted"),
        (json!({"op": "list", "query": {"cursor": "garbage"}}), "the cursor is not valid"),
        (json!({"op": "list", "query": {"limit": 0}}), "limit must be at least 1"),
        (json!({"op": "count", "filters": [{"field": "title", "op": "lt"}]}), "lt needs a value"),
        (
            json!({"op": "aggregate", "aggregate": {"metrics": [{"fn": "sum", "field": "title", "as": "s"}]}}),
            "sum does not apply to 'title'",
        ),
        (
            json!({"op": "aggregate", "aggregate": {"group_by": [{"field": "qty", "bucket": "day"}], "metrics": []}}),
            "time buckets apply to timestamps only",
        ),
    ];
    for (op, message) in cases {
        let err = shop.refused(A, op.clone()).await;
        assert_eq!(err.status, 400, "{op}: {err}");
        assert!(err.message.contains(message), "{op}: '{}' should say '{message}'", err.message);
    }
    let cursor_of_other_sort = {
        let page = shop.insert(A, json!({"title": "Cup"})).await;
        assert!(page.is_object());
        let page = shop.ok(A, json!({"op": "list", "query": {"limit": 1}})).await;
        page["next_cursor"].as_str().unwrap().to_string()
    };
    let err = shop
        .refused(A, json!({"op": "list", "query": {"cursor": cursor_of_other_sort, "sort": [{"field": "qty"}]}}))
        .await;
    assert!(err.message.contains("another sort"), "{err}");
    assert_eq!(shop.count(A, json!([])).await, 2, "nothing refused was stored");
    assert_eq!(shop.ok(A, json!({"op": "get", "id": id})).await, pen, "nothing refused changed a record");
}

/// Update and delete with a stale version are 409; updating a missing record is 404.
async fn a_stale_version_is_a_conflict_and_a_missing_record_not_found(app: TestApp) {
    let shop = Shop::new(&app, ITEMS).await;
    let pen = shop.insert(A, json!({"title": "Pen"})).await;
    let id = pen["id"].clone();
    let changed = shop.ok(A, json!({"op": "update", "id": id, "version": 1, "changes": {"qty": 2}})).await;
    assert_eq!(changed["version"], 2);
    let stale = shop.refused(A, json!({"op": "update", "id": id, "version": 1, "changes": {"qty": 5}})).await;
    assert_eq!(stale, HostError::new(409, "The record was changed by someone else; reload it and try again"));
    let stale = shop.refused(A, json!({"op": "delete", "id": id, "version": 1})).await;
    assert_eq!(stale.status, 409);
    assert_eq!(shop.ok(A, json!({"op": "get", "id": id})).await, changed, "a conflict changes nothing");
    let missing = shop.refused(A, json!({"op": "update", "id": "no-such-id", "version": 1, "changes": {}})).await;
    assert_eq!(missing.status, 404);
    assert_eq!(shop.ok(A, json!({"op": "delete", "id": "no-such-id", "version": 1})).await, false);
    assert_eq!(shop.ok(A, json!({"op": "delete", "id": id, "version": 2})).await, true);
}

/// NULL is the largest value, `id` breaks ties in the last key's direction.
fn compare(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Null, Value::Null) => Ordering::Equal,
        (Value::Null, _) => Ordering::Greater,
        (_, Value::Null) => Ordering::Less,
        (Value::Number(x), Value::Number(y)) => x.as_f64().unwrap().total_cmp(&y.as_f64().unwrap()),
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        other => panic!("cannot compare {other:?}"),
    }
}

fn expected_order(records: &[Value], sort: &Value) -> Vec<String> {
    let mut keys: Vec<(String, bool)> = sort
        .as_array()
        .unwrap()
        .iter()
        .map(|k| (k["field"].as_str().unwrap().to_string(), k["desc"].as_bool().unwrap_or(false)))
        .collect();
    keys.push(("id".into(), keys.last().is_some_and(|k| k.1)));
    let mut sorted = records.to_vec();
    sorted.sort_by(|a, b| {
        keys.iter()
            .map(|(field, desc)| {
                let order = compare(&a[field], &b[field]);
                if *desc { order.reverse() } else { order }
            })
            .find(|order| order.is_ne())
            .unwrap_or(Ordering::Equal)
    });
    sorted.iter().map(|r| r["id"].as_str().unwrap().to_string()).collect()
}

/// 120 records with NULLs and duplicates in the sort columns: 7-record pages in every
/// direction visit each record exactly once, in the order of the sort.
async fn keyset_pages_visit_every_row_once_in_order(app: TestApp) {
    let shop = Shop::new(&app, ITEMS).await;
    let record = |i: usize| {
        let status = [json!("open"), json!("closed"), Value::Null][i % 3].clone();
        let active = [json!(true), json!(false), Value::Null][(i / 2) % 3].clone();
        json!({
            "title": format!("t{}", i % 9),
            "qty": if i.is_multiple_of(7) { Value::Null } else { json!(i % 5) },
            "price": if i.is_multiple_of(6) { Value::Null } else { json!((i % 4) as f64 * 0.5) },
            "status": status,
            "active": active,
        })
    };
    let mut records = Vec::new();
    for (batch, now) in [(0..60, NOW), (60..120, NOW + 5)] {
        let many: Vec<Value> = batch.map(record).collect();
        let stored = shop.run_at(A, now, json!({"op": "insert_many", "records": many})).await.unwrap();
        records.extend(stored.as_array().unwrap().iter().cloned());
    }
    assert_eq!(records.len(), 120);
    let sorts = [
        json!([]),
        json!([{"field": "qty"}]),
        json!([{"field": "qty", "desc": true}]),
        json!([{"field": "status"}, {"field": "qty", "desc": true}]),
        json!([{"field": "status", "desc": true}, {"field": "price"}]),
        json!([{"field": "price", "desc": true}, {"field": "title"}, {"field": "active"}]),
        json!([{"field": "created_at", "desc": true}]),
        json!([{"field": "created_at"}, {"field": "title", "desc": true}]),
        json!([{"field": "id", "desc": true}]),
    ];
    for sort in sorts {
        let mut seen = Vec::new();
        let mut cursor = Value::Null;
        for _ in 0..30 {
            let query = json!({"sort": sort, "limit": 7, "cursor": cursor});
            let page = shop.ok(A, json!({"op": "list", "query": query})).await;
            let items = page["items"].as_array().unwrap();
            seen.extend(items.iter().map(|r| r["id"].as_str().unwrap().to_string()));
            cursor = page["next_cursor"].clone();
            if cursor.is_null() {
                assert!(!items.is_empty() && items.len() <= 7, "the last page is not empty");
                break;
            }
            assert_eq!(items.len(), 7, "{sort}");
        }
        assert_eq!(seen.len(), 120, "{sort}: every record once");
        assert_eq!(seen.iter().collect::<BTreeSet<_>>().len(), 120, "{sort}: no record twice");
        assert_eq!(seen, expected_order(&records, &sort), "{sort}: the order of the sort");
    }
}

/// `total` counts every match, not the page; a page defaults to 50 and caps at 500.
async fn total_counts_every_match_and_pages_default_to_fifty(app: TestApp) {
    let shop = Shop::new(&app, ITEMS).await;
    let many: Vec<Value> = (0..120).map(|i| json!({"title": format!("t{i}"), "qty": i % 3})).collect();
    shop.ok(A, json!({"op": "insert_many", "records": many})).await;
    let page = shop.ok(A, json!({"op": "list", "query": {"total": true}})).await;
    assert_eq!(page["items"].as_array().unwrap().len(), 50);
    assert_eq!(page["total"], 120);
    let filters = json!([{"field": "qty", "op": "eq", "value": 1}]);
    let first = shop.ok(A, json!({"op": "list", "query": {"filters": filters, "limit": 30, "total": true}})).await;
    assert_eq!((first["items"].as_array().unwrap().len(), first["total"].clone()), (30, json!(40)));
    let cursor = first["next_cursor"].clone();
    let second = shop
        .ok(A, json!({"op": "list", "query": {"filters": filters, "limit": 30, "total": true, "cursor": cursor}}))
        .await;
    assert_eq!((second["items"].as_array().unwrap().len(), second["total"].clone()), (10, json!(40)));
    assert_eq!(second["next_cursor"], Value::Null, "no cursor after the last page");
    let exact = shop.ok(A, json!({"op": "list", "query": {"filters": filters, "limit": 40}})).await;
    assert_eq!(exact["next_cursor"], Value::Null, "exactly a page: nothing follows");
    let capped = shop.ok(A, json!({"op": "list", "query": {"limit": 100_000}})).await;
    assert_eq!(capped["items"].as_array().unwrap().len(), 120);
}

/// Each filter op, alone and combined, in lists and counts.
async fn every_filter_op_selects_the_right_records(app: TestApp) {
    let shop = Shop::new(&app, ITEMS).await;
    let apple = shop.insert(A, json!({"title": "Apple pie", "qty": 1, "price": 1.5, "active": true, "due": 100})).await;
    shop.insert(A, json!({"title": "apple_tart", "qty": 2, "price": 2.5, "active": false, "due": 200})).await;
    shop.insert(A, json!({"title": "50% off", "qty": null, "status": "closed"})).await;
    shop.insert(A, json!({"title": "500 off", "qty": 3, "price": 3.5, "active": true, "due": 300})).await;
    shop.insert(A, json!({"title": "Banana", "qty": 2, "price": 0.5, "active": false, "due": 400})).await;
    let all = ["Apple pie", "apple_tart", "50% off", "500 off", "Banana"];
    let cases = [
        (json!([{"field": "qty", "op": "eq", "value": 2}]), vec!["apple_tart", "Banana"]),
        (json!([{"field": "qty", "op": "ne", "value": 2}]), vec!["Apple pie", "50% off", "500 off"]),
        (json!([{"field": "qty", "op": "lt", "value": 2}]), vec!["Apple pie"]),
        (json!([{"field": "qty", "op": "lte", "value": 2}]), vec!["Apple pie", "apple_tart", "Banana"]),
        (json!([{"field": "price", "op": "gt", "value": 1.5}]), vec!["apple_tart", "500 off"]),
        (json!([{"field": "price", "op": "gte", "value": 1.5}]), vec!["Apple pie", "apple_tart", "500 off"]),
        (json!([{"field": "price", "op": "lt", "value": 1}]), vec!["Banana"]),
        (json!([{"field": "due", "op": "in", "value": [100, 400, 999]}]), vec!["Apple pie", "Banana"]),
        (json!([{"field": "title", "op": "in", "value": ["Banana", "nope"]}]), vec!["Banana"]),
        (json!([{"field": "title", "op": "in", "value": []}]), vec![]),
        (json!([{"field": "title", "op": "contains", "value": "APPLE"}]), vec!["Apple pie", "apple_tart"]),
        (json!([{"field": "title", "op": "contains", "value": "%"}]), vec!["50% off"]),
        (json!([{"field": "title", "op": "contains", "value": "_"}]), vec!["apple_tart"]),
        (json!([{"field": "title", "op": "contains", "value": "0% O"}]), vec!["50% off"]),
        (json!([{"field": "title", "op": "prefix", "value": "apple"}]), vec!["apple_tart"]),
        (json!([{"field": "title", "op": "prefix", "value": "50"}]), vec!["50% off", "500 off"]),
        (json!([{"field": "title", "op": "prefix", "value": "50%"}]), vec!["50% off"]),
        (json!([{"field": "qty", "op": "is_null"}]), vec!["50% off"]),
        (json!([{"field": "qty", "op": "not_null"}]), vec!["Apple pie", "apple_tart", "500 off", "Banana"]),
        (json!([{"field": "active", "op": "eq", "value": true}]), vec!["Apple pie", "500 off"]),
        (json!([{"field": "active", "op": "ne", "value": true}]), vec!["apple_tart", "50% off", "Banana"]),
        (json!([{"field": "status", "op": "eq", "value": "closed"}]), vec!["50% off"]),
        (json!([{"field": "id", "op": "eq", "value": apple["id"]}]), vec!["Apple pie"]),
        (json!([{"field": "created_at", "op": "gte", "value": NOW}]), all.to_vec()),
        (json!([{"field": "updated_at", "op": "lt", "value": NOW}]), vec![]),
        (
            json!([{"field": "active", "op": "eq", "value": false}, {"field": "qty", "op": "eq", "value": 2}, {"field": "due", "op": "gt", "value": 200}]),
            vec!["Banana"],
        ),
    ];
    for (filters, expected) in cases {
        assert_eq!(shop.titles(A, filters.clone()).await, set(&expected), "{filters}");
        assert_eq!(shop.count(A, filters.clone()).await, expected.len() as u64, "{filters}");
    }
}

/// Hour, day, week (from Monday) and month buckets over a week and a month boundary, and
/// every metric, computed by hand.
async fn aggregates_bucket_and_measure_hand_computed_data(app: TestApp) {
    let shop = Shop::new(&app, ITEMS).await;
    let rows = [
        json!({"title": "a", "due": 1_709_249_400, "qty": 1, "price": 1.0, "active": true}), // Thu 2024-02-29 23:30
        json!({"title": "b", "due": 1_709_251_199, "qty": 2, "price": 2.0, "active": false, "status": "closed"}), // Thu 23:59:59
        json!({"title": "c", "due": 1_709_251_800, "qty": 3, "price": 0.5}), // Fri 2024-03-01 00:10
        json!({"title": "d", "due": 1_709_510_399, "qty": 4}),               // Sun 2024-03-03 23:59:59
        json!({"title": "e", "due": 1_709_510_400, "qty": 5, "price": 4.0, "status": "closed"}), // Mon 2024-03-04 00:00
        json!({"title": "f", "due": 1_709_515_800, "qty": null, "price": 1.5}), // Mon 01:30
        json!({"title": "g", "qty": 10, "price": 10.0}),                     // no due
    ];
    shop.ok(A, json!({"op": "insert_many", "records": rows})).await;
    let count_by = |bucket: &str| {
        json!({"op": "aggregate", "aggregate": {
            "group_by": [{"field": "due", "bucket": bucket, "as": "at"}],
            "metrics": [{"fn": "count", "as": "n"}]
        }})
    };
    let groups = |pairs: &[(Value, i64)]| -> Value { pairs.iter().map(|(at, n)| json!({"at": at, "n": n})).collect() };
    let null = Value::Null;
    assert_eq!(
        shop.ok(A, count_by("hour")).await,
        groups(&[
            (json!(1_709_247_600), 2),
            (json!(1_709_251_200), 1),
            (json!(1_709_506_800), 1),
            (json!(1_709_510_400), 1),
            (json!(1_709_514_000), 1),
            (null.clone(), 1)
        ])
    );
    assert_eq!(
        shop.ok(A, count_by("day")).await,
        groups(&[
            (json!(1_709_164_800), 2),
            (json!(1_709_251_200), 1),
            (json!(1_709_424_000), 1),
            (json!(1_709_510_400), 2),
            (null.clone(), 1)
        ])
    );
    assert_eq!(
        shop.ok(A, count_by("week")).await,
        groups(&[(json!(1_708_905_600), 4), (json!(1_709_510_400), 2), (null.clone(), 1)]),
        "weeks start on Monday"
    );
    assert_eq!(
        shop.ok(A, count_by("month")).await,
        groups(&[(json!(1_706_745_600), 2), (json!(1_709_251_200), 4), (null.clone(), 1)])
    );

    let metrics = json!([
        {"fn": "count", "as": "n"}, {"fn": "count", "field": "price", "as": "priced"},
        {"fn": "sum", "field": "qty", "as": "qty_sum"}, {"fn": "sum", "field": "price", "as": "price_sum"},
        {"fn": "avg", "field": "qty", "as": "qty_avg"}, {"fn": "avg", "field": "price", "as": "price_avg"},
        {"fn": "min", "field": "due", "as": "first"}, {"fn": "max", "field": "due", "as": "last"},
        {"fn": "min", "field": "title", "as": "min_title"}, {"fn": "max", "field": "title", "as": "max_title"},
        {"fn": "min", "field": "price", "as": "min_price"}, {"fn": "max", "field": "qty", "as": "max_qty"}
    ]);
    let by_month = shop
        .ok(A, json!({"op": "aggregate", "aggregate": {"group_by": [{"field": "due", "bucket": "month", "as": "month"}], "metrics": metrics}}))
        .await;
    assert_eq!(
        by_month,
        json!([
            {"month": 1_706_745_600, "n": 2, "priced": 2, "qty_sum": 3, "price_sum": 3.0, "qty_avg": 1.5, "price_avg": 1.5,
             "first": 1_709_249_400, "last": 1_709_251_199, "min_title": "a", "max_title": "b", "min_price": 1.0, "max_qty": 2},
            {"month": 1_709_251_200, "n": 4, "priced": 3, "qty_sum": 12, "price_sum": 6.0, "qty_avg": 4.0, "price_avg": 2.0,
             "first": 1_709_251_800, "last": 1_709_515_800, "min_title": "c", "max_title": "f", "min_price": 0.5, "max_qty": 5},
            {"month": null, "n": 1, "priced": 1, "qty_sum": 10, "price_sum": 10.0, "qty_avg": 10.0, "price_avg": 10.0,
             "first": null, "last": null, "min_title": "g", "max_title": "g", "min_price": 10.0, "max_qty": 10}
        ])
    );
    assert!(by_month[0]["qty_sum"].is_i64(), "a sum of integers is an integer");
    assert!(by_month[0]["qty_avg"].is_f64() && by_month[1]["qty_avg"].is_f64(), "an average is a float");

    let by_status = shop
        .ok(A, json!({"op": "aggregate", "aggregate": {"group_by": [{"field": "status"}], "metrics": [{"fn": "count", "as": "n"}, {"fn": "sum", "field": "qty", "as": "qty"}]}}))
        .await;
    assert_eq!(by_status, json!([{"status": "closed", "n": 2, "qty": 7}, {"status": "open", "n": 5, "qty": 18}]));
    let by_flag = shop
        .ok(A, json!({"op": "aggregate", "aggregate": {"group_by": [{"field": "active"}], "metrics": [{"fn": "count", "as": "n"}]}}))
        .await;
    assert_eq!(by_flag, json!([{"active": false, "n": 1}, {"active": true, "n": 1}, {"active": null, "n": 5}]));
    let two_keys = shop
        .ok(
            A,
            json!({"op": "aggregate", "aggregate": {
                "filters": [{"field": "due", "op": "not_null"}],
                "group_by": [{"field": "due", "bucket": "week", "as": "week"}, {"field": "status"}],
                "metrics": [{"fn": "count", "as": "n"}],
                "limit": 3
            }}),
        )
        .await;
    assert_eq!(
        two_keys,
        json!([
            {"week": 1_708_905_600, "status": "closed", "n": 1},
            {"week": 1_708_905_600, "status": "open", "n": 3},
            {"week": 1_709_510_400, "status": "closed", "n": 1}
        ]),
        "ordered by the keys, at most the limit"
    );
    let everything = shop
        .ok(A, json!({"op": "aggregate", "aggregate": {"metrics": [{"fn": "count", "as": "n"}, {"fn": "sum", "field": "qty", "as": "qty"}]}}))
        .await;
    assert_eq!(everything, json!([{"n": 7, "qty": 25}]));
    let created = shop
        .ok(A, json!({"op": "aggregate", "aggregate": {"group_by": [{"field": "created_at", "bucket": "day"}], "metrics": [{"fn": "count", "as": "n"}]}}))
        .await;
    assert_eq!(created, json!([{"created_at": NOW - NOW % 86_400, "n": 7}]), "system timestamps bucket too");
    let none = shop
        .ok(A, json!({"op": "aggregate", "aggregate": {"filters": [{"field": "qty", "op": "gt", "value": 100}], "metrics": [{"fn": "count", "as": "n"}, {"fn": "sum", "field": "qty", "as": "qty"}]}}))
        .await;
    assert_eq!(none, json!([{"n": 0, "qty": null}]));
}

/// Company A reaches none of company B's records through any operation.
async fn a_company_never_sees_another_company_records(app: TestApp) {
    let shop = Shop::new(&app, ITEMS).await;
    let theirs = shop.insert(B, json!({"title": "B's", "qty": 7})).await;
    let mine = shop.insert(A, json!({"title": "A's", "qty": 1})).await;
    let their_id = theirs["id"].clone();

    assert_eq!(shop.ok(A, json!({"op": "get", "id": their_id})).await, Value::Null, "get");
    let listed = shop.ok(A, json!({"op": "list", "query": {"total": true}})).await;
    assert_eq!((listed["items"].clone(), listed["total"].clone()), (json!([mine]), json!(1)), "list");
    let by_id =
        shop.ok(A, json!({"op": "list", "query": {"filters": [{"field": "id", "op": "eq", "value": their_id}]}})).await;
    assert_eq!(by_id["items"], json!([]), "list by their id");
    let update = shop.refused(A, json!({"op": "update", "id": their_id, "version": 1, "changes": {"qty": 0}})).await;
    assert_eq!(update.status, 404, "update");
    assert_eq!(shop.ok(A, json!({"op": "delete", "id": their_id})).await, false, "delete");
    assert_eq!(shop.ok(A, json!({"op": "delete", "id": their_id, "version": 1})).await, false, "delete with a version");
    assert_eq!(shop.count(A, json!([])).await, 1, "count");
    let totals = shop
        .ok(A, json!({"op": "aggregate", "aggregate": {"metrics": [{"fn": "count", "as": "n"}, {"fn": "sum", "field": "qty", "as": "qty"}]}}))
        .await;
    assert_eq!(totals, json!([{"n": 1, "qty": 1}]), "aggregate");
    shop.ok(A, json!({"op": "insert_many", "records": [{"title": "x"}, {"title": "y"}]})).await;
    assert_eq!(shop.count(A, json!([])).await, 3);
    assert_eq!(shop.count(B, json!([])).await, 1, "insert_many wrote only to A");
    assert_eq!(shop.ok(B, json!({"op": "get", "id": their_id})).await, theirs, "B's record is untouched");
    let listed = shop.ok(B, json!({"op": "list", "query": {}})).await;
    assert_eq!(listed["items"], json!([theirs]), "B sees only its own");
}

/// insert_many answers every record in order, stores all or none, takes at most 1000.
async fn insert_many_stores_all_or_none(app: TestApp) {
    let shop = Shop::new(&app, ITEMS).await;
    let refused =
        shop.refused(A, json!({"op": "insert_many", "records": [{"title": "ok"}, {"title": "ok"}, {}]})).await;
    assert_eq!((refused.status, refused.message.as_str()), (400, "record 2: 'title' is required"));
    assert_eq!(shop.count(A, json!([])).await, 0, "none stored");
    let too_many: Vec<Value> = (0..1001).map(|i| json!({"title": format!("t{i}")})).collect();
    assert_eq!(shop.refused(A, json!({"op": "insert_many", "records": too_many})).await.status, 400);
    assert_eq!(shop.ok(A, json!({"op": "insert_many", "records": []})).await, json!([]));
    let many: Vec<Value> = (0..1000).map(|i| json!({"title": format!("t{i}"), "qty": i})).collect();
    let stored = shop.ok(A, json!({"op": "insert_many", "records": many})).await;
    let stored = stored.as_array().unwrap();
    assert_eq!(stored.len(), 1000);
    assert_eq!((stored[999]["title"].clone(), stored[999]["qty"].clone()), (json!("t999"), json!(999)));
    assert_eq!(shop.count(A, json!([])).await, 1000, "several statements, one transaction");
    let last = shop.ok(A, json!({"op": "get", "id": stored[999]["id"]})).await;
    assert_eq!(&last, &stored[999]);
}

const V1: &str = r#"
[collections.items]
indexes = [["qty"]]
[collections.items.fields]
title = { type = "text", required = true }
qty = { type = "integer" }
"#;

/// A new field with a default fills the existing records; a new index appears; `check`
/// shows the plan first and changes nothing.
async fn an_additive_migration_fills_old_records_and_adds_indexes(app: TestApp) {
    let shop = Shop::new(&app, V1).await;
    let old = shop.insert(A, json!({"title": "Pen", "qty": 2})).await;
    let table = table_name("shop", "items");
    let v2 = manifest(
        r#"
[collections.items]
indexes = [["qty"], ["state", "created_at"]]
[collections.items.fields]
title = { type = "text", required = true }
qty = { type = "integer" }
state = { type = "text", required = true, default = "new" }
score = { type = "number" }
"#,
    );
    let planned = check(app.db(), &v2).await.unwrap();
    assert_eq!(
        planned.iter().map(ToString::to_string).collect::<Vec<_>>(),
        [
            "add field 'items.score'",
            "add field 'items.state' with its default for existing records",
            "add index on 'items' (state, created_at)"
        ]
    );
    assert_eq!(columns(&app, &table).await.len(), 7, "check changed nothing");
    assert_eq!(migrate(app.db(), &v2).await.unwrap(), planned);
    assert_eq!(
        columns(&app, &table).await,
        ["company_id", "created_at", "id", "qty", "score", "state", "title", "updated_at", "version"]
    );
    assert_eq!(
        indexes(&app, &table).await,
        BTreeSet::from([index(&["created_at"]), index(&["qty"]), index(&["state", "created_at"])])
    );
    assert_eq!(check(app.db(), &v2).await.unwrap(), [], "applied: nothing left to do");
    assert_eq!(migrate(app.db(), &v2).await.unwrap(), [], "migrating again changes nothing");
    let shop = Shop { app: &app, target: Target { spec: v2.collections["items"].clone(), ..shop.target } };
    let now = shop.ok(A, json!({"op": "get", "id": old["id"]})).await;
    assert_eq!((now["state"].clone(), now["score"].clone(), now["qty"].clone()), (json!("new"), Value::Null, json!(2)));
    let filtered = shop.titles(A, json!([{"field": "state", "op": "eq", "value": "new"}])).await;
    assert_eq!(filtered, set(&["Pen"]));
}

/// Dropping a field or a collection without saying so, and changing a type, are refused
/// with the module, collection and field named; the schema and the data stay.
async fn destructive_changes_are_refused_and_change_nothing(app: TestApp) {
    let shop = Shop::new(&app, V1).await;
    let pen = shop.insert(A, json!({"title": "Pen", "qty": 2})).await;
    let table = table_name("shop", "items");
    let before = (columns(&app, &table).await, indexes(&app, &table).await);
    let dropped_field = manifest("[collections.items.fields]\ntitle = { type = \"text\", required = true }\n");
    let retyped = manifest(&V1.replace("qty = { type = \"integer\" }", "qty = { type = \"text\" }"));
    let dropped_collection = manifest("[collections.other.fields]\nname = { type = \"text\" }\n");
    let cases = [
        (&dropped_field, "module 'shop': collection 'items': field 'qty' was removed; list it in drop_fields"),
        (
            &retyped,
            "module 'shop': collection 'items': field 'qty' changed type from integer to text; change the type by adding a new field",
        ),
        (&dropped_collection, "module 'shop': collection 'items' was removed; list it in drop_collections"),
    ];
    for (next, reason) in cases {
        for refusals in [check(app.db(), next).await.unwrap_err(), migrate(app.db(), next).await.unwrap_err()] {
            assert!(refusals.iter().any(|r| r.starts_with(reason)), "{refusals:?} should say {reason}");
        }
    }
    assert_eq!((columns(&app, &table).await, indexes(&app, &table).await), before);
    assert!(columns(&app, &table_name("shop", "other")).await.is_empty(), "nothing of a refused plan is applied");
    assert_eq!(check(app.db(), &manifest(V1)).await.unwrap(), [], "the applied spec is unchanged");
    assert_eq!(shop.ok(A, json!({"op": "get", "id": pen["id"]})).await, pen);
}

/// When a statement fails midway, the earlier changes of the migration are rolled back.
async fn a_failing_migration_leaves_nothing_half_done(app: TestApp) {
    Shop::new(&app, V1).await;
    let table = table_name("shop", "items");
    let before = columns(&app, &table).await;
    // A table in the way of the new collection: its CREATE TABLE fails after the new
    // field of `items` was added.
    let pool = inspect(&app).await;
    sqlx::query("CREATE TABLE mod_shop__other (x TEXT)").execute(&pool).await.unwrap();
    pool.close().await;
    let next = manifest(&format!(
        "{V1}extra = {{ type = \"boolean\" }}\n[collections.other.fields]\nname = {{ type = \"text\" }}\n"
    ));
    let planned = check(app.db(), &next).await.unwrap();
    assert!(matches!(planned[0], Change::AddField { ref field, .. } if field == "extra"), "{planned:?}");
    let failed = migrate(app.db(), &next).await.unwrap_err();
    assert!(failed[0].contains("module 'shop'"), "{failed:?}");
    assert_eq!(columns(&app, &table).await, before, "the added column was rolled back");
    assert_eq!(check(app.db(), &next).await.unwrap(), planned, "nothing was recorded as applied");
}

/// `drop_fields` drops a column (and its index first); `drop_collections` drops a table.
async fn listed_fields_and_collections_are_dropped(app: TestApp) {
    let shop = Shop::new(&app, V1).await;
    let pen = shop.insert(A, json!({"title": "Pen", "qty": 2})).await;
    let table = table_name("shop", "items");
    let v2 = manifest(
        "[collections.items]\ndrop_fields = [\"qty\"]\n[collections.items.fields]\ntitle = { type = \"text\", required = true }\n",
    );
    let changes = migrate(app.db(), &v2).await.unwrap();
    assert_eq!(
        changes,
        [
            Change::DropIndex { collection: "items".into(), columns: vec!["qty".into()] },
            Change::DropField { collection: "items".into(), field: "qty".into() }
        ]
    );
    assert_eq!(columns(&app, &table).await, ["company_id", "created_at", "id", "title", "updated_at", "version"]);
    assert_eq!(indexes(&app, &table).await, BTreeSet::from([index(&["created_at"])]));
    let shop = Shop { app: &app, target: Target { spec: v2.collections["items"].clone(), ..shop.target } };
    let now = shop.ok(A, json!({"op": "get", "id": pen["id"]})).await;
    assert_eq!(now.get("qty"), None);
    assert_eq!(now["title"], "Pen");

    let mut v3 = manifest("[collections.other.fields]\nname = { type = \"text\" }\n");
    v3.drop_collections = vec!["items".into()];
    v3.validate().unwrap();
    let changes = migrate(app.db(), &v3).await.unwrap();
    assert_eq!(changes[0], Change::DropTable { collection: "items".into() });
    assert!(columns(&app, &table).await.is_empty(), "the table is gone");
    let applied = collections::applied(app.db(), "shop").await.unwrap();
    assert_eq!(applied.keys().collect::<Vec<_>>(), ["other"]);
}
