// Generated from Rust types by the test in host/src/modules/registry/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p autoscope --lib modules::registry::typescript

/**
 * The answer of `GET /api/modules`.
 */
export type VisibleModulesResponse = { data: Array<VisibleModule>,
/**
 * Every rights key of the portal, in order, and whether it is premium.
 */
rightsKeys: Array<RightsKey>,
/**
 * The menu's order and groups.
 */
menu: MenuLayout, };

/**
 * A module as `GET /api/modules` describes it: what the shell needs to build the menu and
 * load the remote.
 */
export type VisibleModule = { key: string, name: string, version: string, rightsKey: string,
/**
 * The caller's right on the module: disabled ones are shown greyed ("Upgrade to Premium").
 */
rights: Right, pages: Array<ModulePage>,
/**
 * Present when the module has pages: the federated remote to register.
 */
remote: ModuleRemote | null, };

/**
 * A page a module adds to the menu and the routes.
 */
export type ModulePage = { route: string, label: string, group: string | null, icon: string | null,
/**
 * The menu entry's key: the page's menu key, or the module's rights key.
 */
menuKey: string,
/**
 * The exposed component, e.g. `./ProcessVault`.
 */
component: string, widget: string | null,
/**
 * The count on the menu entry (unread messages): a GET path of the module's API, e.g.
 * `/badge` for `/api/m/<key>/badge`, answering `{ "count": <integer> }`. A message on
 * one of the channels of `badgeRefresh` says when to read it again.
 */
badge: string | null,
/**
 * The full names of the realtime channels (`<key>.<name>`, e.g. `chat.message`) whose
 * messages make the shell read the badge again: the page's `badge_refresh`, by default
 * `<key>.badge`; empty without a badge.
 */
badgeRefresh: Array<string>, };

/**
 * The federated remote of a module with pages.
 */
export type ModuleRemote = { name: string,
/**
 * Same-origin URL of the remote's `mf-manifest.json`.
 */
manifestUrl: string, };

/**
 * A right on a module: may the user view it, and is it disabled (shown greyed).
 */
export type Right = { view: boolean, disabled: boolean, };

/**
 * A rights key of the portal; premium keys are disabled for community companies.
 */
export type RightsKey = { key: string, premium: boolean, };

/**
 * The whole layout.
 */
export type MenuLayout = { groups: Array<MenuGroup>,
/**
 * Routes of the single entries after the groups, in order; other modules' pages follow.
 */
singles: Array<string>,
/**
 * Create New Company: a menu of its own.
 */
company: ShellEntry, };

/**
 * A group of the main menu.
 */
export type MenuGroup = { label: string,
/**
 * An icon name the shell knows.
 */
icon: string, key: string,
/**
 * The group's own page, if it has one.
 */
to: string | null,
/**
 * The routes of its entries, in order; modules' other pages in the group follow.
 */
routes: Array<string>, };

/**
 * A menu entry the shell serves itself (its own page), shown by its rights key.
 */
export type ShellEntry = { label: string, icon: string, key: string, to: string, };

/**
 * A realtime channel of the host itself (not a module's): a user's notifications, their session's standing, the company's people.
 */
export type HostChannel = "notifications" | "session" | "directory";

/**
 * The way to the enterprise edition: every greyed premium entry and every cap message leads there.
 */
export const UPGRADE = {"label":"Upgrade to Premium","path":"/EnterpriseEdition"};
