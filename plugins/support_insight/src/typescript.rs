//! The TypeScript types of Support Insight's remote, `modules-web/support_insight/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with. (The remote shows none of the
//! plugin's messages: its range checks are the shared ones.) `generated_typescript_is_current`
//! fails while the committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_sdk::range::DayRange;
use autoscope_typescript::{GeneratedFile, config, constant, declaration};

use crate::MAX_DAYS;
use crate::figures::{Load, Outcomes, Point, Sla};
use crate::insight::Insight;

const SOURCE: &str = "plugins/support_insight/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/support_insight/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<Insight>(&cfg),
        declaration::<DayRange>(&cfg),
        constant("The longest range the plugin answers, in days.", "MAX_DAYS", MAX_DAYS),
        declaration::<Point>(&cfg),
        declaration::<Sla>(&cfg),
        declaration::<Outcomes>(&cfg),
        declaration::<Load>(&cfg),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-support_insight --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
