//! The members list, and what a company admin may change: role, admin flag, status,
//! removal; the last active admin stays.

use autoscope_module_test::shortcuts::{call, expect, message, renew};
use autoscope_module_test::{Engine, Session};
use serde_json::json;

use crate::common::{acme_with_bob, load, member, members, patch, role_id};

autoscope_module_test::on_both_engines!(
    the_list_holds_every_member_with_the_callers_standing,
    a_member_who_is_not_admin_changes_nothing,
    deactivation_ends_the_members_sessions_at_once,
    the_last_active_admin_can_be_neither_demoted_nor_deactivated,
    a_removed_member_stays_as_a_former_member,
    a_role_change_applies_on_the_members_next_request,
    a_members_history_tells_what_was_done,
);

/// Everyone with name, e-mail, role, status and join date; the admin may manage, a member
/// may not; on the community edition 3 of the 5 seats are left with two members.
async fn the_list_holds_every_member_with_the_callers_standing(engine: Engine) {
    let harness = load(engine).await;
    let (acme, bob) = acme_with_bob(&harness).await;
    let list = members(&harness, &acme).await;
    assert_eq!((list["can_manage"].as_bool(), list["me"].as_str()), (Some(true), Some(acme.user_id.as_str())));
    assert_eq!(list["seats_left"], 3);
    let emails: Vec<&str> = list["members"].as_array().unwrap().iter().filter_map(|m| m["email"].as_str()).collect();
    assert_eq!(emails.len(), 2);
    assert!(emails.contains(&"bob@acme.test") && emails.contains(&acme.email.as_str()), "{emails:?}");
    let bob_row = member(&harness, &acme, &bob.id).await;
    assert_eq!((bob_row["role"].as_str(), bob_row["status"].as_str()), (Some("communityuser"), Some("active")));
    assert_eq!(bob_row["company_admin"], false);
    assert!(bob_row["joined_at"].as_i64().unwrap() > 0);
    assert_eq!(members(&harness, &bob).await["can_manage"], false);
}

/// Changes by a member without the admin flag are refused by the host, whatever the plugin sends.
async fn a_member_who_is_not_admin_changes_nothing(engine: Engine) {
    let harness = load(engine).await;
    let (acme, bob) = acme_with_bob(&harness).await;
    let refused = patch(&harness, &bob, &acme.user_id, json!({ "status": "deactivated" })).await;
    assert_eq!(message(refused, 403), "Only a company admin may change the team");
    let refused = call(&harness, &bob, "DELETE", &format!("/members/{}", acme.user_id), None).await;
    assert_eq!(message(refused, 403), "Only a company admin may change the team");
    assert_eq!(member(&harness, &acme, &acme.user_id).await["status"], "active");
}

/// A deactivated member's token is refused on the next request; reactivated, they sign in again.
async fn deactivation_ends_the_members_sessions_at_once(engine: Engine) {
    let harness = load(engine).await;
    let (acme, bob) = acme_with_bob(&harness).await;
    let changed = expect(patch(&harness, &acme, &bob.id, json!({ "status": "deactivated" })).await, 200);
    assert_eq!(changed["status"], "deactivated");
    assert_eq!(call(&harness, &bob, "GET", "/members", None).await.status, 401);
    expect(patch(&harness, &acme, &bob.id, json!({ "status": "active" })).await, 200);
    let bob = renew(&harness, &bob).await;
    assert_eq!(call(&harness, &bob, "GET", "/members", None).await.status, 200);
    let bad = patch(&harness, &acme, &bob.id, json!({ "status": "removed" })).await;
    assert_eq!(message(bad, 400), "A member's status is active or deactivated");
}

