//! Isolation: another company's bots are not found, and its runs (even of a bot of the same
//! name, under the same external ids) never reach this company's figures.

use autoscope_module_test::{Company, Engine, Harness};
use serde_json::{Value, json};

use crate::common::{DAY0, RANGE, create_bot, get, id, ingest, load, names, refused, run, scenario};

autoscope_module_test::on_both_engines!(
    another_companys_bot_ids_are_not_found,
    another_companys_runs_never_reach_this_companys_figures,
    a_member_of_two_companies_sees_only_the_active_companys_bots,
);

/// Acme with the scenario; Globex with its own Alpha and runs: one under Acme's external id
/// r1 (9,999 items), one running now, and one of a bot Zulu. Answers Acme, Globex, Acme's
/// Alpha and Globex's.
async fn two_companies(harness: &Harness) -> anyhow::Result<(Company, Company, Value, Value)> {
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let (alpha, _) = scenario(harness, &acme).await?;
    let theirs = create_bot(harness, &globex, json!({ "name": "Alpha", "licence_cost": 1 })).await?;
    let their_key = harness.api_key(&globex).await?;
    let now = harness.now();
    ingest(
        harness,
        &their_key,
        json!([
            run("r1", "Alpha", "Invoice posting", DAY0 + 100, Some(DAY0 + 50_000), "successful", 9_999),
            run("g-live", "Alpha", "Invoice posting", now - 60, None, "running", 0),
            run("g2", "Zulu", "Invoice posting", DAY0 + 100, Some(DAY0 + 200), "successful", 5),
        ]),
    )
    .await?;
    Ok((acme, globex, alpha, theirs))
}

/// Another company's bot id is not found on any route, and nothing of it changes.
async fn another_companys_bot_ids_are_not_found(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, globex, _, theirs) = two_companies(&harness).await?;
    let their_path = format!("/bots/{}", id(&theirs)?);
    for (method, path, body) in [
        ("GET", their_path.clone(), None),
        ("PATCH", their_path.clone(), Some(json!({ "version": 1, "notes": "mine" }))),
        ("DELETE", format!("{their_path}?version=1"), None),
        ("GET", format!("{their_path}/overview"), None),
        ("GET", format!("{their_path}/runs"), None),
    ] {
        assert_eq!(refused(&harness, &acme, method, &path, body, 404).await?, "Bot not found", "{method} {path}");
    }
    assert_eq!(get(&harness, &globex, &their_path).await?["notes"], Value::Null, "untouched");
    Ok(())
}

/// Another company's runs count nowhere here: not in the list, the status, the heatmap, the
/// calculation, a bot's runs or its overview. And the other way round: the other company's
/// calculation holds only its own runs, and its processes are not this company's (Process
/// Vault is per company too).
async fn another_companys_runs_never_reach_this_companys_figures(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, globex, alpha, _) = two_companies(&harness).await?;
    assert_eq!(names(&get(&harness, &acme, "/bots").await?), ["Alpha", "Bravo"]);
    let status = get(&harness, &acme, "/status").await?;
    assert_eq!(status["counts"], json!({ "running": 0, "idle": 0, "offline": 3, "new": 0 }), "Alpha, Bravo and Ghost");
    let heatmap = get(&harness, &acme, &format!("/heatmap?{RANGE}")).await?;
    assert_eq!(heatmap["bots"][0]["busy_seconds"], json!([5_400, 1_800, 7_200]));
    assert_eq!(heatmap["bots"].as_array().map(Vec::len), Some(3), "no Zulu");
    let calculation = get(&harness, &acme, &format!("/calculation?{RANGE}")).await?;
    assert_eq!((&calculation["bots"][0]["items"], &calculation["totals"]["items"]), (&json!(640), &json!(650)));
    let runs = get(&harness, &acme, &format!("/bots/{}/runs", id(&alpha)?)).await?;
    assert_eq!(runs["items"].as_array().map(Vec::len), Some(6), "r0 to r5, the same ids as Globex's are Acme's own");
    assert_eq!(runs["items"][5]["items"], 1_000);
    let overview = get(&harness, &acme, &format!("/bots/{}/overview?{RANGE}", id(&alpha)?)).await?;
    assert_eq!((&overview["current_runs"], &overview["runs"]["items"]), (&json!([]), &json!(640)));

    let theirs = get(&harness, &globex, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(theirs["totals"]["items"], 10_004);
    assert_eq!(theirs["vault_available"], true);
    assert_eq!(theirs["bots"][0]["processes"][0]["known"], false, "Acme's processes are not Globex's");
    Ok(())
}

/// Ann belongs to Acme and Globex, where she registers Zulu and its run arrives: with her
/// Acme session the list, status and calculation hold Acme's bots and runs only, and Zulu
/// is not found; with her Globex session they hold Globex's only.
async fn a_member_of_two_companies_sees_only_the_active_companys_bots(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, globex, _, _) = two_companies(&harness).await?;
    let ann_in_acme = acme.add_user("ann@acme.test").await?;
    let ann_in_globex = globex.add_member(&ann_in_acme).await?;
    let zulu = create_bot(&harness, &ann_in_globex, json!({ "name": "Zulu", "licence_cost": 2 })).await?;

    assert_eq!(names(&get(&harness, &ann_in_acme, "/bots").await?), ["Alpha", "Bravo"]);
    let status = get(&harness, &ann_in_acme, "/status").await?;
    assert_eq!(status["counts"], json!({ "running": 0, "idle": 0, "offline": 3, "new": 0 }), "Alpha, Bravo and Ghost");
    let calculation = get(&harness, &ann_in_acme, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(calculation["totals"]["items"], 650);
    let their_path = format!("/bots/{}", id(&zulu)?);
    assert_eq!(refused(&harness, &ann_in_acme, "GET", &their_path, None, 404).await?, "Bot not found");

    assert_eq!(names(&get(&harness, &ann_in_globex, "/bots").await?), ["Alpha", "Zulu"]);
    let status = get(&harness, &ann_in_globex, "/status").await?;
    assert_eq!(status["counts"]["running"], 1, "Globex's Alpha runs now");
    let calculation = get(&harness, &ann_in_globex, &format!("/calculation?{RANGE}")).await?;
    assert_eq!(calculation["totals"]["items"], 10_004);
    assert_eq!(get(&harness, &ann_in_globex, &their_path).await?["name"], "Zulu");
    Ok(())
}
