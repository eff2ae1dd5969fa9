//! The process scores: automation potential (quick assessment), yearly benefit (detailed
//! assessment) and ease of implementation. Every write recomputes them from the stored
//! inputs, so the stored scores are always current. The texts of [`FORMULAS`] are what
//! people read (`GET /formulas`); keep them in step with the code below.

use autoscope_sdk::prelude::Record;
use serde::Serialize;
use serde_json::Value;

/// Working hours in an FTE-year.
pub const HOURS_PER_FTE: f64 = 1800.0;

/// The formulas as text, for the page.
#[derive(Debug, Clone, Copy, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Formulas {
    pub potential: &'static str,
    pub benefit: &'static str,
    pub ease: &'static str,
}

pub const FORMULAS: Formulas = Formulas {
    potential: "Automation potential = (rule-based + input type + input structure + stability + documentation) \
                ÷ 25 × 100. Each answer is 1 to 5 (5 = most automatable), so the potential is 20% to 100%.",
    benefit: "Hours saved a year = monthly volume × 12 × handling minutes ÷ 60 × (1 − exception rate ÷ 100). \
              Money saved a year = hours saved × hourly cost. FTEs freed = hours saved ÷ 1,800 working hours \
              per FTE-year, at most the process's FTEs when those are set.",
    ease: "Ease of implementation = 100 − 10 × (applications − 1, at least 0) − complexity (low 0, medium 15, \
           high 30) − 4 × (5 − stability) − 4 × (5 − documentation), kept between 0 and 100. Until the process \
           is assessed, stability and documentation count as 3.",
};

/// The quick assessment's five answers (1–5), each `None` until assessed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Answers {
    pub rule_based: Option<i64>,
    pub input_type: Option<i64>,
    pub input_structure: Option<i64>,
    pub stability: Option<i64>,
    pub documentation: Option<i64>,
}

/// The answers' field names, in the order of the formula.
pub const ANSWER_FIELDS: [&str; 5] = ["rule_based", "input_type", "input_structure", "stability", "documentation"];

/// What the scores are computed from.
#[derive(Debug, Clone, PartialEq)]
pub struct Inputs {
    pub monthly_volume: f64,
    pub handling_minutes: f64,
    pub hourly_cost: f64,
    /// Percent, 0–100.
    pub exception_rate: f64,
    pub ftes: f64,
    pub applications: usize,
    /// `low`, `medium` or `high`.
    pub complexity: String,
    pub answers: Answers,
}

impl Inputs {
    /// The inputs of a stored (or about to be stored) process; a missing value counts as
    /// its field's default.
    pub fn from_record(record: &Record) -> Self {
        let number = |field: &str| record.get(field).and_then(Value::as_f64).unwrap_or(0.0);
        let answer = |field: &str| record.get(field).and_then(Value::as_i64);
        Self {
            monthly_volume: number("monthly_volume"),
            handling_minutes: number("handling_minutes"),
            hourly_cost: number("hourly_cost"),
            exception_rate: number("exception_rate"),
            ftes: number("ftes"),
            applications: record.get("applications").and_then(Value::as_array).map_or(0, Vec::len),
            complexity: record.get("complexity").and_then(Value::as_str).unwrap_or("medium").to_string(),
            answers: Answers {
                rule_based: answer("rule_based"),
                input_type: answer("input_type"),
                input_structure: answer("input_structure"),
                stability: answer("stability"),
                documentation: answer("documentation"),
            },
        }
    }
}

/// The computed scores, rounded to 2 decimals.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scores {
    /// Percent; `None` until all five answers are given.
    pub potential: Option<f64>,
    pub ease: f64,
    pub benefit_hours: f64,
    pub benefit_money: f64,
    pub benefit_fte: f64,
}

