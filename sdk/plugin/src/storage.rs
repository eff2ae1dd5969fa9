//! The module's collections, scoped to the calling company by the host.
//!
//! `collection("items")` names one of the module's own collections;
//! `collection("support.tickets")` another module's collection the installation granted
//! read access to.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::host::call;
use crate::wire::HostFunction;
use crate::wire::storage::{
    Aggregate, Bucket, Filter, FilterOp, GroupKey, MAX_PAGE, Metric, MetricFn, Page, Query, Record, Sort, StorageOp,
};
use crate::{Error, Result};

/// A collection by name; cheap to make, holds no state.
pub fn collection(name: impl Into<String>) -> Collection {
    Collection { name: name.into() }
}

/// A filter on `field`, for [`Collection::count`] and the builders.
pub fn filter(field: impl Into<String>, op: FilterOp, value: impl Into<Value>) -> Filter {
    Filter { field: field.into(), op, value: value.into() }
}

/// Operations on one collection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collection {
    name: String,
}

impl Collection {
    /// The collection's name as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn call<O: DeserializeOwned>(&self, op: &StorageOp) -> Result<O> {
        call(HostFunction::Storage, op)
    }

    /// The record with `id`, if any.
    pub fn get(&self, id: &str) -> Result<Option<Record>> {
        self.call(&StorageOp::Get { collection: self.name.clone(), id: id.to_string() })
    }

    /// The record with `id` as `T`, if any.
    pub fn get_as<T: DeserializeOwned>(&self, id: &str) -> Result<Option<T>> {
        self.get(id)?.map(from_record).transpose()
    }

    /// One page of the records matching `query`.
    pub fn list(&self, query: &Query) -> Result<Page> {
        self.call(&StorageOp::List { collection: self.name.clone(), query: query.clone() })
    }

    /// Every record matching `query`, at most `max`: pages of the query's limit (500 when
    /// it has none) one after the other, following `next_cursor`. Name the `fields` you use
    /// ([`QueryExt::fields`]) when there may be many records.
    pub fn list_all(&self, query: &Query, max: usize) -> Result<Vec<Record>> {
        self.pages(query, max, |query| {
            let page = self.list(query)?;
            Ok((page.items, page.next_cursor))
        })
    }

    /// [`Collection::list_all`] with each record decoded straight from the host's JSON as
    /// `T`, without a [`Record`] in between; 500 when a record does not fit.
    pub fn list_all_as<T: DeserializeOwned>(&self, query: &Query, max: usize) -> Result<Vec<T>> {
        #[derive(serde::Deserialize)]
        struct TypedPage<T> {
            items: Vec<T>,
            next_cursor: Option<String>,
        }
        self.pages(query, max, |query| {
            let page: TypedPage<T> = serde_json::from_str(self.list_json(query)?.get())
                .map_err(|err| Error::internal(format!("unexpected record in {}: {err}", self.name)))?;
            Ok((page.items, page.next_cursor))
        })
    }

    /// The items of `query`'s pages, read with `page`, up to `max`.
    fn pages<T>(
        &self,
        query: &Query,
        max: usize,
        page: impl Fn(&Query) -> Result<(Vec<T>, Option<String>)>,
    ) -> Result<Vec<T>> {
        let mut query = Query { limit: Some(query.limit.unwrap_or(MAX_PAGE)), total: false, ..query.clone() };
        let mut items = Vec::new();
        loop {
            let (found, next_cursor) = page(&query)?;
            items.extend(found);
            match next_cursor {
                Some(cursor) if items.len() < max => query.cursor = Some(cursor),
                _ => break,
            }
        }
        items.truncate(max);
        Ok(items)
    }

    /// Deletes every record matching `filters` (all of the company's with none) in one
    /// statement; answers how many.
    pub fn delete_matching(&self, filters: Vec<Filter>) -> Result<u64> {
        self.call(&StorageOp::DeleteMatching { collection: self.name.clone(), filters })
    }

    /// One page of the records matching `query` as JSON text, unparsed: for a handler that
    /// answers the page as it is ([`crate::reply::raw`]), which saves decoding and
    /// encoding every record inside the plugin.
    pub fn list_json(&self, query: &Query) -> Result<Box<RawValue>> {
        self.call(&StorageOp::List { collection: self.name.clone(), query: query.clone() })
    }

    /// Stores a new record; answers it with its id, timestamps and version.
    pub fn insert(&self, record: Record) -> Result<Record> {
        self.call(&StorageOp::Insert { collection: self.name.clone(), record })
    }

    /// Stores `value` (which must serialize to a JSON object) as a new record.
    pub fn insert_as<T: Serialize + ?Sized>(&self, value: &T) -> Result<Record> {
        self.insert(to_record(value)?)
    }

    /// Stores all records or none; answers them in order.
    pub fn insert_many(&self, records: Vec<Record>) -> Result<Vec<Record>> {
        self.call(&StorageOp::InsertMany { collection: self.name.clone(), records })
    }

    /// Changes the given fields when the stored version is `version`; 409 when someone
    /// changed the record first.
    pub fn update(&self, id: &str, version: i64, changes: Record) -> Result<Record> {
        self.call(&StorageOp::Update { collection: self.name.clone(), id: id.to_string(), version, changes })
    }

    /// Deletes the record (only at `version`, when given); answers whether one was deleted.
    pub fn delete(&self, id: &str, version: Option<i64>) -> Result<bool> {
        self.call(&StorageOp::Delete { collection: self.name.clone(), id: id.to_string(), version })
    }

    /// How many records match every filter.
    pub fn count(&self, filters: Vec<Filter>) -> Result<u64> {
        self.call(&StorageOp::Count { collection: self.name.clone(), filters })
    }

    /// One record per group, holding the group keys and the metrics.
    pub fn aggregate(&self, aggregate: &Aggregate) -> Result<Vec<Record>> {
        self.call(&StorageOp::Aggregate { collection: self.name.clone(), aggregate: aggregate.clone() })
    }
}

