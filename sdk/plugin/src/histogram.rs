//! Percentiles off a histogram: storage counts records per bin (a `bins` group key, or a
//! rollup's bins) and the plugin reads percentiles off the bins by linear interpolation
//! inside the bin that holds each rank. Bin edges are tightened to the least and greatest
//! value (read elsewhere, e.g. from `min` and `max` metrics), so the open top bin ends at the
//! greatest value and a group of equal values answers that value exactly.
//!
//! ```
//! use autoscope_sdk::histogram::Histogram;
//!
//! // Bins: under 10, 10 to 29, 30 to 59, 60 and more.
//! let mut histogram = Histogram::new(&[10, 30, 60]);
//! histogram.add(1, 2);
//! histogram.add(3, 2);
//! histogram.bound(Some(14), Some(90));
//! assert_eq!(histogram.total(), 4);
//! // Rank 1 of 4: half into bin 1, whose span is 14 (the least value) to 30.
//! assert_eq!(histogram.percentile(25.0), Some(22.0));
//! // Rank 4, the end of the top bin: the greatest value.
//! assert_eq!(histogram.percentile(100.0), Some(90.0));
//! ```

/// Counts per bin, with the least and greatest value among them.
///
/// With bounds `b` (increasing), bin 0 is `< b[0]`, bin i `b[i-1] <= v < b[i]`, the last
/// `>= b[b.len() - 1]`: the keys storage answers for a `bins` group key of these bounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Histogram {
    bounds: &'static [i64],
    counts: Vec<u64>,
    min: Option<i64>,
    max: Option<i64>,
}

impl Histogram {
    /// Empty, with the bins of `bounds` (increasing): `bounds.len() + 1` bins.
    pub fn new(bounds: &'static [i64]) -> Self {
        Self { bounds, counts: vec![0; bounds.len() + 1], min: None, max: None }
    }

    /// The count of each bin.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Adds `n` to bin `bin` (a bin outside the bounds' bins is ignored).
    pub fn add(&mut self, bin: i64, n: u64) {
        if let Some(count) = usize::try_from(bin).ok().and_then(|bin| self.counts.get_mut(bin)) {
            *count += n;
        }
    }

    /// Widens the least and greatest value to take in `min` and `max`.
    pub fn bound(&mut self, min: Option<i64>, max: Option<i64>) {
        self.min = self.min.into_iter().chain(min).min();
        self.max = self.max.into_iter().chain(max).max();
    }

