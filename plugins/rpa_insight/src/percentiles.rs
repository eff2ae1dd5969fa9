//! Duration percentiles from the `durations` rollup of `bots.runs`: storage counts the runs
//! per duration bin of [`BOUNDS`], and the SDK's [`Histogram`] reads p50/p90/p95 off the
//! bins, with edges tightened to the group's least and greatest duration (read from the
//! `daily` rollup), so the open top bin ends at the longest run and a group of equal
//! durations answers that duration exactly.

use autoscope_sdk::histogram::Histogram;

/// The bin bounds of the `durations` rollup, seconds, exactly as `plugins/bots/module.toml`
/// declares them (an aggregate fits the rollup only with these).
pub const BOUNDS: [i64; 15] = [10, 30, 60, 120, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800, 14400];

/// No run yet, in the bins of the `durations` rollup: bin 0 is `< BOUNDS[0]`, bin i
/// `BOUNDS[i-1] <= d < BOUNDS[i]`, the last `>= BOUNDS[14]`.
pub fn durations_histogram() -> Histogram {
    Histogram::new(&BOUNDS)
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
        let mut histogram = durations_histogram();
        for &duration in durations {
            histogram.add(BOUNDS.iter().filter(|bound| **bound <= duration).count() as i64, 1);
        }
        histogram.bound(durations.iter().copied().min(), durations.iter().copied().max());
        histogram
    }

    #[test]
    fn bins_follow_the_declared_bounds() {
        let histogram = of(&[0, 9, 10, 29, 30, 14_399, 14_400, 99_999]);
        assert_eq!(histogram.counts()[0], 2, "under 10 s");
        assert_eq!(histogram.counts()[1], 2, "10 to 29 s");
        assert_eq!(histogram.counts()[2], 1);
        assert_eq!(histogram.counts()[14], 1, "10800 to 14399 s");
        assert_eq!(histogram.counts()[15], 2, "4 hours and more");
        assert_eq!(histogram.total(), 8);
    }

    #[test]
    fn one_run_is_its_own_duration() {
        let percentiles = Percentiles::from(&of(&[45]));
        assert_eq!(percentiles, Percentiles { p50: Some(45), p90: Some(45), p95: Some(45) });
    }

    #[test]
    fn many_runs_in_one_bin_spread_over_it() {
        // 10 runs between 300 and 599 s (bin 5), shortest 300, longest 580.
        let mut histogram = durations_histogram();
        histogram.add(5, 10);
        histogram.bound(Some(300), Some(580));
        // rank 5 of 10 → half of 300..580 = 440; rank 9 → 300 + 0.9 × 280 = 552; rank 9.5 → 566.
        assert_eq!(Percentiles::from(&histogram), Percentiles { p50: Some(440), p90: Some(552), p95: Some(566) });
    }

    #[test]
    fn the_open_top_bin_ends_at_the_longest_run() {
        // 18 runs of 2 to 5 minutes (bin 4, 120..300) and 2 runs of 5 and 6 hours (bin 15).
        let mut histogram = durations_histogram();
        histogram.add(4, 18);
        histogram.add(15, 2);
        histogram.bound(Some(150), Some(21_600));
        // p50: rank 10 of bin 4's 18 → 150 + 10/18 × (300 − 150) = 233.33. p90: rank 18,
        // the end of bin 4 → 300. p95: rank 19, half of bin 15 (14400..21600) = 18000.
        assert_eq!(Percentiles::from(&histogram), Percentiles { p50: Some(233), p90: Some(300), p95: Some(18_000) });
    }

    #[test]
    fn no_run_has_no_percentile() {
        assert_eq!(Percentiles::from(&durations_histogram()), Percentiles::default());
        let mut stray = durations_histogram();
        stray.add(-1, 3);
        stray.add(16, 3);
        assert_eq!(stray.total(), 0, "bins storage cannot answer are ignored");
    }

    #[test]
    fn least_and_greatest_of_what_is_known() {
        assert_eq!((lesser(None, Some(3)), greater(Some(2), None), lesser(None, None)), (Some(3), Some(2), None));
        assert_eq!((lesser(Some(4), Some(3)), greater(Some(2), Some(5))), (Some(3), Some(5)));
    }
}
