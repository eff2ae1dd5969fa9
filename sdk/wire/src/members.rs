//! `members`: the company directory as a team administers it (the Team Master module): the
//! members with their role, admin flag and status, invitations by e-mail, and the roles
//! with their rights. The host checks every operation against the calling person's own
//! membership: reading needs the module's view right, changing needs the company-admin
//! flag. Nothing here reaches another company.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Right;

/// The community edition's limit (5 people: active members and pending invitations),
/// answered 403 to an invitation or reactivation past it.
pub const SEATS_FULL: &str = "The community edition allows 5 users. Upgrade to Premium to add more.";
/// A change refused because the company would have no active admin left.
pub const LAST_ADMIN: &str = "The company needs at least one active admin";
/// A change by someone who is not a company admin.
pub const ADMIN_ONLY: &str = "Only a company admin may change the team";

/// One operation on the calling company's directory.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum MembersOp {
    /// Every member (former ones included), with the caller's own standing.
    List,
    /// One member's system-log entries about their membership, newest first.
    History {
        user_id: String,
    },
    /// Invites each address with a role: a mail with a single-use link valid 7 days.
    Invite {
        emails: Vec<String>,
        role_id: String,
    },
    /// The invitations not yet accepted (pending, expired or revoked), newest first.
    Invitations,
    /// A new link (the old one stops working) and a new mail; the 7 days start again.
    Resend {
        invitation_id: String,
    },
    Revoke {
        invitation_id: String,
    },
    /// Changes what is given; the last active admin can be neither demoted nor deactivated.
    Update {
        user_id: String,
        change: MemberChange,
    },
    /// The member leaves the company; their records stay, shown as a former member.
    Remove {
        user_id: String,
    },
    /// The company's roles with their rights and how many members hold each, and every
    /// rights key an installed module uses.
    Roles,
    CreateRole {
        name: String,
        rights: Rights,
    },
    UpdateRole {
        role_id: String,
        name: Option<String>,
        rights: Option<Rights>,
    },
    /// Refused while a member holds the role.
    DeleteRole {
        role_id: String,
    },
}

/// A change of one member.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MemberChange {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub role_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub company_admin: Option<bool>,
    /// `active` or `deactivated`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub status: Option<String>,
}

/// A role's rights, by rights key.
pub type Rights = BTreeMap<String, Right>;

/// What `list` answers.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Members {
    pub members: Vec<Member>,
    /// The caller may change members, invitations and roles.
    pub can_manage: bool,
    /// The caller's own id.
    pub me: String,
    /// How many more people the company may have (active members and pending invitations
    /// count); none on the enterprise edition.
    pub seats_left: Option<u32>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Member {
    pub user_id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub department: String,
    pub job_title: String,
    pub role_id: String,
    pub role: String,
    pub company_admin: bool,
    /// `active`, `deactivated` or `removed` (a former member).
    pub status: String,
    /// Unix seconds.
    pub joined_at: i64,
    pub last_signin_at: Option<i64>,
    pub has_picture: bool,
}

/// One entry of a member's history.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryEntry {
    pub event: String,
    pub message: String,
    /// Unix seconds.
    pub at: i64,
    /// The address the change came from, when a person's request made it.
    pub from: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Invitation {
    pub id: String,
    pub email: String,
    pub role_id: String,
    pub role: String,
    /// Who invited, by name.
    pub invited_by: String,
    /// `pending`, `expired` or `revoked`.
    pub status: String,
    /// Unix seconds.
    pub created_at: i64,
    pub expires_at: i64,
}

/// What `roles` answers.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Roles {
    pub roles: Vec<Role>,
    /// Every rights key of an installed module, with its label and whether it is premium
    /// (premium keys stay disabled for a community company).
    pub keys: Vec<RightsKey>,
    /// The company's edition: `community` or `enterprise`.
    pub edition: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Role {
    pub id: String,
    pub name: String,
    #[cfg_attr(feature = "ts", ts(type = "Record<string, Right>"))]
    pub rights: Rights,
    /// Members who hold it, former members included (a role stays while any holds it).
    pub members: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RightsKey {
    pub key: String,
    pub label: String,
    pub premium: bool,
}
