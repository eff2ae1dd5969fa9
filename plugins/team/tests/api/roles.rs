//! Roles and their rights matrix: create, rename, copy, delete (not while held), and a
//! change of rights reaching the role's members on their next request.

use autoscope_module_test::shortcuts::{call, expect, id, message};
use autoscope_module_test::{Engine, Module, built_plugin};
use serde_json::{Value, json};

use crate::common::{acme_with_bob, load, patch, role_id, roles};

autoscope_module_test::on_both_engines!(
    the_matrix_lists_the_installed_modules_rights_keys,
    roles_are_created_renamed_copied_and_deleted,
    a_role_held_by_a_member_cannot_be_deleted,
    a_change_of_rights_reaches_the_roles_members_at_once,
    a_member_who_is_not_admin_cannot_change_roles,
    a_modules_own_rights_key_is_granted_in_the_matrix,
);

fn key<'a>(roles: &'a Value, key: &str) -> &'a Value {
    roles["keys"].as_array().unwrap().iter().find(|k| k["key"] == key).unwrap_or(&Value::Null)
}

/// One row per rights key of an installed module, named after it; Create New Company is
/// premium; keys of modules not installed are left out.
async fn the_matrix_lists_the_installed_modules_rights_keys(engine: Engine) {
    let harness = load(engine).await;
    let (acme, _) = acme_with_bob(&harness).await;
    let roles = roles(&harness, &acme).await;
    assert_eq!(roles["edition"], "community");
    assert_eq!(key(&roles, "team_profile")["label"], "Team Master");
    assert_eq!(key(&roles, "createCompany")["premium"], true);
    assert_eq!(*key(&roles, "chat"), Value::Null, "Chat is not installed here");
    let community = roles["roles"].as_array().unwrap().iter().find(|r| r["name"] == "communityuser").unwrap();
    assert_eq!(community["members"], 2);
    assert_eq!(community["rights"]["team_profile"], json!({ "view": true, "disabled": false }));
}

