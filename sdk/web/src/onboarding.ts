/**
 * A company's first-run path on the host's API: `GET /api/onboarding` answers the caller's
 * getting-started steps (each installed module's `[[steps]]` they may open, done or not) and
 * the state of the sample data, which company administrators load and remove with `POST`
 * and `DELETE /api/onboarding/sample`.
 */

import type { ApiClient, RequestOptions } from './api';
import type { CurrentUser } from './types';
// The types are generated from the host's Rust types (host/src/modules/typescript.rs).
import type { Onboarding } from './generated';

export type { Onboarding, OnboardingSample, OnboardingStep } from './generated';

/**
 * The query key of the checklist of `user` in their company: the shell and the remotes share
 * one query client, so a change one of them makes (sample data loaded) reaches the others.
 */
export function onboardingQueryKey(user: Pick<CurrentUser, 'id' | 'companyId'> | null) {
  return ['autoscope', 'onboarding', user?.id ?? '', user?.companyId ?? ''] as const;
}

/** The caller's checklist; `host` is the host's client (`useHostApi()`). */
export function fetchOnboarding(host: ApiClient, options?: RequestOptions): Promise<Onboarding> {
  return host.get<Onboarding>('/onboarding', options);
}

/** Loads the sample data of every module the caller may open that has some (company administrators). */
export function loadSampleData(host: ApiClient): Promise<{ message: string }> {
  return host.post<{ message: string }>('/onboarding/sample');
}

/** Removes the sample data, and only the sample data, of those modules (company administrators). */
export function removeSampleData(host: ApiClient): Promise<{ message: string }> {
  return host.delete<{ message: string }>('/onboarding/sample');
}
