//! What the demo company automates: its processes (with how the live ones run), its bots
//! and its support tickets. Plain data; [`super::generate`] turns it into run history.

/// The demo people, as indexes into [`super::PEOPLE`].
pub const DANA: usize = 0;
pub const RAVI: usize = 1;
pub const MIA: usize = 2;
pub const TOM: usize = 3;

/// How many runs an hour of the day (UTC) gets, relative to the busiest hour.
pub type HourProfile = [f64; 24];

/// People at work: the attended kind, or what waits on a clerk's input.
pub const OFFICE: HourProfile = [
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.3, 0.8, 1.0, 1.0, 1.0, 0.6, 0.9, 1.0, 1.0, 0.9, 0.6, 0.3, 0.0, 0.0, 0.0, 0.0,
    0.0,
];
/// Unattended work that follows the office day, with a thin night shift.
pub const BUSINESS: HourProfile = [
    0.1, 0.1, 0.1, 0.1, 0.1, 0.15, 0.4, 0.7, 1.0, 1.0, 1.0, 1.0, 0.7, 1.0, 1.0, 1.0, 0.9, 0.7, 0.4, 0.25, 0.2, 0.15,
    0.1, 0.1,
];
/// Batches that must be done before the office opens (statements arrive overnight).
pub const EARLY: HourProfile = [
    0.1, 0.1, 0.3, 0.8, 1.0, 1.0, 1.0, 0.8, 0.6, 0.5, 0.5, 0.5, 0.4, 0.5, 0.5, 0.5, 0.4, 0.3, 0.2, 0.1, 0.1, 0.1, 0.1,
    0.1,
];
/// Shifts around the clock (production), a little busier in the day.
pub const SHIFTS: HourProfile = [
    0.7, 0.7, 0.7, 0.7, 0.7, 0.8, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.9, 1.0, 1.0, 1.0, 1.0, 0.9, 0.8, 0.8, 0.8, 0.7, 0.7,
    0.7,
];

/// A queue of work items a process's bots take from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Queue {
    pub name: &'static str,
    /// The prefix of an item's reference (`INV-` gives `INV-104512`).
    pub reference: &'static str,
    pub items_per_weekday: f64,
    pub sla_hours: i64,
    /// Typical minutes an item waits before a bot takes it, and how long a bot works on it.
    pub wait_minutes: f64,
    pub work_minutes: f64,
}

/// How a live process runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Work {
    pub runs_per_weekday: f64,
    /// A weekend day's runs as a share of a weekday's.
    pub weekend_share: f64,
    /// Finance and payroll work piles up around the turn of the month.
    pub month_end_peak: bool,
    pub hours: &'static HourProfile,
    /// Seconds a run needs whatever it processes (log in, open the applications).
    pub setup_s: f64,
    pub seconds_per_item: f64,
    /// Share of runs that fail, 0.03 to 0.08.
    pub failure_rate: f64,
    /// Share of the failures that are business exceptions (the rest are system ones).
    pub business_share: f64,
    /// The most frequent reason first.
    pub business_reasons: &'static [&'static str],
    pub system_reasons: &'static [&'static str],
    pub queue: Option<Queue>,
}

/// A process of the catalogue, as the Vault's form takes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Process {
    pub name: &'static str,
    pub description: &'static str,
    pub department: &'static str,
    pub stage: &'static str,
    pub health: &'static str,
    pub owner: usize,
    pub applications: &'static [&'static str],
    pub monthly_volume: i64,
    pub handling_minutes: f64,
    pub hourly_cost: f64,
    /// Percent of the volume the bots take.
    pub automation_pct: f64,
    pub exception_rate: f64,
    pub complexity: &'static str,
    pub ftes: f64,
    /// The quick assessment: rule-based, input type, input structure, stability,
    /// documentation; `None` for an idea not yet assessed.
    pub answers: Option<[i64; 5]>,
    /// How it runs: live processes only.
    pub work: Option<Work>,
}

const FINANCE: &str = "Finance & Accounting";
const HR: &str = "Human Resources";
const IT: &str = "Information Technology";
const SALES: &str = "Sales and Marketing";

