// Generated from Rust types by the test in plugins/team/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-team --lib generated_typescript_is_current

/**
 * What `list` answers.
 */
export type Members = { members: Array<Member>,
/**
 * The caller may change members, invitations and roles.
 */
can_manage: boolean,
/**
 * The caller's own id.
 */
me: string,
/**
 * How many more people the company may have (active members and pending invitations
 * count); none on the enterprise edition.
 */
seats_left: number | null, };

export type Member = { user_id: string, email: string, firstname: string, lastname: string, department: string, job_title: string, role_id: string, role: string, company_admin: boolean,
/**
 * `active`, `deactivated` or `removed` (a former member).
 */
status: string,
/**
 * Unix seconds.
 */
joined_at: number, last_signin_at: number | null, has_picture: boolean, };

/**
 * A change of one member.
 */
export type MemberChange = { role_id?: string, company_admin?: boolean,
/**
 * `active` or `deactivated`.
 */
status?: string, };

/**
 * One entry of a member's history.
 */
export type HistoryEntry = { event: string, message: string,
/**
 * Unix seconds.
 */
at: number,
/**
 * The address the change came from, when a person's request made it.
 */
from: string | null, };

export type Invitation = { id: string, email: string, role_id: string, role: string,
/**
 * Who invited, by name.
 */
invited_by: string,
/**
 * `pending`, `expired` or `revoked`.
 */
status: string,
/**
 * Unix seconds.
 */
created_at: number, expires_at: number, };

/**
 * What `roles` answers.
 */
export type Roles = { roles: Array<Role>,
/**
 * Every rights key of an installed module, with its label and whether it is premium
 * (premium keys stay disabled for a community company).
 */
keys: Array<RightsKey>,
/**
 * The company's edition: `community` or `enterprise`.
 */
edition: string, };

export type Role = { id: string, name: string, rights: Record<string, Right>,
/**
 * Members who hold it, former members included (a role stays while any holds it).
 */
members: number, };

export type RightsKey = { key: string, label: string, premium: boolean, };

/**
 * A right on one rights key: may the user view the module, and is it disabled (greyed).
 */
export type Right = { view: boolean, disabled: boolean, };

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  SEATS_FULL: "The community edition allows 5 users. Upgrade to Premium to add more.",
  LAST_ADMIN: "The company needs at least one active admin",
  ADMIN_ONLY: "Only a company admin may change the team",
} as const;
