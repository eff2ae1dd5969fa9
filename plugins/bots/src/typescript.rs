//! The TypeScript types of Bot Profile's remote, `modules-web/bots/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with, and the messages of the checks
//! the bot form makes too. Bots and runs are storage records, not Rust types: the remote
//! types those by hand (and narrows the records in the overview to them).
//! `generated_typescript_is_current` fails while the committed file differs; with
//! `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_sdk::range::DayRange;
use autoscope_typescript::{GeneratedFile, config, constant, declaration, messages};

use crate::calculation::{BotLine, Calculation, Currency, Figure, Figures, Input, ProcessLine, Totals, Unit};
use crate::heatmap::{Heatmap, Kind, NonWorkingDay, Row};
use crate::overview::{Failures, Overview, ProcessRuns, Reason, Runs};
use crate::status::{BotStatus, Counts, State, Statuses};
use crate::validate::{
    LICENCE_COST, MACHINE_TOO_LONG, NAME_REQUIRED, NAME_TAKEN, NAME_TOO_LONG, NOTES_TOO_LONG, OWNER, PROCESSES,
    RENAME_WITH_RUNS, SCHEDULE_TOO_LONG, TOO_MANY_PROCESSES,
};
use crate::{MAX_DAYS, Me, ProcessNames};

const SOURCE: &str = "plugins/bots/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/bots/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<Statuses>(&cfg),
        declaration::<Counts>(&cfg),
        declaration::<BotStatus>(&cfg),
        declaration::<State>(&cfg),
        declaration::<DayRange>(&cfg),
        constant("The longest range the plugin answers, in days.", "MAX_DAYS", MAX_DAYS),
        declaration::<Overview>(&cfg),
        declaration::<Runs>(&cfg),
        declaration::<Failures>(&cfg),
        declaration::<Reason>(&cfg),
        declaration::<ProcessRuns>(&cfg),
        declaration::<Heatmap>(&cfg),
        declaration::<Row>(&cfg),
        declaration::<NonWorkingDay>(&cfg),
        declaration::<Kind>(&cfg),
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
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-bots --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
