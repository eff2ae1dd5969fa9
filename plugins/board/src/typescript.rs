//! The TypeScript types of Process Board's remote, `modules-web/board/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with and parses, the columns' keys
//! and the messages of the checks the page makes too. `generated_typescript_is_current`
//! fails while the committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_typescript::{GeneratedFile, config, declaration, messages, string_union};

use crate::board::{CardView, ColumnView};
use crate::transitions::COLUMNS;
use crate::validation::{BAD_WIP, BLANK_COMMENT};
use crate::{BoardReply, Move, NewComment, Settings};

const SOURCE: &str = "plugins/board/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/board/src/generated.ts";

/// The keys of the board's columns, in order.
fn column_key() -> String {
    let keys: Vec<&str> = COLUMNS.iter().map(|column| column.key).collect();
    string_union("A column of the board, in board order.", "ColumnKey", &keys)
}

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<BoardReply>(&cfg),
        declaration::<ColumnView>(&cfg),
        declaration::<CardView>(&cfg),
        column_key(),
        declaration::<Move>(&cfg),
        declaration::<NewComment>(&cfg),
        declaration::<Settings>(&cfg),
        messages(&[("BLANK_COMMENT", BLANK_COMMENT), ("BAD_WIP", BAD_WIP)]),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-board --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
