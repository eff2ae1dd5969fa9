//! Process Board through the real host, on SQLite and PostgreSQL, with the Process Vault
//! installed for its processes. Build both plugins first: `make modules`.

use anyhow::Context;
use autoscope_module_test::{
    Company, Engine, Filter, FilterOp, Harness, Right, Session, default_role_rights, on_both_engines, product_module,
};
use serde_json::{Value, json};

on_both_engines!(
    the_board_shows_columns_and_cards,
    the_board_filters_cards,
    a_move_changes_the_stage_and_is_recorded,
    a_stale_version_gets_the_hosts_409_and_nothing_is_lost,
    the_closed_column_retires_live_processes_and_rejects_others,
    a_column_at_its_wip_limit_refuses_cards,
    wip_settings_are_validated_and_merged,
    cards_take_an_assignee_and_a_due_date,
    comments_are_added_and_counted,
    a_process_deleted_in_the_vault_takes_its_board_data,
    another_companys_process_is_not_found,
    a_member_of_two_companies_sees_only_the_active_companys_cards,
    a_user_without_the_kanban_board_right_gets_403,
    the_cards_need_the_vaults_right_too,
    without_the_vault_the_board_is_unavailable,
    five_thousand_cards_fit_the_limits,
);

const STALE: &str = "The record was changed by someone else; reload it and try again";

/// A host with the board and the vault.
async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("board")?, [product_module("vault")?]).await
}

/// Creates a process through the vault; answers its id.
async fn create(harness: &Harness, who: &dyn Session, process: Value) -> anyhow::Result<String> {
    let reply = harness.call_module("vault", who, "POST", "/processes", Some(process)).await?;
    anyhow::ensure!(reply.status == 201, "the vault refused the process: {reply:?}");
    Ok(reply.body["id"].as_str().context("a process has an id")?.to_string())
}

/// The process as the vault stores it.
async fn vault_process(harness: &Harness, who: &Company, id: &str) -> anyhow::Result<Value> {
    let reply = harness.call_module("vault", who, "GET", &format!("/processes/{id}"), None).await?;
    anyhow::ensure!(reply.status == 200, "{reply:?}");
    Ok(reply.body)
}

async fn get_board(harness: &Harness, who: &dyn Session, query: &str) -> anyhow::Result<Value> {
    let reply = harness.call(who, "GET", &format!("/board{query}"), None).await?;
    anyhow::ensure!(reply.status == 200, "GET /board{query}: {reply:?}");
    Ok(reply.body)
}

/// The names of the board's cards, in the order given (by name).
fn card_names(board: &Value) -> Vec<String> {
    let cards = board["cards"].as_array().cloned().unwrap_or_default();
    cards.iter().filter_map(|card| card["name"].as_str().map(str::to_string)).collect()
}

async fn move_card(
    harness: &Harness,
    who: &dyn Session,
    id: &str,
    to: &str,
    version: i64,
) -> anyhow::Result<(u16, Value)> {
    let body = json!({ "to": to, "version": version });
    let reply = harness.call(who, "POST", &format!("/cards/{id}/move"), Some(body)).await?;
    Ok((reply.status, reply.body))
}

async fn card_details(harness: &Harness, who: &Company, id: &str) -> anyhow::Result<Value> {
    let reply = harness.call(who, "GET", &format!("/cards/{id}"), None).await?;
    anyhow::ensure!(reply.status == 200, "GET /cards/{id}: {reply:?}");
    Ok(reply.body)
}

