//! Link targets: Process Vault processes, Bot Profile bots and support tickets, by name,
//! for the link picker. Each module is optional: one not installed, whose records the
//! installation did not grant, or that the person's rights do not open, offers nothing.

use autoscope_sdk::prelude::*;
use serde_json::Value;

use crate::views::{LinkKind, LinkTarget};

const MOST: u32 = 20;

/// `GET /link-targets?kind=&q=`.
pub fn targets(kind: LinkKind, q: &str) -> Result<Vec<LinkTarget>> {
    let (source, field) = match kind {
        LinkKind::Process => ("vault.processes", "name"),
        LinkKind::Bot => ("bots.bots", "name"),
        LinkKind::Ticket => ("support.tickets", "title"),
    };
    let mut query = Query::default().sort(field).limit(MOST);
    if kind == LinkKind::Ticket {
        query = query.fields(["title", "number"]);
    } else {
        query = query.fields([field]);
    }
    let q = q.trim();
    if !q.is_empty() {
        query = query.filter(field, FilterOp::Contains, q);
    }
    let Ok(page) = collection(source).list(&query) else { return Ok(Vec::new()) };
    let targets = page
        .items
        .into_iter()
        .filter_map(|record| {
            let id = storage::text(&record, "id")?.to_string();
            let name = storage::text(&record, field)?;
            let label = match record.get("number").and_then(Value::as_i64) {
                Some(number) => format!("#{number} {name}"),
                None => name.to_string(),
            };
            Some(LinkTarget { kind, id, label })
        })
        .collect();
    Ok(targets)
}
