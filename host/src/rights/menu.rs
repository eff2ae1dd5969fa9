//! The portal's menu as the product orders it: groups with their entries' routes, then
//! single entries. Modules' manifests give each entry its label, icon and menu key; this
//! gives the order and the groups' own look, and the web shell reads both from
//! `GET /api/modules`.

use serde::Serialize;
use utoipa::ToSchema;

/// A group of the main menu.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MenuGroup {
    pub label: &'static str,
    /// An icon name the shell knows.
    pub icon: &'static str,
    pub key: &'static str,
    /// The group's own page, if it has one.
    pub to: Option<&'static str>,
    /// The routes of its entries, in order; modules' other pages in the group follow.
    pub routes: &'static [&'static str],
}

/// A menu entry the shell serves itself (its own page), shown by its rights key.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ShellEntry {
    pub label: &'static str,
    pub icon: &'static str,
    pub key: &'static str,
    pub to: &'static str,
}

/// The whole layout.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MenuLayout {
    pub groups: &'static [MenuGroup],
    /// Routes of the single entries after the groups, in order; other modules' pages follow.
    pub singles: &'static [&'static str],
    /// Create New Company: a menu of its own.
    pub company: ShellEntry,
}

/// The key of the group that always shows (Dashboards).
pub const ALWAYS_SHOWN_KEY: &str = "all";

pub const MENU: MenuLayout = MenuLayout {
    groups: &[
        MenuGroup {
            label: "Dashboards",
            icon: "dashboard",
            key: ALWAYS_SHOWN_KEY,
            to: Some("/DashboardDefault"),
            routes: &["/BusinessInsight", "/RPAInsight", "/SupportInsight"],
        },
        MenuGroup {
            label: "Process",
            icon: "sitemap",
            key: "group:Process",
            to: None,
            routes: &["/Process", "/ProcessRanking", "/ProcessBoard"],
        },
        MenuGroup { label: "Support", icon: "lifebuoy", key: "group:Support", to: None, routes: &["/Support"] },
    ],
    singles: &["/databaseIntegration", "/Chat", "/Calendar", "/BotProfile", "/Alerts", "/TeamMaster"],
    company: ShellEntry { label: "Create New Company", icon: "building", key: "createCompany", to: "/createCompany" },
};

/// The group names a module page may declare.
pub fn group_labels() -> impl Iterator<Item = &'static str> {
    MENU.groups.iter().map(|group| group.label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_has_one_place() {
        let mut routes: Vec<&str> = MENU.groups.iter().flat_map(|group| group.routes.iter().copied()).collect();
        routes.extend(MENU.singles);
        routes.push(MENU.company.to);
        let count = routes.len();
        routes.sort_unstable();
        routes.dedup();
        assert_eq!(routes.len(), count, "a route appears twice");
    }
}