/// Columns in board order with their counts; cards with their column and version.
async fn the_board_shows_columns_and_cards(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    create(&harness, &acme, json!({ "name": "Invoices", "department": "Finance" })).await?;
    create(&harness, &acme, json!({ "name": "Archive", "stage": "rejected" })).await?;
    create(&harness, &acme, json!({ "name": "Old report", "stage": "retired" })).await?;
    create(&harness, &acme, json!({ "name": "Payroll", "stage": "live" })).await?;
    let board = get_board(&harness, &acme, "").await?;
    assert_eq!(board["available"], true);
    assert_eq!(
        board["columns"],
        json!([
            { "key": "idea", "label": "Idea", "wip_limit": null, "count": 1 },
            { "key": "assessment", "label": "Assessment", "wip_limit": null, "count": 0 },
            { "key": "analysis", "label": "Analysis", "wip_limit": null, "count": 0 },
            { "key": "development", "label": "Development", "wip_limit": null, "count": 0 },
            { "key": "testing", "label": "Testing", "wip_limit": null, "count": 0 },
            { "key": "live", "label": "Live", "wip_limit": null, "count": 1 },
            { "key": "closed", "label": "Retired or Rejected", "wip_limit": null, "count": 2 },
        ])
    );
    assert_eq!(card_names(&board), ["Archive", "Invoices", "Old report", "Payroll"]);
    let invoices = &board["cards"][1];
    let id = invoices["process_id"].as_str().context("a card names its process")?;
    let stored = vault_process(&harness, &acme, id).await?;
    assert_eq!(
        invoices,
        &json!({
            "process_id": id, "version": stored["version"], "name": "Invoices", "department": "Finance",
            "owner_id": null, "health": "on_track", "stage": "idea", "column": "idea",
            "assignee_id": null, "due": null, "comments": 0,
        })
    );
    assert_eq!((&board["cards"][0]["column"], &board["cards"][2]["column"]), (&json!("closed"), &json!("closed")));
    Ok(())
}

/// Search, department, owner, health and assignee narrow the cards, not the column counts.
async fn the_board_filters_cards(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let invoices =
        create(&harness, &acme, json!({ "name": "Invoices", "department": "Finance", "owner_id": bob.id })).await?;
    create(&harness, &acme, json!({ "name": "Invoice archive", "department": "Legal", "health": "at_risk" })).await?;
    create(&harness, &acme, json!({ "name": "Payroll", "department": "Finance" })).await?;
    let assigned =
        harness.call(&acme, "PATCH", &format!("/cards/{invoices}"), Some(json!({ "assignee_id": bob.id }))).await?;
    assert_eq!(assigned.status, 200, "{assigned:?}");

    for (query, expected) in [
        ("?q=invoice", vec!["Invoice archive", "Invoices"]),
        ("?department=Finance", vec!["Invoices", "Payroll"]),
        ("?health=at_risk", vec!["Invoice archive"]),
        (&format!("?owner_id={}", bob.id) as &str, vec!["Invoices"]),
        (&format!("?assignee_id={}", bob.id), vec!["Invoices"]),
        ("?q=invoice&department=Finance", vec!["Invoices"]),
        ("?q=&department=", vec!["Invoice archive", "Invoices", "Payroll"]),
    ] {
        let board = get_board(&harness, &acme, query).await?;
        assert_eq!(card_names(&board), expected, "{query}");
        assert_eq!(board["columns"][0]["count"], 3, "the count is the column's: {query}");
    }
    Ok(())
}

