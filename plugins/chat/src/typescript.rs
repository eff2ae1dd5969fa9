//! The TypeScript types of Chat's remote, `modules-web/chat/src/generated.ts`, rendered
//! with ts-rs from the views the plugin answers with, parses and pushes, its messages and
//! the files it accepts. `generated_typescript_is_current` fails while the committed file
//! differs; with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_typescript::{GeneratedFile, accepted_files, config, constant, declaration, messages};

use crate::alerts::{ALERTS_AUTHOR, ALERTS_NAME};
use crate::files::{
    CONTENT_MISMATCH, FILE_NAME_REQUIRED, FILE_NAME_TOO_LONG, FILE_NOT_FOUND, MAX_BYTES, NOT_BASE64, RULES, TOO_BIG,
    TYPE_NOT_ACCEPTED,
};
use crate::validate::*;
use crate::views::*;

const SOURCE: &str = "plugins/chat/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/chat/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<ChannelKind>(&cfg),
        declaration::<ChannelView>(&cfg),
        declaration::<ReadMarker>(&cfg),
        declaration::<MessageView>(&cfg),
        declaration::<Reaction>(&cfg),
        declaration::<FileView>(&cfg),
        declaration::<SearchHit>(&cfg),
        declaration::<Status>(&cfg),
        declaration::<PresenceStatus>(&cfg),
        declaration::<PresenceView>(&cfg),
        declaration::<Person>(&cfg),
        declaration::<NewChannel>(&cfg),
        declaration::<NewDirect>(&cfg),
        declaration::<ChannelChange>(&cfg),
        declaration::<Invite>(&cfg),
        declaration::<FileUpload>(&cfg),
        declaration::<NewMessage>(&cfg),
        declaration::<MessageEdit>(&cfg),
        declaration::<ReactionToggle>(&cfg),
        declaration::<ReadRequest>(&cfg),
        declaration::<Heartbeat>(&cfg),
        declaration::<ChannelList>(&cfg),
        declaration::<MessagePage>(&cfg),
        declaration::<Thread>(&cfg),
        declaration::<SearchResults>(&cfg),
        declaration::<PresenceList>(&cfg),
        declaration::<FileContent>(&cfg),
        declaration::<Badge>(&cfg),
        declaration::<Done>(&cfg),
        declaration::<MessageEventKind>(&cfg),
        declaration::<MessageEvent>(&cfg),
        declaration::<ChannelEvent>(&cfg),
        declaration::<ReadEvent>(&cfg),
        declaration::<TypingEvent>(&cfg),
        declaration::<PresenceEvent>(&cfg),
        constant("The most characters of a message.", "MAX_TEXT", MAX_TEXT),
        constant("The most characters of a channel name.", "MAX_NAME", MAX_NAME),
        constant("The most characters of a topic.", "MAX_TOPIC", MAX_TOPIC),
        constant("The most other people of a direct conversation.", "MAX_DIRECT_OTHERS", MAX_DIRECT_OTHERS),
        constant(
            "The author id of the messages the Alerts module posts (no person's).",
            "ALERTS_AUTHOR",
            ALERTS_AUTHOR,
        ),
        constant("How the Alerts module is shown as an author.", "ALERTS_NAME", ALERTS_NAME),
        accepted_files(serde_json::to_value(RULES.types).expect("file types as JSON"), MAX_BYTES),
        messages(&messages![
            TEXT_REQUIRED,
            TEXT_TOO_LONG,
            NAME_REQUIRED,
            NAME_TOO_LONG,
            NAME_TAKEN,
            TOPIC_TOO_LONG,
            AUTHOR_ONLY,
            ARCHIVED,
            NOT_MEMBER,
            EXPORT_ADMIN_ONLY,
            CHANNEL_NOT_FOUND,
            MESSAGE_NOT_FOUND,
            KIND_REQUIRED,
            DIRECT_SIZE,
            DIRECT_FIXED,
            JOIN_PUBLIC_ONLY,
            UNKNOWN_PERSON,
            PEOPLE_REQUIRED,
            MESSAGE_DELETED,
            REPLY_TO_ROOT,
            EMOJI_INVALID,
            QUERY_TOO_SHORT,
            EXPORT_FORMAT,
            FILE_NAME_REQUIRED,
            FILE_NAME_TOO_LONG,
            TYPE_NOT_ACCEPTED,
            NOT_BASE64,
            TOO_BIG,
            CONTENT_MISMATCH,
            FILE_NOT_FOUND,
        ]),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-chat --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
