//! The TypeScript types of Database Integration's remote,
//! `modules-web/db_integration/src/generated.ts`, rendered with ts-rs from the types the
//! plugin answers and takes, with what each target stream's fields are and the messages the
//! remote shows too. The connections themselves are the host's (the web SDK's types).
//! `generated_typescript_is_current` fails while the committed file differs; with
//! `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_typescript::{GeneratedFile, config, constant, declaration, import_types, messages};
use serde_json::json;

use crate::mapping::{Exceptions, Field, Kind, SKIP, Source, StatusRow, TableMap, Target};
use crate::presets::Preset;
use crate::sync::{FAILURES, PAGE, REPORTED, Rejection, Report};
use crate::{ADMIN_ONLY, ConnectionItem, Connections, Mapping, PREVIEW_ROWS, Preview, StoredMapping};

const SOURCE: &str = "plugins/db_integration/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/db_integration/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let targets: serde_json::Map<String, serde_json::Value> = [Target::Runs, Target::QueueItems]
        .into_iter()
        .map(|target| {
            let key = serde_json::to_value(target).ok().and_then(|key| key.as_str().map(str::to_string));
            let fields = serde_json::to_value(target.fields()).unwrap_or_default();
            let value = json!({ "stream": target.stream(), "fields": fields, "statuses": target.statuses() });
            (key.unwrap_or_default(), value)
        })
        .collect();
    let parts = [
        import_types("@autoscope/web-sdk", &["Connection"]),
        declaration::<Connections>(&cfg),
        declaration::<ConnectionItem>(&cfg),
        declaration::<Preset>(&cfg),
        declaration::<Mapping>(&cfg),
        declaration::<StoredMapping>(&cfg),
        declaration::<TableMap>(&cfg),
        declaration::<Target>(&cfg),
        declaration::<Source>(&cfg),
        declaration::<StatusRow>(&cfg),
        declaration::<Exceptions>(&cfg),
        declaration::<Field>(&cfg),
        declaration::<Kind>(&cfg),
        declaration::<Preview>(&cfg),
        declaration::<Report>(&cfg),
        declaration::<Rejection>(&cfg),
        constant(
            "Each target's stream, its fields and the portal's statuses a status table maps to.",
            "TARGETS",
            serde_json::Value::Object(targets),
        ),
        constant("The status that leaves a row out of the import.", "SKIP", SKIP),
        constant("Rows a preview maps.", "PREVIEW_ROWS", PREVIEW_ROWS),
        constant("Rows a sync reads per step.", "PAGE_ROWS", PAGE),
        constant("Rejected rows a report keeps.", "REPORTED", REPORTED as u64),
        constant("Failed syncs in a row before the company admins are told.", "FAILURES", FAILURES as u64),
        messages(&messages![ADMIN_ONLY]),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-db_integration --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
