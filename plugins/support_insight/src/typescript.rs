//! The TypeScript types of Support Insight's remote, `modules-web/support_insight/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with. (The remote shows none of the
//! plugin's messages: its range checks are the shared ones.) `generated_typescript_is_current`
//! fails while the committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use std::path::Path;

use ts_rs::{Config, TS};

use crate::figures::{Load, Outcomes, Point, Sla};
use crate::insight::Insight;
use crate::range::Range;

const CRATE: &str = "module-support_insight";
const SOURCE: &str = "plugins/support_insight/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/support_insight/src/generated.ts";

/// The file: every answer type.
fn render() -> String {
    // Whole numbers are JSON numbers, not `bigint`.
    let cfg = Config::new().with_large_int("number");
    let types = [
        declaration::<Insight>(&cfg),
        declaration::<Range>(&cfg),
        declaration::<Point>(&cfg),
        declaration::<Sla>(&cfg),
        declaration::<Outcomes>(&cfg),
        declaration::<Load>(&cfg),
    ];
    let file = format!("{}\n{}\n", header(), types.join("\n\n"));
    file.lines().map(|line| format!("{}\n", line.trim_end())).collect()
}

fn header() -> String {
    format!(
        "// Generated from the plugin's Rust types by the test `generated_typescript_is_current`\n\
         // ({SOURCE}): do not edit. After changing the types, run\n\
         // UPDATE_TS_TYPES=1 cargo test -p {CRATE} --lib generated_typescript_is_current\n"
    )
}

/// `export type …` with the type's doc comment.
fn declaration<T: TS>(cfg: &Config) -> String {
    format!("{}export {}", T::docs().unwrap_or_default(), T::decl(cfg))
}

#[test]
fn generated_typescript_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(FILE);
    let generated = render();
    if std::env::var_os("UPDATE_TS_TYPES").is_some() {
        std::fs::write(&path, &generated).unwrap_or_else(|err| panic!("writing {FILE}: {err}"));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{FILE} is not what the plugin's types generate: run\n  \
         UPDATE_TS_TYPES=1 cargo test -p {CRATE} --lib generated_typescript_is_current\n\
         and commit the file.\n\n--- generated:\n{generated}"
    );
}
