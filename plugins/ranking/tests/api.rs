//! Process Ranking through the real host, on SQLite and PostgreSQL, with the Process Vault
//! installed for its processes. Build both plugins first: `make modules`.

use anyhow::Context;
use autoscope_module_test::{
    Company, Engine, Harness, Right, Session, default_role_rights, on_both_engines, product_module,
};
use serde_json::{Value, json};

on_both_engines!(
    open_processes_are_ranked_by_score_with_their_buckets,
    potential_counts_once_a_process_is_assessed,
    what_if_weights_rerank_without_saving,
    saved_weights_rank_later_calls,
    bad_weights_are_refused_with_the_reason,
    without_the_vault_the_ranking_is_unavailable,
    a_company_ranks_only_its_own_processes,
    a_member_of_two_companies_sees_only_the_active_companys_ranking,
    a_user_without_the_process_right_gets_403,
    five_thousand_processes_rank_within_the_limits,
);

/// A host with the ranking and the vault.
async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("ranking")?, [product_module("vault")?]).await
}

/// Creates a process through the vault; answers its record.
async fn create(harness: &Harness, who: &dyn Session, process: Value) -> anyhow::Result<Value> {
    let reply = harness.call_module("vault", who, "POST", "/processes", Some(process)).await?;
    anyhow::ensure!(reply.status == 201, "the vault refused the process: {reply:?}");
    Ok(reply.body)
}

/// Three candidates and two processes no longer ranked. With the vault's formulas:
/// - Invoices: 1,000 a month × 6 minutes × 12 = 1,200 hours = 60,000 a year at 50 an hour;
///   ease 100 − 0 (low) − 8 − 8 (stability and documentation not assessed count 3) = 84.
/// - Payroll: half of that (30,000), high complexity: ease 100 − 30 − 16 = 54.
/// - Filing: no volume, medium complexity: ease 100 − 15 − 16 = 69.
/// - Reporting (live) and Archive (rejected) have more benefit but are not candidates.
async fn seed(harness: &Harness, who: &Company) -> anyhow::Result<()> {
    let per_hour = |name: &str, volume: i64, complexity: &str, stage: &str| {
        json!({
            "name": name, "department": "Finance", "stage": stage, "complexity": complexity,
            "monthly_volume": volume, "handling_minutes": 6, "hourly_cost": 50,
        })
    };
    create(harness, who, per_hour("Invoices", 1_000, "low", "development")).await?;
    create(harness, who, per_hour("Payroll", 500, "high", "idea")).await?;
    create(harness, who, per_hour("Filing", 0, "medium", "testing")).await?;
    create(harness, who, per_hour("Reporting", 9_000, "low", "live")).await?;
    create(harness, who, per_hour("Archive", 9_000, "low", "rejected")).await?;
    Ok(())
}

async fn get_ranking(harness: &Harness, who: &dyn Session, query: &str) -> anyhow::Result<Value> {
    let reply = harness.call(who, "GET", &format!("/ranking{query}"), None).await?;
    anyhow::ensure!(reply.status == 200, "GET /ranking{query}: {reply:?}");
    Ok(reply.body)
}

/// `(name, value, ease, score, bucket)` of each row, in rank order.
fn rows(ranking: &Value) -> Vec<(String, f64, f64, f64, String)> {
    let items = ranking["items"].as_array().cloned().unwrap_or_default();
    items
        .iter()
        .map(|row| {
            let number = |key: &str| row[key].as_f64().unwrap_or(f64::NAN);
            let text = |key: &str| row[key].as_str().unwrap_or_default().to_string();
            (text("name"), number("value"), number("ease"), number("score"), text("bucket"))
        })
        .collect()
}

fn row(name: &str, value: f64, ease: f64, score: f64, bucket: &str) -> (String, f64, f64, f64, String) {
    (name.to_string(), value, ease, score, bucket.to_string())
}

/// Candidates are ranked by the default weights 50/30/20; value is relative to the best
/// candidate; each lands in its roadmap bucket.
async fn open_processes_are_ranked_by_score_with_their_buckets(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    seed(&harness, &acme).await?;
    let ranking = get_ranking(&harness, &acme, "").await?;
    assert_eq!(ranking["available"], true);
    let defaults = json!({ "benefit": 50.0, "ease": 30.0, "potential": 20.0 });
    assert_eq!((&ranking["weights"], &ranking["saved"]), (&defaults, &defaults));
    assert_eq!(
        rows(&ranking),
        [
            // (50 × 100 + 30 × 84) / 100
            row("Invoices", 100.0, 84.0, 75.2, "quick_win"),
            // (50 × 50 + 30 × 54) / 100
            row("Payroll", 50.0, 54.0, 41.2, "strategic"),
            // (30 × 69) / 100
            row("Filing", 0.0, 69.0, 20.7, "long_term"),
        ]
    );
    let first = &ranking["items"][0];
    assert_eq!(first["rank"], 1);
    assert_eq!(ranking["items"][2]["rank"], 3);
    assert_eq!(
        (&first["stage"], &first["department"], &first["health"]),
        (&json!("development"), &json!("Finance"), &json!("on_track"))
    );
    assert_eq!((&first["benefit_hours"], &first["benefit_money"]), (&json!(1200.0), &json!(60000.0)));
    assert_eq!(first["potential"], Value::Null, "not assessed");
    let formula = ranking["formula"].as_str().context("the formula is text")?;
    assert!(formula.starts_with("Score = "), "{formula}");
    Ok(())
}

