//! The inventory: a bot stored with its fields and read back, the list sorted by name,
//! searched, filtered, sorted and paged by cursor.

use anyhow::Context;
use autoscope_module_test::{Company, Engine, Harness, User};
use serde_json::{Value, json};

use crate::common::{create_bot, get, id, load, names, refused};

autoscope_module_test::on_both_engines!(
    a_bot_is_stored_trimmed_with_its_fields_and_read_back,
    the_list_is_sorted_by_name_with_defaults_and_in_another_order_by_pages,
    search_and_filters_narrow_the_list,
);

/// Acme and its user Bob, with four bots: Invoice bot (every field, Bob's; answered as
/// created), HR bot (attended, Power Automate, 1,200), Claims bot (Blue Prism, 15,000, VM-02)
/// and Invoice checker (a name only).
async fn inventory(harness: &Harness) -> anyhow::Result<(Company, User, Value)> {
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let invoice_bot = create_bot(
        harness,
        &acme,
        json!({
            "name": " Invoice bot ", "type": "unattended", "machine": "VM-01", "vendor": "UiPath", "owner_id": bob.id,
            "licence_cost": "8000", "processes": "Invoice posting; Vendor invoices", "schedule": "Mon-Fri 06:00-18:00",
            "notes": "Runs the AP queue"
        }),
    )
    .await?;
    for bot in [
        json!({ "name": "HR bot", "type": "attended", "vendor": "Power Automate", "licence_cost": 1200 }),
        json!({ "name": "Claims bot", "vendor": "Blue Prism", "licence_cost": 15000, "machine": "VM-02" }),
        json!({ "name": "Invoice checker" }),
    ] {
        create_bot(harness, &acme, bot).await?;
    }
    Ok((acme, bob, invoice_bot))
}

/// A created bot is answered with its name trimmed, its cost a number, its processes a list
/// and version 1, and reads back the same by its id; an id that is no bot is not found.
async fn a_bot_is_stored_trimmed_with_its_fields_and_read_back(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, _, alpha) = inventory(&harness).await?;
    assert_eq!(
        (
            &alpha["name"],
            &alpha["type"],
            &alpha["vendor"],
            &alpha["licence_cost"],
            &alpha["processes"],
            &alpha["version"]
        ),
        (
            &json!("Invoice bot"),
            &json!("unattended"),
            &json!("UiPath"),
            &json!(8000.0),
            &json!(["Invoice posting", "Vendor invoices"]),
            &json!(1)
        )
    );
    let one = get(&harness, &acme, &format!("/bots/{}", id(&alpha)?)).await?;
    assert_eq!(one, alpha);
    let missing = refused(&harness, &acme, "GET", "/bots/00000000-0000-7000-8000-000000000000", None, 404).await?;
    assert_eq!(missing, "Bot not found");
    Ok(())
}

/// The list is sorted by name, counted whole, on one page; a bot given only a name is
/// unattended, of vendor Other, and costs nothing. Sorted by another field (here licence
/// cost, descending) it comes in pages of `limit`, still counted whole, the next page by the
/// cursor of the one before; the last has none. Grouped (the order of the same four bots) to
/// load one host instead of two.
async fn the_list_is_sorted_by_name_with_defaults_and_in_another_order_by_pages(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, _, _) = inventory(&harness).await?;
    let all = get(&harness, &acme, "/bots").await?;
    assert_eq!(names(&all), ["Claims bot", "HR bot", "Invoice bot", "Invoice checker"], "by name");
    assert_eq!((&all["total"], &all["next_cursor"]), (&json!(4), &Value::Null));
    let defaults = &all["items"][3];
    assert_eq!(
        (&defaults["type"], &defaults["vendor"], &defaults["licence_cost"]),
        (&json!("unattended"), &json!("Other"), &json!(0.0))
    );
    let by_cost = get(&harness, &acme, "/bots?sort=-licence_cost&limit=2").await?;
    assert_eq!(
        (names(&by_cost), &by_cost["total"]),
        (vec!["Claims bot".to_string(), "Invoice bot".to_string()], &json!(4))
    );
    let cursor = by_cost["next_cursor"].as_str().context("a second page")?;
    let second = get(&harness, &acme, &format!("/bots?sort=-licence_cost&limit=2&cursor={cursor}")).await?;
    assert_eq!(names(&second), ["HR bot", "Invoice checker"]);
    assert_eq!(second["next_cursor"], Value::Null);
    Ok(())
}

/// The search matches names in any case; the type, vendor and owner filters keep the bots
/// that have them.
async fn search_and_filters_narrow_the_list(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, bob, _) = inventory(&harness).await?;
    assert_eq!(names(&get(&harness, &acme, "/bots?q=INVOICE").await?), ["Invoice bot", "Invoice checker"]);
    assert_eq!(names(&get(&harness, &acme, "/bots?type=attended").await?), ["HR bot"]);
    assert_eq!(names(&get(&harness, &acme, "/bots?vendor=Blue%20Prism").await?), ["Claims bot"]);
    assert_eq!(names(&get(&harness, &acme, &format!("/bots?owner_id={}", bob.id)).await?), ["Invoice bot"]);
    Ok(())
}
