//! The TypeScript types of Process Board's remote, `modules-web/board/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with and parses, the columns' keys
//! and the messages of the checks the page makes too. `generated_typescript_is_current`
//! fails while the committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use std::path::Path;

use ts_rs::{Config, TS};

use crate::board::{CardView, ColumnView};
use crate::transitions::COLUMNS;
use crate::validation::{BAD_WIP, BLANK_COMMENT};
use crate::{BoardReply, Move, NewComment, Settings};

const CRATE: &str = "module-board";
const SOURCE: &str = "plugins/board/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/board/src/generated.ts";

/// The file: every type, then the messages.
fn render() -> String {
    // Whole numbers are JSON numbers, not `bigint`.
    let cfg = Config::new().with_large_int("number");
    let types = [
        declaration::<BoardReply>(&cfg),
        declaration::<ColumnView>(&cfg),
        declaration::<CardView>(&cfg),
        column_key(),
        declaration::<Move>(&cfg),
        declaration::<NewComment>(&cfg),
        declaration::<Settings>(&cfg),
        messages(&[("BLANK_COMMENT", BLANK_COMMENT), ("BAD_WIP", BAD_WIP)]),
    ];
    let file = format!("{}\n{}\n", header(), types.join("\n\n"));
    file.lines().map(|line| format!("{}\n", line.trim_end())).collect()
}

/// The keys of the board's columns, in order.
fn column_key() -> String {
    let keys: Vec<String> =
        COLUMNS.iter().map(|column| serde_json::to_string(column.key).expect("a string encodes")).collect();
    format!("/**\n * A column of the board, in board order.\n */\nexport type ColumnKey = {};", keys.join(" | "))
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

/// The plugin's messages by the names of their constants, for the remote to show the same.
fn messages(messages: &[(&str, &str)]) -> String {
    let entries: String = messages
        .iter()
        .map(|(name, text)| format!("  {name}: {},\n", serde_json::to_string(text).expect("a string encodes")))
        .collect();
    format!(
        "/** The plugin's messages, by the names of its constants. */\nexport const MESSAGES = {{\n{entries}}} as const;"
    )
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
