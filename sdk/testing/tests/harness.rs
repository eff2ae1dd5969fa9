//! The harness against the `crud` test module (`tests/modules/crud`), built by
//! `make modules`.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use autoscope_module_test::shortcuts::{call, company, expect, message, renew, user};
use autoscope_module_test::{Engine, Harness, Module, Reply, Right, built_plugin, default_role_rights, product_module};
use serde_json::json;

fn crud_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/modules/crud")
}

fn crud() -> anyhow::Result<Module> {
    Ok(Module::from_dir(crud_dir(), "test_module_crud")?.with_web(crud_dir().join("web")))
}

/// The `name` of every record in the module's `seen` collection (event and schedule runs).
async fn seen(harness: &Harness, who: &autoscope_module_test::Company) -> anyhow::Result<Vec<String>> {
    let reply = harness.call(who, "GET", "/seen", None).await?;
    anyhow::ensure!(reply.status == 200, "{reply:?}");
    let items = reply.body["items"].as_array().context("seen lists items")?;
    Ok(items.iter().filter_map(|item| item["name"].as_str().map(str::to_string)).collect())
}

fn titles(reply: &Reply) -> Vec<&str> {
    reply.body["items"]
        .as_array()
        .map(|items| items.iter().filter_map(|i| i["title"].as_str()).collect())
        .unwrap_or_default()
}

autoscope_module_test::on_both_engines!(items_are_created_and_listed_per_company);

/// Items created by one company are listed for it and invisible to another, on each engine.
async fn items_are_created_and_listed_per_company(engine: Engine) -> anyhow::Result<()> {
    let harness = Harness::load_on(engine, crud()?).await?;
    assert_eq!(harness.engine(), engine);
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let created = harness.call(&acme, "POST", "/items", Some(json!({ "title": "First", "qty": 2 }))).await?;
    assert_eq!(created.status, 201, "{created:?}");
    assert_eq!(created.body["qty"], 2);
    let listed = harness.call(&acme, "GET", "/items?sort=title", None).await?;
    assert_eq!((listed.status, titles(&listed)), (200, vec!["First"]), "{listed:?}");
    let other = harness.call(&globex, "GET", "/items", None).await?;
    assert_eq!((other.status, titles(&other)), (200, vec![]), "{other:?}");
    Ok(())
}

/// A public route needs no session and runs in the company of the body's `person_id`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_route_is_bound_to_the_company_of_person_id() -> anyhow::Result<()> {
    let harness = Harness::load(crud()?).await?;
    let acme = harness.company("Acme").await?;
    let echo = harness.call_public("POST", "/public/echo", Some(json!({ "person_id": acme.user_id }))).await?;
    assert_eq!(echo.status, 200, "{echo:?}");
    assert_eq!((&echo.body["company_id"], &echo.body["public"]), (&json!(acme.id), &json!(true)));
    let unbound = harness.call_public("POST", "/public/echo", Some(json!({}))).await?;
    assert_eq!(unbound.status, 400, "{unbound:?}");
    let private = harness.call_public("GET", "/items", None).await?;
    assert_eq!(private.status, 401, "{private:?}");
    Ok(())
}

/// The event a route publishes reaches the subscriber only when events are delivered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_is_delivered_by_deliver_events() -> anyhow::Result<()> {
    let harness = Harness::load(crud()?).await?;
    let acme = harness.company("Acme").await?;
    let item = harness.call(&acme, "POST", "/items", Some(json!({ "title": "Published" }))).await?;
    let expected = format!("event:{}", item.body["id"].as_str().context("the item has an id")?);
    assert!(!seen(&harness, &acme).await?.contains(&expected));
    assert_eq!(harness.deliver_events().await?, 1);
    assert_eq!(harness.deliver_events().await?, 0, "delivered once");
    assert!(seen(&harness, &acme).await?.contains(&expected));
    Ok(())
}

