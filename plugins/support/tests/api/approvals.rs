//! Approvals by e-mail: asking, the links of the mails, and what a returned link decides
//! through the public routes and the legacy paths of the spec.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, renew, stored, user};
use autoscope_module_test::{Company, Engine, Harness, Reply, Session, User};
use serde_json::{Value, json};

use crate::common::{DAY, Link, THANK_YOU, actions, ask_for_approval, create, links, load, notices, subjects, ticket};

autoscope_module_test::on_both_engines!(
    each_approver_gets_their_own_links_and_wrong_ones_change_nothing,
    approval_links_decide_once_through_the_public_routes,
    approval_links_decide_once_through_the_legacy_routes,
    a_link_expires_after_7_days,
    asking_is_refused_to_others_and_for_no_users,
    asking_again_replaces_the_link,
    a_person_in_two_companies_approves_in_the_company_that_asked,
);

/// How an approval link comes back: the public routes or the legacy paths of the spec.
#[derive(Debug, Clone, Copy)]
enum Via {
    Public,
    Legacy,
}

/// Posts a link's fields as the approval page does (`aprrove=true` approves).
async fn answer(harness: &Harness, via: Via, approve: bool, body: Value) -> Reply {
    let reply = match (via, approve) {
        (Via::Public, true) => harness.call_public("POST", "/approve", Some(body)).await,
        (Via::Public, false) => harness.call_public("POST", "/decline", Some(body)).await,
        (Via::Legacy, true) => harness.request("POST", "/api/support/approve_request", None, Some(body)).await,
        (Via::Legacy, false) => harness.request("POST", "/api/support/decline_request", None, Some(body)).await,
    };
    reply.expect("the host answers")
}

/// The answer of a link whose ticket and person have no approval in the company the call
/// runs in: not this company's (the host then tries the person's other companies).
fn not_asked_here(reply: Reply) {
    assert_eq!(message(reply, 404), "Not found");
}

/// The answer every returned link gets, whatever it did.
fn thanks(reply: Reply) {
    assert_eq!(expect(reply, 200), json!({ "message": THANK_YOU }));
}

/// The ticket's approval state and its approvals' `(person_id, status)`, sorted.
async fn approval_statuses(harness: &Harness, who: &dyn Session, ticket_id: &str) -> (Value, Vec<(String, String)>) {
    let detail = ticket(harness, who, ticket_id).await;
    let mut statuses: Vec<(String, String)> = detail["approvals"]
        .as_array()
        .expect("approvals")
        .iter()
        .map(|approval| {
            (approval["person_id"].as_str().unwrap_or("").into(), approval["status"].as_str().unwrap_or("").into())
        })
        .collect();
    statuses.sort();
    (detail["ticket"]["approval"].clone(), statuses)
}

/// Acme's ticket #1 "New laptop" with Bob and Carol asked to approve it, ticket #2
/// "Admin rights", and Dave, who was not asked.
struct Asked {
    harness: Harness,
    acme: Company,
    bob: User,
    carol: User,
    dave: User,
    first: Value,
    second: Value,
    /// The answer to asking.
    asked: Value,
    bob_yes: Link,
    bob_no: Link,
    carol_yes: Link,
    carol_no: Link,
}

impl Asked {
    /// Both approvals still pending, sorted as [`approval_statuses`] sorts them.
    fn pending(&self) -> Vec<(String, String)> {
        let mut pending =
            vec![(self.bob.id.clone(), "pending".to_string()), (self.carol.id.clone(), "pending".to_string())];
        pending.sort();
        pending
    }
}

async fn asked(engine: Engine) -> Asked {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let dave = user(&acme, "dave@acme.test").await;
    let first = create(&harness, &acme, json!({ "title": "New laptop" })).await;
    let second = create(&harness, &acme, json!({ "title": "Admin rights" })).await;
    let asked = expect(ask_for_approval(&harness, &acme, id(&first), json!([bob.id, carol.id])).await, 201);
    let (bob_yes, bob_no) = links(&harness, "bob@acme.test").await;
    let (carol_yes, carol_no) = links(&harness, "carol@acme.test").await;
    Asked { harness, acme, bob, carol, dave, first, second, asked, bob_yes, bob_no, carol_yes, carol_no }
}

