//! The TypeScript types of Business Insight's remote, `modules-web/business_insight/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with. The remote shows none of the
//! plugin's messages (its range checks are the shared ones). `generated_typescript_is_current`
//! fails while the committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_sdk::range::DayRange;
use autoscope_typescript::{GeneratedFile, config, constant, declaration};

use crate::MAX_DAYS;
use crate::benefits::{Benefits, DepartmentRow, Figures, Filters, MonthRow, Pair, ProcessRow};
use crate::figure::{Amount, Figure, Input, Rounded, Unit};
use crate::overview::{Choices, Currency, Overview, ProcessChoice, Unavailable};

const SOURCE: &str = "plugins/business_insight/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/business_insight/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<Overview>(&cfg),
        declaration::<Unavailable>(&cfg),
        declaration::<DayRange>(&cfg),
        constant("The longest range the plugin answers, in days.", "MAX_DAYS", MAX_DAYS),
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
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-business_insight --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