/// A webhook leaves only when the test sends the due ones: signed, to a receiver on
/// loopback, and tried again after its backoff by the host's clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_is_sent_by_deliver_webhooks() -> anyhow::Result<()> {
    let harness = Harness::load(crud()?).await?;
    let acme = harness.company("Acme").await?;
    // The receiver answers 500 first, then 200, and keeps each request's delivery id.
    let deliveries = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let seen = deliveries.clone();
    let receive = move |headers: axum::http::HeaderMap| async move {
        let mut seen = seen.lock().expect("the receiver's list");
        let id = headers.get("x-autoscope-delivery").and_then(|id| id.to_str().ok()).unwrap_or_default();
        seen.push(id.to_string());
        if seen.len() == 1 { axum::http::StatusCode::INTERNAL_SERVER_ERROR } else { axum::http::StatusCode::OK }
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}/hook", listener.local_addr()?);
    tokio::spawn(async move {
        axum::serve(listener, axum::Router::new().route("/hook", axum::routing::post(receive))).await
    });

    let body = json!({ "url": url, "secret": "s3cret", "payload": { "incident": "i-1" } });
    let sent = harness.call(&acme, "POST", "/webhooks", Some(body)).await?;
    assert_eq!(sent.status, 201, "{sent:?}");
    let id = sent.body["id"].as_str().context("the delivery's id")?.to_string();
    assert_eq!(harness.deliver_webhooks().await?, 0, "the receiver answered 500");
    assert_eq!(harness.deliver_webhooks().await?, 0, "not due again before its backoff");
    harness.advance(Duration::from_secs(10));
    assert_eq!(harness.deliver_webhooks().await?, 1);
    let delivery = harness.call(&acme, "GET", &format!("/webhooks/{id}"), None).await?;
    assert_eq!(
        (&delivery.body["status"], &delivery.body["attempts"]),
        (&json!("delivered"), &json!(2)),
        "{delivery:?}"
    );
    assert_eq!(*deliveries.lock().expect("the receiver's list"), [id.clone(), id]);
    Ok(())
}

/// A schedule runs once per period: again only after the clock moved past it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_schedule_ticks_once_per_period() -> anyhow::Result<()> {
    let harness = Harness::load(crud()?).await?;
    let acme = harness.company("Acme").await?;
    let ticks =
        async || -> anyhow::Result<usize> { Ok(seen(&harness, &acme).await?.iter().filter(|n| *n == "tick").count()) };
    harness.run_schedules().await?;
    assert_eq!(ticks().await?, 1);
    harness.run_schedules().await?;
    assert_eq!(ticks().await?, 1, "not due yet");
    harness.advance(Duration::from_secs(61));
    harness.run_schedules().await?;
    assert_eq!(ticks().await?, 2);
    Ok(())
}

/// Notifications and mail sent through host functions land where the harness reads them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notifications_and_mail_reach_the_company_user() -> anyhow::Result<()> {
    let harness = Harness::load(crud()?).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let notify = json!({ "user_ids": [bob.id], "message": "Item ready" });
    assert_eq!(harness.call(&acme, "POST", "/notify", Some(notify)).await?.status, 200);
    let messages: Vec<String> = harness.notifications(&bob).await?.into_iter().map(|n| n.message).collect();
    assert_eq!(messages, ["Item ready"]);
    assert!(harness.notifications(&acme).await?.is_empty());
    let mail = json!({ "user_ids": [bob.id], "name": "Bob", "title": "Boxes" });
    assert_eq!(harness.call(&bob, "POST", "/mail", Some(mail)).await?.status, 200);
    let mails = harness.mails_to("bob@acme.test").await?;
    assert_eq!(mails.iter().map(|m| m.subject.as_str()).collect::<Vec<_>>(), ["Hello Bob"]);
    Ok(())
}

/// A user whose role may not view the module's rights key is refused with 403.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_without_the_right_gets_403() -> anyhow::Result<()> {
    let harness = Harness::load(crud()?).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    assert_eq!(harness.call(&bob, "GET", "/items", None).await?.status, 200);
    let mut rights = default_role_rights();
    rights.insert("process".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let refused = harness.call(&bob, "GET", "/items", None).await?;
    assert_eq!(refused.status, 403, "{refused:?}");
    assert_eq!(refused.body["message"], "Your rights do not allow this module");
    Ok(())
}