/// Asking answers the pending approvals without any token; each person gets an approve and
/// a decline link to the ticket with one token of their own (64 characters). On either
/// route, a forged token or a person who was asked with the other's token is thanked and
/// changes nothing; a person never asked about the ticket (a user of the company who was not
/// asked, or a wrong ticket) is not found in this company and changes nothing; a
/// malformed body is a 400 and changes nothing. Grouped: none of it decides anything, so
/// one asking serves all.
async fn each_approver_gets_their_own_links_and_wrong_ones_change_nothing(engine: Engine) {
    let it = asked(engine).await;
    let (harness, bob, bob_yes, bob_no) = (&it.harness, &it.bob, &it.bob_yes, &it.bob_no);
    assert_eq!(it.asked["approvals"].as_array().map(Vec::len), Some(2));
    assert!(it.asked.to_string().find("token").is_none(), "no hash or token is shown: {}", it.asked);
    assert_eq!((bob_yes.approve, bob_no.approve), (true, false));
    assert_eq!((bob_yes.ticket_id.as_str(), bob_yes.person_id.as_str()), (id(&it.first), bob.id.as_str()));
    assert_eq!(bob_yes.token, bob_no.token, "one token per person; the route decides");
    assert_ne!(bob_yes.token, it.carol_yes.token);
    assert_eq!(bob_yes.token.len(), 64);
    assert_eq!(approval_statuses(harness, &it.acme, id(&it.first)).await, (json!("pending"), it.pending()));

    for via in [Via::Public, Via::Legacy] {
        let forged = Link { token: "0".repeat(64), ..bob_yes.clone() };
        thanks(answer(harness, via, true, forged.body()).await);
        let wrong_person = Link { person_id: it.dave.id.clone(), ..bob_yes.clone() };
        not_asked_here(answer(harness, via, true, wrong_person.body()).await);
        let swapped = Link { person_id: it.carol.id.clone(), ..bob_yes.clone() };
        thanks(answer(harness, via, true, swapped.body()).await);
        let wrong_ticket = Link { ticket_id: id(&it.second).to_string(), ..bob_yes.clone() };
        not_asked_here(answer(harness, via, true, wrong_ticket.body()).await);

        let malformed = json!({ "ticket_id": bob_yes.ticket_id, "person_id": bob.id, "token": 12 });
        assert_eq!(
            message(answer(harness, via, true, malformed).await, 400),
            "ticket_id, person_id and token are required",
            "{via:?}"
        );
        let no_ticket = json!({ "person_id": bob.id, "token": bob_yes.token });
        assert_eq!(
            message(answer(harness, via, false, no_ticket).await, 400),
            "ticket_id, person_id and token are required",
            "{via:?}"
        );
        let no_person = json!({ "ticket_id": bob_yes.ticket_id, "token": bob_yes.token });
        assert_eq!(message(answer(harness, via, true, no_person).await, 400), "person_id is required", "{via:?}");

        assert_eq!(approval_statuses(harness, &it.acme, id(&it.first)).await, (json!("pending"), it.pending()));
        assert!(notices(harness, &it.acme).await.is_empty(), "{via:?}");
    }
}

/// [`approval_links_decide_once`] through the module's public routes `/approve` and
/// `/decline`.
async fn approval_links_decide_once_through_the_public_routes(engine: Engine) {
    approval_links_decide_once(engine, Via::Public).await;
}

/// [`approval_links_decide_once`] through the spec's legacy paths
/// `/api/support/approve_request` and `/api/support/decline_request`.
async fn approval_links_decide_once_through_the_legacy_routes(engine: Engine) {
    approval_links_decide_once(engine, Via::Legacy).await;
}

