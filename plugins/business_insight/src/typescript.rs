//! The TypeScript types of Business Insight's remote, `modules-web/business_insight/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with. The remote shows none of the
//! plugin's messages (its range checks are the shared ones). `generated_typescript_is_current`
//! fails while the committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use std::path::Path;

use ts_rs::{Config, TS};

use crate::benefits::{Benefits, DepartmentRow, Figures, Filters, MonthRow, Pair, ProcessRow};
use crate::figure::{Amount, Figure, Input, Rounded, Unit};
use crate::overview::{Choices, Currency, Overview, ProcessChoice, Unavailable};
use crate::range::Shown;

const CRATE: &str = "module-business_insight";
const SOURCE: &str = "plugins/business_insight/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/business_insight/src/generated.ts";

/// The file: every type.
fn render() -> String {
    // Whole numbers are JSON numbers, not `bigint`.
    let cfg = Config::new().with_large_int("number");
    let types = [
        declaration::<Overview>(&cfg),
        declaration::<Unavailable>(&cfg),
        declaration::<Shown>(&cfg),
        declaration::<Filters>(&cfg),
        declaration::<Currency>(&cfg),
        declaration::<Choices>(&cfg),
        declaration::<ProcessChoice>(&cfg),
        declaration::<Figures>(&cfg),
        declaration::<Benefits>(&cfg),
        declaration::<MonthRow>(&cfg),
        declaration::<DepartmentRow>(&cfg),
        declaration::<ProcessRow>(&cfg),
        declaration::<Pair>(&cfg),
        declaration::<Figure>(&cfg),
        declaration::<Input>(&cfg),
        declaration::<Unit>(&cfg),
        declaration::<Amount>(&cfg),
        declaration::<Rounded>(&cfg),
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