impl Scores {
    /// Sets the score fields of `record`.
    pub fn write_to(&self, record: &mut Record) {
        record.insert("potential".into(), self.potential.into());
        record.insert("ease".into(), self.ease.into());
        record.insert("benefit_hours".into(), self.benefit_hours.into());
        record.insert("benefit_money".into(), self.benefit_money.into());
        record.insert("benefit_fte".into(), self.benefit_fte.into());
    }
}

/// Recomputes the scores of `record` from its own fields.
pub fn refresh(record: &mut Record) {
    compute(&Inputs::from_record(record)).write_to(record);
}

pub fn compute(inputs: &Inputs) -> Scores {
    let (hours, money, fte) = benefit(inputs);
    Scores {
        potential: potential(&inputs.answers).map(round2),
        ease: round2(ease(inputs.applications, &inputs.complexity, &inputs.answers)),
        benefit_hours: round2(hours),
        benefit_money: round2(money),
        benefit_fte: round2(fte),
    }
}

/// `(sum of the five answers) / 25 × 100`, or `None` while any answer is missing.
pub fn potential(answers: &Answers) -> Option<f64> {
    let Answers { rule_based, input_type, input_structure, stability, documentation } = *answers;
    let sum = rule_based? + input_type? + input_structure? + stability? + documentation?;
    Some(sum as f64 / 25.0 * 100.0)
}

/// Yearly hours, money and FTEs saved.
pub fn benefit(inputs: &Inputs) -> (f64, f64, f64) {
    let hours = inputs.monthly_volume * 12.0 * inputs.handling_minutes / 60.0 * (1.0 - inputs.exception_rate / 100.0);
    let money = hours * inputs.hourly_cost;
    let fte = hours / HOURS_PER_FTE;
    let fte = if inputs.ftes > 0.0 { fte.min(inputs.ftes) } else { fte };
    (hours, money, fte)
}

/// 0–100; stability and documentation count as 3 until assessed.
pub fn ease(applications: usize, complexity: &str, answers: &Answers) -> f64 {
    let extra_applications = applications.saturating_sub(1) as f64;
    let complexity_penalty = match complexity {
        "low" => 0.0,
        "high" => 30.0,
        _ => 15.0,
    };
    let stability = answers.stability.unwrap_or(3) as f64;
    let documentation = answers.documentation.unwrap_or(3) as f64;
    let ease =
        100.0 - 10.0 * extra_applications - complexity_penalty - 4.0 * (5.0 - stability) - 4.0 * (5.0 - documentation);
    ease.clamp(0.0, 100.0)
}

