//! The TypeScript types of Ticket Management's remote, `modules-web/support/src/generated.ts`,
//! rendered with ts-rs from the types the plugin answers with and parses, the messages of
//! the checks the page makes too, and the accepted attachment types and limits. Tickets,
//! comments, history entries, attachments and approvals are storage records, not Rust
//! types: the remote types those by hand. `generated_typescript_is_current` fails while the
//! committed file differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_typescript::{GeneratedFile, accepted_files, config, constant, declaration, messages};

use crate::approvals::{ASKER_ONLY, PEOPLE_REQUIRED};
use crate::attachments::{CONTENT_MISMATCH, MAX_BYTES, MAX_PER_TICKET, RULES, TOO_BIG, TOO_MANY, TYPE_NOT_ACCEPTED};
use crate::sla::Policy;
use crate::summary::Summary;
use crate::validate::{
    ASSIGNEE, BOT_TOO_LONG, COMMENT_REQUIRED, COMMENT_TOO_LONG, DESCRIPTION_TOO_LONG, SLA_MINUTES, SLA_ORDER,
    TITLE_REQUIRED, TITLE_TOO_LONG,
};
use crate::{ApprovalRequest, PolicyChange, SlaReply};

const SOURCE: &str = "plugins/support/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/support/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<Summary>(&cfg),
        declaration::<SlaReply>(&cfg),
        declaration::<Policy>(&cfg),
        declaration::<PolicyChange>(&cfg),
        declaration::<ApprovalRequest>(&cfg),
        accepted_files(serde_json::to_value(RULES.types).expect("file types as JSON"), MAX_BYTES),
        constant("The most attachments of a ticket.", "MAX_ATTACHMENTS", MAX_PER_TICKET),
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
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-support --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