pub const PROCESSES: [Process; 12] = [
    Process {
        name: "Invoice Processing",
        description: "Reads supplier invoices from the AP mailbox, matches them to purchase orders and goods \
                      receipts, and posts them in SAP for payment.",
        department: FINANCE,
        stage: "live",
        health: "on_track",
        owner: RAVI,
        applications: &["SAP S/4HANA", "Outlook", "ABBYY FlexiCapture"],
        monthly_volume: 6000,
        handling_minutes: 9.0,
        hourly_cost: 38.0,
        automation_pct: 85.0,
        exception_rate: 6.0,
        complexity: "medium",
        ftes: 6.0,
        answers: Some([5, 4, 3, 4, 4]),
        work: Some(Work {
            runs_per_weekday: 160.0,
            weekend_share: 0.1,
            month_end_peak: true,
            hours: &BUSINESS,
            setup_s: 60.0,
            seconds_per_item: 150.0,
            failure_rate: 0.05,
            business_share: 0.6,
            business_reasons: &[
                "Invoice amount mismatch",
                "Vendor not found in ERP",
                "Duplicate invoice",
                "Missing purchase order number",
            ],
            system_reasons: &["SAP session timeout", "Element not found", "Application not responding"],
            queue: Some(Queue {
                name: "AP Invoices",
                reference: "INV-",
                items_per_weekday: 60.0,
                sla_hours: 24,
                wait_minutes: 45.0,
                work_minutes: 2.0,
            }),
        }),
    },
    Process {
        name: "Bank Reconciliation",
        description: "Downloads the daily bank statements, matches them against the general ledger and \
                      prepares the open items for review.",
        department: FINANCE,
        stage: "live",
        health: "on_track",
        owner: RAVI,
        applications: &["SAP S/4HANA", "Bank portal", "Excel"],
        monthly_volume: 900,
        handling_minutes: 25.0,
        hourly_cost: 42.0,
        automation_pct: 90.0,
        exception_rate: 4.0,
        complexity: "medium",
        ftes: 2.5,
        answers: Some([5, 5, 4, 4, 3]),
        work: Some(Work {
            runs_per_weekday: 30.0,
            weekend_share: 0.05,
            month_end_peak: true,
            hours: &EARLY,
            setup_s: 120.0,
            seconds_per_item: 900.0,
            failure_rate: 0.04,
            business_share: 0.5,
            business_reasons: &["Unmatched transactions above tolerance", "Statement not yet available"],
            system_reasons: &["Login failed", "Timeout waiting for page"],
            queue: None,
        }),
    },
    Process {
        name: "Vendor Master Data Update",
        description: "Applies approved vendor change requests (addresses, bank details, tax ids) to the \
                      vendor master after the validation checks.",
        department: FINANCE,
        stage: "live",
        health: "on_track",
        owner: RAVI,
        applications: &["SAP S/4HANA", "ServiceNow"],
        monthly_volume: 1100,
        handling_minutes: 12.0,
        hourly_cost: 35.0,
        automation_pct: 75.0,
        exception_rate: 8.0,
        complexity: "low",
        ftes: 1.5,
        answers: Some([4, 4, 4, 5, 4]),
        work: Some(Work {
            runs_per_weekday: 36.0,
            weekend_share: 0.0,
            month_end_peak: false,
            hours: &OFFICE,
            setup_s: 60.0,
            seconds_per_item: 240.0,
            failure_rate: 0.06,
            business_share: 0.7,
            business_reasons: &["Bank details failed validation", "Tax ID missing"],
            system_reasons: &["Element not found", "Login failed"],
            queue: Some(Queue {
                name: "Vendor Changes",
                reference: "VND-",
                items_per_weekday: 30.0,
                sla_hours: 24,
                wait_minutes: 60.0,
                work_minutes: 3.0,
            }),
        }),
    },
    Process {
        name: "Expense Report Audit",
        description: "Checks submitted expense reports against the travel policy and flags receipts that \
                      need a second look.",
        department: FINANCE,
        stage: "testing",
        health: "at_risk",
        owner: MIA,
        applications: &["Concur", "Excel"],
        monthly_volume: 1500,
        handling_minutes: 6.0,
        hourly_cost: 35.0,
        automation_pct: 70.0,
        exception_rate: 10.0,
        complexity: "medium",
        ftes: 1.0,
        answers: Some([4, 3, 3, 3, 3]),
        work: None,
    },
    Process {
        name: "Employee Onboarding",
        description: "Creates the accounts, mailbox, equipment order and first-day schedule of a new hire \
                      from the Workday record.",
        department: HR,
        stage: "live",
        health: "at_risk",
        owner: TOM,
        applications: &["Workday", "Active Directory", "ServiceNow", "Outlook"],
        monthly_volume: 90,
        handling_minutes: 95.0,
        hourly_cost: 32.0,
        automation_pct: 80.0,
        exception_rate: 5.0,
        complexity: "high",
        ftes: 1.0,
        answers: Some([4, 4, 4, 3, 4]),
        work: Some(Work {
            runs_per_weekday: 3.0,
            weekend_share: 0.0,
            month_end_peak: false,
            hours: &OFFICE,
            setup_s: 180.0,
            seconds_per_item: 1500.0,
            failure_rate: 0.07,
            business_share: 0.5,
            business_reasons: &["Missing start date in Workday", "Manager not found in directory"],
            system_reasons: &["Active Directory timeout", "Element not found"],
            queue: Some(Queue {
                name: "New Hires",
                reference: "HIRE-",
                items_per_weekday: 3.0,
                sla_hours: 48,
                wait_minutes: 180.0,
                work_minutes: 12.0,
            }),
        }),
    },
    Process {
        name: "Payroll Data Validation",
        description: "Validates the month's time sheets, overtime and allowances before the payroll run and \
                      reports the outliers.",
        department: HR,
        stage: "live",
        health: "on_track",
        owner: TOM,
        applications: &["Workday", "ADP", "Excel"],
        monthly_volume: 2400,
        handling_minutes: 4.0,
        hourly_cost: 30.0,
        automation_pct: 95.0,
        exception_rate: 3.0,
        complexity: "low",
        ftes: 1.2,
        answers: Some([5, 5, 5, 4, 4]),
        work: Some(Work {
            runs_per_weekday: 16.0,
            weekend_share: 0.0,
            month_end_peak: true,
            hours: &BUSINESS,
            setup_s: 60.0,
            seconds_per_item: 60.0,
            failure_rate: 0.035,
            business_share: 0.7,
            business_reasons: &["Overtime above policy threshold", "Missing timesheet"],
            system_reasons: &["Login failed", "Application not responding"],
            queue: None,
        }),
    },
    Process {
        name: "Password Reset Requests",
        description: "Verifies the requester and resets Active Directory passwords from service desk \
                      tickets, then closes the ticket.",
        department: IT,
        stage: "live",
        health: "on_track",
        owner: MIA,
        applications: &["ServiceNow", "Active Directory"],
        monthly_volume: 4200,
        handling_minutes: 7.0,
        hourly_cost: 28.0,
        automation_pct: 90.0,
        exception_rate: 5.0,
        complexity: "low",
        ftes: 3.0,
        answers: Some([5, 5, 5, 5, 4]),
        work: Some(Work {
            runs_per_weekday: 140.0,
            weekend_share: 0.3,
            month_end_peak: false,
            hours: &BUSINESS,
            setup_s: 30.0,
            seconds_per_item: 120.0,
            failure_rate: 0.03,
            business_share: 0.6,
            business_reasons: &["User identity could not be verified", "Account locked by security policy"],
            system_reasons: &["Active Directory timeout", "Element not found"],
            queue: Some(Queue {
                name: "Password Resets",
                reference: "REQ",
                items_per_weekday: 90.0,
                sla_hours: 4,
                wait_minutes: 12.0,
                work_minutes: 1.0,
            }),
        }),
    },
    Process {
        name: "User Access Provisioning",
        description: "Grants and removes application roles from approved access requests, with the audit \
                      trail the controls need.",
        department: IT,
        stage: "development",
        health: "on_track",
        owner: MIA,
        applications: &["ServiceNow", "Active Directory", "SAP S/4HANA"],
        monthly_volume: 800,
        handling_minutes: 15.0,
        hourly_cost: 32.0,
        automation_pct: 0.0,
        exception_rate: 7.0,
        complexity: "medium",
        ftes: 0.8,
        answers: Some([4, 4, 3, 4, 3]),
        work: None,
    },
    Process {
        name: "Sales Order Entry",
        description: "Turns customer purchase orders received by e-mail into sales orders, checking prices \
                      against the contract and the credit limit.",
        department: SALES,
        stage: "live",
        health: "on_track",
        owner: DANA,
        applications: &["Salesforce", "SAP S/4HANA", "Outlook"],
        monthly_volume: 5500,
        handling_minutes: 8.0,
        hourly_cost: 34.0,
        automation_pct: 80.0,
        exception_rate: 6.0,
        complexity: "medium",
        ftes: 5.0,
        answers: Some([4, 3, 3, 4, 4]),
        work: Some(Work {
            runs_per_weekday: 130.0,
            weekend_share: 0.15,
            month_end_peak: true,
            hours: &BUSINESS,
            setup_s: 45.0,
            seconds_per_item: 200.0,
            failure_rate: 0.055,
            business_share: 0.65,
            business_reasons: &[
                "Customer credit limit exceeded",
                "Price mismatch with contract",
                "Missing purchase order number",
            ],
            system_reasons: &["Salesforce API rate limit reached", "SAP session timeout"],
            queue: Some(Queue {
                name: "Sales Orders",
                reference: "SO-",
                items_per_weekday: 70.0,
                sla_hours: 8,
                wait_minutes: 30.0,
                work_minutes: 1.5,
            }),
        }),
    },
    Process {
        name: "Contract Renewal Reminders",
        description: "Finds contracts due for renewal in the next 90 days and sends the owners a summary with \
                      the notice periods.",
        department: "Legal",
        stage: "analysis",
        health: "delayed",
        owner: DANA,
        applications: &["DocuSign CLM", "Outlook"],
        monthly_volume: 150,
        handling_minutes: 20.0,
        hourly_cost: 55.0,
        automation_pct: 0.0,
        exception_rate: 5.0,
        complexity: "low",
        ftes: 0.3,
        answers: Some([4, 4, 4, 4, 2]),
        work: None,
    },
    Process {
        name: "Production Report Consolidation",
        description: "Collects the shift reports from the MES, consolidates output, scrap and downtime, and \
                      publishes the plant report.",
        department: "Production",
        stage: "live",
        health: "on_track",
        owner: MIA,
        applications: &["MES", "Excel", "SharePoint"],
        monthly_volume: 400,
        handling_minutes: 30.0,
        hourly_cost: 40.0,
        automation_pct: 90.0,
        exception_rate: 4.0,
        complexity: "medium",
        ftes: 1.3,
        answers: Some([5, 4, 4, 3, 3]),
        work: Some(Work {
            runs_per_weekday: 12.0,
            weekend_share: 0.8,
            month_end_peak: false,
            hours: &SHIFTS,
            setup_s: 120.0,
            seconds_per_item: 1200.0,
            failure_rate: 0.045,
            business_share: 0.3,
            business_reasons: &["Shift report missing"],
            system_reasons: &["Application not responding", "File locked by another user"],
            queue: None,
        }),
    },
    Process {
        name: "Lab Sample Registration",
        description: "Idea: register incoming lab samples from the courier manifests instead of typing them \
                      into the LIMS.",
        department: "Research and Development",
        stage: "idea",
        health: "on_track",
        owner: DANA,
        applications: &["LIMS"],
        monthly_volume: 500,
        handling_minutes: 5.0,
        hourly_cost: 45.0,
        automation_pct: 0.0,
        exception_rate: 0.0,
        complexity: "medium",
        ftes: 0.0,
        answers: None,
        work: None,
    },
];