/// A move updates the vault's stage, records the move, tells the owner (not the mover)
/// and publishes the event the vault records in the process's history.
async fn a_move_changes_the_stage_and_is_recorded(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let id = create(&harness, &acme, json!({ "name": "Invoices", "owner_id": bob.id })).await?;
    let version = vault_process(&harness, &acme, &id).await?["version"].as_i64().context("a version")?;

    let (status, moved) = move_card(&harness, &acme, &id, "assessment", version).await?;
    assert_eq!(status, 200, "{moved}");
    let moved = &moved["card"];
    assert_eq!(
        (&moved["stage"], &moved["column"], &moved["version"]),
        (&json!("assessment"), &json!("assessment"), &json!(version + 1))
    );
    assert_eq!(vault_process(&harness, &acme, &id).await?["stage"], "assessment");

    let details = card_details(&harness, &acme, &id).await?;
    let moves = details["moves"].as_array().context("moves are listed")?;
    assert_eq!(moves.len(), 1);
    assert_eq!(
        (&moves[0]["from_stage"], &moves[0]["to_stage"], &moves[0]["user_id"]),
        (&json!("idea"), &json!("assessment"), &json!(acme.user_id))
    );
    assert_eq!(details["process"]["name"], "Invoices");

    let told: Vec<_> = harness.notifications(&bob).await?.into_iter().map(|n| (n.message, n.link)).collect();
    let opens = Some(format!("/Process?process={id}"));
    assert_eq!(told, [("Process 'Invoices' moved from Idea to Assessment by Test User".to_string(), opens)]);
    assert!(harness.notifications(&acme).await?.is_empty(), "the mover is not told");
    // Bob moves his own process: nobody is told.
    let (status, _) = move_card(&harness, &bob, &id, "analysis", version + 1).await?;
    assert_eq!(status, 200);
    assert_eq!(harness.notifications(&bob).await?.len(), 1);

    assert_eq!(harness.deliver_events().await?, 2, "both moves reach the vault");
    let history = harness.call_module("vault", &acme, "GET", &format!("/processes/{id}/history"), None).await?;
    assert_eq!(history.status, 200, "{history:?}");
    let actions: Vec<&str> = history.body["items"]
        .as_array()
        .context("history items")?
        .iter()
        .filter_map(|h| h["action"].as_str())
        .collect();
    assert_eq!(actions.iter().filter(|action| **action == "stage").count(), 2, "{actions:?}");
    Ok(())
}

/// Two moves from the same version: the second answers the host's 409, and the first
/// move stays as it was made.
async fn a_stale_version_gets_the_hosts_409_and_nothing_is_lost(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let id = create(&harness, &acme, json!({ "name": "Invoices" })).await?;
    let version = vault_process(&harness, &acme, &id).await?["version"].as_i64().context("a version")?;
    let (first, _) = move_card(&harness, &acme, &id, "assessment", version).await?;
    assert_eq!(first, 200);
    let (second, body) = move_card(&harness, &acme, &id, "analysis", version).await?;
    assert_eq!((second, body), (409, json!({ "message": STALE })));
    assert_eq!(vault_process(&harness, &acme, &id).await?["stage"], "assessment");
    let details = card_details(&harness, &acme, &id).await?;
    assert_eq!(details["moves"].as_array().map(Vec::len), Some(1), "only the first move is recorded");
    assert_eq!(harness.deliver_events().await?, 1, "only the first move is published");
    Ok(())
}

/// Closing a live process retires it, any other is rejected, unless the move names which;
/// a card cannot move to its own column nor to an unknown one.
async fn the_closed_column_retires_live_processes_and_rejects_others(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let live = create(&harness, &acme, json!({ "name": "Payroll", "stage": "live" })).await?;
    let idea = create(&harness, &acme, json!({ "name": "Invoices" })).await?;
    let (status, moved) = move_card(&harness, &acme, &live, "closed", 1).await?;
    assert_eq!((status, &moved["card"]["stage"], &moved["card"]["column"]), (200, &json!("retired"), &json!("closed")));
    let (status, moved) = move_card(&harness, &acme, &idea, "closed", 1).await?;
    assert_eq!((status, &moved["card"]["stage"]), (200, &json!("rejected")));
    assert_eq!(vault_process(&harness, &acme, &idea).await?["stage"], "rejected");

    let (status, body) = move_card(&harness, &acme, &idea, "closed", 2).await?;
    assert_eq!((status, body), (400, json!({ "message": "The card is already in that column" })));
    let (status, body) = move_card(&harness, &acme, &idea, "done", 2).await?;
    assert_eq!((status, body), (400, json!({ "message": "Unknown column" })));
    // Reopened, it takes the column's stage.
    let (status, moved) = move_card(&harness, &acme, &idea, "idea", 2).await?;
    assert_eq!((status, &moved["card"]["stage"]), (200, &json!("idea")));

    // A move may name which of the column's stages the card takes (an undo puts a retired
    // card back retired); a stage the column does not hold is refused.
    let (status, moved) = move_card(&harness, &acme, &live, "idea", 2).await?;
    assert_eq!((status, &moved["card"]["stage"]), (200, &json!("idea")));
    let back = json!({ "to": "closed", "version": 3, "stage": "live" });
    let reply = harness.call(&acme, "POST", &format!("/cards/{live}/move"), Some(back)).await?;
    assert_eq!((reply.status, reply.body), (400, json!({ "message": "That column does not hold that stage" })));
    let back = json!({ "to": "closed", "version": 3, "stage": "retired" });
    let reply = harness.call(&acme, "POST", &format!("/cards/{live}/move"), Some(back)).await?;
    assert_eq!((reply.status, &reply.body["card"]["stage"]), (200, &json!("retired")));
    assert_eq!(vault_process(&harness, &acme, &live).await?["stage"], "retired");
    Ok(())
}

