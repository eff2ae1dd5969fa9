/** The Process Ranking API (`/api/m/ranking/...`, plugins/ranking/src): its answers and calls. */

import type { ApiClient } from '@autoscope/web-sdk';

import type { Bucket, Ranked, RankingReply, Weights } from './generated';

/** The plugin's types, generated from its Rust types (./generated.ts), under the page's names. */
export type { Weights } from './generated';
export type BucketKey = Bucket;
/** One ranked candidate of `GET /ranking`. */
export type RankedProcess = Ranked;
export type RankingAnswer = RankingReply;

/** Query keys, scoped by the signed-in user (the shell's query client outlives a session). */
export const rankingKeys = {
  all: (userId: string) => ['ranking', userId] as const,
  /** Null weights: the saved ones (the first load, before the page knows them). */
  ranking: (userId: string, weights: Weights | null) =>
    ['ranking', userId, 'ranking', weights ? [weights.benefit, weights.ease, weights.potential] : 'saved'] as const,
};

export function fetchRanking(api: ApiClient, weights: Weights | null, signal?: AbortSignal): Promise<RankingAnswer> {
  return api.get<RankingAnswer>('/ranking', {
    signal,
    query: weights ? { benefit: weights.benefit, ease: weights.ease, potential: weights.potential } : undefined,
  });
}

/** `PUT /weights`: saves the weights; answers the saved ones. */
export async function saveWeights(api: ApiClient, weights: Weights): Promise<Weights> {
  const saved = await api.put<Weights>('/weights', weights);
  // The answer may carry the record's own fields too; the page keeps the three weights.
  return { benefit: saved.benefit, ease: saved.ease, potential: saved.potential };
}
