// Social sign-in (docs/api.md, "Social sign-in"): the host issues a nonce, the browser
// goes to the provider, the provider sends the browser back with an ID token (or a code
// for the professional network), and the host verifies that proof itself.
import { api } from '../../api';
import type { UserData } from '../../session';
import { HOST } from '../messages';
import { flowOf, type ProviderInfo } from './providers';

/** What the tab remembers across the trip to the provider (this tab only). */
const PENDING_KEY = 'autoscope.socialSignIn';
/** A new user's provider data waits in local storage under this key for the sign-up form. */
export const NEW_USER_KEY = 'socialUser';

interface Pending {
  provider: string;
  nonce: string;
  /** Ties the provider's answer to the request this tab made (OAuth `state`). */
  state: string;
}

/** The provider's proof, sent to socialSignIn and socialSignUp. */
export interface SocialProof {
  providerName: string;
  tokenId: string;
  accessToken: string;
  expiresIn: number | null;
  nonce: string;
  /** The provider's profile as the browser saw it; the host ignores these and asks the provider. */
  name: string;
  email: string;
  userId: string;
  imageUrl: string;
}

/** A new user's data for the social sign-up form. */
export interface NewSocialUser extends SocialProof {
  firstname: string;
  lastname: string;
}

export type SocialAnswer =
  { kind: 'signedIn'; token: string; userdata: UserData } | { kind: 'newUser'; user: NewSocialUser };

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Goes to the provider's sign-in page; the browser comes back to the flow's return path. */
export async function startSignIn(provider: ProviderInfo): Promise<void> {
  const flow = flowOf(provider.name);
  if (!flow || !provider.authorizationEndpoint) throw new Error(`${provider.name} cannot be used`);
  const { nonce } = await api<{ nonce: string }>('/users/socialNonce', { body: { providerName: provider.name } });
  const pending: Pending = { provider: provider.name, nonce, state: randomState() };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(provider.authorizationEndpoint);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', `${window.location.origin}${flow.returnPath}`);
  url.searchParams.set('response_type', flow.responseType);
  url.searchParams.set('scope', flow.scope);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', nonce);
  if (flow.responseType === 'id_token') url.searchParams.set('response_mode', 'fragment');
  window.location.assign(url.toString());
}

/** The pending sign-in that `state` answers, taken (a provider's answer is used once). */
function takePending(state: string | null): Pending | null {
  const stored = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!stored || !state) return null;
  try {
    const pending = JSON.parse(stored) as Pending;
    return pending.state === state ? pending : null;
  } catch {
    return null;
  }
}

/** The claims of a JWT, unverified: only to fill the payload's informational fields. */
function claimsOf(jwt: string): Record<string, unknown> {
  try {
    const part = jwt.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export type Returned = { proof: SocialProof } | { failed: true } | null;

/**
 * The provider's answer in the fragment of `/` (ID token flows): the proof, a failure
 * (an error, or an answer this tab did not ask for), or null when there is none.
 */
export function takeFragmentAnswer(hash: string): Returned {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('id_token') && !params.has('access_token') && !params.has('error')) return null;
  const pending = takePending(params.get('state'));
  const tokenId = params.get('id_token') ?? '';
  const accessToken = params.get('access_token') ?? '';
  if (!pending || params.has('error') || (tokenId === '' && accessToken === '')) return { failed: true };
  const claims = claimsOf(tokenId);
  const expiresIn = Number(params.get('expires_in'));
  return {
    proof: {
      providerName: pending.provider,
      tokenId,
      accessToken,
      expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : null,
      nonce: pending.nonce,
      name: text(claims.name),
      email: text(claims.email),
      userId: text(claims.sub),
      imageUrl: text(claims.picture),
    },
  };
}

interface LinkedinAnswer {
  nameData: {
    localizedFirstName: string;
    localizedLastName: string;
    id: string;
    profilePicture: { displayImage: string | null };
  };
  emailData: { email: string | null };
  token: string;
  expiresIn: number | null;
}

/**
 * The professional network's answer at `/linkedin`: the host exchanges the code
 * (POST /users/linkedinSignIn) and the access token becomes the proof. Rejects with the
 * host's ApiError; resolves `{failed}` for an answer this tab did not ask for.
 */
export async function proofFromCode(search: string): Promise<{ proof: SocialProof } | { failed: true }> {
  const params = new URLSearchParams(search);
  const pending = takePending(params.get('state'));
  const code = params.get('code');
  if (!pending || pending.provider !== 'linkedin' || !code || params.has('error')) return { failed: true };
  const answer = await api<LinkedinAnswer>('/users/linkedinSignIn', { body: { code } });
  const { nameData, emailData } = answer;
  return {
    proof: {
      providerName: 'linkedin',
      tokenId: '',
      accessToken: answer.token,
      expiresIn: answer.expiresIn,
      nonce: pending.nonce,
      name: `${nameData.localizedFirstName} ${nameData.localizedLastName}`.trim(),
      email: emailData.email ?? '',
      userId: nameData.id,
      imageUrl: nameData.profilePicture.displayImage ?? '',
    },
  };
}

interface SignInAnswer {
  message: string;
  data: { token?: string; userdata?: UserData; firstname?: string; lastname?: string; email?: string };
}

/** POST /users/socialSignIn with the provider's proof (and the nonce). */
export async function signInWithProof(proof: SocialProof): Promise<SocialAnswer> {
  const answer = await api<SignInAnswer>('/users/socialSignIn', {
    body: {
      providerName: proof.providerName,
      name: proof.name,
      email: proof.email,
      userId: proof.userId,
      tokenId: proof.tokenId,
      accessToken: proof.accessToken,
      expiresIn: proof.expiresIn,
      imageURL: proof.imageUrl,
      nonce: proof.nonce,
    },
  });
  const { data } = answer;
  if (answer.message === HOST.loginUser && data.token && data.userdata) {
    return { kind: 'signedIn', token: data.token, userdata: data.userdata };
  }
  if (answer.message === HOST.newUser) {
    return {
      kind: 'newUser',
      user: {
        ...proof,
        firstname: data.firstname ?? '',
        lastname: data.lastname ?? '',
        email: data.email ?? proof.email,
      },
    };
  }
  throw new Error(`Unexpected social sign-in answer: ${answer.message}`);
}

export function rememberNewUser(user: NewSocialUser): void {
  localStorage.setItem(NEW_USER_KEY, JSON.stringify(user));
}

/** The new user waiting for the social sign-up form, if any (read only; the form clears it). */
export function readNewUser(): NewSocialUser | null {
  try {
    const stored = localStorage.getItem(NEW_USER_KEY);
    if (!stored) return null;
    const user = JSON.parse(stored) as Partial<NewSocialUser>;
    if (typeof user.providerName !== 'string' || typeof user.nonce !== 'string') return null;
    return user as NewSocialUser;
  } catch {
    return null;
  }
}