/// A record as `T`; 500 when it does not fit (the manifest and the type disagree).
pub fn from_record<T: DeserializeOwned>(record: Record) -> Result<T> {
    serde_json::from_value(Value::Object(record)).map_err(|err| Error::internal(format!("unexpected record: {err}")))
}

/// The id of a stored record; 500 when it has none (the host gives every record one).
pub fn id_of(record: &Record) -> Result<&str> {
    text(record, "id").ok_or_else(|| Error::internal("a stored record has no id"))
}

/// The text of a record's `field`; `None` when it is missing, null or not text.
pub fn text<'a>(record: &'a Record, field: &str) -> Option<&'a str> {
    record.get(field).and_then(Value::as_str)
}

/// For `#[serde(default, deserialize_with = "storage::json_or_default")]` on a `json`
/// field: null or a value of another shape reads as the default, so one odd record never
/// fails a whole page.
pub fn json_or_default<'de, D, T>(deserializer: D) -> std::result::Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: DeserializeOwned + Default,
{
    let value = <Value as serde::Deserialize>::deserialize(deserializer)?;
    Ok(serde_json::from_value(value).unwrap_or_default())
}

/// `value` as a record; 500 unless it serializes to a JSON object.
pub fn to_record<T: Serialize + ?Sized>(value: &T) -> Result<Record> {
    match serde_json::to_value(value) {
        Ok(Value::Object(record)) => Ok(record),
        Ok(_) => Err(Error::internal("a record must serialize to a JSON object")),
        Err(err) => Err(Error::internal(format!("cannot encode the record: {err}"))),
    }
}

/// Builder methods on [`Query`]: `Query::default().eq("done", false).sort_desc("due").limit(20)`.
pub trait QueryExt: Sized {
    /// Adds a filter.
    fn filter(self, field: impl Into<String>, op: FilterOp, value: impl Into<Value>) -> Self;
    /// Adds an equality filter.
    fn eq(self, field: impl Into<String>, value: impl Into<Value>) -> Self {
        self.filter(field, FilterOp::Eq, value)
    }
    /// Sorts ascending by `field` (after earlier sorts).
    fn sort(self, field: impl Into<String>) -> Self;
    /// Sorts descending by `field` (after earlier sorts).
    fn sort_desc(self, field: impl Into<String>) -> Self;
    /// The page size.
    fn limit(self, limit: u32) -> Self;
    /// Continues after a previous page's `next_cursor`.
    fn cursor(self, cursor: Option<String>) -> Self;
    /// Also counts every matching record.
    fn with_total(self) -> Self;
    /// Only these fields (besides the system and sort fields) in each record.
    fn fields<S: Into<String>>(self, names: impl IntoIterator<Item = S>) -> Self;
}

impl QueryExt for Query {
    fn filter(mut self, field: impl Into<String>, op: FilterOp, value: impl Into<Value>) -> Self {
        self.filters.push(filter(field, op, value));
        self
    }

    fn sort(mut self, field: impl Into<String>) -> Self {
        self.sort.push(Sort { field: field.into(), desc: false });
        self
    }

    fn sort_desc(mut self, field: impl Into<String>) -> Self {
        self.sort.push(Sort { field: field.into(), desc: true });
        self
    }

    fn limit(mut self, limit: u32) -> Self {
        self.limit = Some(limit);
        self
    }

    fn cursor(mut self, cursor: Option<String>) -> Self {
        self.cursor = cursor;
        self
    }

    fn with_total(mut self) -> Self {
        self.total = true;
        self
    }

    fn fields<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.fields = names.into_iter().map(Into::into).collect();
        self
    }
}

