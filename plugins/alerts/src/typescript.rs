//! The TypeScript types of the Alerts remote, `modules-web/alerts/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with and parses, and the messages
//! of its checks, which the page makes too. `generated_typescript_is_current` fails while
//! the committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_typescript::{GeneratedFile, config, declaration, messages};

use crate::cycle::Checked;
use crate::deliver::Channel;
use crate::evaluate::Evaluation;
use crate::incidents::IncidentDetail;
use crate::rules::{self, Kind, Measure, Rule, RuleDraft, Severity};
use crate::store::{Action, Activity, Incident, QUIET_DAYS_RANGE, Sample, Settings, Signature, Status};
use crate::{Assignment, NewComment};

const SOURCE: &str = "plugins/alerts/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/alerts/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<Kind>(&cfg),
        declaration::<Severity>(&cfg),
        declaration::<Measure>(&cfg),
        declaration::<RuleDraft>(&cfg),
        declaration::<Rule>(&cfg),
        declaration::<Evaluation>(&cfg),
        declaration::<Checked>(&cfg),
        declaration::<Status>(&cfg),
        declaration::<Incident>(&cfg),
        declaration::<Action>(&cfg),
        declaration::<Activity>(&cfg),
        declaration::<IncidentDetail>(&cfg),
        declaration::<Sample>(&cfg),
        declaration::<Signature>(&cfg),
        declaration::<Settings>(&cfg),
        declaration::<Channel>(&cfg),
        declaration::<Assignment>(&cfg),
        declaration::<NewComment>(&cfg),
        messages(&[
            ("NAME_REQUIRED", rules::NAME_REQUIRED),
            ("NAME_TOO_LONG", rules::NAME_TOO_LONG),
            ("PROCESS_REQUIRED", rules::PROCESS_REQUIRED),
            ("MEASURE_REQUIRED", rules::MEASURE_REQUIRED),
            ("PERCENT_RANGE", rules::PERCENT_RANGE),
            ("PERCENTILE_RANGE", rules::PERCENTILE_RANGE),
            ("MINUTES_RANGE", rules::MINUTES_RANGE),
            ("COUNT_RANGE", rules::COUNT_RANGE),
            ("MIN_RUNS_RANGE", rules::MIN_RUNS_RANGE),
            ("WINDOW_RANGE", rules::WINDOW_RANGE),
            ("INTERVAL_RANGE", rules::INTERVAL_RANGE),
            ("QUIET_RANGE", rules::QUIET_RANGE),
            ("NO_DELIVERY", rules::NO_DELIVERY),
            ("CHANNEL_UNKNOWN", rules::CHANNEL_UNKNOWN),
            ("CHAT_MISSING", rules::CHAT_MISSING),
            ("WEBHOOK_URL", rules::WEBHOOK_URL),
            ("QUIET_DAYS_RANGE", QUIET_DAYS_RANGE),
        ]),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-alerts --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
