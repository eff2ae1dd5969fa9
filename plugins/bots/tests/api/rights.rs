//! Rights and the session: Bot Profile's own right gates every route; the page learns the
//! company's people, whether the user administers the company, and its currency.

use autoscope_module_test::{Engine, Right, Session, default_role_rights};
use serde_json::json;

use crate::common::{create_bot, get, id, load, refused};

autoscope_module_test::on_both_engines!(
    the_bot_profile_right_gates_the_module,
    the_page_learns_the_people_the_users_role_and_the_currency,
);

/// Bot Profile needs its own right, the company administrator and a member alike: without
/// it every route is refused; given back, the module answers.
async fn the_bot_profile_right_gates_the_module(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let bot = create_bot(&harness, &acme, json!({ "name": "Alpha" })).await?;
    let mut rights = default_role_rights();
    rights.insert("bot_profile".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let bot_path = format!("/bots/{}", id(&bot)?);
    for who in [&acme as &dyn Session, &bob] {
        for (method, path) in [
            ("GET", "/bots".to_string()),
            ("POST", "/bots".to_string()),
            ("GET", bot_path.clone()),
            ("PATCH", bot_path.clone()),
            ("DELETE", bot_path.clone()),
            ("GET", format!("{bot_path}/overview")),
            ("GET", format!("{bot_path}/runs")),
            ("GET", "/status".to_string()),
            ("GET", "/heatmap".to_string()),
            ("GET", "/calculation".to_string()),
            ("GET", "/processes".to_string()),
            ("GET", "/people".to_string()),
            ("GET", "/me".to_string()),
        ] {
            let body = (method != "GET" && method != "DELETE").then(|| json!({ "version": 1, "name": "X" }));
            let message = refused(&harness, who, method, &path, body, 403).await?;
            assert_eq!(message, "Your rights do not allow this module", "{method} {path}");
        }
    }
    rights.insert("bot_profile".into(), Right { view: true, disabled: false });
    acme.set_rights(&rights).await?;
    assert_eq!(get(&harness, &bob, "/bots").await?["total"], 1);
    Ok(())
}

/// The people a bot may be owned by are the company's users (its administrator and Bob);
/// `/me` lets the page show the API keys tab to company administrators only, and money in
/// the company's currency. Grouped: the page's reads on opening, one call each.
async fn the_page_learns_the_people_the_users_role_and_the_currency(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let people = get(&harness, &acme, "/people").await?;
    assert_eq!(people.as_array().map(Vec::len), Some(2));
    let currency = json!({ "code": "USD", "symbol": "$" });
    assert_eq!(get(&harness, &acme, "/me").await?, json!({ "company_admin": true, "currency": currency }));
    assert_eq!(get(&harness, &bob, "/me").await?, json!({ "company_admin": false, "currency": currency }));
    Ok(())
}
