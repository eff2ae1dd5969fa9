//! Checks of what callers send, and the user-facing messages (rendered into the remote's
//! generated.ts, so the page can show the same words before it asks).

use autoscope_sdk::prelude::*;

pub const TEXT_REQUIRED: &str = "A message cannot be empty";
pub const TEXT_TOO_LONG: &str = "A message may be at most 4,000 characters";
pub const NAME_REQUIRED: &str = "A channel name is required";
pub const NAME_TOO_LONG: &str = "A channel name may be at most 80 characters";
pub const NAME_TAKEN: &str = "A channel with this name already exists";
pub const TOPIC_TOO_LONG: &str = "A topic may be at most 250 characters";
pub const AUTHOR_ONLY: &str = "Only the author can edit or delete a message";
pub const ARCHIVED: &str = "This channel is archived";
pub const NOT_MEMBER: &str = "You are not a member of this channel";
pub const EXPORT_ADMIN_ONLY: &str = "Only company admins can export a channel";
pub const CHANNEL_NOT_FOUND: &str = "Channel not found";
pub const MESSAGE_NOT_FOUND: &str = "Message not found";
pub const KIND_REQUIRED: &str = "A channel is public or private";
pub const DIRECT_SIZE: &str = "Choose 1 to 8 people for a direct conversation";
pub const DIRECT_FIXED: &str = "The people of a direct conversation cannot change";
pub const JOIN_PUBLIC_ONLY: &str = "Only public channels can be joined";
pub const UNKNOWN_PERSON: &str = "Someone chosen is not a member of the company";
pub const PEOPLE_REQUIRED: &str = "Choose at least one person";
pub const MESSAGE_DELETED: &str = "This message was deleted";
pub const REPLY_TO_ROOT: &str = "Replies go to a thread's first message";
pub const EMOJI_INVALID: &str = "Choose an emoji";
pub const QUERY_TOO_SHORT: &str = "Search for at least 2 characters";
pub const EXPORT_FORMAT: &str = "Export as json or csv";

/// The most characters of a message's text.
pub const MAX_TEXT: usize = 4000;
pub const MAX_NAME: usize = 80;
pub const MAX_TOPIC: usize = 250;
/// The most other people of a direct conversation.
pub const MAX_DIRECT_OTHERS: usize = 8;
/// An emoji is a few code points (skin tones and joiners make it several).
const MAX_EMOJI_CHARS: usize = 16;

/// How the author id of a module's message begins (`module:alerts`): user ids are UUIDs,
/// so it names no person.
pub const MODULE_AUTHOR_PREFIX: &str = "module:";

/// Whether `user_id` wrote a message by `author_id`. Never for a module's message: even an
/// id of that form from elsewhere may not edit or delete what a module wrote.
pub fn wrote(author_id: &str, user_id: &str) -> bool {
    author_id == user_id && !author_id.starts_with(MODULE_AUTHOR_PREFIX)
}

/// A message's text: trimmed; may be empty only when a file comes with it.
pub fn text(text: &str, has_file: bool) -> Result<String> {
    let trimmed = text.trim();
    if trimmed.is_empty() && !has_file {
        return Err(Error::bad_request(TEXT_REQUIRED));
    }
    if trimmed.chars().count() > MAX_TEXT {
        return Err(Error::bad_request(TEXT_TOO_LONG));
    }
    Ok(trimmed.to_string())
}

/// A channel's name: trimmed, required, at most [`MAX_NAME`] characters.
pub fn name(name: &str) -> Result<String> {
    let trimmed = name.trim();
    if trimmed.is_empty() {
        return Err(Error::bad_request(NAME_REQUIRED));
    }
    if trimmed.chars().count() > MAX_NAME {
        return Err(Error::bad_request(NAME_TOO_LONG));
    }
    Ok(trimmed.to_string())
}

/// A channel's topic: trimmed, at most [`MAX_TOPIC`] characters.
pub fn topic(topic: &str) -> Result<String> {
    let trimmed = topic.trim();
    if trimmed.chars().count() > MAX_TOPIC {
        return Err(Error::bad_request(TOPIC_TOO_LONG));
    }
    Ok(trimmed.to_string())
}

/// An emoji: not blank, short, no spaces or markup.
pub fn emoji(emoji: &str) -> Result<String> {
    let emoji = emoji.trim();
    let count = emoji.chars().count();
    let plain = emoji.chars().all(|c| !c.is_whitespace() && !c.is_ascii_control() && c != '<' && c != '>');
    match (1..=MAX_EMOJI_CHARS).contains(&count) && plain {
        true => Ok(emoji.to_string()),
        false => Err(Error::bad_request(EMOJI_INVALID)),
    }
}

/// A search query: trimmed, at least 2 characters.
pub fn query(q: &str) -> Result<String> {
    let q = q.trim();
    match q.chars().count() >= 2 {
        true => Ok(q.to_string()),
        false => Err(Error::bad_request(QUERY_TOO_SHORT)),
    }
}

