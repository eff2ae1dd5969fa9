export { SessionProvider, useSession, type SessionApi } from './SessionProvider';
export { rightsOf, type Rights, type Session, type UserData } from './types';
export { ACTIVITY_KEY, ADMIN_FLAG_KEY, readSession, writeSession } from './storage';
