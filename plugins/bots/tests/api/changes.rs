//! Changing and deleting a bot: every write carries the version read, a change is checked
//! as a new bot is, and a bot whose runs name it keeps its name.

use autoscope_module_test::{Company, Engine, Harness};
use serde_json::{Value, json};

use crate::common::{CONFLICT, DAY0, api, create_bot, get, id, ingest, load, names, refused, run};

autoscope_module_test::on_both_engines!(
    a_change_carries_the_version_read_and_is_checked_as_a_new_bot_is,
    a_bot_may_be_renamed_until_runs_name_it,
    a_deleted_bot_is_gone_and_a_stale_delete_conflicts,
);

/// Acme with Alpha (licence 100) and Bravo, both at version 1; answers Alpha and Bravo.
async fn alpha_and_bravo(harness: &Harness) -> anyhow::Result<(Company, Value, Value)> {
    let acme = harness.company("Acme").await?;
    let alpha = create_bot(harness, &acme, json!({ "name": "Alpha", "licence_cost": 100 })).await?;
    let bravo = create_bot(harness, &acme, json!({ "name": "Bravo" })).await?;
    Ok((acme, alpha, bravo))
}

/// A change with the version read goes through and moves the version on; one with an older
/// version conflicts, and one without a version is refused. A change to another bot's name
/// conflicts, and a bad field is refused with the message of a new bot. Grouped: each
/// refusal is one call on the same bot.
async fn a_change_carries_the_version_read_and_is_checked_as_a_new_bot_is(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, bot, _) = alpha_and_bravo(&harness).await?;
    let path = format!("/bots/{}", id(&bot)?);
    let changed =
        api(&harness, &acme, "PATCH", &path, Some(json!({ "version": 1, "licence_cost": 250, "notes": "More" })), 200)
            .await?;
    assert_eq!(
        (&changed["licence_cost"], &changed["notes"], &changed["version"]),
        (&json!(250.0), &json!("More"), &json!(2))
    );
    let stale = json!({ "version": 1, "licence_cost": 300 });
    assert_eq!(refused(&harness, &acme, "PATCH", &path, Some(stale), 409).await?, CONFLICT);
    let no_version = json!({ "name": "Zed" });
    let message = refused(&harness, &acme, "PATCH", &path, Some(no_version), 400).await?;
    assert!(message.contains("version"), "{message}");
    let taken = json!({ "version": 2, "name": "Bravo" });
    assert_eq!(
        refused(&harness, &acme, "PATCH", &path, Some(taken), 409).await?,
        "A bot with this name already exists"
    );
    let bad = json!({ "version": 2, "vendor": "Nobody" });
    assert_eq!(refused(&harness, &acme, "PATCH", &path, Some(bad), 400).await?, "Unknown vendor");
    Ok(())
}

/// A rename keeps runs attached by name: a bot without runs may be renamed, but once a run
/// names it, it keeps its name (other changes, and its own name, still go through).
async fn a_bot_may_be_renamed_until_runs_name_it(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, bot, _) = alpha_and_bravo(&harness).await?;
    let path = format!("/bots/{}", id(&bot)?);
    let renamed = api(&harness, &acme, "PATCH", &path, Some(json!({ "version": 1, "name": "Alpha 2" })), 200).await?;
    assert_eq!((&renamed["name"], &renamed["version"]), (&json!("Alpha 2"), &json!(2)));
    let key = harness.api_key(&acme).await?;
    ingest(&harness, &key, json!([run("x1", "Alpha 2", "Invoice posting", DAY0, Some(DAY0 + 60), "successful", 1)]))
        .await?;
    let rename = json!({ "version": 2, "name": "Alpha 3" });
    assert_eq!(
        refused(&harness, &acme, "PATCH", &path, Some(rename), 400).await?,
        "This bot has runs under its name, so it cannot be renamed"
    );
    let same_name =
        api(&harness, &acme, "PATCH", &path, Some(json!({ "version": 2, "name": "Alpha 2", "machine": "VM-9" })), 200)
            .await?;
    assert_eq!(same_name["machine"], "VM-9");
    Ok(())
}

/// A delete with another version conflicts; with the version read it deletes the bot, which
/// is then not found (to read or delete again) nor listed.
async fn a_deleted_bot_is_gone_and_a_stale_delete_conflicts(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, _, other) = alpha_and_bravo(&harness).await?;
    let other_path = format!("/bots/{}", id(&other)?);
    assert_eq!(refused(&harness, &acme, "DELETE", &format!("{other_path}?version=9"), None, 409).await?, CONFLICT);
    let deleted = api(&harness, &acme, "DELETE", &format!("{other_path}?version=1"), None, 200).await?;
    assert_eq!(deleted, json!({ "message": "Bot deleted" }));
    assert_eq!(refused(&harness, &acme, "GET", &other_path, None, 404).await?, "Bot not found");
    assert_eq!(refused(&harness, &acme, "DELETE", &other_path, None, 404).await?, "Bot not found");
    assert_eq!(names(&get(&harness, &acme, "/bots").await?), ["Alpha"]);
    Ok(())
}
