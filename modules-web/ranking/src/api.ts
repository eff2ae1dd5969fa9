/** The Process Ranking API (`/api/m/ranking/...`, plugins/ranking/src): its answers and calls. */

import type { ApiClient } from '@autoscope/web-sdk';

/** The three weights of the composite score, each 0–100. */
export interface Weights {
  benefit: number;
  ease: number;
  potential: number;
}

export type BucketKey = 'quick_win' | 'strategic' | 'long_term';

/** One ranked candidate of `GET /ranking`. */
export interface RankedProcess {
  rank: number;
  id: string;
  name: string;
  department: string | null;
  stage: string;
  health: string;
  benefit_hours: number;
  benefit_money: number;
  benefit_fte: number;
  ease: number;
  /** Null until the process is assessed (it then counts 0 in the score). */
  potential: number | null;
  value: number;
  score: number;
  bucket: BucketKey;
}

/** `GET /ranking`: the ranking under `weights` (what-if, or the saved ones when none are given). */
export interface RankingAnswer {
  weights: Weights;
  saved: Weights;
  items: RankedProcess[];
  formula: string;
  /** False when Process Vault is not installed: there is nothing to rank. */
  available?: boolean;
}

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