/// A bot of the inventory.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bot {
    pub name: &'static str,
    /// `attended` (runs on a person's machine while they work) or `unattended`.
    pub kind: &'static str,
    pub machine: &'static str,
    pub vendor: &'static str,
    pub owner: usize,
    /// Per year, in the company's currency.
    pub licence_cost: f64,
    pub processes: &'static [&'static str],
    pub schedule: &'static str,
    pub notes: &'static str,
}

impl Bot {
    pub fn attended(&self) -> bool {
        self.kind == "attended"
    }
}

/// What most bots of the inventory are.
const UNATTENDED: Bot = Bot {
    name: "",
    kind: "unattended",
    machine: "",
    vendor: "UiPath",
    owner: MIA,
    licence_cost: 8000.0,
    processes: &[],
    schedule: "",
    notes: "",
};

/// A bot on a person's laptop, started by them while they work.
const ATTENDED: Bot =
    Bot { kind: "attended", licence_cost: 1400.0, schedule: "Mon-Fri 08:00-18:00, started by its owner", ..UNATTENDED };

pub const BOTS: [Bot; 15] = [
    Bot {
        name: "FIN-UB-01",
        machine: "VM-RPA-FIN-01",
        processes: &["Invoice Processing", "Vendor Master Data Update"],
        schedule: "Mon-Fri 06:00-20:00",
        ..UNATTENDED
    },
    Bot {
        name: "FIN-UB-02",
        machine: "VM-RPA-FIN-02",
        processes: &["Invoice Processing", "Bank Reconciliation"],
        schedule: "Daily 03:00-22:00",
        ..UNATTENDED
    },
    Bot {
        name: "FIN-UB-03",
        machine: "VM-RPA-FIN-03",
        processes: &["Invoice Processing"],
        schedule: "Mon-Fri 06:00-20:00",
        ..UNATTENDED
    },
    Bot {
        name: "FIN-BP-01",
        machine: "VM-BP-FIN-01",
        vendor: "Blue Prism",
        licence_cost: 10500.0,
        processes: &["Bank Reconciliation"],
        schedule: "Daily 02:00-23:00",
        ..UNATTENDED
    },
    Bot {
        name: "HR-AA-01",
        machine: "VM-RPA-HR-01",
        vendor: "Automation Anywhere",
        owner: TOM,
        licence_cost: 9000.0,
        processes: &["Employee Onboarding", "Payroll Data Validation"],
        schedule: "Mon-Fri 06:00-19:00",
        ..UNATTENDED
    },
    Bot {
        name: "HR-AA-02",
        machine: "VM-RPA-HR-02",
        vendor: "Automation Anywhere",
        owner: TOM,
        licence_cost: 9000.0,
        processes: &["Payroll Data Validation"],
        schedule: "Mon-Fri 06:00-19:00",
        ..UNATTENDED
    },
    Bot {
        name: "IT-UB-01",
        machine: "VM-RPA-IT-01",
        processes: &["Password Reset Requests"],
        schedule: "24/7",
        ..UNATTENDED
    },
    Bot {
        name: "IT-PA-01",
        machine: "VM-PA-IT-01",
        vendor: "Power Automate",
        licence_cost: 1800.0,
        processes: &["Password Reset Requests"],
        schedule: "24/7",
        ..UNATTENDED
    },
    Bot {
        name: "SLS-UB-01",
        machine: "VM-RPA-SLS-01",
        owner: DANA,
        processes: &["Sales Order Entry"],
        schedule: "Mon-Sat 05:00-21:00",
        ..UNATTENDED
    },
    Bot {
        name: "SLS-UB-02",
        machine: "VM-RPA-SLS-02",
        owner: DANA,
        processes: &["Sales Order Entry"],
        schedule: "Mon-Sat 05:00-21:00",
        ..UNATTENDED
    },
    Bot {
        name: "OPS-PA-01",
        machine: "VM-PA-OPS-01",
        vendor: "Power Automate",
        licence_cost: 1800.0,
        processes: &["Production Report Consolidation"],
        schedule: "24/7, after each shift",
        ..UNATTENDED
    },
    Bot {
        name: "ATT-RMENON",
        machine: "LT-RMENON",
        owner: RAVI,
        processes: &["Vendor Master Data Update"],
        ..ATTENDED
    },
    Bot {
        name: "ATT-TOKAFOR",
        machine: "LT-TOKAFOR",
        vendor: "Power Automate",
        owner: TOM,
        licence_cost: 180.0,
        processes: &["Employee Onboarding"],
        ..ATTENDED
    },
    Bot { name: "ATT-DREYES", machine: "LT-DREYES", owner: DANA, processes: &["Sales Order Entry"], ..ATTENDED },
    Bot {
        name: "DR-UB-01",
        machine: "VM-RPA-DR-01",
        vendor: "Other",
        licence_cost: 6500.0,
        schedule: "Standby",
        notes: "Warm standby for the finance bots; takes over when a VM is patched or fails.",
        ..UNATTENDED
    },
];

