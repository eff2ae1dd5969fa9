import type { UserData } from './generated';

// The host's answers, generated from its Rust types.
export type { DeletionRequestRow, DeletionStatus, MyCompany, SignedIn, UserData, UserRole } from './generated';

/** A role's rights map, keyed by module rights key. */
export type Rights = UserData['userrole'][number]['rights'];

export interface Session {
  token: string;
  userdata: UserData;
}

/** The first role's rights map, which decides the menu and the routes; empty when there is no role. */
export function rightsOf(session: Session): Rights {
  return session.userdata.userrole[0]?.rights ?? {};
}
