//! Who hears about a change, and what they read: a bell notification (which the host
//! also pushes live) and a mail from the manifest's templates, one per person so each is
//! greeted by name.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, DirectoryQuery, Mail, Notify};
use serde_json::{Map, Value};

/// What a ticket's notices need to know about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct About {
    pub id: String,
    pub number: i64,
    pub title: String,
    /// `/Support?ticket=<id>`: the remote opens the ticket from it (the bell's link).
    pub path: String,
    /// The path on the portal's address, for mails.
    pub link: String,
}

/// The page of one ticket.
pub fn ticket_path(id: &str) -> String {
    format!("/Support?ticket={id}")
}

impl About {
    pub fn new(ticket: &Record, portal_url: &str) -> Self {
        let text = |field: &str| ticket.get(field).and_then(Value::as_str).unwrap_or_default().to_string();
        let id = text("id");
        let path = ticket_path(&id);
        Self {
            link: format!("{portal_url}{path}"),
            path,
            number: ticket.get("number").and_then(Value::as_i64).unwrap_or_default(),
            title: text("title"),
            id,
        }
    }
}

pub fn assigned_message(about: &About) -> String {
    format!("You were assigned ticket #{}: {}", about.number, about.title)
}

pub fn status_message(about: &About, label: &str) -> String {
    format!("Ticket #{} is now {label}", about.number)
}

pub fn breach_message(number: i64, target: &str) -> String {
    format!("Ticket #{number} breached its {target} target")
}

pub fn decided_message(about: &About, decision: &str, approver: &str) -> String {
    format!("Ticket #{} was {decision} by {approver}", about.number)
}

/// The people told of a status change: the requester and the assignee, once each, never
/// the person who made it.
pub fn status_recipients(requester: Option<&str>, assignee: Option<&str>, actor: Option<&str>) -> Vec<String> {
    let mut people: Vec<String> = Vec::new();
    for person in [requester, assignee].into_iter().flatten() {
        if Some(person) != actor && !people.iter().any(|known| known == person) {
            people.push(person.to_string());
        }
    }
    people
}

/// "First Last", or the e-mail when the user has no name.
pub fn display_name(person: &DirectoryEntry) -> String {
    let name = format!("{} {}", person.firstname.trim(), person.lastname.trim());
    match name.trim() {
        "" => person.email.clone(),
        name => name.to_string(),
    }
}

/// The display names of `user_ids` that are users of the company (others are left out).
pub fn people(user_ids: &[String]) -> Result<Vec<(String, String)>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    let users = host::directory(&DirectoryQuery { user_ids: user_ids.to_vec() })?;
    Ok(users.iter().map(|user| (user.user_id.clone(), display_name(user))).collect())
}

/// The name of `user_id`, or its id when the directory has no such user.
pub fn name_of(people: &[(String, String)], user_id: &str) -> String {
    people.iter().find(|(id, _)| id == user_id).map_or_else(|| user_id.to_string(), |(_, name)| name.clone())
}

/// The template values every ticket mail has.
pub fn values(about: &About, name: &str) -> Map<String, Value> {
    let mut values = Map::new();
    values.insert("number".into(), about.number.into());
    values.insert("title".into(), about.title.as_str().into());
    values.insert("name".into(), name.into());
    values.insert("link".into(), about.link.as_str().into());
    values
}

/// A bell notification and the mail `template` (with `extra` values) to each of
/// `recipients` who is still a user of the company.
pub fn tell(recipients: &[String], message: &str, template: &str, about: &About, extra: &[(&str, &str)]) -> Result<()> {
    for (user_id, name) in people(recipients)? {
        host::notify(&Notify {
            user_ids: vec![user_id.clone()],
            message: message.to_string(),
            link: Some(about.path.clone()),
        })?;
        let mut values = values(about, &name);
        for (key, value) in extra {
            values.insert((*key).into(), (*value).into());
        }
        host::mail(&Mail { template: template.into(), user_ids: vec![user_id], values })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn about() -> About {
        let ticket = serde_json::from_value(json!({ "id": "t1", "number": 42, "title": "Printer jams" })).unwrap();
        About::new(&ticket, "https://portal.test")
    }

    #[test]
    fn messages_name_the_ticket() {
        let about = about();
        assert_eq!(about.link, "https://portal.test/Support?ticket=t1");
        assert_eq!(assigned_message(&about), "You were assigned ticket #42: Printer jams");
        assert_eq!(status_message(&about, "In progress"), "Ticket #42 is now In progress");
        assert_eq!(breach_message(42, "response"), "Ticket #42 breached its response target");
        assert_eq!(decided_message(&about, "declined", "Ann Lee"), "Ticket #42 was declined by Ann Lee");
        assert_eq!(
            Value::Object(values(&about, "Bob")),
            json!({ "number": 42, "title": "Printer jams", "name": "Bob", "link": "https://portal.test/Support?ticket=t1" })
        );
    }

    #[test]
    fn the_actor_is_never_told_and_nobody_twice() {
        assert_eq!(status_recipients(Some("r"), Some("a"), Some("x")), ["r", "a"]);
        assert_eq!(status_recipients(Some("r"), Some("a"), Some("a")), ["r"]);
        assert_eq!(status_recipients(Some("r"), Some("r"), Some("x")), ["r"]);
        assert_eq!(status_recipients(Some("r"), None, Some("r")), Vec::<String>::new());
        assert_eq!(status_recipients(Some("r"), None, None), ["r"]);
    }

    #[test]
    fn names_fall_back_to_the_email() {
        let mut person = DirectoryEntry {
            user_id: "u".into(),
            email: "ann@acme.test".into(),
            firstname: " Ann ".into(),
            lastname: "Lee".into(),
            job_title: String::new(),
            time_zone: None,
            company_admin: false,
        };
        assert_eq!(display_name(&person), "Ann Lee");
        person.firstname.clear();
        person.lastname = " ".into();
        assert_eq!(display_name(&person), "ann@acme.test");
        let people = vec![("u".to_string(), "Ann".to_string())];
        assert_eq!((name_of(&people, "u"), name_of(&people, "v")), ("Ann".to_string(), "v".to_string()));
    }
}
