export { SessionProvider, useSession, type SessionApi } from './SessionProvider';
export {
  rightsOf,
  type DeletionRequestRow,
  type DeletionStatus,
  type MyCompany,
  type Rights,
  type Session,
  type SignedIn,
  type UserData,
} from './types';
export { ACTIVITY_KEY, ADMIN_FLAG_KEY, readSession, writeSession } from './storage';
