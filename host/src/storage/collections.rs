//! PLACEHOLDER until the collections branch merges (deleted then).
use autoscope_wire::HostError;
use autoscope_wire::storage::StorageOp;

use super::Db;
use crate::registry::manifest::{Collection, Manifest};

pub struct Target {
    pub module: String,
    pub collection: String,
    pub spec: Collection,
}

pub async fn execute(
    _db: &Db,
    _target: &Target,
    _company_id: &str,
    _now: i64,
    _op: StorageOp,
) -> Result<serde_json::Value, HostError> {
    Err(HostError::new(501, "placeholder"))
}

pub async fn check(_db: &Db, _manifest: &Manifest) -> Result<Vec<()>, Vec<String>> {
    Ok(vec![])
}

pub async fn migrate(_db: &Db, _manifest: &Manifest) -> Result<Vec<()>, Vec<String>> {
    Ok(vec![])
}
