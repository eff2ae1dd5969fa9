//! The TypeScript types of Bot Profile's remote, `modules-web/bots/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with, and the messages of the checks
//! the bot form makes too. Bots and runs are storage records, not Rust types: the remote
//! types those by hand (and narrows the records in the overview to them).
//! `generated_typescript_is_current` fails while the committed file differs; with
//! `UPDATE_TS_TYPES=1` it writes the file instead.

use std::path::Path;

use ts_rs::{Config, TS};

use crate::calculation::{BotLine, Calculation, Currency, Figure, Figures, Input, ProcessLine, Totals, Unit};
use crate::heatmap::{Heatmap, Row};
use crate::overview::{Failures, Overview, ProcessRuns, Reason, Runs};
use crate::range::Days;
use crate::status::{BotStatus, Counts, State, Statuses};
use crate::validate::{
    LICENCE_COST, MACHINE_TOO_LONG, NAME_REQUIRED, NAME_TAKEN, NAME_TOO_LONG, NOTES_TOO_LONG, OWNER, PROCESSES,
    RENAME_WITH_RUNS, SCHEDULE_TOO_LONG, TOO_MANY_PROCESSES,
};
use crate::{Me, ProcessNames};

const CRATE: &str = "module-bots";
const SOURCE: &str = "plugins/bots/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/bots/src/generated.ts";

/// `(name, text)` of message constants.
macro_rules! messages {
    ($($name:ident),* $(,)?) => { [$((stringify!($name), $name)),*] };
}

/// The file: every type, then the messages.
fn render() -> String {
    // Whole numbers are JSON numbers, not `bigint`.
    let cfg = Config::new().with_large_int("number");
    let types = [
        declaration::<Statuses>(&cfg),
        declaration::<Counts>(&cfg),
        declaration::<BotStatus>(&cfg),
        declaration::<State>(&cfg),
        declaration::<Days>(&cfg),
        declaration::<Overview>(&cfg),
        declaration::<Runs>(&cfg),
        declaration::<Failures>(&cfg),
        declaration::<Reason>(&cfg),
        declaration::<ProcessRuns>(&cfg),
        declaration::<Heatmap>(&cfg),
        declaration::<Row>(&cfg),
        declaration::<Calculation>(&cfg),
        declaration::<Currency>(&cfg),
        declaration::<BotLine>(&cfg),
        declaration::<Totals>(&cfg),
        declaration::<ProcessLine>(&cfg),
        declaration::<Figures>(&cfg),
        declaration::<Figure>(&cfg),
        declaration::<Input>(&cfg),
        declaration::<Unit>(&cfg),
        declaration::<Me>(&cfg),
        declaration::<ProcessNames<'static>>(&cfg),
        messages(&messages![
            NAME_REQUIRED,
            NAME_TOO_LONG,
            NAME_TAKEN,
            RENAME_WITH_RUNS,
            MACHINE_TOO_LONG,
            OWNER,
            LICENCE_COST,
            PROCESSES,
            TOO_MANY_PROCESSES,
            SCHEDULE_TOO_LONG,
            NOTES_TOO_LONG,
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
