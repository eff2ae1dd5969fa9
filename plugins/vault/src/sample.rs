//! Sample processes a company administrator loads from the getting-started checklist (the
//! host calls `POST /sample` and `DELETE /sample`): a small catalogue, each process marked
//! `sample`, so removing it deletes exactly these. Bot Profile's sample runs name the live
//! ones, so Business Insight has figures to show.

use autoscope_sdk::prelude::*;
use autoscope_sdk::storage::id_of;
use serde_json::json;

use crate::{scores, store};

/// The field that marks a sample record (the manifest's `sample = true`).
pub const SAMPLE: &str = "sample";
pub const ADMIN_ONLY: &str = "Only a company administrator can load or remove sample data";
/// The note on each sample process's `created` history entry.
const NOTE: &str = "Sample data";

/// A sample process, as the form would take it.
struct Process {
    name: &'static str,
    description: &'static str,
    department: &'static str,
    stage: &'static str,
    applications: &'static [&'static str],
    monthly_volume: i64,
    handling_minutes: f64,
    hourly_cost: f64,
    exception_rate: f64,
    automation_pct: f64,
    complexity: &'static str,
    ftes: f64,
    /// The quick assessment, in the order of [`scores::ANSWER_FIELDS`].
    answers: Option<[i64; 5]>,
}

const FINANCE: &str = "Finance & Accounting";

/// The first three are live: Bot Profile's sample bots run them (by these names).
const PROCESSES: [Process; 6] = [
    Process {
        name: "Invoice Processing",
        description: "Sample: reads supplier invoices from the AP mailbox, matches them to purchase orders and posts them for payment.",
        department: FINANCE,
        stage: "live",
        applications: &["SAP S/4HANA", "Outlook"],
        monthly_volume: 2400,
        handling_minutes: 8.0,
        hourly_cost: 38.0,
        exception_rate: 6.0,
        automation_pct: 85.0,
        complexity: "medium",
        ftes: 2.0,
        answers: Some([5, 4, 3, 4, 4]),
    },
    Process {
        name: "Employee Onboarding",
        description: "Sample: creates a new hire's accounts, mailbox and payroll record from the signed contract.",
        department: "Human Resources",
        stage: "live",
        applications: &["Workday", "Active Directory", "ServiceNow"],
        monthly_volume: 120,
        handling_minutes: 45.0,
        hourly_cost: 35.0,
        exception_rate: 8.0,
        automation_pct: 70.0,
        complexity: "high",
        ftes: 1.0,
        answers: Some([4, 4, 3, 4, 3]),
    },
    Process {
        name: "Customer Address Updates",
        description: "Sample: applies address changes that customers send through the web form to the CRM and billing.",
        department: "Sales and Marketing",
        stage: "live",
        applications: &["Salesforce"],
        monthly_volume: 1500,
        handling_minutes: 5.0,
        hourly_cost: 30.0,
        exception_rate: 4.0,
        automation_pct: 90.0,
        complexity: "low",
        ftes: 1.0,
        answers: Some([5, 5, 4, 5, 4]),
    },
    Process {
        name: "Bank Reconciliation",
        description: "Sample: matches the daily bank statements against the general ledger and lists what is open.",
        department: FINANCE,
        stage: "testing",
        applications: &["SAP S/4HANA", "Bank portal"],
        monthly_volume: 22,
        handling_minutes: 90.0,
        hourly_cost: 42.0,
        exception_rate: 10.0,
        automation_pct: 75.0,
        complexity: "medium",
        ftes: 0.5,
        answers: Some([4, 4, 4, 3, 3]),
    },
    Process {
        name: "Expense Report Checks",
        description: "Sample: checks expense reports against the travel policy before a manager approves them.",
        department: FINANCE,
        stage: "assessment",
        applications: &["Concur"],
        monthly_volume: 600,
        handling_minutes: 6.0,
        hourly_cost: 36.0,
        exception_rate: 12.0,
        automation_pct: 60.0,
        complexity: "medium",
        ftes: 0.5,
        answers: Some([3, 4, 3, 3, 2]),
    },
    Process {
        name: "IT Access Requests",
        description: "Sample idea: grant the standard access a role needs as soon as its manager approves the request.",
        department: "Information Technology",
        stage: "idea",
        applications: &["ServiceNow", "Active Directory"],
        monthly_volume: 300,
        handling_minutes: 10.0,
        hourly_cost: 40.0,
        exception_rate: 5.0,
        automation_pct: 0.0,
        complexity: "low",
        ftes: 0.0,
        answers: None,
    },
];

/// `POST /sample`: replaces the company's sample processes; answers how many were stored.
pub fn load(req: &Request) -> Result<Reply> {
    // Sample data is the company's.
    req.company_admin(ADMIN_ONLY)?;
    remove_all()?;
    let user_id = req.user().map(|user| user.user_id.as_str());
    let records = PROCESSES.iter().map(record).collect::<Result<Vec<_>>>()?;
    let created = store::create_many(records, user_id, NOTE)?;
    ok(&json!({ "created": created }))
}

/// `DELETE /sample`: deletes the sample processes, as a person's delete would (history,
/// documents, and the other modules' data about them); answers how many.
pub fn remove(req: &Request) -> Result<Reply> {
    // Sample data is the company's.
    req.company_admin(ADMIN_ONLY)?;
    ok(&json!({ "deleted": remove_all()? }))
}

fn remove_all() -> Result<usize> {
    let query = Query::default().eq(SAMPLE, true).fields(["name"]);
    let samples = store::processes().list_all(&query, PROCESSES.len() * 10)?;
    for process in &samples {
        store::delete(id_of(process)?, None)?;
    }
    Ok(samples.len())
}

/// A sample process as stored: its fields, the sample mark and its scores.
fn record(process: &Process) -> Result<Record> {
    let mut record = storage::to_record(&json!({
        "name": process.name,
        "description": process.description,
        "department": process.department,
        "stage": process.stage,
        "health": "on_track",
        "applications": process.applications,
        "monthly_volume": process.monthly_volume,
        "handling_minutes": process.handling_minutes,
        "hourly_cost": process.hourly_cost,
        "exception_rate": process.exception_rate,
        "automation_pct": process.automation_pct,
        "complexity": process.complexity,
        "ftes": process.ftes,
        SAMPLE: true,
    }))?;
    for (field, answer) in scores::ANSWER_FIELDS.iter().zip(process.answers.into_iter().flatten()) {
        record.insert(field.to_string(), answer.into());
    }
    scores::refresh(&mut record);
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_processes_are_marked_scored_and_three_are_live() {
        let records: Vec<Record> = PROCESSES.iter().map(|process| record(process).unwrap()).collect();
        assert!(records.iter().all(|record| record[SAMPLE] == json!(true)));
        let live: Vec<&str> =
            records.iter().filter(|r| r["stage"] == "live").filter_map(|r| r["name"].as_str()).collect();
        assert_eq!(live, ["Invoice Processing", "Employee Onboarding", "Customer Address Updates"]);
        // Assessed ones have their potential and benefit, as a person's would.
        let invoices = &records[0];
        assert_eq!(invoices["rule_based"], json!(5));
        assert!(invoices["potential"].as_f64().is_some_and(|potential| potential > 0.0), "{invoices:?}");
        assert!(invoices["benefit_money"].as_f64().is_some_and(|money| money > 0.0), "{invoices:?}");
        assert!(records[5].get("rule_based").is_none());
    }
}