    /// Both histograms' counts together, and their least and greatest values. `other` has
    /// the same bounds.
    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!(self.bounds, other.bounds, "histograms of other bins");
        for (count, more) in self.counts.iter_mut().zip(&other.counts) {
            *count += more;
        }
        self.bound(other.min, other.max);
    }

    /// The counts of all bins.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The `p`th percentile (0 < p <= 100); `None` when all counts are 0.
    ///
    /// The rank is `p / 100 × n`; the bin holding it spans from its lower to its upper edge
    /// (bin 0 starts at 0, the last ends at the greatest value, and every edge is kept
    /// within the least and greatest value), and the value lies as far into that span as
    /// the rank lies into the bin's count.
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
            if (before + count) as f64 >= rank || bin + 1 == self.counts.len() {
                let (lower, upper) = self.edges(bin);
                let into = ((rank - before as f64) / count as f64).clamp(0.0, 1.0);
                return Some(lower + into * (upper - lower));
            }
            before += count;
        }
        None
    }

    /// The span of `bin`, tightened to the least and greatest value.
    fn edges(&self, bin: usize) -> (f64, f64) {
        let declared_lower = bin.checked_sub(1).and_then(|below| self.bounds.get(below)).copied().unwrap_or(0);
        let declared_upper = self.bounds.get(bin).copied();
        let lower = match self.min {
            Some(min) if min > declared_lower => min,
            _ => declared_lower,
        };
        let upper = match (declared_upper, self.max) {
            (Some(upper), Some(max)) => upper.min(max),
            (Some(upper), None) => upper,
            // The open top bin ends at the greatest value (its lower edge when unknown).
            (None, max) => max.unwrap_or(lower),
        };
        (lower as f64, upper.max(lower) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Durations in seconds: under 10 s, 10 s, 30 s, 1, 2, 5 and 10 minutes and more.
    const BOUNDS: &[i64] = &[10, 30, 60, 120, 300, 600];

    /// The histogram of these values, as storage would bin them.
    fn of(values: &[i64]) -> Histogram {
        let mut histogram = Histogram::new(BOUNDS);
        for &value in values {
            histogram.add(BOUNDS.iter().filter(|bound| **bound <= value).count() as i64, 1);
        }
        histogram.bound(values.iter().copied().min(), values.iter().copied().max());
        histogram
    }

    #[test]
    fn bins_follow_the_bounds() {
        let histogram = of(&[0, 9, 10, 29, 30, 599, 600, 99_999]);
        assert_eq!(histogram.counts(), [2, 2, 1, 0, 0, 1, 2]);
        assert_eq!(histogram.total(), 8);
        assert_eq!(Histogram::new(&[]).counts(), [0], "one open bin");
    }

    #[test]
    fn one_value_is_its_own_percentile() {
        let histogram = of(&[45]);
        assert_eq!([50.0, 90.0, 95.0].map(|p| histogram.percentile(p)), [Some(45.0); 3]);
    }

    #[test]
    fn four_values_interpolate_inside_their_bins() {
        // 5, 20, 40, 100: one in each of bins 0 (0-10, from 5), 1 (10-30), 2 (30-60), 3 (60-120, to 100).
        let histogram = of(&[5, 20, 40, 100]);
        // p50: rank 2, the whole of bin 1 → its upper edge, 30.
        assert_eq!(histogram.percentile(50.0), Some(30.0));
        // p90: rank 3.6, 0.6 into bin 3, which spans 60 to 100 (the greatest value): 60 + 0.6 × 40 = 84.
        assert_eq!(histogram.percentile(90.0), Some(84.0));
        // p95: rank 3.8 → 60 + 0.8 × 40 = 92.
        assert_eq!(histogram.percentile(95.0), Some(92.0));
        // p25: rank 1, the whole of bin 0, which starts at the least value, 5: upper edge 10.
        assert_eq!(histogram.percentile(25.0), Some(10.0));
    }

    #[test]
    fn many_values_in_one_bin_spread_over_it() {
        // 10 values between 300 and 599 (bin 5), least 300, greatest 580.
        let mut histogram = Histogram::new(BOUNDS);
        histogram.add(5, 10);
        histogram.bound(Some(300), Some(580));
        // rank 5 of 10 → half of 300..580 = 440; rank 9 → 300 + 0.9 × 280 = 552; rank 9.5 → 566.
        assert_eq!([50.0, 90.0, 95.0].map(|p| histogram.percentile(p)), [Some(440.0), Some(552.0), Some(566.0)]);
    }

    #[test]
    fn the_open_top_bin_ends_at_the_greatest_value() {
        // 18 values of 2 to 5 minutes (bin 4, 120..300) and 2 of 5 and 6 hours (bin 6, 600 and more).
        let mut histogram = Histogram::new(BOUNDS);
        histogram.add(4, 18);
        histogram.add(6, 2);
        histogram.bound(Some(150), Some(21_600));
        // p50: rank 10 of bin 4's 18 → 150 + 10/18 × (300 − 150) = 233.33.
        assert_eq!(histogram.percentile(50.0).map(f64::round), Some(233.0));
        // p90: rank 18, the end of bin 4 → 300. p95: rank 19, half of bin 6 (600..21600) = 11100.
        assert_eq!(histogram.percentile(90.0), Some(300.0));
        assert_eq!(histogram.percentile(95.0), Some(11_100.0));
        // Without the greatest value known, the top bin has no width.
        let mut unknown = histogram;
        unknown.max = None;
        assert_eq!(unknown.percentile(95.0), Some(600.0));
    }

    #[test]
    fn no_count_has_no_percentile() {
        assert_eq!(Histogram::new(BOUNDS).percentile(50.0), None);
        let mut stray = Histogram::new(BOUNDS);
        stray.add(-1, 3);
        stray.add(7, 3);
        assert_eq!(stray.total(), 0, "bins storage cannot answer are ignored");
        assert_eq!(stray.percentile(50.0), None);
    }

    #[test]
    fn histograms_merge_counts_and_bounds() {
        let mut week1 = of(&[5, 20]);
        let week2 = of(&[40, 100]);
        week1.merge(&week2);
        assert_eq!(week1, of(&[5, 20, 40, 100]));
        let mut empty = Histogram::new(BOUNDS);
        empty.merge(&Histogram::new(BOUNDS));
        assert_eq!((empty.min, empty.max), (None, None));
        empty.bound(None, Some(7));
        assert_eq!((empty.min, empty.max), (None, Some(7)));
    }
}