/// A plugin not built with the SDK is refused with every reason, and the loaded module
/// keeps serving.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_package_names_every_reason() -> anyhow::Result<()> {
    let harness = Harness::load(crud()?).await?;
    let work = tempfile::tempdir()?;
    let bare = work.path().join("bare.wasm");
    // The smallest valid WebAssembly module: no `handle` export, no SDK section.
    std::fs::write(&bare, b"\0asm\x01\0\0\0")?;
    let error = harness.install(Module::new(crud_dir().join("module.toml"), &bare)).await.unwrap_err().to_string();
    assert!(error.contains("was refused"), "{error}");
    assert!(error.contains("does not export 'handle'"), "{error}");
    assert!(error.contains("section: build it with the Autoscope SDK"), "{error}");
    let acme = harness.company("Acme").await?;
    assert_eq!(harness.call(&acme, "GET", "/items", None).await?.status, 200);
    Ok(())
}

/// A manifest naming an unknown rights key is refused before anything is installed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_rights_key_is_refused() -> anyhow::Result<()> {
    let work = tempfile::tempdir()?;
    let manifest = work.path().join("module.toml");
    let text = std::fs::read_to_string(crud_dir().join("module.toml"))?;
    std::fs::write(&manifest, text.replace("rights_key = \"process\"", "rights_key = \"no_such_key\""))?;
    let module = Module::new(&manifest, built_plugin("test_module_crud")?);
    let error = format!("{:#}", Harness::load(module).await.err().context("the package is refused")?);
    let refused = "rights_key 'no_such_key' is neither a rights key of the portal nor the module's own key ('crud')";
    assert!(error.contains(refused), "{error}");
    Ok(())
}

/// A plugin that was not built fails with how to build it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_plugin_says_how_to_build_it() -> anyhow::Result<()> {
    let error = built_plugin("no_such_module").unwrap_err().to_string();
    assert!(error.contains("no_such_module.wasm is missing: build the plugin with `make modules`"), "{error}");
    let module = Module::new(crud_dir().join("module.toml"), "/nowhere/plugin.wasm");
    let error = Harness::load(module).await.err().context("a missing plugin fails")?.to_string();
    assert!(error.contains("/nowhere/plugin.wasm is missing"), "{error}");
    Ok(())
}

/// Sessions end 12 hours after they opened; `renew` signs the same users in again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renewed_sessions_outlive_the_12_hours() {
    let harness = Harness::load(crud().expect("built")).await.expect("loaded");
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    expect(call(&harness, &bob, "GET", "/items", None).await, 200);
    harness.advance(Duration::from_secs(13 * 3600));
    assert_eq!(call(&harness, &acme, "GET", "/items", None).await.status, 401);
    assert_eq!(call(&harness, &bob, "GET", "/items", None).await.status, 401);
    let (acme, bob) = (renew(&harness, &acme).await, renew(&harness, &bob).await);
    expect(call(&harness, &acme, "GET", "/items", None).await, 200);
    let created = call(&harness, &bob, "POST", "/items", Some(json!({ "title": "Later" }))).await;
    assert_eq!(expect(created, 201)["title"], "Later");
    assert_eq!(message(call(&harness, &bob, "GET", "/items/nope", None).await, 404), "Item not found");
}

/// `load_with` installs the other modules after the loaded one, which `call` still
/// addresses; `product_module` finds this repository's modules by key.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_modules_load_alongside() -> anyhow::Result<()> {
    let harness = Harness::load_with(Engine::Sqlite, crud()?, [product_module("vault")?]).await?;
    assert_eq!(harness.module(), "crud");
    let acme = harness.company("Acme").await?;
    assert_eq!(harness.call(&acme, "GET", "/items", None).await?.status, 200);
    let processes = harness.call_module("vault", &acme, "GET", "/processes", None).await?;
    assert_eq!(processes.status, 200, "{processes:?}");
    let error = product_module("no_such_module").unwrap_err().to_string();
    assert!(error.contains("no product module no_such_module"), "{error}");
    Ok(())
}
