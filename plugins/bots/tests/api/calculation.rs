//! The calculation: each bot's cost (its licence prorated to the days) against its savings
//! (items of successful runs × Process Vault's handling minutes ÷ 60 × its hourly cost), with
//! net benefit and payback; the process names Process Vault offers.

use anyhow::Context;
use autoscope_module_test::{Engine, Harness, product_module};
use serde_json::{Value, json};

use crate::common::{DAY0, RANGE, create_bot, get, id, ingest, run, with_scenario};

autoscope_module_test::on_both_engines!(
    the_calculation_weighs_prorated_licences_against_savings,
    the_rates_and_process_names_are_process_vaults,
    without_process_vault_nothing_is_saved,
);

/// Cost (licence prorated to the days) against savings (items of successful runs × the
/// vault's handling minutes ÷ 60 × its hourly cost), net benefit and payback, per bot (in
/// the inventory or not) and in all, in the company's currency.
async fn the_calculation_weighs_prorated_licences_against_savings(engine: Engine) -> anyhow::Result<()> {
    let (harness, acme, _, _) = with_scenario(engine).await?;
    let calculation = get(&harness, &acme, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(
        (&calculation["vault_available"], &calculation["currency"]),
        (&json!(true), &json!({ "code": "USD", "symbol": "$" }))
    );
    let figures = |bot: &Value| {
        ["bot", "licence_cost", "items", "cost", "hours", "savings", "net_benefit", "payback_months"]
            .map(|name| bot[name].clone())
    };
    let bots = calculation["bots"].as_array().context("bots")?;
    assert_eq!(bots.len(), 3);
    // Alpha: 600 invoices × 6 ÷ 60 = 60 h, × 50 = 3000; 40 payroll checks × 15 ÷ 60 = 10 h, × 40 = 400.
    // Cost 7300 × 3 ÷ 365 = 60; net 3340; monthly savings 3400 ÷ 3 × 365 ÷ 12 = 34,472.22;
    // payback 7300 ÷ 34,472.22 = 0.21 months.
    assert_eq!(
        figures(&bots[0]),
        [json!("Alpha"), json!(7300.0), json!(640), json!(60.0), json!(70.0), json!(3400.0), json!(3340.0), json!(0.2)]
    );
    assert_eq!(
        bots[0]["processes"],
        json!([
            { "process": "Invoice posting", "items": 600, "handling_minutes": 6.0, "hourly_cost": 50.0, "hours": 60.0, "money": 3000.0, "known": true },
            { "process": "Payroll check", "items": 40, "handling_minutes": 15.0, "hourly_cost": 40.0, "hours": 10.0, "money": 400.0, "known": true }
        ])
    );
    let cost = &bots[0]["figures"]["cost"];
    assert_eq!(cost["value"], 60.0);
    assert!(cost["formula"].as_str().is_some_and(|formula| formula.contains("365")));
    assert_eq!(
        cost["inputs"],
        json!([
            { "label": "Licence cost per year", "value": 7300.0, "unit": "money_per_year" },
            { "label": "Days in the range", "value": 3.0, "unit": "days" }
        ])
    );
    // Bravo saved nothing (its stopped run's items do not count): 3650 × 3 ÷ 365 = 30 of cost.
    assert_eq!(
        figures(&bots[1]),
        [json!("Bravo"), json!(3650.0), json!(0), json!(30.0), json!(0.0), json!(0.0), json!(-30.0), Value::Null]
    );
    // Ghost is not in the inventory: 10 invoices = 1 h = 50, no licence, paid back at once.
    assert_eq!(
        figures(&bots[2]),
        [json!("Ghost"), json!(0.0), json!(10), json!(0.0), json!(1.0), json!(50.0), json!(50.0), json!(0.0)]
    );
    assert_eq!(bots[2]["id"], Value::Null);
    // All: 10,950 of licences, 90 of cost, 71 h, 3450 saved, net 3360; monthly savings
    // 3450 ÷ 3 × 365 ÷ 12 = 34,979.17, payback 10,950 ÷ 34,979.17 = 0.31 months.
    assert_eq!(
        ["licence_cost", "items", "cost", "hours", "savings", "net_benefit", "payback_months"]
            .map(|name| calculation["totals"][name].clone()),
        [json!(10950.0), json!(650), json!(90.0), json!(71.0), json!(3450.0), json!(3360.0), json!(0.3)]
    );
    Ok(())
}

/// The rates are read from Process Vault when asked: a process's rates changed there, the
/// savings follow at once; the process names to assign are its names too.
async fn the_rates_and_process_names_are_process_vaults(engine: Engine) -> anyhow::Result<()> {
    let (harness, acme, _, _) = with_scenario(engine).await?;
    let processes = harness.call_module("vault", &acme, "GET", "/processes?q=Payroll", None).await?;
    let payroll = &processes.body["items"][0];
    let change = json!({ "version": payroll["version"], "hourly_cost": 80 });
    let changed =
        harness.call_module("vault", &acme, "PATCH", &format!("/processes/{}", id(payroll)?), Some(change)).await?;
    assert_eq!(changed.status, 200, "{changed:?}");
    let calculation = get(&harness, &acme, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(calculation["bots"][0]["savings"], 3800.0, "3000 + 10 h × 80");

    let names = get(&harness, &acme, "/processes").await?;
    assert_eq!(names, json!({ "available": true, "names": ["Invoice posting", "Payroll check"] }));
    Ok(())
}

/// Without Process Vault there are no rates: nothing is saved (the licence still costs), no
/// process is known, no process names are offered, and the page says so.
async fn without_process_vault_nothing_is_saved(engine: Engine) -> anyhow::Result<()> {
    let harness = Harness::load_on(engine, product_module("bots")?).await?;
    let acme = harness.company("Acme").await?;
    create_bot(&harness, &acme, json!({ "name": "Alpha", "licence_cost": 365 })).await?;
    let key = harness.api_key(&acme).await?;
    ingest(&harness, &key, json!([run("r1", "Alpha", "Invoice posting", DAY0, Some(DAY0 + 60), "successful", 100)]))
        .await?;
    let calculation = get(&harness, &acme, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(calculation["vault_available"], false);
    let alpha = &calculation["bots"][0];
    assert_eq!(
        (&alpha["items"], &alpha["savings"], &alpha["cost"], &alpha["net_benefit"], &alpha["processes"][0]["known"]),
        (&json!(100), &json!(0.0), &json!(3.0), &json!(-3.0), &json!(false))
    );
    assert_eq!(get(&harness, &acme, "/processes").await?, json!({ "available": false, "names": [] }));
    Ok(())
}
