import { describe, expect, it } from 'vitest';

import type { BucketKey } from './api';
import { BUCKETS, bucketInfo, groupByBucket, rankChanges } from './buckets';
import { aRanked } from './testFixtures';

describe('roadmap buckets', () => {
  it("states the server's rules in the roadmap's order", () => {
    expect(BUCKETS.map((bucket) => [bucket.key, bucket.label, bucket.rule])).toEqual([
      ['quick_win', 'Quick wins', 'Value 50 or more and ease 60 or more'],
      ['strategic', 'Strategic', 'Value 50 or more and ease under 60'],
      ['long_term', 'Long-term', 'Value under 50'],
    ]);
  });

  it('shows a bucket it does not know as itself', () => {
    expect(bucketInfo('strategic').label).toBe('Strategic');
    expect(bucketInfo('someday')).toMatchObject({ label: 'someday', color: 'gray' });
  });

  it('groups the ranking by bucket, keeping the rank order', () => {
    const items = [
      aRanked({ id: 'a', rank: 1, bucket: 'strategic' }),
      aRanked({ id: 'b', rank: 2, bucket: 'quick_win' }),
      aRanked({ id: 'c', rank: 3, bucket: 'strategic' }),
    ];
    const groups = groupByBucket(items);
    expect(groups.strategic.map((item) => item.id)).toEqual(['a', 'c']);
    expect(groups.quick_win.map((item) => item.id)).toEqual(['b']);
    expect(groups.long_term).toEqual([]);
  });

  it('puts a process of an unknown bucket among the long-term ones', () => {
    const groups = groupByBucket([aRanked({ id: 'x', bucket: 'someday' as BucketKey })]);
    expect(groups.long_term.map((item) => item.id)).toEqual(['x']);
  });
});

describe('rankChanges', () => {
  const baseline = [aRanked({ id: 'a', rank: 1 }), aRanked({ id: 'b', rank: 2 }), aRanked({ id: 'c', rank: 3 })];

  it('says how far each process climbed (positive) or fell against the saved weights', () => {
    const whatIf = [aRanked({ id: 'c', rank: 1 }), aRanked({ id: 'a', rank: 2 }), aRanked({ id: 'b', rank: 3 })];
    expect(Object.fromEntries(rankChanges(whatIf, baseline))).toEqual({ c: 2, a: -1, b: -1 });
  });

  it('leaves out processes that kept their rank or are new', () => {
    const whatIf = [aRanked({ id: 'a', rank: 1 }), aRanked({ id: 'new', rank: 2 })];
    expect(rankChanges(whatIf, baseline).size).toBe(0);
  });

  it('says nothing before the baseline has loaded', () => {
    expect(rankChanges(baseline, undefined).size).toBe(0);
  });
});
