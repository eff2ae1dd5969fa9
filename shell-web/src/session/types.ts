export type Rights = Record<string, { view: boolean; disabled: boolean }>;

/** `userdata` of a sign-in answer and of GET /api/users/me. */
export interface UserData {
  user_id: string;
  firstname: string;
  lastname: string;
  email: string;
  companyname: string;
  job_title: string;
  company_id: string;
  edition: string;
  is_admin: boolean;
  userrole: { role: string; rights: Rights }[];
  /** Passphrase of the encrypted user list (GET /api/users/all_users). */
  user_list_key: string;
}

export interface Session {
  token: string;
  userdata: UserData;
}

/** The first role's rights map, which decides the menu and the routes; empty when there is no role. */
export function rightsOf(session: Session): Rights {
  return session.userdata.userrole[0]?.rights ?? {};
}
