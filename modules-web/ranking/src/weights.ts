/** The weights of the composite score: labels, the checks the server makes, comparisons. */

import type { Weights } from './api';
import { MESSAGES } from './generated';

export const WEIGHT_KEYS = ['benefit', 'ease', 'potential'] as const satisfies readonly (keyof Weights)[];

export const WEIGHT_LABELS: Readonly<Record<keyof Weights, string>> = {
  benefit: 'Benefit',
  ease: 'Ease',
  potential: 'Potential',
};

export const WEIGHT_HINTS: Readonly<Record<keyof Weights, string>> = {
  benefit: 'Yearly benefit, relative to the best candidate',
  ease: 'Ease of implementation',
  potential: 'Automation potential from the quick assessment',
};

/** The server's messages (`GET /ranking`, `PUT /weights`), checked here too so a what-if never asks in vain. */
export const WEIGHTS_RANGE_MESSAGE = MESSAGES.WEIGHTS_RANGE;
export const WEIGHTS_ZERO_MESSAGE = MESSAGES.WEIGHTS_ZERO;

/** What is wrong with `weights`, or null when the server will take them. */
export function weightsProblem(weights: Weights): string | null {
  const values = WEIGHT_KEYS.map((key) => weights[key]);
  if (values.some((value) => !Number.isFinite(value) || value < 0 || value > 100)) return WEIGHTS_RANGE_MESSAGE;
  if (values.every((value) => value === 0)) return WEIGHTS_ZERO_MESSAGE;
  return null;
}

export function sameWeights(a: Weights | null | undefined, b: Weights | null | undefined): boolean {
  if (!a || !b) return a === b;
  return WEIGHT_KEYS.every((key) => a[key] === b[key]);
}

/** Each weight's share of the score in whole percent (the score divides by the sum); 0 when all are 0. */
export function weightShares(weights: Weights): Weights {
  const total = weights.benefit + weights.ease + weights.potential;
  const share = (value: number) => (total > 0 ? Math.round((value / total) * 100) : 0);
  return { benefit: share(weights.benefit), ease: share(weights.ease), potential: share(weights.potential) };
}