/// Once assessed, a process's automation potential adds to its score.
async fn potential_counts_once_a_process_is_assessed(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    seed(&harness, &acme).await?;
    let ranking = get_ranking(&harness, &acme, "").await?;
    let filing = ranking["items"][2].clone();
    assert_eq!(filing["name"], "Filing");
    let id = filing["id"].as_str().context("a ranked process has an id")?;
    let answers = json!({
        "version": 1, "rule_based": 3, "input_type": 3, "input_structure": 3, "stability": 3, "documentation": 3,
    });
    let assessed =
        harness.call_module("vault", &acme, "PUT", &format!("/processes/{id}/assessment"), Some(answers)).await?;
    assert_eq!(assessed.status, 200, "{assessed:?}");
    let ranking = get_ranking(&harness, &acme, "").await?;
    // Potential 15 / 25 = 60 %: (30 × 69 + 20 × 60) / 100.
    assert_eq!(rows(&ranking)[2], row("Filing", 0.0, 69.0, 32.7, "long_term"));
    assert_eq!(ranking["items"][2]["potential"], 60.0);
    Ok(())
}

/// Weights in the query rank this call only; the saved ones stay.
async fn what_if_weights_rerank_without_saving(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    seed(&harness, &acme).await?;
    let ranking = get_ranking(&harness, &acme, "?benefit=0&ease=100").await?;
    assert_eq!(ranking["weights"], json!({ "benefit": 0.0, "ease": 100.0, "potential": 20.0 }), "potential kept");
    assert_eq!(ranking["saved"], json!({ "benefit": 50.0, "ease": 30.0, "potential": 20.0 }));
    // Ease alone decides (over a weight total of 120); buckets do not depend on weights.
    assert_eq!(
        rows(&ranking),
        [
            row("Invoices", 100.0, 84.0, 70.0, "quick_win"),
            row("Filing", 0.0, 69.0, 57.5, "long_term"),
            row("Payroll", 50.0, 54.0, 45.0, "strategic"),
        ]
    );
    let again = get_ranking(&harness, &acme, "?benefit=&ease=&potential=").await?;
    assert_eq!(again["weights"], json!({ "benefit": 50.0, "ease": 30.0, "potential": 20.0 }), "nothing saved");
    Ok(())
}

/// Saved weights answer back and rank every later call; saving again replaces them.
async fn saved_weights_rank_later_calls(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    seed(&harness, &acme).await?;
    let saved =
        harness.call(&acme, "PUT", "/weights", Some(json!({ "benefit": 10, "ease": 0, "potential": 0 }))).await?;
    assert_eq!(
        (saved.status, &saved.body),
        (200, &json!({ "benefit": 10.0, "ease": 0.0, "potential": 0.0 })),
        "{saved:?}"
    );
    let ranking = get_ranking(&harness, &acme, "").await?;
    assert_eq!(ranking["weights"], ranking["saved"]);
    assert_eq!(ranking["saved"], json!({ "benefit": 10.0, "ease": 0.0, "potential": 0.0 }));
    let scores: Vec<f64> = rows(&ranking).iter().map(|row| row.3).collect();
    assert_eq!(scores, [100.0, 50.0, 0.0], "value alone");

    let again =
        harness.call(&acme, "PUT", "/weights", Some(json!({ "benefit": 0, "ease": 25.5, "potential": 0 }))).await?;
    assert_eq!(again.status, 200, "{again:?}");
    let ranking = get_ranking(&harness, &acme, "").await?;
    assert_eq!(ranking["saved"], json!({ "benefit": 0.0, "ease": 25.5, "potential": 0.0 }));
    let names: Vec<String> = rows(&ranking).into_iter().map(|row| row.0).collect();
    assert_eq!(names, ["Invoices", "Filing", "Payroll"]);
    Ok(())
}

/// Weights out of range, not numbers, or all zero are refused with the reason.
async fn bad_weights_are_refused_with_the_reason(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let range = json!({ "message": "Weights must be numbers between 0 and 100" });
    let zero = json!({ "message": "At least one weight must be above 0" });
    for (query, expected) in [
        ("?benefit=abc", &range),
        ("?ease=101", &range),
        ("?potential=-5", &range),
        ("?benefit=0&ease=0&potential=0", &zero),
    ] {
        let reply = harness.call(&acme, "GET", &format!("/ranking{query}"), None).await?;
        assert_eq!((reply.status, &reply.body), (400, expected), "{query}");
    }
    for (body, expected) in [
        (json!({ "benefit": 50, "ease": 30 }), &range),
        (json!({ "benefit": "50", "ease": 30, "potential": 20 }), &range),
        (json!({ "benefit": 50, "ease": 300, "potential": 20 }), &range),
        (json!({ "benefit": 0, "ease": 0, "potential": 0 }), &zero),
    ] {
        let reply = harness.call(&acme, "PUT", "/weights", Some(body.clone())).await?;
        assert_eq!((reply.status, &reply.body), (400, expected), "{body}");
    }
    let ranking = get_ranking(&harness, &acme, "").await?;
    assert_eq!(ranking["saved"], json!({ "benefit": 50.0, "ease": 30.0, "potential": 20.0 }), "nothing saved");
    Ok(())
}