/// A column at its limit refuses another card; the closed column has none.
async fn a_column_at_its_wip_limit_refuses_cards(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    create(&harness, &acme, json!({ "name": "Invoices", "stage": "development" })).await?;
    let waiting = create(&harness, &acme, json!({ "name": "Payroll", "stage": "analysis" })).await?;
    let saved = harness.call(&acme, "PUT", "/settings", Some(json!({ "wip": { "development": 1 } }))).await?;
    assert_eq!(saved.status, 200, "{saved:?}");

    let (status, body) = move_card(&harness, &acme, &waiting, "development", 1).await?;
    assert_eq!((status, body), (409, json!({ "message": "Development is at its WIP limit of 1" })));
    assert_eq!(vault_process(&harness, &acme, &waiting).await?["stage"], "analysis", "not moved");
    let board = get_board(&harness, &acme, "").await?;
    assert_eq!(
        board["columns"][3],
        json!({ "key": "development", "label": "Development", "wip_limit": 1, "count": 1 })
    );

    let raised = harness.call(&acme, "PUT", "/settings", Some(json!({ "wip": { "development": 2 } }))).await?;
    assert_eq!(raised.status, 200, "{raised:?}");
    let (status, _) = move_card(&harness, &acme, &waiting, "development", 1).await?;
    assert_eq!(status, 200, "room again");
    Ok(())
}

/// WIP limits are whole numbers 1–99 per column; `null` removes one, others stay.
async fn wip_settings_are_validated_and_merged(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let empty = harness.call(&acme, "GET", "/settings", None).await?;
    assert_eq!((empty.status, &empty.body), (200, &json!({ "wip": {} })));
    let bad = json!({ "message": "A WIP limit must be a whole number from 1 to 99" });
    for limit in [json!(0), json!(100), json!(2.5), json!("3")] {
        let reply = harness.call(&acme, "PUT", "/settings", Some(json!({ "wip": { "idea": limit } }))).await?;
        assert_eq!((reply.status, &reply.body), (400, &bad), "{limit}");
    }
    let closed = harness.call(&acme, "PUT", "/settings", Some(json!({ "wip": { "closed": 3 } }))).await?;
    assert_eq!(
        (closed.status, &closed.body),
        (400, &json!({ "message": "The Retired or Rejected column has no WIP limit" }))
    );
    let unknown = harness.call(&acme, "PUT", "/settings", Some(json!({ "wip": { "done": 3 } }))).await?;
    assert_eq!((unknown.status, &unknown.body), (400, &json!({ "message": "Unknown column" })));

    let saved = harness.call(&acme, "PUT", "/settings", Some(json!({ "wip": { "idea": 5, "testing": 2 } }))).await?;
    assert_eq!((saved.status, &saved.body), (200, &json!({ "wip": { "idea": 5, "testing": 2 } })));
    let merged = harness.call(&acme, "PUT", "/settings", Some(json!({ "wip": { "idea": null, "live": 99 } }))).await?;
    assert_eq!((merged.status, &merged.body), (200, &json!({ "wip": { "testing": 2, "live": 99 } })));
    let read = harness.call(&acme, "GET", "/settings", None).await?;
    assert_eq!(read.body, json!({ "wip": { "testing": 2, "live": 99 } }));
    Ok(())
}

