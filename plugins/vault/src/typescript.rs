//! The TypeScript types of Process Vault's remote, `modules-web/vault/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with and parses, and the messages of
//! the checks the page makes too. Processes, history entries and documents are storage
//! records, not Rust types: the remote types those by hand. `generated_typescript_is_current`
//! fails while the committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_typescript::{GeneratedFile, config, declaration, messages};

use crate::history::Change;
use crate::import::{RowError, TOO_MANY_ROWS};
use crate::scores::Formulas;
use crate::summary::Summary;
use crate::validate::*;
use crate::{Import, ImportReply};

const SOURCE: &str = "plugins/vault/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/vault/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<Summary>(&cfg),
        declaration::<Formulas>(&cfg),
        declaration::<Change>(&cfg),
        declaration::<Import>(&cfg),
        declaration::<ImportReply>(&cfg),
        declaration::<RowError>(&cfg),
        messages(&messages![
            NAME_REQUIRED,
            NAME_TOO_LONG,
            DESCRIPTION_TOO_LONG,
            DEPARTMENT_TOO_LONG,
            UNKNOWN_STAGE,
            UNKNOWN_HEALTH,
            UNKNOWN_COMPLEXITY,
            MONTHLY_VOLUME,
            HANDLING_MINUTES,
            HOURLY_COST,
            EXCEPTION_RATE,
            AUTOMATION,
            FTES,
            OWNER,
            ANSWER,
            DOCUMENT_TYPE,
            DOCUMENT_TOO_BIG,
            TOO_MANY_DOCUMENTS,
            TOO_MANY_ROWS,
        ]),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-vault --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
