//! Duration percentiles from the `durations` rollup of `bots.runs`: storage counts the runs
//! per duration bin, and the plugin reads p50/p90/p95 off the bins by linear interpolation
//! inside the bin that holds each rank. Bin edges are tightened to the group's least and
//! greatest duration (read from the `daily` rollup), so the open top bin ends at the longest
//! run and a group of equal durations answers that duration exactly.

/// The bin bounds of the `durations` rollup, seconds, exactly as `plugins/bots/module.toml`
/// declares them (an aggregate fits the rollup only with these).
pub const BOUNDS: [i64; 15] = [10, 30, 60, 120, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800, 14400];
/// Bin 0 is `< BOUNDS[0]`, bin i `BOUNDS[i-1] <= d < BOUNDS[i]`, the last `>= BOUNDS[14]`.
pub const BINS: usize = BOUNDS.len() + 1;

/// Runs per duration bin, with the least and greatest duration among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Histogram {
    pub counts: [u64; BINS],
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl Default for Histogram {
    fn default() -> Self {
        Self { counts: [0; BINS], min: None, max: None }
    }
}

impl Histogram {
    /// Adds `n` runs to bin `bin` (a bin storage answers outside 0..16 is ignored).
    pub fn add(&mut self, bin: i64, n: u64) {
        if let Some(count) = usize::try_from(bin).ok().and_then(|bin| self.counts.get_mut(bin)) {
            *count += n;
        }
    }

    /// Widens the least and greatest duration to take in `min` and `max`.
    pub fn bound(&mut self, min: Option<i64>, max: Option<i64>) {
        self.min = lesser(self.min, min);
        self.max = greater(self.max, max);
    }

    /// Both histograms' runs together.
    pub fn merge(&mut self, other: &Self) {
        for (count, more) in self.counts.iter_mut().zip(other.counts) {
            *count += more;
        }
        self.bound(other.min, other.max);
    }

    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The `p`th percentile (0 < p <= 100), in seconds; `None` without runs.
    ///
    /// The rank is `p / 100 × n`; the bin holding it spans from its lower to its upper edge
    /// (bin 0 starts at 0, the last ends at the greatest duration, and every edge is kept
    /// within the least and greatest duration), and the value lies as far into that span as
    /// the rank lies into the bin's runs.
    pub fn percentile(&self, p: f64) -> Option<f64> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let rank = p / 100.0 * total as f64;
        let mut before = 0u64;
        for (bin, &count) in self.counts.iter().enumerate() {
            if count == 0 {
                continue;
            }
            if (before + count) as f64 >= rank || bin == BINS - 1 {
                let (lower, upper) = self.edges(bin);
                let into = ((rank - before as f64) / count as f64).clamp(0.0, 1.0);
                return Some(lower + into * (upper - lower));
            }
            before += count;
        }
        None
    }

    /// The span of `bin`, tightened to the least and greatest duration.
    fn edges(&self, bin: usize) -> (f64, f64) {
        let declared_lower = if bin == 0 { 0 } else { BOUNDS[bin - 1] };
        let declared_upper = BOUNDS.get(bin).copied();
        let lower = match self.min {
            Some(min) if min > declared_lower => min,
            _ => declared_lower,
        };
        let upper = match (declared_upper, self.max) {
            (Some(upper), Some(max)) => upper.min(max),
            (Some(upper), None) => upper,
            // The open top bin ends at the longest run (its lower edge when unknown).
            (None, max) => max.unwrap_or(lower),
        };
        (lower as f64, upper.max(lower) as f64)
    }
}

/// p50, p90 and p95 in whole seconds (`None` each without runs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Percentiles {
    pub p50: Option<i64>,
    pub p90: Option<i64>,
    pub p95: Option<i64>,
}

impl From<&Histogram> for Percentiles {
    fn from(histogram: &Histogram) -> Self {
        let at = |p| histogram.percentile(p).map(|seconds| seconds.round() as i64);
        Self { p50: at(50.0), p90: at(90.0), p95: at(95.0) }
    }
}

