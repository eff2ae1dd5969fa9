// Generated from Rust types by the test in host/src/modules/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p autoscope --lib modules::typescript

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

/**
 * A connection as the module and its administrators see it: never the password.
 */
export type Connection = { id: string, name: string, engine: SourceEngine, host: string, port: number, database: string, user: string,
/**
 * Whether a password is stored (it is never answered).
 */
password_set: boolean, tls: TlsMode,
/**
 * The IANA zone of the source's times that carry no zone.
 */
time_zone: string, created_at: number, updated_at: number, };

/**
 * A connection as an administrator writes it (`POST`/`PUT /api/modules/<key>/connections`).
 * Its `Debug` leaves the password out.
 */
export type ConnectionDraft = { name: string, engine: SourceEngine, host: string, port: number, database: string, user: string,
/**
 * Left out (or null) keeps the stored password; empty removes it.
 */
password?: string, tls: TlsMode, time_zone: string, };

/**
 * `POST /api/modules/<key>/connections/test`: a draft, tried before it is saved; with
 * the `id` of a stored connection, its password stands in for a left-out one.
 */
export type ConnectionTest = { id?: string, name: string, engine: SourceEngine, host: string, port: number, database: string, user: string,
/**
 * Left out (or null) keeps the stored password; empty removes it.
 */
password?: string, tls: TlsMode, time_zone: string, };

/**
 * `test`'s answer.
 */
export type ServerVersion = { version: string, };

/**
 * The database engines a connection can reach.
 */
export type SourceEngine = "postgres" | "mysql";

/**
 * How the host secures the connection.
 */
export type TlsMode = "disable" | "prefer" | "require" | "verify";

/**
 * A table or view. `name` is what `read` takes: `schema.table` on PostgreSQL, the table
 * alone on MySQL (the connection's database).
 */
export type SourceTable = { name: string, view: boolean, };

export type SourceColumn = { name: string, kind: ColumnKind,
/**
 * The database's own name of the type (`timestamp without time zone`, `datetime`).
 */
db_type: string, nullable: boolean, };

/**
 * What a column's values become in JSON.
 */
export type ColumnKind = "integer" | "number" | "text" | "boolean" | "timestamp" | "json" | "binary";

/** The host's messages about a database connection, by the names of its constants. */
export const CONNECTION_MESSAGES = {
  NAME: "Give the connection a name of at most 100 characters",
  NAME_TAKEN: "There is already a connection with this name",
  HOST: "Give the server's host name or IP address",
  PORT: "The port must be a number from 1 to 65535",
  NOT_ALLOWED: "This portal may not connect to",
  DATABASE: "Give the database's name",
  USER: "Give the user name to sign in with",
  PASSWORD_TOO_LONG: "The password may be at most 1,024 characters",
  TIME_ZONE: "Choose the source's time zone from the list (such as Europe/Berlin)",
} as const;

/**
 * A job as the host keeps it.
 */
export type Job = { id: string, name: string, key: string | null, status: JobStatus, input: unknown,
/**
 * The last step's `progress`.
 */
progress: unknown,
/**
 * Steps done.
 */
steps: number,
/**
 * Why the job failed, or why its last step did (the step is tried again).
 */
error: string | null,
/**
 * Who started it; null for a job a schedule or event started.
 */
started_by: string | null, created_at: number, updated_at: number, finished_at: number | null, };

export type JobStatus = "running" | "cancelling" | "done" | "failed" | "cancelled";

/**
 * A module's realtime channel of its jobs' changes (each a `Job`).
 */
export const JOBS_CHANNEL = "jobs";

/**
 * The answer of `GET /api/onboarding`.
 */
export type Onboarding = {
/**
 * In the menu's order of their pages.
 */
steps: Array<OnboardingStep>, sample: OnboardingSample, };

/**
 * A getting-started step as the checklist shows it.
 */
export type OnboardingStep = {
/**
 * The module that declares it, and its key there.
 */
module: string, key: string, title: string, description: string | null,
/**
 * The page it opens, with its query (`/BotProfile?tab=keys`).
 */
route: string, done: boolean, };

/**
 * The sample data of the modules the caller may open.
 */
export type OnboardingSample = {
/**
 * One of them offers sample data.
 */
available: boolean,
/**
 * One of them holds sample data a company administrator loaded.
 */
loaded: boolean, };