/// A card takes a company user as assignee and a due date; each can be cleared alone.
async fn cards_take_an_assignee_and_a_due_date(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let id = create(&harness, &acme, json!({ "name": "Invoices" })).await?;
    let path = format!("/cards/{id}");

    let set = harness.call(&acme, "PATCH", &path, Some(json!({ "assignee_id": bob.id, "due": 1_767_225_600 }))).await?;
    assert_eq!(set.status, 200, "{set:?}");
    assert_eq!((&set.body["assignee_id"], &set.body["due"]), (&json!(bob.id), &json!(1_767_225_600)));
    assert_eq!((&set.body["process_id"], &set.body["name"]), (&json!(id), &json!("Invoices")));

    let cleared = harness.call(&acme, "PATCH", &path, Some(json!({ "due": null }))).await?;
    assert_eq!((&cleared.body["assignee_id"], &cleared.body["due"]), (&json!(bob.id), &Value::Null));
    assert_eq!(card_details(&harness, &acme, &id).await?["card"]["assignee_id"], json!(bob.id));

    let not_a_user = json!({ "message": "Assignee is not a user of this company" });
    for assignee in [json!("no-such-user"), json!(globex.user_id)] {
        let reply = harness.call(&acme, "PATCH", &path, Some(json!({ "assignee_id": assignee }))).await?;
        assert_eq!((reply.status, &reply.body), (400, &not_a_user), "{assignee}");
    }
    let bad_due = harness.call(&acme, "PATCH", &path, Some(json!({ "due": "tomorrow" }))).await?;
    assert_eq!((bad_due.status, &bad_due.body), (400, &json!({ "message": "The due date is not valid" })));

    let unassigned = harness.call(&acme, "PATCH", &path, Some(json!({ "assignee_id": null }))).await?;
    assert_eq!(unassigned.body["assignee_id"], Value::Null);
    let board = get_board(&harness, &acme, "").await?;
    assert_eq!(board["cards"].as_array().map(Vec::len), Some(1), "still one card");
    Ok(())
}

/// Comments are trimmed, must not be blank, come newest first and are counted on the card.
async fn comments_are_added_and_counted(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let id = create(&harness, &acme, json!({ "name": "Invoices" })).await?;
    let path = format!("/cards/{id}/comments");

    let first = harness.call(&acme, "POST", &path, Some(json!({ "text": "  Looks good \n" }))).await?;
    assert_eq!(first.status, 201, "{first:?}");
    assert_eq!(
        (&first.body["text"], &first.body["user_id"], &first.body["process_id"]),
        (&json!("Looks good"), &json!(acme.user_id), &json!(id))
    );
    let second = harness.call(&bob, "POST", &path, Some(json!({ "text": "Agreed" }))).await?;
    assert_eq!(second.status, 201, "{second:?}");

    let blank = json!({ "message": "Please write a comment" });
    for body in [json!({ "text": "   " }), json!({})] {
        let reply = harness.call(&acme, "POST", &path, Some(body.clone())).await?;
        assert_eq!((reply.status, &reply.body), (400, &blank), "{body}");
    }
    let long = harness.call(&acme, "POST", &path, Some(json!({ "text": "a".repeat(2001) }))).await?;
    assert_eq!((long.status, &long.body), (400, &json!({ "message": "A comment must be at most 2000 characters" })));

    let details = card_details(&harness, &acme, &id).await?;
    let texts: Vec<&str> =
        details["comments"].as_array().context("comments")?.iter().filter_map(|c| c["text"].as_str()).collect();
    assert_eq!(texts.len(), 2);
    assert_eq!(details["card"]["comments"], 2);
    assert_eq!(get_board(&harness, &acme, "").await?["cards"][0]["comments"], 2);
    Ok(())
}

