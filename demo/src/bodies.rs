//! The JSON bodies the demo sends to the modules' routes, as their forms would.

use serde_json::{Map, Value, json};

use super::catalogue::{Bot, Process, Ticket, bots_of};

/// `POST /processes` of Process Vault (the idea of the catalogue goes to `POST /ideas`
/// instead: [`idea_body`]).
pub fn process_body(process: &Process, owner_id: &str) -> Value {
    let bots: Vec<&str> = bots_of(process.name).iter().map(|bot| bot.name).collect();
    json!({
        "name": process.name,
        "description": process.description,
        "department": process.department,
        "owner_id": owner_id,
        "applications": process.applications,
        "stage": process.stage,
        "health": process.health,
        "monthly_volume": process.monthly_volume,
        "handling_minutes": process.handling_minutes,
        "hourly_cost": process.hourly_cost,
        "exception_rate": process.exception_rate,
        "automation_pct": process.automation_pct,
        "complexity": process.complexity,
        "bots": bots,
        "ftes": process.ftes,
    })
}

/// `POST /ideas`: what anyone submitting an idea gives.
pub fn idea_body(process: &Process) -> Value {
    json!({ "name": process.name, "description": process.description, "department": process.department })
}

/// `PUT /processes/{id}/assessment`: the quick assessment's five answers.
pub fn assessment_body(answers: [i64; 5], version: i64) -> Value {
    let [rule_based, input_type, input_structure, stability, documentation] = answers;
    json!({
        "version": version,
        "rule_based": rule_based,
        "input_type": input_type,
        "input_structure": input_structure,
        "stability": stability,
        "documentation": documentation,
    })
}

/// `POST /bots` of Bot Profile.
pub fn bot_body(bot: &Bot, owner_id: &str) -> Value {
    let mut body = json!({
        "name": bot.name,
        "type": bot.kind,
        "machine": bot.machine,
        "vendor": bot.vendor,
        "owner_id": owner_id,
        "licence_cost": bot.licence_cost,
        "processes": bot.processes,
        "schedule": bot.schedule,
    });
    if !bot.notes.is_empty() {
        body["notes"] = bot.notes.into();
    }
    body
}

/// `POST /tickets` of Ticket Management, linked to the process by its Vault id (when the
/// Vault has it) and to the bot by its name.
pub fn ticket_body(ticket: &Ticket, assignee_id: Option<&str>, process_id: Option<&str>) -> Value {
    let mut body = Map::new();
    body.insert("title".into(), ticket.title.into());
    body.insert("description".into(), ticket.description.into());
    body.insert("category".into(), ticket.category.into());
    body.insert("priority".into(), ticket.priority.into());
    let optional = [("assignee_id", assignee_id), ("process_id", process_id), ("bot_id", ticket.bot)];
    for (field, value) in optional {
        if let Some(value) = value {
            body.insert(field.into(), value.into());
        }
    }
    Value::Object(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{BOTS, PROCESSES, TICKETS};

    #[test]
    fn a_process_names_the_bots_that_run_it() {
        let body = process_body(&PROCESSES[0], "u1");
        assert_eq!(body["name"], "Invoice Processing");
        assert_eq!(body["bots"], json!(["FIN-UB-01", "FIN-UB-02", "FIN-UB-03"]));
        assert_eq!(body["owner_id"], "u1");
        assert_eq!(body["stage"], "live");
        assert_eq!(assessment_body([5, 4, 3, 4, 4], 2)["input_structure"], 3);
    }

    #[test]
    fn bots_and_tickets_leave_out_what_they_do_not_have() {
        let standby = BOTS.iter().find(|bot| bot.name == "DR-UB-01").unwrap();
        assert!(bot_body(standby, "u1")["notes"].is_string());
        assert!(bot_body(&BOTS[0], "u1").get("notes").is_none());
        let question = TICKETS.iter().find(|t| t.title == "Automate lab sample registration").unwrap();
        let body = ticket_body(question, None, Some("p1"));
        assert_eq!(body.get("assignee_id"), None);
        assert_eq!(body.get("bot_id"), None);
        assert_eq!(body["process_id"], "p1");
    }
}
