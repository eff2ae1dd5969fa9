//! The composite score that ranks the vault's open processes, the weights that drive it
//! and the roadmap buckets. Plain functions: the handlers only read and write storage.

use autoscope_sdk::input::non_blank;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Stages that are no longer candidates for automation work.
pub const EXCLUDED_STAGES: [&str; 3] = ["live", "retired", "rejected"];

/// The weights' checks, which the page makes too (`MESSAGES` in its generated types).
pub const WEIGHTS_RANGE: &str = "Weights must be numbers between 0 and 100";
pub const WEIGHTS_ZERO: &str = "At least one weight must be above 0";

/// How the score is computed, as the page shows it.
pub const FORMULA: &str = "Score = (benefit weight × value + ease weight × ease + potential weight × potential) \
     ÷ (benefit weight + ease weight + potential weight). Value = yearly benefit ÷ the highest yearly benefit \
     of the ranked processes × 100 (0 when that is 0); a process not yet assessed counts 0 potential. \
     Ranked: every process that is not live, retired or rejected. Quick win: value ≥ 50 and ease ≥ 60; \
     strategic: value ≥ 50 and ease below 60; long term: the rest.";

/// The weight of each part of the score, each 0–100, at least one above 0.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Weights {
    pub benefit: f64,
    pub ease: f64,
    pub potential: f64,
}

impl Weights {
    /// A company's weights before it saves its own (the fields' defaults in module.toml).
    pub const DEFAULT: Self = Self { benefit: 50.0, ease: 30.0, potential: 20.0 };

    /// `self` when every weight is in range and one is above 0.
    pub fn checked(self) -> Result<Self, &'static str> {
        let weights = [self.benefit, self.ease, self.potential];
        if !weights.iter().all(|w| w.is_finite() && (0.0..=100.0).contains(w)) {
            return Err(WEIGHTS_RANGE);
        }
        if weights.iter().all(|w| *w == 0.0) {
            return Err(WEIGHTS_ZERO);
        }
        Ok(self)
    }

    /// The what-if weights of `GET /ranking`: each query value given replaces the saved one.
    pub fn with_query(
        self,
        benefit: Option<&str>,
        ease: Option<&str>,
        potential: Option<&str>,
    ) -> Result<Self, &'static str> {
        let pick = |given: Option<&str>, saved: f64| match non_blank(given) {
            Some(text) => text.parse::<f64>().map_err(|_| WEIGHTS_RANGE),
            None => Ok(saved),
        };
        Self {
            benefit: pick(benefit, self.benefit)?,
            ease: pick(ease, self.ease)?,
            potential: pick(potential, self.potential)?,
        }
        .checked()
    }

    /// The weights of a `PUT /weights` body: every one a JSON number.
    pub fn from_body(body: Option<&Value>) -> Result<Self, &'static str> {
        let number = |key: &str| body.and_then(|body| body.get(key)).and_then(Value::as_f64).ok_or(WEIGHTS_RANGE);
        Self { benefit: number("benefit")?, ease: number("ease")?, potential: number("potential")? }.checked()
    }

    /// The weighted mean of the three parts (0 if every weight is 0, which `checked` refuses).
    fn score(&self, value: f64, ease: f64, potential: f64) -> f64 {
        let total = self.benefit + self.ease + self.potential;
        if total <= 0.0 {
            return 0.0;
        }
        (self.benefit * value + self.ease * ease + self.potential * potential) / total
    }
}

/// A vault process as the ranking reads it.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Process {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub department: Option<String>,
    #[serde(default)]
    pub stage: Option<String>,
    #[serde(default)]
    pub health: Option<String>,
    #[serde(default)]
    pub benefit_hours: Option<f64>,
    #[serde(default)]
    pub benefit_money: Option<f64>,
    #[serde(default)]
    pub benefit_fte: Option<f64>,
    #[serde(default)]
    pub ease: Option<f64>,
    /// Null until the process is assessed.
    #[serde(default)]
    pub potential: Option<f64>,
}

/// Where a process belongs on the roadmap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Bucket {
    QuickWin,
    Strategic,
    LongTerm,
}

impl Bucket {
    pub fn of(value: f64, ease: f64) -> Self {
        match (value >= 50.0, ease >= 60.0) {
            (true, true) => Self::QuickWin,
            (true, false) => Self::Strategic,
            (false, _) => Self::LongTerm,
        }
    }
}