/// The company keeps one active admin: the only one cannot drop the flag or deactivate
/// themself; once another admin exists, they can.
async fn the_last_active_admin_can_be_neither_demoted_nor_deactivated(engine: Engine) {
    let harness = load(engine).await;
    let (acme, bob) = acme_with_bob(&harness).await;
    for change in [json!({ "company_admin": false }), json!({ "status": "deactivated" })] {
        let refused = patch(&harness, &acme, &acme.user_id, change).await;
        assert_eq!(message(refused, 409), "The company needs at least one active admin");
    }
    let refused = call(&harness, &acme, "DELETE", &format!("/members/{}", acme.user_id), None).await;
    assert_eq!(message(refused, 409), "The company needs at least one active admin");
    expect(patch(&harness, &acme, &bob.id, json!({ "company_admin": true })).await, 200);
    let demoted = expect(patch(&harness, &acme, &acme.user_id, json!({ "company_admin": false })).await, 200);
    assert_eq!(demoted["company_admin"], false);
    assert_eq!(members(&harness, &bob).await["can_manage"], true);
}

/// Removal keeps the person in the list as a former member, and ends their access.
async fn a_removed_member_stays_as_a_former_member(engine: Engine) {
    let harness = load(engine).await;
    let (acme, bob) = acme_with_bob(&harness).await;
    let removed = expect(call(&harness, &acme, "DELETE", &format!("/members/{}", bob.id), None).await, 200);
    assert_eq!((removed["status"].as_str(), removed["email"].as_str()), (Some("removed"), Some("bob@acme.test")));
    assert_eq!(member(&harness, &acme, &bob.id).await["status"], "removed");
    assert_eq!(call(&harness, &bob, "GET", "/members", None).await.status, 401);
    assert_eq!(members(&harness, &acme).await["seats_left"], 4, "a former member takes no seat");
}

/// A member given a role without Team Master's right is refused on their very next call.
async fn a_role_change_applies_on_the_members_next_request(engine: Engine) {
    let harness = load(engine).await;
    let (acme, bob) = acme_with_bob(&harness).await;
    let rights = json!({ "team_profile": { "view": false, "disabled": false } });
    let viewer = expect(
        call(&harness, &acme, "POST", "/roles", Some(json!({ "name": "Outsider", "rights": rights }))).await,
        201,
    );
    let changed = patch(&harness, &acme, &bob.id, json!({ "role_id": viewer["id"] })).await;
    assert_eq!(expect(changed, 200)["role"], "Outsider");
    assert_eq!(
        message(call(&harness, &bob, "GET", "/members", None).await, 403),
        "Your rights do not allow this module"
    );
    let back = role_id(&harness, &acme, "communityuser").await;
    expect(patch(&harness, &acme, &bob.id, json!({ "role_id": back })).await, 200);
    assert_eq!(call(&harness, &bob, "GET", "/members", None).await.status, 200);
    let unknown = patch(&harness, &acme, &bob.id, json!({ "role_id": "no-such-role" })).await;
    assert_eq!(message(unknown, 404), "No such role");
}

/// The drawer's history lists the changes made to the member, newest first, naming who made
/// them and the address their request came from.
async fn a_members_history_tells_what_was_done(engine: Engine) {
    let harness = load(engine).await;
    let (acme, bob) = acme_with_bob(&harness).await;
    expect(patch(&harness, &acme, &bob.id, json!({ "company_admin": true })).await, 200);
    expect(patch(&harness, &acme, &bob.id, json!({ "status": "deactivated" })).await, 200);
    let history = expect(call(&harness, &acme, "GET", &format!("/members/{}/history", bob.id), None).await, 200);
    let messages: Vec<&str> = history.as_array().unwrap().iter().filter_map(|e| e["message"].as_str()).collect();
    assert_eq!(
        messages[..2],
        [
            format!("{} deactivated bob@acme.test", acme.email),
            format!("{} made bob@acme.test a company admin", acme.email)
        ]
    );
    // The test harness's requests come from 127.0.0.1.
    assert_eq!(history[0]["from"], "127.0.0.1");
    let missing = call(&harness, &acme, "GET", "/members/nobody/history", None).await;
    assert_eq!(message(missing, 404), "No such member");
    assert_eq!(acme.company_id(), bob.company_id());
}