/// Without the vault the host answers 404 for its collection: the page says so.
async fn without_the_vault_the_ranking_is_unavailable(engine: Engine) -> anyhow::Result<()> {
    let harness = Harness::load_on(engine, product_module("ranking")?).await?;
    let acme = harness.company("Acme").await?;
    let ranking = get_ranking(&harness, &acme, "").await?;
    assert_eq!((&ranking["available"], &ranking["items"]), (&json!(false), &json!([])));
    assert_eq!(ranking["weights"], json!({ "benefit": 50.0, "ease": 30.0, "potential": 20.0 }));
    let saved =
        harness.call(&acme, "PUT", "/weights", Some(json!({ "benefit": 1, "ease": 2, "potential": 3 }))).await?;
    assert_eq!(saved.status, 200, "weights are the ranking's own: {saved:?}");
    Ok(())
}

/// Another company's processes and weights never show.
async fn a_company_ranks_only_its_own_processes(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    seed(&harness, &acme).await?;
    let saved =
        harness.call(&acme, "PUT", "/weights", Some(json!({ "benefit": 1, "ease": 1, "potential": 1 }))).await?;
    assert_eq!(saved.status, 200, "{saved:?}");
    create(&harness, &globex, json!({ "name": "Globex only" })).await?;
    let ranking = get_ranking(&harness, &globex, "").await?;
    let names: Vec<String> = rows(&ranking).into_iter().map(|row| row.0).collect();
    assert_eq!(names, ["Globex only"]);
    assert_eq!(ranking["saved"], json!({ "benefit": 50.0, "ease": 30.0, "potential": 20.0 }));
    Ok(())
}

/// Ann belongs to Acme and Globex: with her Acme session the ranking holds Acme's
/// candidates only, with her Globex session the one she created there only.
async fn a_member_of_two_companies_sees_only_the_active_companys_ranking(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let ann_in_acme = acme.add_user("ann@acme.test").await?;
    let ann_in_globex = globex.add_member(&ann_in_acme).await?;
    seed(&harness, &acme).await?;
    create(&harness, &ann_in_globex, json!({ "name": "Globex only", "monthly_volume": 9_000 })).await?;
    let names = |ranking: &Value| rows(ranking).into_iter().map(|row| row.0).collect::<Vec<_>>();

    assert_eq!(names(&get_ranking(&harness, &ann_in_acme, "").await?), ["Invoices", "Payroll", "Filing"]);
    let theirs = get_ranking(&harness, &ann_in_globex, "").await?;
    assert_eq!((names(&theirs), &theirs["items"][0]["rank"]), (vec!["Globex only".to_string()], &json!(1)));
    Ok(())
}

/// The ranking is gated by the `process` right.
async fn a_user_without_the_process_right_gets_403(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let mut rights = default_role_rights();
    rights.insert("process".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let denied = json!({ "message": "Your rights do not allow this module" });
    let ranking = harness.call(&acme, "GET", "/ranking", None).await?;
    assert_eq!((ranking.status, &ranking.body), (403, &denied));
    let weights =
        harness.call(&acme, "PUT", "/weights", Some(json!({ "benefit": 1, "ease": 1, "potential": 1 }))).await?;
    assert_eq!((weights.status, &weights.body), (403, &denied));
    Ok(())
}

/// 5,000 candidates with the longest names are ranked within the module's limits (fuel,
/// answer size); more are left out.
async fn five_thousand_processes_rank_within_the_limits(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    for first in (0..5_001).step_by(500) {
        let rows: Vec<Value> = (first..(first + 500).min(5_001))
            .map(|i| {
                json!({
                    "name": format!("{i:05} {}", "x".repeat(194)), "stage": "analysis",
                    "monthly_volume": (i % 1_000).to_string(), "handling_minutes": "5", "hourly_cost": "40",
                })
            })
            .collect();
        let import =
            harness.call_module("vault", &acme, "POST", "/processes/import", Some(json!({ "rows": rows }))).await?;
        anyhow::ensure!(import.status == 200 && import.body["errors"] == json!([]), "the import failed: {import:?}");
    }
    let ranking = get_ranking(&harness, &acme, "").await?;
    let items = ranking["items"].as_array().context("items")?;
    assert_eq!(items.len(), 5_000);
    assert_eq!((&items[0]["rank"], &items[4_999]["rank"]), (&json!(1), &json!(5_000)));
    assert_eq!(items[0]["value"], 100.0);
    Ok(())
}