/// Rounded to 2 decimals, half away from zero.
pub fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn answers(values: [i64; 5]) -> Answers {
        let [rule_based, input_type, input_structure, stability, documentation] = values.map(Some);
        Answers { rule_based, input_type, input_structure, stability, documentation }
    }

    fn inputs() -> Inputs {
        Inputs {
            monthly_volume: 1000.0,
            handling_minutes: 6.0,
            hourly_cost: 50.0,
            exception_rate: 10.0,
            ftes: 0.0,
            applications: 1,
            complexity: "medium".into(),
            answers: Answers::default(),
        }
    }

    #[test]
    fn potential_is_the_answers_share_of_25() {
        assert_eq!(potential(&answers([5, 5, 5, 5, 5])), Some(100.0));
        assert_eq!(potential(&answers([1, 1, 1, 1, 1])), Some(20.0));
        // 4 + 3 + 5 + 2 + 4 = 18; 18 / 25 = 72 %.
        assert_eq!(potential(&answers([4, 3, 5, 2, 4])), Some(72.0));
    }

    #[test]
    fn potential_waits_for_every_answer() {
        assert_eq!(potential(&Answers::default()), None);
        let partial = Answers { documentation: None, ..answers([5, 5, 5, 5, 5]) };
        assert_eq!(potential(&partial), None);
    }

    #[test]
    fn benefit_counts_the_yearly_hours_without_exceptions() {
        // 1000 × 12 × 6 / 60 = 1200 h; 10 % exceptions leave 1080 h; × 50 = 54,000; / 1800 = 0.6 FTE.
        assert_eq!(benefit(&inputs()), (1080.0, 54000.0, 0.6));
    }

    #[test]
    fn fte_benefit_is_capped_by_the_process_ftes() {
        // 20,000 × 12 × 15 / 60 = 60,000 h = 33.33 FTE, capped at 2.5.
        let big =
            Inputs { monthly_volume: 20000.0, handling_minutes: 15.0, exception_rate: 0.0, ftes: 2.5, ..inputs() };
        assert_eq!(benefit(&big), (60000.0, 3_000_000.0, 2.5));
        let uncapped = Inputs { ftes: 0.0, ..big };
        assert_eq!(round2(benefit(&uncapped).2), 33.33);
    }

    #[test]
    fn ease_uses_applications_complexity_and_two_answers() {
        // Unassessed: 100 − 0 − 15 − 4×2 − 4×2 = 69.
        assert_eq!(ease(1, "medium", &Answers::default()), 69.0);
        assert_eq!(ease(0, "medium", &Answers::default()), 69.0, "no application counts as one");
        // 3 applications, high, stability 4, documentation 2: 100 − 20 − 30 − 4 − 12 = 34.
        assert_eq!(ease(3, "high", &answers([1, 1, 1, 4, 2])), 34.0);
        // Low with 5s: 100.
        assert_eq!(ease(1, "low", &answers([5, 5, 5, 5, 5])), 100.0);
    }

    #[test]
    fn ease_is_clamped_to_0() {
        // 12 applications, high, 1s: 100 − 110 − 30 − 16 − 16 < 0.
        assert_eq!(ease(12, "high", &answers([1, 1, 1, 1, 1])), 0.0);
    }

    #[test]
    fn scores_round_to_2_decimals() {
        // 7 × 12 × 7 / 60 × (1 − 0.1) = 8.82 h; × 33.33 = 293.9706; / 1800 = 0.0049.
        let odd = Inputs { monthly_volume: 7.0, handling_minutes: 7.0, hourly_cost: 33.33, ..inputs() };
        let scores = compute(&Inputs { answers: answers([3, 3, 4, 3, 4]), ..odd });
        assert_eq!(scores.benefit_hours, 8.82);
        assert_eq!(scores.benefit_money, 293.97);
        assert_eq!(scores.benefit_fte, 0.0);
        assert_eq!(scores.potential, Some(68.0));
        // 100 − 0 − 15 − 8 − 4 = 73.
        assert_eq!(scores.ease, 73.0);
        assert_eq!(round2(2.675_000_1), 2.68);
        assert_eq!(round2(1.0 / 3.0), 0.33);
    }

    #[test]
    fn inputs_read_a_record_with_defaults() {
        let record = json!({
            "monthly_volume": 10, "handling_minutes": 3.5, "applications": ["SAP", "Excel"],
            "complexity": "low", "stability": 4, "documentation": null
        });
        let Value::Object(record) = record else { unreachable!() };
        let inputs = Inputs::from_record(&record);
        assert_eq!(inputs.monthly_volume, 10.0);
        assert_eq!(inputs.handling_minutes, 3.5);
        assert_eq!(inputs.hourly_cost, 0.0);
        assert_eq!(inputs.applications, 2);
        assert_eq!(inputs.complexity, "low");
        assert_eq!(inputs.answers.stability, Some(4));
        assert_eq!(inputs.answers.documentation, None);
        assert_eq!(Inputs::from_record(&Record::new()).complexity, "medium");
    }

    #[test]
    fn scores_are_written_as_record_fields() {
        let mut record = Record::new();
        compute(&inputs()).write_to(&mut record);
        assert_eq!(
            Value::Object(record),
            json!({ "potential": null, "ease": 69.0, "benefit_hours": 1080.0, "benefit_money": 54000.0, "benefit_fte": 0.6 })
        );
    }
}
