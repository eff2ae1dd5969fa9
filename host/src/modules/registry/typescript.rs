//! The web SDK's types of `GET /api/modules` (`sdk/web/src/generated.ts`), rendered from
//! the answer's Rust types, and the names of the host's own realtime channels.

use autoscope_typescript::{GeneratedFile, config, constant, declaration, string_union};

use super::api::{PageItem, RemoteItem, RightsKey, VisibleModule, VisibleModules};
use crate::realtime::{DIRECTORY, NOTIFICATIONS, SESSION};
use crate::rights::menu::{MenuGroup, MenuLayout, ShellEntry};
use crate::rights::{Right, UPGRADE_LABEL, UPGRADE_PATH};

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    GeneratedFile {
        file: "sdk/web/src/generated.ts",
        source: "host/src/modules/registry/typescript.rs",
        regenerate: "cargo test -p autoscope --lib modules::registry::typescript",
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
    ]);
}
