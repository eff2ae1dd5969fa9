//! Invitations by e-mail: the mail and its single-use link, a new person and an existing
//! account accepting, resend and revoke, the links that no longer work, and the community
//! edition's five people.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, expect, id, message, renew};
use autoscope_module_test::{Edition, Engine};
use serde_json::json;

use crate::common::{
    Bearer, PASSWORD, accept, acme_with_bob, invite, link_token, load, members, newcomer, open, signed_up,
};

autoscope_module_test::on_both_engines!(
    a_new_person_accepts_once_and_is_signed_in_to_the_company,
    a_person_with_an_account_joins_with_their_password,
    expired_revoked_used_and_forged_links_say_so,
    a_resent_invitation_replaces_its_link,
    the_sixth_community_member_is_refused,
    addresses_are_checked_before_anything_is_sent,
);

/// The mail's link opens the invitation; the person's step-3 fields and password make their
/// account, a member with the invitation's role, signed in to that company; the link then
/// says it was used.
async fn a_new_person_accepts_once_and_is_signed_in_to_the_company(engine: Engine) {
    let harness = load(engine).await;
    let (acme, _) = acme_with_bob(&harness).await;
    let sent = expect(invite(&harness, &acme, &["Carol@Example.com"]).await, 201);
    assert_eq!((sent[0]["email"].as_str(), sent[0]["status"].as_str()), (Some("carol@example.com"), Some("pending")));
    let mail = &harness.mails_to("carol@example.com").await.unwrap()[0];
    assert_eq!(mail.subject, "Join Acme on Autoscope");
    let token = link_token(&harness, "carol@example.com").await;
    let info = expect(open(&harness, &token).await, 200);
    assert_eq!(info["companyname"], "Acme");
    assert_eq!((info["email"].as_str(), info["has_account"].as_bool()), (Some("carol@example.com"), Some(false)));
    let missing = accept(&harness, json!({ "token": token, "password": "Tr4vel-Kite#2" })).await;
    assert_eq!(message(missing, 400), "Please enter First Name");
    let joined = expect(accept(&harness, newcomer(&token)).await, 200);
    assert_eq!(joined["userdata"]["company_id"], acme.id.as_str());
    assert_eq!(joined["userdata"]["userrole"][0]["role"], "communityuser");
    let carol = Bearer(joined["token"].as_str().unwrap().to_string());
    let me = harness.request("GET", "/api/users/me", Some(&carol), None).await.unwrap();
    assert_eq!(
        (me.body["firstname"].as_str(), me.body["company_id"].as_str()),
        (Some("Carol"), Some(acme.id.as_str()))
    );
    let listed = members(&harness, &acme).await;
    assert!(listed["members"].as_array().unwrap().iter().any(|m| m["email"] == "carol@example.com"));
    let again = accept(&harness, newcomer(&token)).await;
    assert_eq!(message(again, 410), "This invitation has already been used");
    assert_eq!(message(open(&harness, &token).await, 410), "This invitation has already been used");
}

/// Someone with an account elsewhere joins by giving their password (a wrong one is
/// refused), and then belongs to both companies.
async fn a_person_with_an_account_joins_with_their_password(engine: Engine) {
    let harness = load(engine).await;
    let (acme, _) = acme_with_bob(&harness).await;
    signed_up(&harness, "dan@globex.test", "Globex").await;
    expect(invite(&harness, &acme, &["dan@globex.test"]).await, 201);
    let token = link_token(&harness, "dan@globex.test").await;
    assert_eq!(expect(open(&harness, &token).await, 200)["has_account"], true);
    let wrong = accept(&harness, json!({ "token": token, "password": "not-it" })).await;
    assert_eq!(message(wrong, 401), "The password is not right");
    let joined = expect(accept(&harness, json!({ "token": token, "password": PASSWORD })).await, 200);
    assert_eq!(joined["userdata"]["companyname"], "Acme");
    let dan = Bearer(joined["token"].as_str().unwrap().to_string());
    let companies = harness.request("GET", "/api/users/companies", Some(&dan), None).await.unwrap();
    let mut names: Vec<&str> =
        companies.body.as_array().unwrap().iter().filter_map(|c| c["companyname"].as_str()).collect();
    names.sort();
    assert_eq!(names, ["Acme", "Globex"]);
}

