//! The TypeScript types of Operational Insight's remote, `modules-web/rpa_insight/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with. Runs, queue items and bots are
//! Bot Profile's storage records, not Rust types: the remote types those by hand (and narrows
//! the records of a run's detail to them); it shows none of the plugin's messages (its range
//! checks are the shared ones). `generated_typescript_is_current` fails while the committed
//! file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_sdk::range::DayRange;
use autoscope_typescript::{GeneratedFile, config, constant, declaration};

use crate::MAX_DAYS;
use crate::lists::{Names, RunDetail};
use crate::overview::{Overview, Queues};
use crate::queues::{Backlog, Sla, StuckCounts, Volume};
use crate::runs::{Day, Exceptions, Kpis, Reason, Reasons, StatusCounts, Week};
use crate::scope::Scope;

const SOURCE: &str = "plugins/rpa_insight/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/rpa_insight/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<Overview>(&cfg),
        declaration::<DayRange>(&cfg),
        constant("The longest range the plugin answers, in days.", "MAX_DAYS", MAX_DAYS),
        declaration::<Scope>(&cfg),
        declaration::<Kpis>(&cfg),
        declaration::<StatusCounts>(&cfg),
        declaration::<Day>(&cfg),
        declaration::<Week>(&cfg),
        declaration::<Reasons>(&cfg),
        declaration::<Reason>(&cfg),
        declaration::<Exceptions>(&cfg),
        declaration::<Queues>(&cfg),
        declaration::<Volume>(&cfg),
        declaration::<Backlog>(&cfg),
        declaration::<Sla>(&cfg),
        declaration::<StuckCounts>(&cfg),
        declaration::<RunDetail>(&cfg),
        declaration::<Names>(&cfg),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-rpa_insight --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
