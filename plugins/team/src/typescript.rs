//! The TypeScript types of Team Master's remote, `modules-web/team/src/generated.ts`,
//! rendered with ts-rs from the host's `members` answers this plugin passes on, and the
//! host's messages the page reacts to.
//! `generated_typescript_is_current` fails while the committed file differs; with
//! `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_sdk::wire::Right;
use autoscope_sdk::wire::members::{
    ADMIN_ONLY, HistoryEntry, Invitation, LAST_ADMIN, Member, MemberChange, Members, RightsKey, Role, Roles, SEATS_FULL,
};
use autoscope_typescript::{GeneratedFile, config, declaration, messages};

const SOURCE: &str = "plugins/team/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/team/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<Members>(&cfg),
        declaration::<Member>(&cfg),
        declaration::<MemberChange>(&cfg),
        declaration::<HistoryEntry>(&cfg),
        declaration::<Invitation>(&cfg),
        declaration::<Roles>(&cfg),
        declaration::<Role>(&cfg),
        declaration::<RightsKey>(&cfg),
        declaration::<Right>(&cfg),
        messages(&messages![SEATS_FULL, LAST_ADMIN, ADMIN_ONLY]),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-team --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