/// Names are required, at most 60 characters and unique; a copy is a new role with
/// another's rights; an unused role is deleted.
async fn roles_are_created_renamed_copied_and_deleted(engine: Engine) {
    let harness = load(engine).await;
    let (acme, _) = acme_with_bob(&harness).await;
    let rights =
        json!({ "team_profile": { "view": true, "disabled": false }, "support": { "view": true, "disabled": true } });
    let analyst = expect(
        call(&harness, &acme, "POST", "/roles", Some(json!({ "name": " Analyst ", "rights": rights }))).await,
        201,
    );
    assert_eq!((analyst["name"].as_str(), analyst["members"].as_u64()), (Some("Analyst"), Some(0)));
    let copy = json!({ "name": "Analyst (copy)", "rights": analyst["rights"] });
    let copied = expect(call(&harness, &acme, "POST", "/roles", Some(copy)).await, 201);
    assert_eq!(copied["rights"], analyst["rights"]);
    for (name, status, text) in [
        ("", 400, "Please enter a role name"),
        (&"x".repeat(61)[..], 400, "A role name is at most 60 characters"),
        ("analyst", 201, ""),
        ("Analyst", 409, "A role with this name already exists"),
    ] {
        let reply = call(&harness, &acme, "POST", "/roles", Some(json!({ "name": name, "rights": {} }))).await;
        assert_eq!(reply.status, status, "{name}: {reply:?}");
        if !text.is_empty() {
            assert_eq!(reply.body["message"], text);
        }
    }
    let unknown = call(
        &harness,
        &acme,
        "POST",
        "/roles",
        Some(json!({ "name": "X", "rights": { "nope": { "view": true, "disabled": false } } })),
    )
    .await;
    assert_eq!(message(unknown, 400), "Unknown rights key: nope");
    let renamed = expect(
        call(&harness, &acme, "PATCH", &format!("/roles/{}", id(&copied)), Some(json!({ "name": "Auditor" }))).await,
        200,
    );
    assert_eq!(renamed["name"], "Auditor");
    let clash =
        call(&harness, &acme, "PATCH", &format!("/roles/{}", id(&copied)), Some(json!({ "name": "Analyst" }))).await;
    assert_eq!(message(clash, 409), "A role with this name already exists");
    let deleted = expect(call(&harness, &acme, "DELETE", &format!("/roles/{}", id(&copied)), None).await, 200);
    assert_eq!(deleted["name"], "Auditor");
    let names: Vec<String> = roles(&harness, &acme).await["roles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    assert!(!names.contains(&"Auditor".to_string()), "{names:?}");
}

/// While a member or an open invitation holds a role, it stays.
async fn a_role_held_by_a_member_cannot_be_deleted(engine: Engine) {
    let harness = load(engine).await;
    let (acme, _) = acme_with_bob(&harness).await;
    let community = role_id(&harness, &acme, "communityuser").await;
    let held = call(&harness, &acme, "DELETE", &format!("/roles/{community}"), None).await;
    assert_eq!(message(held, 409), "Members hold this role: give them another role first");
    let spare =
        expect(call(&harness, &acme, "POST", "/roles", Some(json!({ "name": "Spare", "rights": {} }))).await, 201);
    let invited = json!({ "emails": ["x@example.com"], "role_id": id(&spare) });
    expect(call(&harness, &acme, "POST", "/invitations", Some(invited)).await, 201);
    let held = call(&harness, &acme, "DELETE", &format!("/roles/{}", id(&spare)), None).await;
    assert_eq!(message(held, 409), "Members hold this role: give them another role first");
}

/// Taking Team Master's right from the role its members hold locks them out on their next
/// call, and giving it back opens it again.
async fn a_change_of_rights_reaches_the_roles_members_at_once(engine: Engine) {
    let harness = load(engine).await;
    let (acme, bob) = acme_with_bob(&harness).await;
    let spare = expect(
        call(
            &harness,
            &acme,
            "POST",
            "/roles",
            Some(json!({ "name": "Team", "rights": { "team_profile": { "view": true, "disabled": false } } })),
        )
        .await,
        201,
    );
    expect(patch(&harness, &acme, &bob.id, json!({ "role_id": id(&spare) })).await, 200);
    assert_eq!(call(&harness, &bob, "GET", "/members", None).await.status, 200);
    let closed = json!({ "rights": { "team_profile": { "view": true, "disabled": true } } });
    let changed = expect(call(&harness, &acme, "PATCH", &format!("/roles/{}", id(&spare)), Some(closed)).await, 200);
    assert_eq!(changed["rights"]["team_profile"]["disabled"], true);
    assert_eq!(call(&harness, &bob, "GET", "/members", None).await.status, 403);
    let open = json!({ "rights": { "team_profile": { "view": true, "disabled": false } } });
    expect(call(&harness, &acme, "PATCH", &format!("/roles/{}", id(&spare)), Some(open)).await, 200);
    assert_eq!(call(&harness, &bob, "GET", "/members", None).await.status, 200);
}

/// Reading roles is open to every member with the right; changing them is for admins.
async fn a_member_who_is_not_admin_cannot_change_roles(engine: Engine) {
    let harness = load(engine).await;
    let (_, bob) = acme_with_bob(&harness).await;
    assert_eq!(roles(&harness, &bob).await["roles"].as_array().map(Vec::len), Some(1));
    let refused = call(&harness, &bob, "POST", "/roles", Some(json!({ "name": "Mine", "rights": {} }))).await;
    assert_eq!(message(refused, 403), "Only a company admin may change the team");
}

/// A third-party module may gate itself with its own rights key: the matrix shows it named
/// after the module, no role has it until a company admin grants it, and its calls follow
/// the grant.
async fn a_modules_own_rights_key_is_granted_in_the_matrix(engine: Engine) {
    let harness = load(engine).await;
    let manifest = std::env::temp_dir().join(format!("acme-reports-{engine:?}-{}.toml", std::process::id()));
    let text = "key = \"acme_reports\"\nname = \"Acme Reports\"\nversion = \"1.0.0\"\nhost_api = 1\nrights_key = \"acme_reports\"\n";
    std::fs::write(&manifest, text).unwrap();
    let reports = Module::new(&manifest, built_plugin("test_module_faults").expect("make modules built it"));
    harness.install(reports).await.expect("a module with its own rights key installs");
    let (acme, bob) = acme_with_bob(&harness).await;
    let listed = roles(&harness, &acme).await;
    assert_eq!(
        *key(&listed, "acme_reports"),
        json!({ "key": "acme_reports", "label": "Acme Reports", "premium": false })
    );
    let refused = harness.call_module("acme_reports", &bob, "GET", "/ok", None).await.unwrap();
    assert_eq!(message(refused, 403), "Your rights do not allow this module");
    let community = listed["roles"].as_array().unwrap().iter().find(|r| r["name"] == "communityuser").unwrap();
    let mut rights = community["rights"].clone();
    rights["acme_reports"] = json!({ "view": true, "disabled": false });
    let path = format!("/roles/{}", id(community));
    expect(call(&harness, &acme, "PATCH", &path, Some(json!({ "rights": rights }))).await, 200);
    let served = harness.call_module("acme_reports", &bob, "GET", "/ok", None).await.unwrap();
    assert_eq!(expect(served, 200), json!({ "ok": true }));
    std::fs::remove_file(manifest).unwrap();
}
