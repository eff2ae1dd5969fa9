//! The web SDK's types (`sdk/web/src/generated.ts`), rendered from the Rust types of the
//! platform's answers: `GET /api/modules`, a module's database connections and its jobs,
//! the connection form's messages, the names of the host's own realtime channels and the
//! getting-started checklist (`GET /api/onboarding`).

use autoscope_typescript::{GeneratedFile, config, constant, declaration, messages, named_messages, string_union};
use autoscope_wire::host::{Job, JobStatus};
use autoscope_wire::sources::{
    ColumnKind, Connection, ConnectionDraft, ConnectionTest, ServerVersion, SourceColumn, SourceEngine, SourceTable,
    TlsMode,
};

use super::jobs::CHANNEL as JOBS;
use super::onboarding::{Checklist, SampleState, StepItem};
use super::registry::api::{PageItem, RemoteItem, RightsKey, VisibleModule, VisibleModules};
use super::sources::connections::{
    DATABASE, HOST, NAME, NAME_TAKEN, NOT_ALLOWED, PASSWORD_TOO_LONG, PORT, TIME_ZONE, USER,
};
use crate::realtime::{DIRECTORY, NOTIFICATIONS, SESSION};
use crate::rights::menu::{MenuGroup, MenuLayout, ShellEntry};
use crate::rights::{Right, UPGRADE_LABEL, UPGRADE_PATH};

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    GeneratedFile {
        file: "sdk/web/src/generated.ts",
        source: "host/src/modules/typescript.rs",
        regenerate: "cargo test -p autoscope --lib modules::typescript",
    }
    .check_or_write(&[
        declaration::<VisibleModules>(&cfg),
        declaration::<VisibleModule>(&cfg),
        declaration::<PageItem>(&cfg),
        declaration::<RemoteItem>(&cfg),
        declaration::<Right>(&cfg),
        declaration::<RightsKey>(&cfg),
        declaration::<MenuLayout>(&cfg),
        declaration::<MenuGroup>(&cfg),
        declaration::<ShellEntry>(&cfg),
        string_union(
            "A realtime channel of the host itself (not a module's): a user's notifications, their session's standing, the company's people.",
            "HostChannel",
            &[NOTIFICATIONS, SESSION, DIRECTORY],
        ),
        constant(
            "The way to the enterprise edition: every greyed premium entry and every cap message leads there.",
            "UPGRADE",
            serde_json::json!({ "label": UPGRADE_LABEL, "path": UPGRADE_PATH }),
        ),
        declaration::<Connection>(&cfg),
        declaration::<ConnectionDraft>(&cfg),
        declaration::<ConnectionTest>(&cfg),
        declaration::<ServerVersion>(&cfg),
        declaration::<SourceEngine>(&cfg),
        declaration::<TlsMode>(&cfg),
        declaration::<SourceTable>(&cfg),
        declaration::<SourceColumn>(&cfg),
        declaration::<ColumnKind>(&cfg),
        named_messages("The host's messages about a database connection", "CONNECTION_MESSAGES", &messages![
            NAME,
            NAME_TAKEN,
            HOST,
            PORT,
            NOT_ALLOWED,
            DATABASE,
            USER,
            PASSWORD_TOO_LONG,
            TIME_ZONE
        ]),
        declaration::<Job>(&cfg),
        declaration::<JobStatus>(&cfg),
        constant("A module's realtime channel of its jobs' changes (each a `Job`).", "JOBS_CHANNEL", JOBS),
        declaration::<Checklist>(&cfg),
        declaration::<StepItem>(&cfg),
        declaration::<SampleState>(&cfg),
    ]);
}
