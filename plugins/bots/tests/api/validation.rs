//! Input checks: a bad bot or list query is refused with its exact message and stores
//! nothing.

use autoscope_module_test::{Company, Engine, Harness};
use serde_json::json;

use crate::common::{create_bot, get, load, refused};

autoscope_module_test::on_both_engines!(
    bad_input_is_refused_with_the_exact_message_and_nothing_is_stored,
    a_name_is_taken_within_its_company_only,
);

/// Acme with its bot "Invoice bot", and Globex.
async fn invoice_bot(harness: &Harness) -> anyhow::Result<(Company, Company)> {
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    create_bot(harness, &acme, json!({ "name": "Invoice bot" })).await?;
    Ok((acme, globex))
}

/// Each check of a new bot's fields answers 400 with its message, and none of the bots is
/// stored; the list refuses an unknown type to filter by and an unknown field to sort by.
/// Grouped: each is one call.
async fn bad_input_is_refused_with_the_exact_message_and_nothing_is_stored(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, globex) = invoice_bot(&harness).await?;
    let cases = [
        (json!({}), 400, "Please enter the bot name"),
        (json!({ "name": "  " }), 400, "Please enter the bot name"),
        (json!({ "name": "x".repeat(101) }), 400, "Name must be at most 100 characters"),
        (json!({ "name": "B", "type": "robot" }), 400, "Unknown bot type"),
        (json!({ "name": "B", "vendor": "Acme RPA" }), 400, "Unknown vendor"),
        (json!({ "name": "B", "machine": "m".repeat(101) }), 400, "Machine must be at most 100 characters"),
        (json!({ "name": "B", "licence_cost": -5 }), 400, "Licence cost must be 0 or more"),
        (
            json!({ "name": "B", "processes": [1, 2] }),
            400,
            "Processes must be a list of names of at most 200 characters",
        ),
        (json!({ "name": "B", "schedule": "s".repeat(201) }), 400, "Schedule must be at most 200 characters"),
        (json!({ "name": "B", "notes": "n".repeat(2001) }), 400, "Notes must be at most 2000 characters"),
        (json!({ "name": "B", "owner_id": globex.user_id }), 400, "Owner is not a user of this company"),
    ];
    for (body, status, message) in cases {
        assert_eq!(refused(&harness, &acme, "POST", "/bots", Some(body.clone()), status).await?, message, "{body}");
    }
    assert_eq!(get(&harness, &acme, "/bots").await?["total"], 1, "nothing else was stored");
    assert_eq!(refused(&harness, &acme, "GET", "/bots?type=robot", None, 400).await?, "Unknown bot type");
    assert_eq!(refused(&harness, &acme, "GET", "/bots?sort=notes", None, 400).await?, "Unknown sort field");
    Ok(())
}

/// A name taken in the company (once trimmed) conflicts and is not stored; the same name in
/// another company is another bot.
async fn a_name_is_taken_within_its_company_only(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, globex) = invoice_bot(&harness).await?;
    let taken = json!({ "name": " Invoice bot" });
    assert_eq!(
        refused(&harness, &acme, "POST", "/bots", Some(taken), 409).await?,
        "A bot with this name already exists"
    );
    assert_eq!(get(&harness, &acme, "/bots").await?["total"], 1, "nothing else was stored");
    create_bot(&harness, &globex, json!({ "name": "Invoice bot" })).await?;
    Ok(())
}
