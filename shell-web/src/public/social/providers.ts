import { api } from '../../api';

/** A provider as GET /api/users/socialProviders lists it. */
export interface ProviderInfo {
  name: string;
  issuer: string;
  clientId: string;
  /** Null while the host cannot reach the provider. */
  authorizationEndpoint: string | null;
}

export type ProviderName = 'facebook' | 'google' | 'linkedin';

/** How the browser asks each provider for proof of who signs in. */
export interface ProviderFlow {
  name: ProviderName;
  label: string;
  /**
   * `id_token`: an ID token carrying the host's nonce comes back in the fragment to `/`.
   * `code`: the professional network's code comes back to `/linkedin` and the host
   * exchanges it (it holds the client secret).
   */
  responseType: 'id_token' | 'code';
  scope: string;
  returnPath: '/' | '/linkedin';
}

export const PROVIDER_FLOWS: readonly ProviderFlow[] = [
  {
    name: 'facebook',
    label: 'Facebook',
    responseType: 'id_token',
    scope: 'openid email public_profile',
    returnPath: '/',
  },
  { name: 'google', label: 'Google', responseType: 'id_token', scope: 'openid email profile', returnPath: '/' },
  // The fixed scope, e-mail address and lite profile, in OpenID Connect terms.
  { name: 'linkedin', label: 'LinkedIn', responseType: 'code', scope: 'openid profile email', returnPath: '/linkedin' },
];

export function flowOf(name: string): ProviderFlow | undefined {
  return PROVIDER_FLOWS.find((flow) => flow.name === name);
}

export async function fetchProviders(signal?: AbortSignal): Promise<ProviderInfo[]> {
  const answer = await api<{ providers: ProviderInfo[] }>('/users/socialProviders', { signal });
  return answer.providers;
}
