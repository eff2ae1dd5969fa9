import { describe, expect, it } from 'vitest';

import { sameWeights, weightShares, weightsProblem } from './weights';

describe('weights', () => {
  it('takes weights from 0 to 100 with at least one above 0', () => {
    expect(weightsProblem({ benefit: 50, ease: 30, potential: 20 })).toBeNull();
    expect(weightsProblem({ benefit: 0, ease: 0, potential: 100 })).toBeNull();
    expect(weightsProblem({ benefit: 0.5, ease: 0, potential: 0 })).toBeNull();
  });

  it("refuses what the server refuses, with the server's messages", () => {
    const range = 'Weights must be numbers between 0 and 100';
    expect(weightsProblem({ benefit: 101, ease: 0, potential: 0 })).toBe(range);
    expect(weightsProblem({ benefit: 50, ease: -1, potential: 0 })).toBe(range);
    expect(weightsProblem({ benefit: 50, ease: 30, potential: Number.NaN })).toBe(range);
    expect(weightsProblem({ benefit: 0, ease: 0, potential: 0 })).toBe('At least one weight must be above 0');
  });

  it('compares weights by value, and missing ones only to missing ones', () => {
    expect(sameWeights({ benefit: 1, ease: 2, potential: 3 }, { benefit: 1, ease: 2, potential: 3 })).toBe(true);
    expect(sameWeights({ benefit: 1, ease: 2, potential: 3 }, { benefit: 1, ease: 2, potential: 4 })).toBe(false);
    expect(sameWeights(null, { benefit: 1, ease: 2, potential: 3 })).toBe(false);
    expect(sameWeights(null, null)).toBe(true);
    expect(sameWeights(undefined, null)).toBe(false);
  });

  it("gives each weight's share of the score in whole percent", () => {
    expect(weightShares({ benefit: 50, ease: 30, potential: 20 })).toEqual({ benefit: 50, ease: 30, potential: 20 });
    expect(weightShares({ benefit: 1, ease: 1, potential: 1 })).toEqual({ benefit: 33, ease: 33, potential: 33 });
    expect(weightShares({ benefit: 10, ease: 0, potential: 0 })).toEqual({ benefit: 100, ease: 0, potential: 0 });
    expect(weightShares({ benefit: 0, ease: 0, potential: 0 })).toEqual({ benefit: 0, ease: 0, potential: 0 });
  });
});
