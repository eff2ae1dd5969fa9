//! Company non-working days and maintenance windows, kept by company admins; every member
//! reads them, and other modules may too (`read:calendar.non_working`).

use autoscope_sdk::prelude::*;
use autoscope_sdk::require_company_admin;
use autoscope_sdk::wire::Caller;
use serde_json::json;

use crate::store::{self, NonWorkingRecord};
use crate::validate::{self, NON_WORKING_ADMIN_ONLY, NON_WORKING_NOT_FOUND, STALE};
use crate::views::{NonWorking, NonWorkingInput};

fn fields(input: &NonWorkingInput) -> Result<Record> {
    storage::to_record(&json!({
        "name": input.name, "kind": input.kind.as_str(), "start": input.start, "end": input.end, "all_day": input.all_day,
    }))
}

fn pushed(entry: NonWorkingRecord) -> Result<NonWorking> {
    host::realtime("non_working", &json!({}))?;
    Ok(entry.into())
}

pub fn create(mut input: NonWorkingInput, caller: &Caller) -> Result<NonWorking> {
    require_company_admin(caller, NON_WORKING_ADMIN_ONLY)?;
    validate::non_working(&mut input)?;
    pushed(storage::from_record(store::non_working().insert(fields(&input)?)?)?)
}

pub fn update(id: &str, mut input: NonWorkingInput, caller: &Caller) -> Result<NonWorking> {
    require_company_admin(caller, NON_WORKING_ADMIN_ONLY)?;
    validate::non_working(&mut input)?;
    let found: NonWorkingRecord =
        store::non_working().get_as(id)?.ok_or_else(|| Error::not_found(NON_WORKING_NOT_FOUND))?;
    let version = input.version.unwrap_or(found.version);
    let record = store::non_working().update(id, version, fields(&input)?).map_err(|err| match err.status {
        409 => Error::conflict(STALE),
        _ => err,
    })?;
    pushed(storage::from_record(record)?)
}

pub fn delete(id: &str, caller: &Caller) -> Result<()> {
    require_company_admin(caller, NON_WORKING_ADMIN_ONLY)?;
    match store::non_working().delete(id, None)? {
        true => host::realtime("non_working", &json!({})).map(drop),
        false => Err(Error::not_found(NON_WORKING_NOT_FOUND)),
    }
}
