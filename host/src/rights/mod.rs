//! Rights: per module key, may the user view it, and is it disabled (shown greyed with
//! "Upgrade to Premium"). A role stores the rights its company gave it; the edition then
//! disables premium modules for community companies, at read time, so an upgrade takes
//! effect on the next request.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub mod menu;

/// A right on a module: may the user view it, and is it disabled (shown greyed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Right {
    pub view: bool,
    pub disabled: bool,
}

pub type Rights = BTreeMap<String, Right>;

/// A call to a module that is not installed.
pub const MODULE_NOT_FOUND: &str = "Module not found";

/// A call to a module the caller's rights do not open.
pub const NO_RIGHT: &str = "Your rights do not allow this module";

/// A call to a module the caller sees greyed (premium, on the community edition).
pub const UPGRADE: &str = "Upgrade to Premium to use this module";

/// How a greyed entry or a cap message names the way to more.
pub const UPGRADE_LABEL: &str = "Upgrade to Premium";
/// Where every greyed entry and cap message leads: the shell's enterprise-edition page.
pub const UPGRADE_PATH: &str = "/EnterpriseEdition";

/// The role every sign-up gets.
pub const COMMUNITY_ROLE: &str = "communityuser";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edition {
    Community,
    Enterprise,
}

impl Edition {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "community" => Some(Self::Community),
            "enterprise" => Some(Self::Enterprise),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Community => "community",
            Self::Enterprise => "enterprise",
        }
    }
}

/// The module rights keys of the portal, and whether each is premium (enterprise only).
pub const MODULE_KEYS: &[(&str, bool)] = &[
    ("business_insight", false),
    ("bot_insight", false),
    ("support_insight", false),
    ("process", false),
    ("kanban_board", false),
    ("support", false),
    ("bot_profile", false),
    ("calendar", false),
    ("chat", false),
    ("team_profile", false),
    ("databaseIntegration", true),
    ("createCompany", true),
];

/// What a new company's community role may do: view everything; premium modules are
/// disabled by the edition, not by the role.
pub fn default_role_rights() -> Rights {
    MODULE_KEYS.iter().map(|(key, _)| (key.to_string(), Right { view: true, disabled: false })).collect()
}

/// Whether `key` is one of the portal's own rights keys ([`MODULE_KEYS`]); any other is a
/// module's own key (a module that declares its key as its rights key).
pub fn is_portal_key(key: &str) -> bool {
    MODULE_KEYS.iter().any(|(known, _)| *known == key)
}

/// The rights a user has now: the role's rights, except that a community company's
/// premium modules are shown to everyone, greyed: they are the way to the enterprise
/// edition, which the role cannot hide. Keys the role does not mention are not viewable.
/// Modules' own keys (never premium) are as the role stores them.
pub fn effective(role_rights: &Rights, edition: Edition) -> Rights {
    let portal = MODULE_KEYS.iter().map(|&(key, premium)| {
        let right = if premium && edition == Edition::Community {
            Right { view: true, disabled: true }
        } else {
            role_rights.get(key).copied().unwrap_or(Right { view: false, disabled: true })
        };
        (key.to_string(), right)
    });
    let own = role_rights.iter().filter(|(key, _)| !is_portal_key(key)).map(|(key, right)| (key.clone(), *right));
    portal.chain(own).collect()
}

/// Parses a role's stored rights and applies the edition. A malformed rights text
/// grants nothing rather than failing the request.
pub fn effective_from_stored(rights_json: &str, edition: &str) -> Rights {
    let stored: Rights = serde_json::from_str(rights_json).unwrap_or_default();
    effective(&stored, Edition::parse(edition).unwrap_or(Edition::Community))
}

/// A module's route may be opened: viewable and not disabled.
pub fn allows(rights: &Rights, key: &str) -> bool {
    rights.get(key).is_some_and(|r| r.view && !r.disabled)
}

/// Whether the module with rights key `key` answers the caller, and otherwise why not.
pub fn check_open(rights: &Rights, key: &str) -> crate::error::Result<()> {
    use crate::error::Error;
    match rights.get(key) {
        Some(right) if right.view && !right.disabled => Ok(()),
        Some(right) if right.view => Err(Error::Forbidden(UPGRADE.into())),
        _ => Err(Error::Forbidden(NO_RIGHT.into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn community_companies_see_premium_modules_disabled() {
        let rights = effective(&default_role_rights(), Edition::Community);
        assert_eq!(rights["databaseIntegration"], Right { view: true, disabled: true });
        assert_eq!(rights["createCompany"], Right { view: true, disabled: true });
        assert_eq!(rights["process"], Right { view: true, disabled: false });
        assert!(!allows(&rights, "databaseIntegration"));
        assert!(allows(&rights, "process"));
    }

    #[test]
    fn a_community_role_cannot_hide_premium_entries() {
        let mut hidden = default_role_rights();
        hidden.insert("databaseIntegration".into(), Right { view: false, disabled: false });
        assert_eq!(effective(&hidden, Edition::Community)["databaseIntegration"], Right { view: true, disabled: true });
        assert_eq!(
            effective(&hidden, Edition::Enterprise)["databaseIntegration"],
            Right { view: false, disabled: false }
        );
    }

    #[test]
    fn enterprise_enables_premium_modules() {
        let rights = effective(&default_role_rights(), Edition::Enterprise);
        assert!(rights.values().all(|r| r.view && !r.disabled));
    }

    #[test]
    fn a_modules_own_key_is_as_the_role_stores_it_on_either_edition() {
        let mut stored = default_role_rights();
        stored.insert("acme_reports".into(), Right { view: true, disabled: false });
        for edition in [Edition::Community, Edition::Enterprise] {
            let rights = effective(&stored, edition);
            assert!(allows(&rights, "acme_reports"));
            assert!(!is_portal_key("acme_reports"));
        }
        assert!(!allows(&effective(&default_role_rights(), Edition::Enterprise), "acme_reports"));
    }

    #[test]
    fn a_role_without_a_key_grants_nothing_for_it() {
        let mut stored = default_role_rights();
        stored.remove("chat");
        stored.insert("calendar".into(), Right { view: true, disabled: true });
        let rights = effective(&stored, Edition::Enterprise);
        assert!(!rights["chat"].view);
        assert!(!allows(&rights, "calendar"));
        assert!(!allows(&rights, "no_such_module"));
    }

    #[test]
    fn every_spec_key_is_present() {
        let rights = effective(&default_role_rights(), Edition::Community);
        for key in [
            "chat",
            "kanban_board",
            "bot_insight",
            "business_insight",
            "support_insight",
            "process",
            "calendar",
            "bot_profile",
            "support",
            "team_profile",
            "databaseIntegration",
            "createCompany",
        ] {
            assert!(rights.contains_key(key), "{key}");
        }
    }

    #[test]
    fn malformed_stored_rights_grant_nothing() {
        let rights = effective_from_stored("not json", "enterprise");
        assert!(rights.values().all(|r| !r.view));
    }
}
