//! The shared vocabulary of the process modules: stages, health and complexity, each a
//! stored key with its label.

/// A stored key and the label people read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub key: &'static str,
    pub label: &'static str,
}

const fn choice(key: &'static str, label: &'static str) -> Choice {
    Choice { key, label }
}

/// The lifecycle stages, in board order.
pub const STAGES: [Choice; 8] = [
    choice("idea", "Idea"),
    choice("assessment", "Assessment"),
    choice("analysis", "Analysis"),
    choice("development", "Development"),
    choice("testing", "Testing"),
    choice("live", "Live"),
    choice("retired", "Retired"),
    choice("rejected", "Rejected"),
];

pub const HEALTHS: [Choice; 4] = [
    choice("on_track", "On track"),
    choice("at_risk", "At risk"),
    choice("delayed", "Delayed"),
    choice("on_hold", "On hold"),
];

pub const COMPLEXITIES: [Choice; 3] = [choice("low", "Low"), choice("medium", "Medium"), choice("high", "High")];

/// The stage of a new process and of a submitted idea.
pub const IDEA: &str = "idea";
/// Where an idea moves when it is assessed.
pub const ASSESSMENT: &str = "assessment";

/// The key `text` names, by key or by label in any case (a CSV may hold either).
pub fn parse(choices: &[Choice], text: &str) -> Option<&'static str> {
    let text = text.trim();
    choices
        .iter()
        .find(|choice| choice.key.eq_ignore_ascii_case(text) || choice.label.eq_ignore_ascii_case(text))
        .map(|choice| choice.key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_parse_by_key_or_label_in_any_case() {
        assert_eq!(parse(&STAGES, "live"), Some("live"));
        assert_eq!(parse(&STAGES, " Development "), Some("development"));
        assert_eq!(parse(&HEALTHS, "on track"), Some("on_track"));
        assert_eq!(parse(&HEALTHS, "AT_RISK"), Some("at_risk"));
        assert_eq!(parse(&COMPLEXITIES, "High"), Some("high"));
        assert_eq!(parse(&STAGES, "done"), None);
        assert_eq!(parse(&STAGES, ""), None);
    }

    #[test]
    fn stages_are_in_board_order() {
        let keys: Vec<&str> = STAGES.iter().map(|stage| stage.key).collect();
        assert_eq!(keys, ["idea", "assessment", "analysis", "development", "testing", "live", "retired", "rejected"]);
        assert_eq!(STAGES[0].key, IDEA);
        assert_eq!(STAGES[1].key, ASSESSMENT);
    }
}