/// Deleting a process in the vault publishes `vault.process_deleted`; on delivery its
/// card, comments and moves are gone (a second delivery changes nothing).
async fn a_process_deleted_in_the_vault_takes_its_board_data(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let id = create(&harness, &acme, json!({ "name": "Invoices" })).await?;
    let kept = create(&harness, &acme, json!({ "name": "Payroll" })).await?;
    for process in [&id, &kept] {
        let comment = json!({ "text": "x" });
        let commented = harness.call(&acme, "POST", &format!("/cards/{process}/comments"), Some(comment)).await?;
        assert_eq!(commented.status, 201);
        let due = json!({ "due": 1_800_000_000 });
        assert_eq!(harness.call(&acme, "PATCH", &format!("/cards/{process}"), Some(due)).await?.status, 200);
        assert_eq!(move_card(&harness, &acme, process, "analysis", 1).await?.0, 200);
    }
    let about = |process: &str| vec![Filter { field: "process_id".into(), op: FilterOp::Eq, value: json!(process) }];
    let deleted = harness.call_module("vault", &acme, "DELETE", &format!("/processes/{id}"), None).await?;
    assert_eq!(deleted.status, 200, "{deleted:?}");
    harness.deliver_events().await?;
    for collection in ["board.cards", "board.comments", "board.moves"] {
        assert_eq!(harness.count(&acme, collection, about(&id)).await?, 0, "{collection} of the deleted process");
        assert_eq!(harness.count(&acme, collection, about(&kept)).await?, 1, "{collection} of the other process");
    }
    assert_eq!(harness.deliver_events().await?, 0, "nothing left to deliver");
    Ok(())
}

/// Another company's process id answers 404 on every card route, and its cards never show.
async fn another_companys_process_is_not_found(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let id = create(&harness, &acme, json!({ "name": "Invoices" })).await?;
    let not_found = json!({ "message": "Process not found" });
    let (status, body) = move_card(&harness, &globex, &id, "assessment", 1).await?;
    assert_eq!((status, &body), (404, &not_found), "move");
    for (method, path, body) in [
        ("GET", format!("/cards/{id}"), None),
        ("PATCH", format!("/cards/{id}"), Some(json!({ "due": 1 }))),
        ("POST", format!("/cards/{id}/comments"), Some(json!({ "text": "Hi" }))),
    ] {
        let reply = harness.call(&globex, method, &path, body).await?;
        assert_eq!((reply.status, &reply.body), (404, &not_found), "{method} {path}");
    }
    assert_eq!(card_names(&get_board(&harness, &globex, "").await?), Vec::<String>::new());
    assert_eq!(vault_process(&harness, &acme, &id).await?["stage"], "idea", "untouched");
    Ok(())
}

/// Ann belongs to Acme and Globex: with her Acme session the board holds Acme's card only
/// and Globex's (hers among them) are not found; with her Globex session it holds Globex's.
async fn a_member_of_two_companies_sees_only_the_active_companys_cards(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let ann_in_acme = acme.add_user("ann@acme.test").await?;
    let ann_in_globex = globex.add_member(&ann_in_acme).await?;
    create(&harness, &acme, json!({ "name": "Invoices" })).await?;
    create(&harness, &globex, json!({ "name": "Payroll" })).await?;
    let hers = create(&harness, &ann_in_globex, json!({ "name": "Vendor onboarding" })).await?;

    let board = get_board(&harness, &ann_in_acme, "").await?;
    assert_eq!((card_names(&board), &board["columns"][0]["count"]), (vec!["Invoices".to_string()], &json!(1)));
    let card = harness.call(&ann_in_acme, "GET", &format!("/cards/{hers}"), None).await?;
    assert_eq!((card.status, &card.body), (404, &json!({ "message": "Process not found" })));

    let board = get_board(&harness, &ann_in_globex, "").await?;
    assert_eq!(card_names(&board), ["Payroll", "Vendor onboarding"]);
    assert_eq!(board["columns"][0]["count"], 2);
    let card = harness.call(&ann_in_globex, "GET", &format!("/cards/{hers}"), None).await?;
    assert_eq!((card.status, &card.body["process"]["name"]), (200, &json!("Vendor onboarding")));
    Ok(())
}

