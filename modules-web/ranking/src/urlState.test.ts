import { describe, expect, it } from 'vitest';

import {
  DEFAULT_SORT,
  clearedFilters,
  filtersFromParams,
  weightsFromParams,
  withFilters,
  withWeights,
  type RankingFilters,
} from './urlState';

const NONE: RankingFilters = { q: '', department: null, bucket: null, sort: DEFAULT_SORT };

describe('the URL state of the ranking', () => {
  it('reads no filters and the rank order from an empty URL', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(NONE);
    expect(DEFAULT_SORT).toBe('rank');
  });

  it('reads the filters and sort, dropping what the page does not know', () => {
    const params = new URLSearchParams('q=claims&department=Finance&bucket=quick_win&sort=-benefit_money');
    expect(filtersFromParams(params)).toEqual({
      q: 'claims',
      department: 'Finance',
      bucket: 'quick_win',
      sort: '-benefit_money',
    });
    expect(filtersFromParams(new URLSearchParams('bucket=someday&sort=-secret&department=+'))).toEqual(NONE);
  });

  it('writes only what differs from the defaults, keeps the other parameters, and reads it back', () => {
    const filters: RankingFilters = { q: ' claims ', department: null, bucket: 'strategic', sort: 'rank' };
    const next = withFilters(new URLSearchParams('ease=100&department=HR'), filters);
    expect(next.toString()).toBe('ease=100&q=claims&bucket=strategic');
    expect(filtersFromParams(next)).toEqual({ ...filters, q: 'claims' });
  });

  it('clears the filters and keeps the sort', () => {
    expect(clearedFilters({ q: 'x', department: 'HR', bucket: 'long_term', sort: '-ease' })).toEqual({
      ...NONE,
      sort: '-ease',
    });
  });

  it('holds a what-if only with all three weights as the server takes them', () => {
    const weights = { benefit: 50, ease: 100, potential: 20 };
    const linked = withWeights(new URLSearchParams('q=a'), weights);
    expect(linked.toString()).toBe('q=a&benefit=50&ease=100&potential=20');
    expect(weightsFromParams(linked)).toEqual(weights);
    expect(withWeights(linked, null).toString()).toBe('q=a');
    expect(weightsFromParams(new URLSearchParams('benefit=50&ease=100'))).toBeNull();
    expect(weightsFromParams(new URLSearchParams('benefit=50&ease=101&potential=0'))).toBeNull();
    expect(weightsFromParams(new URLSearchParams('benefit=0&ease=0&potential=0'))).toBeNull();
    expect(weightsFromParams(new URLSearchParams('benefit=a&ease=1&potential=1'))).toBeNull();
  });
});