/// Builder methods on [`Aggregate`]:
/// `Aggregate::default().bucket("due", Bucket::Day).count("n").sum("qty", "total_qty")`.
pub trait AggregateExt: Sized {
    /// Adds a filter.
    fn filter(self, field: impl Into<String>, op: FilterOp, value: impl Into<Value>) -> Self;
    /// Adds an equality filter.
    fn eq(self, field: impl Into<String>, value: impl Into<Value>) -> Self {
        self.filter(field, FilterOp::Eq, value)
    }
    /// Groups by a field's value (named after the field).
    fn group_by(self, field: impl Into<String>) -> Self;
    /// Groups by a timestamp field truncated to `bucket` (named after the field).
    fn bucket(self, field: impl Into<String>, bucket: Bucket) -> Self;
    /// Groups by the bin a numeric field falls in (see [`GroupKey::bins`]); a rollup
    /// with these very bounds answers it.
    fn bins(self, field: impl Into<String>, bounds: &[f64]) -> Self;
    /// Adds a metric named `alias`; `field` is `None` only for `count`.
    fn metric(self, function: MetricFn, field: Option<&str>, alias: impl Into<String>) -> Self;
    /// Counts the group's records as `alias`.
    fn count(self, alias: impl Into<String>) -> Self {
        self.metric(MetricFn::Count, None, alias)
    }
    /// Sums `field` as `alias`.
    fn sum(self, field: &str, alias: impl Into<String>) -> Self {
        self.metric(MetricFn::Sum, Some(field), alias)
    }
    /// Averages `field` as `alias`.
    fn avg(self, field: &str, alias: impl Into<String>) -> Self {
        self.metric(MetricFn::Avg, Some(field), alias)
    }
    /// The least `field` as `alias`.
    fn min(self, field: &str, alias: impl Into<String>) -> Self {
        self.metric(MetricFn::Min, Some(field), alias)
    }
    /// The greatest `field` as `alias`.
    fn max(self, field: &str, alias: impl Into<String>) -> Self {
        self.metric(MetricFn::Max, Some(field), alias)
    }
}

impl AggregateExt for Aggregate {
    fn filter(mut self, field: impl Into<String>, op: FilterOp, value: impl Into<Value>) -> Self {
        self.filters.push(filter(field, op, value));
        self
    }

    fn group_by(mut self, field: impl Into<String>) -> Self {
        self.group_by.push(GroupKey { field: field.into(), bucket: None, bins: None, alias: None });
        self
    }

    fn bins(mut self, field: impl Into<String>, bounds: &[f64]) -> Self {
        self.group_by.push(GroupKey { field: field.into(), bucket: None, bins: Some(bounds.to_vec()), alias: None });
        self
    }

    fn bucket(mut self, field: impl Into<String>, bucket: Bucket) -> Self {
        self.group_by.push(GroupKey { field: field.into(), bucket: Some(bucket), bins: None, alias: None });
        self
    }

    fn metric(mut self, function: MetricFn, field: Option<&str>, alias: impl Into<String>) -> Self {
        self.metrics.push(Metric { function, field: field.map(str::to_string), alias: alias.into() });
        self
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn query_builder_serializes_as_the_host_reads_it() {
        let query = Query::default()
            .eq("done", false)
            .filter("title", FilterOp::Contains, "milk")
            .sort_desc("due")
            .sort("title")
            .limit(20)
            .cursor(Some("c1".into()))
            .with_total();
        assert_eq!(
            serde_json::to_value(&query).unwrap(),
            json!({
                "filters": [
                    { "field": "done", "op": "eq", "value": false },
                    { "field": "title", "op": "contains", "value": "milk" }
                ],
                "sort": [{ "field": "due", "desc": true }, { "field": "title", "desc": false }],
                "limit": 20,
                "cursor": "c1",
                "total": true
            })
        );
    }

    #[test]
    fn aggregate_builder_names_metrics() {
        let aggregate = Aggregate::default().bucket("due", Bucket::Week).count("n").sum("qty", "total_qty");
        assert_eq!(
            serde_json::to_value(&aggregate).unwrap(),
            json!({
                "filters": [],
                "group_by": [{ "field": "due", "bucket": "week", "as": null }],
                "metrics": [
                    { "fn": "count", "field": null, "as": "n" },
                    { "fn": "sum", "field": "qty", "as": "total_qty" }
                ],
                "limit": null
            })
        );
    }

    #[test]
    fn records_must_be_objects() {
        assert_eq!(to_record(&json!({ "a": 1 })).unwrap()["a"], json!(1));
        assert_eq!(to_record(&json!([1])).unwrap_err().status, 500);
    }

    #[test]
    fn records_have_ids_and_text() {
        let record: Record = serde_json::from_value(json!({ "id": "r1", "name": "a", "size": 2 })).unwrap();
        assert_eq!(id_of(&record), Ok("r1"));
        assert_eq!((text(&record, "name"), text(&record, "size"), text(&record, "gone")), (Some("a"), None, None));
        assert_eq!(id_of(&Record::new()).unwrap_err().status, 500);
    }

    #[test]
    fn host_calls_fail_cleanly_outside_the_host() {
        let err = collection("items").get("x").unwrap_err();
        assert_eq!(err.status, 501);
    }
}