/// The board is gated by the `kanban_board` right (the vault by another).
async fn a_user_without_the_kanban_board_right_gets_403(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let id = create(&harness, &acme, json!({ "name": "Invoices" })).await?;
    let mut rights = default_role_rights();
    rights.insert("kanban_board".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let denied = json!({ "message": "Your rights do not allow this module" });
    let board = harness.call(&acme, "GET", "/board", None).await?;
    assert_eq!((board.status, &board.body), (403, &denied));
    let (status, body) = move_card(&harness, &acme, &id, "assessment", 1).await?;
    assert_eq!((status, &body), (403, &denied));
    assert_eq!(vault_process(&harness, &acme, &id).await?["stage"], "idea");
    Ok(())
}

/// The cards are the vault's processes: a person whose rights open the board but not the
/// Process Vault sees none of them (they used to see every process's name) and moves none,
/// and is told why.
async fn the_cards_need_the_vaults_right_too(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let id = create(&harness, &acme, json!({ "name": "Invoices" })).await?;
    let mut rights = default_role_rights();
    rights.insert("process".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let refused = json!({ "message": "Your rights do not allow Process Vault, whose data this needs" });
    for path in ["/board".to_string(), format!("/cards/{id}")] {
        let answer = harness.call(&acme, "GET", &path, None).await?;
        assert_eq!((answer.status, &answer.body), (403, &refused), "{path}");
    }
    let (status, body) = move_card(&harness, &acme, &id, "assessment", 1).await?;
    assert_eq!((status, &body), (403, &refused));
    rights.insert("process".into(), Right { view: true, disabled: false });
    acme.set_rights(&rights).await?;
    assert_eq!(vault_process(&harness, &acme, &id).await?["stage"], "idea");
    Ok(())
}

/// Without the vault the board says so and shows empty columns; its own data still works.
async fn without_the_vault_the_board_is_unavailable(engine: Engine) -> anyhow::Result<()> {
    let harness = Harness::load_on(engine, product_module("board")?).await?;
    let acme = harness.company("Acme").await?;
    let board = get_board(&harness, &acme, "").await?;
    assert_eq!((&board["available"], &board["cards"]), (&json!(false), &json!([])));
    assert_eq!(board["columns"].as_array().map(Vec::len), Some(7));
    let people = harness.call(&acme, "GET", "/people", None).await?;
    assert_eq!(people.status, 200, "{people:?}");
    assert_eq!(people.body[0]["email"], "owner@acme.test");
    Ok(())
}

/// 5,000 cards with the longest names are shown within the module's limits (fuel, answer
/// size); more are left out, though the column counts count them.
async fn five_thousand_cards_fit_the_limits(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let stages = ["idea", "assessment", "analysis", "development", "testing", "live", "retired", "rejected"];
    for first in (0..5_001).step_by(500) {
        let rows: Vec<Value> = (first..(first + 500).min(5_001))
            .map(|i| json!({ "name": format!("{i:05} {}", "x".repeat(194)), "stage": stages[i % stages.len()] }))
            .collect();
        let import =
            harness.call_module("vault", &acme, "POST", "/processes/import", Some(json!({ "rows": rows }))).await?;
        anyhow::ensure!(import.status == 200 && import.body["errors"] == json!([]), "the import failed: {import:?}");
    }
    let board = get_board(&harness, &acme, "").await?;
    assert_eq!(board["cards"].as_array().map(Vec::len), Some(5_000));
    let counted: u64 = board["columns"].as_array().context("columns")?.iter().filter_map(|c| c["count"].as_u64()).sum();
    assert_eq!(counted, 5_001);
    Ok(())
}
