//! Ticket statuses: the stored keys with the labels people read.

pub const OPEN: &str = "open";
pub const IN_PROGRESS: &str = "in_progress";
pub const WAITING: &str = "waiting";
pub const RESOLVED: &str = "resolved";
pub const CLOSED: &str = "closed";

/// Every status with its label, in workflow order.
pub const STATUSES: [(&str, &str); 5] =
    [(OPEN, "Open"), (IN_PROGRESS, "In progress"), (WAITING, "Waiting"), (RESOLVED, "Resolved"), (CLOSED, "Closed")];

/// The statuses whose SLA clock runs (not waiting, not done).
pub const RUNNING: [&str; 2] = [OPEN, IN_PROGRESS];

/// The statuses of a ticket still being worked on.
pub const ACTIVE: [&str; 3] = [OPEN, IN_PROGRESS, WAITING];

/// The priority of a ticket created without one.
pub const DEFAULT_PRIORITY: &str = "Medium";

/// The stored key `text` names (by key or label, in any case).
pub fn status(text: &str) -> Option<&'static str> {
    let text = text.trim();
    STATUSES
        .iter()
        .find(|(key, label)| key.eq_ignore_ascii_case(text) || label.eq_ignore_ascii_case(text))
        .map(|(key, _)| *key)
}

/// The label of a stored status (the key itself when unknown).
pub fn label(status: &str) -> &str {
    STATUSES.iter().find(|(key, _)| *key == status).map_or(status, |(_, label)| label)
}

/// Resolved or closed: the work is done.
pub fn is_done(status: &str) -> bool {
    status == RESOLVED || status == CLOSED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_parse_by_key_or_label() {
        assert_eq!(status("in_progress"), Some(IN_PROGRESS));
        assert_eq!(status(" In Progress "), Some(IN_PROGRESS));
        assert_eq!(status("CLOSED"), Some(CLOSED));
        assert_eq!(status("done"), None);
        assert_eq!(status(""), None);
    }

    #[test]
    fn labels_and_done() {
        assert_eq!(label(WAITING), "Waiting");
        assert_eq!(label(IN_PROGRESS), "In progress");
        assert_eq!(label("odd"), "odd");
        assert!(is_done(RESOLVED) && is_done(CLOSED));
        assert!(!is_done(OPEN) && !is_done(WAITING));
    }
}