pub fn lesser(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

pub fn greater(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The histogram of these durations, as storage would bin them.
    fn of(durations: &[i64]) -> Histogram {
        let mut histogram = Histogram::default();
        for &duration in durations {
            histogram.add(BOUNDS.iter().filter(|bound| **bound <= duration).count() as i64, 1);
        }
        histogram.bound(durations.iter().copied().min(), durations.iter().copied().max());
        histogram
    }

    #[test]
    fn bins_follow_the_declared_bounds() {
        let histogram = of(&[0, 9, 10, 29, 30, 14_399, 14_400, 99_999]);
        assert_eq!(histogram.counts[0], 2, "under 10 s");
        assert_eq!(histogram.counts[1], 2, "10 to 29 s");
        assert_eq!(histogram.counts[2], 1);
        assert_eq!(histogram.counts[14], 1, "10800 to 14399 s");
        assert_eq!(histogram.counts[15], 2, "4 hours and more");
        assert_eq!(histogram.total(), 8);
    }

    #[test]
    fn one_run_is_its_own_duration() {
        let percentiles = Percentiles::from(&of(&[45]));
        assert_eq!(percentiles, Percentiles { p50: Some(45), p90: Some(45), p95: Some(45) });
    }

    #[test]
    fn four_runs_interpolate_inside_their_bins() {
        // 5, 20, 40, 100: one run in each of bins 0 (0-10, from 5), 1 (10-30), 2 (30-60), 3 (60-120, to 100).
        let histogram = of(&[5, 20, 40, 100]);
        // p50: rank 2, the whole of bin 1 → its upper edge, 30.
        assert_eq!(histogram.percentile(50.0), Some(30.0));
        // p90: rank 3.6, 0.6 into bin 3, which spans 60 to 100 (the longest run): 60 + 0.6 × 40 = 84.
        assert_eq!(histogram.percentile(90.0), Some(84.0));
        // p95: rank 3.8 → 60 + 0.8 × 40 = 92.
        assert_eq!(histogram.percentile(95.0), Some(92.0));
        // p25: rank 1, the whole of bin 0, which starts at the shortest run, 5: upper edge 10.
        assert_eq!(histogram.percentile(25.0), Some(10.0));
    }

    #[test]
    fn many_runs_in_one_bin_spread_over_it() {
        // 10 runs between 300 and 599 s (bin 5), shortest 300, longest 580.
        let mut histogram = Histogram::default();
        histogram.add(5, 10);
        histogram.bound(Some(300), Some(580));
        // rank 5 of 10 → half of 300..580 = 440; rank 9 → 300 + 0.9 × 280 = 552; rank 9.5 → 566.
        assert_eq!(Percentiles::from(&histogram), Percentiles { p50: Some(440), p90: Some(552), p95: Some(566) });
    }

    #[test]
    fn the_open_top_bin_ends_at_the_longest_run() {
        // 18 runs of 1 to 2 minutes (bin 4, 120..300) and 2 runs of 5 and 6 hours (bin 15).
        let mut histogram = Histogram::default();
        histogram.add(4, 18);
        histogram.add(15, 2);
        histogram.bound(Some(150), Some(21_600));
        // p50: rank 10 of bin 4's 18 → 150 + 10/18 × (300 − 150) = 233.33.
        assert_eq!(histogram.percentile(50.0).map(f64::round), Some(233.0));
        // p90: rank 18, the end of bin 4 → 300. p95: rank 19, half of bin 15 (14400..21600) = 18000.
        assert_eq!(histogram.percentile(90.0), Some(300.0));
        assert_eq!(histogram.percentile(95.0), Some(18_000.0));
        // Without the longest run known, the top bin has no width.
        let mut unknown = histogram;
        unknown.max = None;
        assert_eq!(unknown.percentile(95.0), Some(14_400.0));
    }

    #[test]
    fn no_run_has_no_percentile() {
        assert_eq!(Percentiles::from(&Histogram::default()), Percentiles::default());
        let mut stray = Histogram::default();
        stray.add(-1, 3);
        stray.add(16, 3);
        assert_eq!(stray.total(), 0, "bins storage cannot answer are ignored");
    }

    #[test]
    fn histograms_merge_counts_and_bounds() {
        let mut week1 = of(&[5, 20]);
        let week2 = of(&[40, 100]);
        week1.merge(&week2);
        assert_eq!(week1, of(&[5, 20, 40, 100]));
        assert_eq!((lesser(None, Some(3)), greater(Some(2), None), lesser(None, None)), (Some(3), Some(2), None));
    }
}