/// A person's link decides their approval once (the requester told by notice and mail);
/// the ticket waits for every approval, and one decline declines it; each decision is in
/// the history.
async fn approval_links_decide_once(engine: Engine, via: Via) {
    let it = asked(engine).await;
    let (harness, acme, bob, carol) = (&it.harness, &it.acme, &it.bob, &it.carol);

    // Bob's approve link decides his approval; the ticket waits for Carol.
    thanks(answer(harness, via, it.bob_yes.approve, it.bob_yes.body()).await);
    let (state, statuses) = approval_statuses(harness, acme, id(&it.first)).await;
    assert_eq!(state, json!("pending"));
    assert!(
        statuses.contains(&(bob.id.clone(), "approved".into()))
            && statuses.contains(&(carol.id.clone(), "pending".into()))
    );
    assert_eq!(notices(harness, acme).await, ["Ticket #1 was approved by Test User"]);
    let opens = harness.notifications(acme).await.expect("notifications").remove(0).link;
    assert_eq!(opens, Some(format!("/Support?ticket={}", id(&it.first))), "the bell opens the ticket");
    assert_eq!(subjects(harness, "owner@acme.test").await, ["Ticket #1 was approved"]);
    // Used: neither link of Bob's changes anything again.
    thanks(answer(harness, via, it.bob_no.approve, it.bob_no.body()).await);
    thanks(answer(harness, via, true, it.bob_yes.body()).await);
    let (_, statuses) = approval_statuses(harness, acme, id(&it.first)).await;
    assert!(statuses.contains(&(bob.id.clone(), "approved".into())));
    assert_eq!(notices(harness, acme).await.len(), 1);

    // Carol declines: the ticket is declined.
    thanks(answer(harness, via, it.carol_no.approve, it.carol_no.body()).await);
    thanks(answer(harness, via, it.carol_yes.approve, it.carol_yes.body()).await);
    let (state, statuses) = approval_statuses(harness, acme, id(&it.first)).await;
    assert_eq!(state, json!("declined"));
    assert!(statuses.contains(&(carol.id.clone(), "declined".into())));
    assert_eq!(notices(harness, acme).await[0], "Ticket #1 was declined by Test User");
    let detail = ticket(harness, acme, id(&it.first)).await;
    assert_eq!(actions(&detail), ["declined", "approved", "approval_requested", "created"]);
    let history = detail["history"].as_array().expect("history");
    assert_eq!((&history[0]["user_id"], &history[1]["user_id"]), (&json!(carol.id), &json!(bob.id)));
    assert_eq!(history[0]["changes"], json!([{ "field": "approval", "from": "pending", "to": "declined" }]));
    assert!(detail["approvals"][0]["decided_at"].is_i64());
}

/// A link is good for 7 days: after that, on either route, it decides nothing, its
/// approval expires (in storage too) and nobody is told.
async fn a_link_expires_after_7_days(engine: Engine) {
    let it = asked(engine).await;
    let (harness, dave) = (&it.harness, &it.dave);
    let erin = user(&it.acme, "erin@acme.test").await;
    expect(ask_for_approval(harness, &it.acme, id(&it.second), json!([dave.id])).await, 201);
    let (dave_yes, _) = links(harness, "dave@acme.test").await;
    let third = create(harness, &it.acme, json!({ "title": "Monitor" })).await;
    expect(ask_for_approval(harness, &it.acme, id(&third), json!([erin.id])).await, 201);
    let (erin_yes, _) = links(harness, "erin@acme.test").await;

    harness.advance(Duration::from_secs(7 * DAY + 1));
    thanks(answer(harness, Via::Public, true, dave_yes.body()).await);
    thanks(answer(harness, Via::Legacy, true, erin_yes.body()).await);
    let acme = renew(harness, &it.acme).await;
    let (state, statuses) = approval_statuses(harness, &acme, id(&it.second)).await;
    assert_eq!((state, statuses), (json!("pending"), vec![(dave.id.clone(), "expired".to_string())]));
    let (state, statuses) = approval_statuses(harness, &acme, id(&third)).await;
    assert_eq!((state, statuses), (json!("pending"), vec![(erin.id.clone(), "expired".to_string())]));
    assert_eq!(stored(harness, &acme, "support.approvals", "status", "expired").await, 2, "marked in storage");
    assert!(notices(harness, &acme).await.is_empty(), "nobody was told");
}

/// Bob's ticket "Licence", assigned to Carol; Dave and Globex's owner are not involved.
struct Licence {
    harness: Harness,
    acme: Company,
    globex: Company,
    bob: User,
    carol: User,
    dave: User,
    ticket_id: String,
}

async fn licence(engine: Engine) -> Licence {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let created = create(&harness, &bob, json!({ "title": "Licence", "assignee_id": carol.id })).await;
    let dave = user(&acme, "dave@acme.test").await;
    Licence { ticket_id: id(&created).to_string(), harness, acme, globex, bob, carol, dave }
}