/// A link past its 7 days, a withdrawn one and a made-up one each answer plainly.
async fn expired_revoked_used_and_forged_links_say_so(engine: Engine) {
    let harness = load(engine).await;
    let (acme, _) = acme_with_bob(&harness).await;
    let sent = expect(invite(&harness, &acme, &["late@example.com", "gone@example.com"]).await, 201);
    let gone = sent.as_array().unwrap().iter().find(|i| i["email"] == "gone@example.com").unwrap();
    let revoked = expect(call(&harness, &acme, "DELETE", &format!("/invitations/{}", id(gone)), None).await, 200);
    assert_eq!(revoked["status"], "revoked");
    let token = link_token(&harness, "gone@example.com").await;
    assert_eq!(message(open(&harness, &token).await, 410), "This invitation was withdrawn");
    let late = link_token(&harness, "late@example.com").await;
    harness.advance(Duration::from_secs(7 * 86_400 + 60));
    assert_eq!(message(open(&harness, &late).await, 410), "This invitation has expired: ask for a new one");
    assert_eq!(message(accept(&harness, newcomer(&late)).await, 410), "This invitation has expired: ask for a new one");
    // Sessions end with time too: the admin signs in again.
    let acme = renew(&harness, &acme).await;
    let forged = late.chars().rev().collect::<String>();
    assert_eq!(message(open(&harness, &forged).await, 404), "This invitation link is not valid");
    assert_eq!(message(open(&harness, "").await, 404), "This invitation link is not valid");
    let listed = expect(call(&harness, &acme, "GET", "/invitations", None).await, 200);
    let statuses: Vec<&str> = listed.as_array().unwrap().iter().filter_map(|i| i["status"].as_str()).collect();
    assert_eq!(statuses.len(), 2);
    assert!(statuses.contains(&"expired") && statuses.contains(&"revoked"), "{statuses:?}");
}

/// Resending mails a new link that works for 7 more days; the old link stops working.
async fn a_resent_invitation_replaces_its_link(engine: Engine) {
    let harness = load(engine).await;
    let (acme, _) = acme_with_bob(&harness).await;
    let sent = expect(invite(&harness, &acme, &["carol@example.com"]).await, 201);
    let old = link_token(&harness, "carol@example.com").await;
    harness.advance(Duration::from_secs(6 * 86_400));
    let acme = renew(&harness, &acme).await;
    let resent =
        expect(call(&harness, &acme, "POST", &format!("/invitations/{}/resend", id(&sent[0])), None).await, 200);
    assert!(resent["expires_at"].as_i64() > sent[0]["expires_at"].as_i64());
    let new = link_token(&harness, "carol@example.com").await;
    assert_ne!(old, new);
    assert_eq!(message(open(&harness, &old).await, 404), "This invitation link is not valid");
    harness.advance(Duration::from_secs(3 * 86_400));
    assert_eq!(expect(open(&harness, &new).await, 200)["email"], "carol@example.com");
}

/// Five people at most on the community edition, pending invitations included; the
/// sixth is refused with the upgrade message, and an enterprise company has no cap.
async fn the_sixth_community_member_is_refused(engine: Engine) {
    let harness = load(engine).await;
    let (acme, _) = acme_with_bob(&harness).await;
    expect(invite(&harness, &acme, &["c@example.com", "d@example.com", "e@example.com"]).await, 201);
    assert_eq!(members(&harness, &acme).await["seats_left"], 0);
    let refused = invite(&harness, &acme, &["f@example.com"]).await;
    assert_eq!(message(refused, 403), "The community edition allows 5 users. Upgrade to Premium to add more.");
    acme.set_edition(Edition::Enterprise).await.unwrap();
    expect(invite(&harness, &acme, &["f@example.com"]).await, 201);
    assert_eq!(members(&harness, &acme).await["seats_left"], json!(null));
}

/// A bad address, a member's address or one with a pending invitation refuses the whole
/// call, and no mail goes out.
async fn addresses_are_checked_before_anything_is_sent(engine: Engine) {
    let harness = load(engine).await;
    let (acme, _) = acme_with_bob(&harness).await;
    assert_eq!(
        message(invite(&harness, &acme, &["ok@example.com", "not an address"]).await, 400),
        "not an address is not a valid e-mail address"
    );
    assert_eq!(message(invite(&harness, &acme, &["", " "]).await, 400), "Please enter at least one e-mail address");
    assert_eq!(
        message(invite(&harness, &acme, &["x@example.com", "BOB@acme.test"]).await, 409),
        "bob@acme.test is a member already"
    );
    assert!(harness.mails_to("ok@example.com").await.unwrap().is_empty());
    assert!(harness.mails_to("x@example.com").await.unwrap().is_empty());
    expect(invite(&harness, &acme, &["x@example.com"]).await, 201);
    assert_eq!(
        message(invite(&harness, &acme, &["x@example.com"]).await, 409),
        "x@example.com has a pending invitation already"
    );
}