/// The other people of a direct conversation: the caller left out, duplicates dropped,
/// sorted; 1 to [`MAX_DIRECT_OTHERS`] of them.
pub fn direct_others(caller: &str, user_ids: &[String]) -> Result<Vec<String>> {
    let mut others: Vec<String> =
        user_ids.iter().map(|id| id.trim().to_string()).filter(|id| !id.is_empty() && id != caller).collect();
    others.sort();
    others.dedup();
    match (1..=MAX_DIRECT_OTHERS).contains(&others.len()) {
        true => Ok(others),
        false => Err(Error::bad_request(DIRECT_SIZE)),
    }
}

/// The key of a direct conversation: its members' sorted ids, so the same set finds the
/// same channel.
pub fn direct_key(caller: &str, others: &[String]) -> String {
    let mut all: Vec<&str> = others.iter().map(String::as_str).chain([caller]).collect();
    all.sort_unstable();
    all.dedup();
    all.join(",")
}

/// The user ids named by `<@user_id>` tokens, in order of first mention, without repeats.
pub fn mention_tokens(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<@") {
        let after = &rest[start + 2..];
        let Some(end) = after.find('>') else { break };
        let id = &after[..end];
        // An id is a UUID-like token: anything else (a space, another "<@") is no mention.
        if !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            if !found.iter().any(|known| known == id) {
                found.push(id.to_string());
            }
            rest = &after[end + 1..];
        } else {
            rest = after;
        }
    }
    found
}

/// A CSV field, quoted when it holds a separator, a quote or a line break (quotes
/// doubled), and prefixed with `'` when a spreadsheet would read it as a formula.
pub fn csv_field(value: &str) -> String {
    let formula = value.starts_with(['=', '+', '-', '@']);
    let value = match formula {
        true => format!("'{value}"),
        false => value.to_string(),
    };
    match value.contains([',', '"', '\n', '\r']) {
        true => format!("\"{}\"", value.replace('"', "\"\"")),
        false => value,
    }
}

/// A CSV line of fields, ending with CRLF (RFC 4180).
pub fn csv_line(fields: &[&str]) -> String {
    let fields: Vec<String> = fields.iter().map(|field| csv_field(field)).collect();
    format!("{}\r\n", fields.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_and_bounded() {
        assert_eq!(text("  hi ", false).unwrap(), "hi");
        assert_eq!(text("  ", false).unwrap_err().message, TEXT_REQUIRED);
        assert_eq!(text("", true).unwrap(), "");
        assert!(text(&"a".repeat(MAX_TEXT), false).is_ok());
        assert_eq!(text(&"é".repeat(MAX_TEXT + 1), false).unwrap_err().message, TEXT_TOO_LONG);
    }

    #[test]
    fn module_authors_are_nobody_s_own() {
        assert!(wrote("0190-ann", "0190-ann"));
        assert!(!wrote("0190-ann", "0190-bob"));
        assert!(!wrote("module:alerts", "module:alerts"));
        assert!(!wrote("module:alerts", "0190-ann"));
    }

    #[test]
    fn names_and_topics() {
        assert_eq!(name(" general ").unwrap(), "general");
        assert_eq!(name(" ").unwrap_err().message, NAME_REQUIRED);
        assert_eq!(name(&"n".repeat(81)).unwrap_err().message, NAME_TOO_LONG);
        assert_eq!(topic(&"t".repeat(251)).unwrap_err().message, TOPIC_TOO_LONG);
        assert_eq!(topic(" x ").unwrap(), "x");
    }

    #[test]
    fn emojis_are_short_and_plain() {
        assert_eq!(emoji(" 👍 ").unwrap(), "👍");
        assert_eq!(emoji("👍🏽").unwrap(), "👍🏽");
        assert!(emoji("").is_err());
        assert!(emoji("a b").is_err());
        assert!(emoji("<script>").is_err());
        assert!(emoji(&"x".repeat(17)).is_err());
    }

    #[test]
    fn queries_need_two_characters() {
        assert_eq!(query(" a ").unwrap_err().message, QUERY_TOO_SHORT);
        assert_eq!(query(" ab ").unwrap(), "ab");
    }

    #[test]
    fn direct_members_are_a_sorted_set_without_the_caller() {
        let ids = |list: &[&str]| list.iter().map(|id| id.to_string()).collect::<Vec<_>>();
        assert_eq!(direct_others("me", &ids(&["b", "a", "me", "b"])).unwrap(), ids(&["a", "b"]));
        assert_eq!(direct_others("me", &ids(&["me"])).unwrap_err().message, DIRECT_SIZE);
        let nine: Vec<String> = (0..9).map(|n| format!("u{n}")).collect();
        assert_eq!(direct_others("me", &nine).unwrap_err().message, DIRECT_SIZE);
        assert_eq!(direct_key("me", &ids(&["b", "a"])), "a,b,me");
        assert_eq!(direct_key("a", &ids(&["me", "b"])), "a,b,me");
    }

    #[test]
    fn mentions_are_tokens_of_ids() {
        assert_eq!(mention_tokens("hi <@u-1> and <@u_2>, <@u-1> again"), vec!["u-1", "u_2"]);
        assert_eq!(mention_tokens("<@ not one> <@> <@x"), Vec::<String>::new());
        assert_eq!(mention_tokens("<@<@abc>"), vec!["abc"]);
        assert!(mention_tokens("a < b > c").is_empty());
    }

    #[test]
    fn csv_quotes_what_needs_it() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(csv_line(&["a", "b,c"]), "a,\"b,c\"\r\n");
    }
}
