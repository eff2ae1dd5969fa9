/** The roadmap buckets the server assigns, and the ranking grouped by them. */

import type { BucketKey, RankedProcess } from './api';

export interface BucketInfo {
  key: BucketKey;
  label: string;
  /** The server's rule, in words. */
  rule: string;
  color: string;
}

export const BUCKETS: readonly BucketInfo[] = [
  { key: 'quick_win', label: 'Quick wins', rule: 'Value 50 or more and ease 60 or more', color: 'teal' },
  { key: 'strategic', label: 'Strategic', rule: 'Value 50 or more and ease under 60', color: 'blue' },
  { key: 'long_term', label: 'Long-term', rule: 'Value under 50', color: 'gray' },
];

export const BUCKET_KEYS: readonly BucketKey[] = BUCKETS.map((bucket) => bucket.key);

const BY_KEY = new Map(BUCKETS.map((bucket) => [bucket.key, bucket]));

/** The bucket's label and colour; an unknown key shows as itself. */
export function bucketInfo(key: string): BucketInfo {
  return BY_KEY.get(key as BucketKey) ?? { key: key as BucketKey, label: key, rule: '', color: 'gray' };
}

/** The items of each bucket, in rank order (the order of `items`). */
export function groupByBucket(items: readonly RankedProcess[]): Record<BucketKey, RankedProcess[]> {
  const groups: Record<BucketKey, RankedProcess[]> = { quick_win: [], strategic: [], long_term: [] };
  for (const item of items) (groups[item.bucket] ?? groups.long_term).push(item);
  return groups;
}

/**
 * How far each process moved against a baseline ranking (the saved weights): positive when
 * it climbed. Processes missing from the baseline, and those that kept their rank, are left out.
 */
export function rankChanges(
  items: readonly RankedProcess[],
  baseline: readonly RankedProcess[] | undefined,
): Map<string, number> {
  const changes = new Map<string, number>();
  if (!baseline) return changes;
  const before = new Map(baseline.map((item) => [item.id, item.rank]));
  for (const item of items) {
    const rank = before.get(item.id);
    if (rank !== undefined && rank !== item.rank) changes.set(item.id, rank - item.rank);
  }
  return changes;
}