/// A support ticket as its requester writes it, and where it ends up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ticket {
    pub title: &'static str,
    pub description: &'static str,
    pub category: &'static str,
    pub priority: &'static str,
    pub requester: usize,
    pub assignee: Option<usize>,
    pub process: Option<&'static str>,
    pub bot: Option<&'static str>,
    /// `open`, `in_progress`, `waiting`, `resolved` or `closed`.
    pub status: &'static str,
    /// The assignee's first answer, if they answered.
    pub reply: Option<&'static str>,
}

const BOT_FAILURE: &str = "Bot failure";
const CHANGE: &str = "Change request";
const ACCESS: &str = "Access request";
const INFRA: &str = "Infrastructure";
const QUESTION: &str = "Question";

pub const TICKETS: [Ticket; 30] = [
    Ticket {
        title: "FIN-UB-02 cannot log in to SAP",
        description: "Since 06:00 every run of FIN-UB-02 stops at the SAP logon screen. The service account \
                      password may have expired.",
        category: BOT_FAILURE,
        priority: "Critical",
        requester: RAVI,
        assignee: Some(MIA),
        process: Some("Invoice Processing"),
        bot: Some("FIN-UB-02"),
        status: "closed",
        reply: Some("Confirmed: the password expired overnight. Rotated it in the vault, runs are picking up again."),
    },
    Ticket {
        title: "Invoice amount mismatch for multi-page invoices",
        description: "About one invoice in ten from Northwind Traders is rejected with an amount mismatch; \
                      their PDFs show the tax on a separate page.",
        category: BOT_FAILURE,
        priority: "High",
        requester: RAVI,
        assignee: Some(MIA),
        process: Some("Invoice Processing"),
        bot: Some("FIN-UB-01"),
        status: "in_progress",
        reply: Some("The extraction template reads only the first page. Adding the second page to the template."),
    },
    Ticket {
        title: "Password resets stuck during the ServiceNow outage",
        description: "ServiceNow was down for two hours; the reset requests of that time are still in the queue.",
        category: INFRA,
        priority: "High",
        requester: TOM,
        assignee: Some(MIA),
        process: Some("Password Reset Requests"),
        bot: Some("IT-UB-01"),
        status: "closed",
        reply: Some("Requeued the 46 requests, all processed by 16:10."),
    },
    Ticket {
        title: "Add new cost centres to onboarding",
        description: "Please add the new Frankfurt cost centres to the onboarding mapping before the 1st.",
        category: CHANGE,
        priority: "Medium",
        requester: TOM,
        assignee: Some(MIA),
        process: Some("Employee Onboarding"),
        bot: None,
        status: "open",
        reply: None,
    },
    Ticket {
        title: "Onboarding creates accounts too early",
        description: "The bot created the accounts for two hires whose start date moved; the accounts should \
                      only be created five days before the start date.",
        category: BOT_FAILURE,
        priority: "Medium",
        requester: TOM,
        assignee: Some(MIA),
        process: Some("Employee Onboarding"),
        bot: Some("HR-AA-01"),
        status: "waiting",
        reply: None,
    },
    Ticket {
        title: "Bank statement not available at 06:00",
        description: "Statements from the second bank arrive after 07:00 now, so the early run finds nothing.",
        category: BOT_FAILURE,
        priority: "Medium",
        requester: RAVI,
        assignee: Some(MIA),
        process: Some("Bank Reconciliation"),
        bot: Some("FIN-BP-01"),
        status: "resolved",
        reply: Some("Moved the second bank's run to 07:30."),
    },
    Ticket {
        title: "Orchestrator access for the finance analyst",
        description: "Ravi needs view access to the Orchestrator queues of the finance bots.",
        category: ACCESS,
        priority: "Low",
        requester: RAVI,
        assignee: Some(TOM),
        process: None,
        bot: None,
        status: "closed",
        reply: Some("Granted the Queue Viewer role."),
    },
    Ticket {
        title: "Disk almost full on VM-RPA-SLS-02",
        description: "VM-RPA-SLS-02 is at 95% disk; the bot keeps the downloaded PO attachments.",
        category: INFRA,
        priority: "High",
        requester: MIA,
        assignee: Some(TOM),
        process: Some("Sales Order Entry"),
        bot: Some("SLS-UB-02"),
        status: "resolved",
        reply: Some("Cleared the download folder and added a clean-up step at the end of each run."),
    },
    Ticket {
        title: "Price mismatch for Contoso orders",
        description: "Orders for Contoso are rejected because the contract price list was updated on Monday.",
        category: BOT_FAILURE,
        priority: "High",
        requester: DANA,
        assignee: Some(MIA),
        process: Some("Sales Order Entry"),
        bot: Some("SLS-UB-01"),
        status: "open",
        reply: None,
    },
    Ticket {
        title: "Flag high allowances in payroll validation",
        description: "Could the payroll validation also flag allowances above 500 per month?",
        category: CHANGE,
        priority: "Low",
        requester: TOM,
        assignee: Some(MIA),
        process: Some("Payroll Data Validation"),
        bot: None,
        status: "in_progress",
        reply: Some("Yes, it is a small change to the rules table. Planned for the next release."),
    },
    Ticket {
        title: "Night-shift report missing",
        description: "The plant report for the night shift was not published on Sunday.",
        category: BOT_FAILURE,
        priority: "Medium",
        requester: MIA,
        assignee: Some(MIA),
        process: Some("Production Report Consolidation"),
        bot: Some("OPS-PA-01"),
        status: "closed",
        reply: Some("The MES export file was locked by a backup job; the run retried too early. Added a wait."),
    },
    Ticket {
        title: "How many invoices did the bots post?",
        description: "Where can I see how many invoices the bots posted last month?",
        category: QUESTION,
        priority: "Low",
        requester: DANA,
        assignee: Some(TOM),
        process: Some("Invoice Processing"),
        bot: None,
        status: "closed",
        reply: Some("Operational Insight, filter by Invoice Processing; the items figure is the invoices posted."),
    },
    Ticket {
        title: "IBAN validation rejects new countries",
        description: "Vendor changes with an IBAN from a new country fail the bank detail validation.",
        category: BOT_FAILURE,
        priority: "Medium",
        requester: RAVI,
        assignee: Some(MIA),
        process: Some("Vendor Master Data Update"),
        bot: Some("FIN-UB-01"),
        status: "in_progress",
        reply: None,
    },
    Ticket {
        title: "Attended bot asks for the SAP password",
        description: "The attended bot on my laptop asks for the SAP password on every run.",
        category: BOT_FAILURE,
        priority: "Low",
        requester: RAVI,
        assignee: Some(TOM),
        process: Some("Vendor Master Data Update"),
        bot: Some("ATT-RMENON"),
        status: "resolved",
        reply: Some("Stored the credential in the Windows credential manager; it should not ask again."),
    },
    Ticket {
        title: "Renew the Blue Prism licence",
        description: "Please renew the Blue Prism licence of FIN-BP-01 before it expires at the end of the quarter.",
        category: CHANGE,
        priority: "Medium",
        requester: MIA,
        assignee: Some(DANA),
        process: None,
        bot: Some("FIN-BP-01"),
        status: "open",
        reply: None,
    },
    Ticket {
        title: "Pause finance bots for Windows patching",
        description: "Windows patching is planned for Saturday night; the finance bots must be paused.",
        category: INFRA,
        priority: "Medium",
        requester: TOM,
        assignee: Some(MIA),
        process: None,
        bot: Some("DR-UB-01"),
        status: "closed",
        reply: Some("Paused the schedules from 22:00 to 04:00 and moved the DR bot to standby."),
    },
    Ticket {
        title: "Invoice queue SLA breaches at month end",
        description: "Month-end close: invoices piled up in the queue and some breached the 24-hour SLA.",
        category: BOT_FAILURE,
        priority: "High",
        requester: RAVI,
        assignee: Some(MIA),
        process: Some("Invoice Processing"),
        bot: Some("FIN-UB-03"),
        status: "resolved",
        reply: Some("Added FIN-UB-03 to the invoice queue for the last three days of each month."),
    },
    Ticket {
        title: "Automate lab sample registration",
        description: "We would like to automate the registration of lab samples; see the idea in the Process Vault.",
        category: QUESTION,
        priority: "Low",
        requester: DANA,
        assignee: None,
        process: Some("Lab Sample Registration"),
        bot: None,
        status: "open",
        reply: None,
    },
    Ticket {
        title: "Add DocuSign role to Legal onboarding",
        description: "New hires in Legal need the DocuSign CLM role from day one.",
        category: ACCESS,
        priority: "Low",
        requester: TOM,
        assignee: Some(MIA),
        process: Some("Employee Onboarding"),
        bot: Some("HR-AA-01"),
        status: "closed",
        reply: Some("Added the role to the Legal onboarding profile."),
    },
    Ticket {
        title: "Element not found on the Workday hire page",
        description: "The bot stops with 'Element not found' on the new Workday hire page since the update.",
        category: BOT_FAILURE,
        priority: "High",
        requester: TOM,
        assignee: Some(MIA),
        process: Some("Employee Onboarding"),
        bot: Some("HR-AA-01"),
        status: "in_progress",
        reply: Some("Workday changed the page layout; updating the selectors."),
    },
    Ticket {
        title: "Go-live date of the expense report audit",
        description: "Can the expense audit go live before the quarter close? What is left in testing?",
        category: QUESTION,
        priority: "Medium",
        requester: DANA,
        assignee: Some(MIA),
        process: Some("Expense Report Audit"),
        bot: None,
        status: "waiting",
        reply: Some("Two test cases on foreign-currency receipts fail; I will know more on Thursday."),
    },
    Ticket {
        title: "Salesforce API limit reached",
        description: "Salesforce answers 'REQUEST_LIMIT_EXCEEDED' in the afternoon; orders are retried for hours.",
        category: INFRA,
        priority: "High",
        requester: DANA,
        assignee: Some(TOM),
        process: Some("Sales Order Entry"),
        bot: Some("SLS-UB-02"),
        status: "open",
        reply: None,
    },
    Ticket {
        title: "Identity check fails without a phone number",
        description: "The reset bot cannot verify users whose phone number is missing in HR data.",
        category: BOT_FAILURE,
        priority: "Medium",
        requester: TOM,
        assignee: Some(MIA),
        process: Some("Password Reset Requests"),
        bot: Some("IT-PA-01"),
        status: "resolved",
        reply: Some("Those users now get an e-mail to the manager instead of an SMS."),
    },
    Ticket {
        title: "Attended bot installer for HR",
        description: "Please give Tom access to the attended bot installer.",
        category: ACCESS,
        priority: "Low",
        requester: TOM,
        assignee: Some(MIA),
        process: None,
        bot: Some("ATT-TOKAFOR"),
        status: "closed",
        reply: Some("Done, the installer is in the software center."),
    },
    Ticket {
        title: "Payroll validation flags plant overtime",
        description: "Overtime lines above 60 hours are reported as errors; they are valid for the plant staff.",
        category: BOT_FAILURE,
        priority: "Medium",
        requester: TOM,
        assignee: Some(MIA),
        process: Some("Payroll Data Validation"),
        bot: Some("HR-AA-02"),
        status: "open",
        reply: None,
    },
    Ticket {
        title: "Value date in the reconciliation report",
        description: "The unmatched-items report should include the value date.",
        category: CHANGE,
        priority: "Low",
        requester: RAVI,
        assignee: Some(MIA),
        process: Some("Bank Reconciliation"),
        bot: None,
        status: "closed",
        reply: Some("Added the column."),
    },
    Ticket {
        title: "IT bot VM restarts during runs",
        description: "VM-RPA-IT-01 restarted twice this week during runs.",
        category: INFRA,
        priority: "Medium",
        requester: MIA,
        assignee: Some(TOM),
        process: Some("Password Reset Requests"),
        bot: Some("IT-UB-01"),
        status: "waiting",
        reply: Some("The host was migrated by the hypervisor team; they pinned the VM now. Watching it for a week."),
    },
    Ticket {
        title: "Scope of contract renewal reminders",
        description: "Contract renewals: which contracts are in scope for the first release?",
        category: QUESTION,
        priority: "Low",
        requester: DANA,
        assignee: Some(RAVI),
        process: Some("Contract Renewal Reminders"),
        bot: None,
        status: "open",
        reply: None,
    },
    Ticket {
        title: "Duplicate invoice posted",
        description: "Duplicate invoices from the scanning service were posted twice last Tuesday.",
        category: BOT_FAILURE,
        priority: "Critical",
        requester: RAVI,
        assignee: Some(MIA),
        process: Some("Invoice Processing"),
        bot: Some("FIN-UB-03"),
        status: "resolved",
        reply: Some("Reversed the two postings; the bot now checks the invoice number and vendor before posting."),
    },
    Ticket {
        title: "Add the Brno plant to the production report",
        description: "Add the new plant in Brno to the consolidated production report.",
        category: CHANGE,
        priority: "Medium",
        requester: MIA,
        assignee: Some(MIA),
        process: Some("Production Report Consolidation"),
        bot: None,
        status: "in_progress",
        reply: None,
    },
];

