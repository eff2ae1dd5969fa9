//! The TypeScript types of Calendar's remote, `modules-web/calendar/src/generated.ts`,
//! rendered with ts-rs from the views the plugin answers with, parses and pushes, and its
//! messages. `generated_typescript_is_current` fails while the committed file differs;
//! with `UPDATE_TS_TYPES=1` it writes the file instead.

use autoscope_typescript::{GeneratedFile, config, constant, declaration, messages};

use crate::validate::*;
use crate::views::*;

const SOURCE: &str = "plugins/calendar/src/typescript.rs";
/// From the repository's root.
const FILE: &str = "modules-web/calendar/src/generated.ts";

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    let parts = [
        declaration::<Category>(&cfg),
        declaration::<Visibility>(&cfg),
        declaration::<Answer>(&cfg),
        declaration::<LinkKind>(&cfg),
        declaration::<Scope>(&cfg),
        declaration::<Frequency>(&cfg),
        declaration::<Weekday>(&cfg),
        declaration::<MonthlyBy>(&cfg),
        declaration::<Link>(&cfg),
        declaration::<Recurrence>(&cfg),
        declaration::<EventInput>(&cfg),
        declaration::<Attendee>(&cfg),
        declaration::<Occurrence>(&cfg),
        declaration::<EventView>(&cfg),
        declaration::<NonWorkingKind>(&cfg),
        declaration::<NonWorking>(&cfg),
        declaration::<NonWorkingInput>(&cfg),
        declaration::<BotWindow>(&cfg),
        declaration::<Unscheduled>(&cfg),
        declaration::<BotLayer>(&cfg),
        declaration::<Range>(&cfg),
        declaration::<LinkTarget>(&cfg),
        declaration::<FeedView>(&cfg),
        declaration::<IcsFile>(&cfg),
        declaration::<ImportInput>(&cfg),
        declaration::<ImportResult>(&cfg),
        declaration::<Person>(&cfg),
        declaration::<Done>(&cfg),
        declaration::<MoveInput>(&cfg),
        declaration::<AnswerChoice>(&cfg),
        declaration::<AnswerInput>(&cfg),
        declaration::<ChangedEvent>(&cfg),
        constant("The most characters of a title.", "MAX_TITLE", MAX_TITLE),
        constant("The most characters of a description.", "MAX_DESCRIPTION", MAX_DESCRIPTION),
        constant("The most characters of a location.", "MAX_LOCATION", MAX_LOCATION),
        constant("The most attendees of an event.", "MAX_ATTENDEES", MAX_ATTENDEES),
        constant("The most links of an event.", "MAX_LINKS", MAX_LINKS),
        constant("The most reminders of an event.", "MAX_REMINDERS", MAX_REMINDERS),
        constant("The most minutes a reminder comes before the start.", "MAX_REMINDER_MINUTES", MAX_REMINDER_MINUTES),
        constant("The most occurrences of a series with a count.", "MAX_COUNT", MAX_COUNT),
        constant("The largest interval of a series.", "MAX_INTERVAL", MAX_INTERVAL),
        constant("The most characters of a non-working day's name.", "MAX_NAME", MAX_NAME),
        constant("The most days of a range.", "MAX_RANGE_DAYS", MAX_RANGE_DAYS),
        constant("The most days of an export.", "MAX_EXPORT_DAYS", MAX_EXPORT_DAYS),
        constant("The most bytes of an imported file.", "MAX_IMPORT_BYTES", MAX_IMPORT_BYTES),
        constant("The most events imported from one file.", "MAX_IMPORT_EVENTS", MAX_IMPORT_EVENTS),
        messages(&messages![
            TITLE_REQUIRED,
            TITLE_TOO_LONG,
            DESCRIPTION_TOO_LONG,
            LOCATION_TOO_LONG,
            END_BEFORE_START,
            TOO_LONG,
            TIME_INVALID,
            UNKNOWN_TIME_ZONE,
            ALL_DAY_MIDNIGHT,
            TOO_MANY_ATTENDEES,
            UNKNOWN_PERSON,
            TOO_MANY_LINKS,
            LINK_INVALID,
            INTERVAL_INVALID,
            COUNT_INVALID,
            UNTIL_AND_COUNT,
            UNTIL_INVALID,
            WEEKDAYS_WEEKLY_ONLY,
            TOO_MANY_REMINDERS,
            REMINDER_INVALID,
            EVENT_NOT_FOUND,
            OCCURRENCE_NOT_FOUND,
            OCCURRENCE_REQUIRED,
            ORGANISER_ONLY,
            NOT_INVITED,
            STALE,
            RANGE_REQUIRED,
            RANGE_TOO_LONG,
            EXPORT_TOO_LONG,
            NAME_REQUIRED,
            NAME_TOO_LONG,
            NON_WORKING_ADMIN_ONLY,
            NON_WORKING_NOT_FOUND,
            HOLIDAY_WHOLE_DAYS,
            IMPORT_TOO_BIG,
            IMPORT_UNREADABLE,
            IMPORT_TOO_MANY,
            LINK_KIND_REQUIRED,
            NOT_FOUND,
        ]),
    ];
    GeneratedFile {
        file: FILE,
        source: SOURCE,
        regenerate: "cargo test -p module-calendar --lib generated_typescript_is_current",
    }
    .check_or_write(&parts);
}
