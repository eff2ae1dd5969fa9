//! Companies stay apart, and the capability is the installation's to give.

use autoscope_module_test::shortcuts::{call, company, expect, message, user};
use autoscope_module_test::{Engine, Grants, Harness, product_module};
use serde_json::{Value, json};

use crate::common::{acme_with_bob, invite, load, members, patch};

autoscope_module_test::on_both_engines!(
    another_companys_members_and_invitations_are_not_found,
    a_member_of_two_companies_sees_only_the_active_companys_members,
    without_the_granted_capability_every_call_is_refused,
);

/// Globex's admin sees none of Acme's people and reaches none of them by id.
async fn another_companys_members_and_invitations_are_not_found(engine: Engine) {
    let harness = load(engine).await;
    let (acme, bob) = acme_with_bob(&harness).await;
    let globex = company(&harness, "Globex").await;
    let list = members(&harness, &globex).await;
    assert_eq!(list["members"].as_array().map(Vec::len), Some(1));
    let refused = patch(&harness, &globex, &bob.id, json!({ "status": "deactivated" })).await;
    assert_eq!(message(refused, 404), "No such member");
    let sent = expect(invite(&harness, &acme, &["x@example.com"]).await, 201);
    let invitation = sent[0]["id"].as_str().unwrap();
    let revoke = call(&harness, &globex, "DELETE", &format!("/invitations/{invitation}"), None).await;
    assert_eq!(message(revoke, 404), "No such invitation");
    let history = call(&harness, &globex, "GET", &format!("/members/{}/history", bob.id), None).await;
    assert_eq!(message(history, 404), "No such member");
    assert_eq!(expect(call(&harness, &globex, "GET", "/invitations", None).await, 200), json!([]));
}

/// Ann belongs to Acme and Globex: her Acme session lists Acme's people only (Bob of Globex
/// is not found there), her Globex session Globex's only (Bob among them).
async fn a_member_of_two_companies_sees_only_the_active_companys_members(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let ann_in_acme = user(&acme, "ann@acme.test").await;
    let ann_in_globex = globex.add_member(&ann_in_acme).await.expect("Ann joins Globex");
    let bob = user(&globex, "bob@globex.test").await;
    let emails = |list: &Value| {
        let mut emails: Vec<String> =
            list["members"].as_array().unwrap().iter().filter_map(|m| m["email"].as_str().map(String::from)).collect();
        emails.sort_unstable();
        emails
    };

    assert_eq!(emails(&members(&harness, &ann_in_acme).await), ["ann@acme.test", "owner@acme.test"]);
    let history = call(&harness, &ann_in_acme, "GET", &format!("/members/{}/history", bob.id), None).await;
    assert_eq!(message(history, 404), "No such member");
    assert_eq!(
        emails(&members(&harness, &ann_in_globex).await),
        ["ann@acme.test", "bob@globex.test", "owner@globex.test"]
    );
}

/// Installed without the `members` grant, the module reaches nobody.
async fn without_the_granted_capability_every_call_is_refused(engine: Engine) {
    let team = product_module("team").expect("the plugin is built (make modules)");
    let harness = Harness::load_on(engine, team.with_grants(Grants::Only(Default::default()))).await;
    let harness = harness.expect("Team Master installs");
    let (acme, _) = acme_with_bob(&harness).await;
    let refused = call(&harness, &acme, "GET", "/members", None).await;
    assert_eq!(message(refused, 403), "The module may not use 'members': the installation did not grant it");
}