/// One row of the ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Ranked {
    pub rank: usize,
    pub id: String,
    pub name: String,
    pub department: Option<String>,
    pub stage: Option<String>,
    pub health: Option<String>,
    pub benefit_hours: f64,
    pub benefit_money: f64,
    pub benefit_fte: f64,
    pub ease: f64,
    /// Null until the process is assessed (it then counts 0 in the score).
    pub potential: Option<f64>,
    /// Yearly benefit relative to the best candidate, 0–100.
    pub value: f64,
    pub score: f64,
    pub bucket: Bucket,
}

/// Ranks the candidates (the caller has left out `EXCLUDED_STAGES`): by score, highest
/// first, then by name. Value and score are rounded to 2 decimals before the bucket and
/// the order are decided, so the page's figures explain both.
pub fn rank(candidates: Vec<Process>, weights: &Weights) -> Vec<Ranked> {
    let best = candidates.iter().filter_map(|p| p.benefit_money).fold(0.0, f64::max);
    let rows: Vec<Ranked> = candidates
        .into_iter()
        .map(|process| {
            let money = process.benefit_money.unwrap_or_default();
            let ease = process.ease.unwrap_or_default();
            let value = if best > 0.0 { round2(money / best * 100.0) } else { 0.0 };
            let score = round2(weights.score(value, ease, process.potential.unwrap_or_default()));
            Ranked {
                rank: 0,
                id: process.id,
                name: process.name,
                department: process.department,
                stage: process.stage,
                health: process.health,
                benefit_hours: process.benefit_hours.unwrap_or_default(),
                benefit_money: money,
                benefit_fte: process.benefit_fte.unwrap_or_default(),
                ease,
                potential: process.potential,
                value,
                score,
                bucket: Bucket::of(value, ease),
            }
        })
        .collect();
    // Names in lower case made once, not on every comparison; and the sort moves indices,
    // not whole rows (copying memory is costly fuel in the plugin).
    let names: Vec<String> = rows.iter().map(|row| row.name.to_lowercase()).collect();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        let (first, second) = (&rows[a], &rows[b]);
        second
            .score
            .total_cmp(&first.score)
            .then_with(|| names[a].cmp(&names[b]))
            .then_with(|| first.name.cmp(&second.name))
            .then_with(|| first.id.cmp(&second.id))
    });
    let mut rows: Vec<Option<Ranked>> = rows.into_iter().map(Some).collect();
    order.into_iter().filter_map(|at| rows[at].take()).zip(1..).map(|(row, rank)| Ranked { rank, ..row }).collect()
}

