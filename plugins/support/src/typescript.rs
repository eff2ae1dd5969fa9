//! The TypeScript types of Ticket Management's remote, `modules-web/support/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with and parses, and the messages of
//! the checks the page makes too. Tickets, comments, history entries, attachments and
//! approvals are storage records, not Rust types: the remote types those by hand.
//! `generated_typescript_is_current` fails while the committed file differs; with
//! `UPDATE_TS_TYPES=1` it writes the file instead.

use std::path::Path;

use ts_rs::{Config, TS};

use crate::approvals::{ASKER_ONLY, PEOPLE_REQUIRED};
use crate::attachments::{CONTENT_MISMATCH, TOO_BIG, TOO_MANY, TYPE_NOT_ACCEPTED};
use crate::sla::Policy;
use crate::summary::Summary;
use crate::validate::{
    ASSIGNEE, BOT_TOO_LONG, COMMENT_REQUIRED, COMMENT_TOO_LONG, DESCRIPTION_TOO_LONG, SLA_MINUTES, SLA_ORDER,
    TITLE_REQUIRED, TITLE_TOO_LONG,
};
use crate::{ApprovalRequest, PolicyChange, SlaReply};

const CRATE: &str = "module-support";
const SOURCE: &str = "plugins/support/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/support/src/generated.ts";

/// `(name, text)` of message constants.
macro_rules! messages {
    ($($name:ident),* $(,)?) => { [$((stringify!($name), $name)),*] };
}

/// The file: every type, then the messages.
fn render() -> String {
    // Whole numbers are JSON numbers, not `bigint`.
    let cfg = Config::new().with_large_int("number");
    let types = [
        declaration::<Summary>(&cfg),
        declaration::<SlaReply>(&cfg),
        declaration::<Policy>(&cfg),
        declaration::<PolicyChange>(&cfg),
        declaration::<ApprovalRequest>(&cfg),
        messages(&messages![
            TITLE_REQUIRED,
            TITLE_TOO_LONG,
            DESCRIPTION_TOO_LONG,
            COMMENT_REQUIRED,
            COMMENT_TOO_LONG,
            BOT_TOO_LONG,
            ASSIGNEE,
            TOO_BIG,
            TOO_MANY,
            TYPE_NOT_ACCEPTED,
            CONTENT_MISMATCH,
            SLA_MINUTES,
            SLA_ORDER,
            ASKER_ONLY,
            PEOPLE_REQUIRED,
        ]),
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
