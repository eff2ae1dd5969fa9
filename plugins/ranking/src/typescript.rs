//! The TypeScript types of Process Ranking's remote, `modules-web/ranking/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with and parses, and the messages of
//! the weights' checks, which the page makes too. `generated_typescript_is_current` fails
//! while the committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_typescript::{GeneratedFile, config, declaration, messages};

use crate::RankingReply;
use crate::score::{Bucket, Ranked, WEIGHTS_RANGE, WEIGHTS_ZERO, Weights};

const SOURCE: &str = "plugins/ranking/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/ranking/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<RankingReply>(&cfg),
        declaration::<Weights>(&cfg),
        declaration::<Ranked>(&cfg),
        declaration::<Bucket>(&cfg),
        messages(&[("WEIGHTS_RANGE", WEIGHTS_RANGE), ("WEIGHTS_ZERO", WEIGHTS_ZERO)]),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-ranking --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