fn round2(number: f64) -> f64 {
    (number * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn process(id: &str, name: &str, money: f64, ease: f64, potential: Option<f64>) -> Process {
        Process {
            id: id.into(),
            name: name.into(),
            benefit_money: Some(money),
            ease: Some(ease),
            potential,
            ..Process::default()
        }
    }

    const EVEN: Weights = Weights { benefit: 1.0, ease: 1.0, potential: 1.0 };

    #[test]
    fn value_is_the_share_of_the_best_benefit() {
        let ranked = rank(vec![process("a", "A", 60_000.0, 0.0, None), process("b", "B", 20_000.0, 0.0, None)], &EVEN);
        let values: Vec<f64> = ranked.iter().map(|r| r.value).collect();
        assert_eq!(values, [100.0, 33.33]);
    }

    #[test]
    fn value_is_zero_when_no_candidate_has_a_benefit() {
        let ranked = rank(vec![process("a", "A", 0.0, 50.0, None)], &EVEN);
        assert_eq!(ranked[0].value, 0.0);
        assert_eq!(ranked[0].score, round2(50.0 / 3.0));
    }

    #[test]
    fn score_is_the_weighted_mean_and_unassessed_potential_counts_zero() {
        let weights = Weights::DEFAULT;
        let ranked =
            rank(vec![process("a", "A", 100.0, 84.0, None), process("b", "B", 50.0, 54.0, Some(80.0))], &weights);
        // A: (50×100 + 30×84 + 20×0) / 100; B: (50×50 + 30×54 + 20×80) / 100.
        assert_eq!((ranked[0].id.as_str(), ranked[0].score), ("a", 75.2));
        assert_eq!((ranked[1].id.as_str(), ranked[1].score), ("b", 57.2));
        assert_eq!(ranked[0].potential, None);
    }

    #[test]
    fn scores_round_to_two_decimals() {
        let weights = Weights { benefit: 0.0, ease: 1.0, potential: 2.0 };
        let ranked = rank(vec![process("a", "A", 0.0, 10.0, Some(10.005))], &weights);
        assert_eq!(ranked[0].score, 10.0);
        let ranked = rank(vec![process("a", "A", 0.0, 1.0, Some(0.0))], &weights);
        assert_eq!(ranked[0].score, 0.33);
    }

    #[test]
    fn ties_in_score_rank_by_name_and_ranks_count_from_one() {
        let ranked = rank(
            vec![
                process("1", "beta", 0.0, 40.0, None),
                process("2", "Alpha", 0.0, 40.0, None),
                process("3", "Gamma", 0.0, 90.0, None),
            ],
            &EVEN,
        );
        let order: Vec<(usize, &str)> = ranked.iter().map(|r| (r.rank, r.name.as_str())).collect();
        assert_eq!(order, [(1, "Gamma"), (2, "Alpha"), (3, "beta")]);
    }

    #[test]
    fn buckets_split_on_value_50_and_ease_60() {
        assert_eq!(Bucket::of(50.0, 60.0), Bucket::QuickWin);
        assert_eq!(Bucket::of(100.0, 59.99), Bucket::Strategic);
        assert_eq!(Bucket::of(49.99, 100.0), Bucket::LongTerm);
        assert_eq!(Bucket::of(0.0, 0.0), Bucket::LongTerm);
        assert_eq!(serde_json::to_value(Bucket::QuickWin).ok(), Some(json!("quick_win")));
    }

    #[test]
    fn the_bucket_uses_the_rounded_value() {
        // 49.996 % of the best shows as 50.00, and is treated as 50.
        let ranked =
            rank(vec![process("a", "A", 100_000.0, 70.0, None), process("b", "B", 49_996.0, 70.0, None)], &EVEN);
        assert_eq!((ranked[1].value, ranked[1].bucket), (50.0, Bucket::QuickWin));
    }

    #[test]
    fn missing_figures_count_as_zero() {
        let ranked = rank(vec![Process { id: "a".into(), name: "A".into(), ..Process::default() }], &EVEN);
        let row = &ranked[0];
        assert_eq!(
            (row.benefit_money, row.benefit_hours, row.benefit_fte, row.ease, row.score),
            (0.0, 0.0, 0.0, 0.0, 0.0)
        );
    }

    #[test]
    fn query_weights_replace_the_saved_ones_they_name() {
        let saved = Weights::DEFAULT;
        assert_eq!(saved.with_query(None, None, None), Ok(saved));
        assert_eq!(saved.with_query(Some("10"), Some(""), None), Ok(Weights { benefit: 10.0, ..saved }));
        assert_eq!(
            saved.with_query(Some("0"), Some("0.5"), Some(" 100 ")),
            Ok(Weights { benefit: 0.0, ease: 0.5, potential: 100.0 })
        );
    }

    #[test]
    fn query_weights_must_be_numbers_from_0_to_100() {
        let saved = Weights::DEFAULT;
        for bad in ["abc", "-1", "100.5", "NaN", "inf"] {
            assert_eq!(saved.with_query(Some(bad), None, None), Err(WEIGHTS_RANGE), "{bad}");
        }
        assert_eq!(saved.with_query(Some("0"), Some("0"), Some("0")), Err(WEIGHTS_ZERO));
    }

    #[test]
    fn body_weights_need_all_three_as_numbers() {
        let body = json!({ "benefit": 40, "ease": 40.5, "potential": 0 });
        assert_eq!(Weights::from_body(Some(&body)), Ok(Weights { benefit: 40.0, ease: 40.5, potential: 0.0 }));
        for bad in [
            json!({ "benefit": 40, "ease": 40 }),
            json!({ "benefit": "40", "ease": 40, "potential": 20 }),
            json!({ "benefit": 101, "ease": 40, "potential": 20 }),
            json!({ "benefit": null, "ease": 40, "potential": 20 }),
            json!([1, 2, 3]),
        ] {
            assert_eq!(Weights::from_body(Some(&bad)), Err(WEIGHTS_RANGE), "{bad}");
        }
        assert_eq!(Weights::from_body(None), Err(WEIGHTS_RANGE));
        assert_eq!(Weights::from_body(Some(&json!({ "benefit": 0, "ease": 0, "potential": 0 }))), Err(WEIGHTS_ZERO));
    }

    #[test]
    fn processes_decode_from_vault_records_with_nulls_and_extra_fields() {
        let record = json!({
            "id": "p1", "name": "Invoices", "department": null, "stage": "idea", "health": "on_track",
            "benefit_money": 1200.5, "ease": 84, "potential": null, "description": "skipped", "version": 3
        });
        let process: Process = serde_json::from_value(record).expect("a vault record decodes");
        assert_eq!((process.benefit_money, process.ease, process.potential), (Some(1200.5), Some(84.0), None));
        assert_eq!(process.department, None);
    }
}