/// Asking is refused with the exact message to anyone but the requester, the assignee
/// and the company administrator (403), for nobody or for no user of the company (400),
/// and for an unknown ticket (404); nobody is asked. Grouped: each is one call.
async fn asking_is_refused_to_others_and_for_no_users(engine: Engine) {
    let Licence { harness, acme, globex, bob, dave, ticket_id, .. } = licence(engine).await;
    assert_eq!(
        message(ask_for_approval(&harness, &dave, &ticket_id, json!([acme.user_id])).await, 403),
        "Only the requester or the assignee may ask for approval"
    );
    assert_eq!(
        message(ask_for_approval(&harness, &bob, &ticket_id, json!([])).await, 400),
        "Please choose who should approve"
    );
    assert_eq!(
        message(ask_for_approval(&harness, &bob, &ticket_id, json!([" "])).await, 400),
        "Please choose who should approve"
    );
    assert_eq!(
        message(ask_for_approval(&harness, &bob, &ticket_id, json!([dave.id, globex.user_id])).await, 400),
        "Approver is not a user of this company"
    );
    assert_eq!(
        message(ask_for_approval(&harness, &bob, &ticket_id, json!(["nobody"])).await, 400),
        "Approver is not a user of this company"
    );
    assert!(harness.mails_to("dave@acme.test").await.expect("mails").is_empty(), "nobody was asked");
    assert_eq!(ticket(&harness, &bob, &ticket_id).await["ticket"]["approval"], json!("none"));
    let missing = ask_for_approval(&harness, &bob, "nope", json!([dave.id])).await;
    assert_eq!(message(missing, 404), "Ticket not found");
}

/// The requester, the assignee and the company administrator may ask. A person is mailed
/// once per asking, with the links; asking again replaces their link (the old one expires
/// and does nothing), and sets a decided ticket pending again.
async fn asking_again_replaces_the_link(engine: Engine) {
    let Licence { harness, acme, bob, carol, dave, ticket_id, .. } = licence(engine).await;
    expect(ask_for_approval(&harness, &bob, &ticket_id, json!([dave.id, dave.id])).await, 201);
    let mails = harness.mails_to("dave@acme.test").await.expect("mails");
    assert_eq!(mails.len(), 1, "asked once");
    assert_eq!(mails[0].subject, "Please approve ticket #1: Licence");
    assert!(
        mails[0].text_body.starts_with("Hello Test User,\n\nTest User asks you to approve ticket #1: Licence."),
        "{}",
        mails[0].text_body
    );
    assert!(
        mails[0].html_body.contains("updateTicketApproveStatus?aprrove=true&amp;ticketid="),
        "{}",
        mails[0].html_body
    );
    let (first_link, _) = links(&harness, "dave@acme.test").await;
    harness.advance(Duration::from_secs(1));
    expect(ask_for_approval(&harness, &carol, &ticket_id, json!([dave.id])).await, 201);
    let (second_link, _) = links(&harness, "dave@acme.test").await;
    assert_ne!(first_link.token, second_link.token);
    let statuses = approval_statuses(&harness, &bob, &ticket_id).await.1;
    assert_eq!(statuses, [(dave.id.clone(), "expired".to_string()), (dave.id.clone(), "pending".to_string())]);
    // The replaced link does nothing; the new one decides.
    harness.call_public("POST", "/approve", Some(first_link.body())).await.expect("answered");
    assert_eq!(ticket(&harness, &bob, &ticket_id).await["ticket"]["approval"], json!("pending"));
    harness.call_public("POST", "/approve", Some(second_link.body())).await.expect("answered");
    assert_eq!(ticket(&harness, &bob, &ticket_id).await["ticket"]["approval"], json!("approved"));
    assert_eq!(notices(&harness, &bob).await[0], "Ticket #1 was approved by Test User");
    assert_eq!(subjects(&harness, "bob@acme.test").await[0], "Ticket #1 was approved");
    expect(ask_for_approval(&harness, &acme, &ticket_id, json!([carol.id])).await, 201);
    assert_eq!(ticket(&harness, &bob, &ticket_id).await["ticket"]["approval"], json!("pending"), "asked again");
}

/// A person who belongs to two companies answers a link of the one that asked: the host
/// tries their companies in turn, the other finds no approval (404, nothing changes), and
/// the asking company records the decision.
async fn a_person_in_two_companies_approves_in_the_company_that_asked(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    // Bob belongs to Globex first, then to Acme too.
    let bob = user(&globex, "bob@globex.test").await;
    acme.add_member(&bob).await.expect("Bob joins Acme");
    let created = create(&harness, &acme, json!({ "title": "Printer jams" })).await;
    expect(ask_for_approval(&harness, &acme, id(&created), json!([bob.id])).await, 201);
    let (yes, _) = links(&harness, "bob@globex.test").await;
    thanks(answer(&harness, Via::Public, true, yes.body()).await);
    let (state, approvals) = approval_statuses(&harness, &acme, id(&created)).await;
    assert_eq!(state, json!("approved"));
    assert_eq!(approvals, [(bob.id.clone(), "approved".to_string())]);
    let globex_tickets = expect(call(&harness, &globex, "GET", "/tickets", None).await, 200);
    assert_eq!(globex_tickets["total"], json!(0), "nothing in Globex");
}