/// The bots that run `process` (those listing it), in catalogue order.
pub fn bots_of(process: &str) -> Vec<&'static Bot> {
    BOTS.iter().filter(|bot| bot.processes.contains(&process)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEPARTMENTS: [&str; 8] = [
        "Finance & Accounting",
        "Human Resources",
        "Information Technology",
        "Sales and Marketing",
        "Legal",
        "Production",
        "Research and Development",
        "Others",
    ];

    fn process(name: &str) -> Option<&'static Process> {
        PROCESSES.iter().find(|process| process.name == name)
    }

    #[test]
    fn the_people_are_the_demo_users_in_order() {
        let emails: Vec<&str> = super::super::PEOPLE.iter().map(|person| person.0).collect();
        assert_eq!(emails[DANA], "demo@autoscope.test");
        assert_eq!(emails[RAVI], "analyst@autoscope.test");
        assert_eq!(emails[MIA], "developer@autoscope.test");
        assert_eq!(emails[TOM], "support@autoscope.test");
    }

    #[test]
    fn processes_are_mostly_live_and_live_ones_run() {
        assert!((8..=12).contains(&PROCESSES.len()));
        let live = PROCESSES.iter().filter(|process| process.stage == "live").count();
        assert!(live * 2 > PROCESSES.len(), "{live} live");
        for process in &PROCESSES {
            assert!(DEPARTMENTS.contains(&process.department), "{}", process.department);
            assert_eq!(process.work.is_some(), process.stage == "live", "{}", process.name);
            assert!(process.answers.is_none_or(|answers| answers.iter().all(|a| (1..=5).contains(a))));
            assert_eq!(PROCESSES.iter().filter(|other| other.name == process.name).count(), 1);
            if let Some(work) = &process.work {
                assert!((0.03..=0.08).contains(&work.failure_rate), "{}", process.name);
                assert!(!work.business_reasons.is_empty() && !work.system_reasons.is_empty());
                assert!(BOTS.iter().any(|bot| bot.processes.contains(&process.name)), "nobody runs {}", process.name);
                assert!(
                    BOTS.iter().any(|bot| !bot.attended() && bot.processes.contains(&process.name)),
                    "{} needs an unattended bot outside office hours",
                    process.name
                );
            }
        }
    }

    #[test]
    fn bots_run_live_processes_of_the_catalogue() {
        assert!((10..=20).contains(&BOTS.len()));
        for bot in &BOTS {
            assert!(["attended", "unattended"].contains(&bot.kind));
            for name in bot.processes {
                assert_eq!(process(name).map(|p| p.stage), Some("live"), "{} runs {name}", bot.name);
            }
            assert_eq!(BOTS.iter().filter(|other| other.name == bot.name).count(), 1);
        }
        assert!(BOTS.iter().any(Bot::attended));
    }

    #[test]
    fn tickets_name_processes_and_bots_of_the_catalogue() {
        for ticket in &TICKETS {
            assert!(ticket.process.is_none_or(|name| process(name).is_some()), "{}", ticket.title);
            assert!(ticket.bot.is_none_or(|name| BOTS.iter().any(|bot| bot.name == name)), "{}", ticket.title);
            assert!(["open", "in_progress", "waiting", "resolved", "closed"].contains(&ticket.status));
            assert!(["Critical", "High", "Medium", "Low"].contains(&ticket.priority));
            assert!(!ticket.description.is_empty());
            assert!(ticket.reply.is_none() || ticket.assignee.is_some(), "{}: who replies?", ticket.title);
        }
    }
}
