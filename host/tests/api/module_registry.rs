//! Module packages: checks before install, install/upgrade/remove at run time,
//! `GET /api/modules`, the web assets, and loading installed modules at start.

use autoscope::modules::registry::api::SAY_WHAT_DATA;
use autoscope::storage::Engine;
use serde_json::json;

use crate::on_both_engines;
use crate::support::TestApp;
use crate::support::modules::{archive, archive_edited, archive_with, manifest, manifest_at};

on_both_engines!(
    an_installed_module_is_listed_for_users_whose_rights_allow_it,
    its_web_assets_are_served_immutable_for_the_installed_version_only,
    only_administrators_install_and_remove,
    grants_must_be_declared,
    upgrades_replace_the_running_version_and_removal_stops_it,
    a_refused_upgrade_leaves_the_previous_version_serving,
    a_path_the_portal_or_another_module_answers_is_refused_at_install,
    routes_answer_only_when_granted,
    removal_keeps_or_purges_the_data_as_the_administrator_says,
    an_install_through_one_instance_is_served_by_every_instance,
);
on_both_engines!(
    engine: installed_modules_load_again_at_start,
    signatures_decide_trust,
    limits_above_the_operators_policy_need_the_limits_grant,
    installations_recorded_in_files_are_moved_into_the_database
);

/// `GET /api/modules` gives pages, menu data, rights and the remote's manifest URL.
async fn an_installed_module_is_listed_for_users_whose_rights_allow_it(app: TestApp) {
    let user = app.sign_up("lister@example.com", "Listers").await;
    assert_eq!(app.get_as(&user, "/api/modules").await.body["data"], json!([]));
    app.install_test_module("crud").await;
    let listed = app.get_as(&user, "/api/modules").await;
    assert_eq!(listed.status, 200, "{listed:?}");
    let module = &listed.body["data"][0];
    assert_eq!(module["key"], "crud");
    assert_eq!(module["version"], "1.0.0");
    assert_eq!(module["rights"], json!({ "view": true, "disabled": false }));
    assert_eq!(module["remote"]["manifestUrl"], "/modules/crud/1.0.0/mf-manifest.json");
    assert_eq!(module["pages"][0]["route"], "/Items");
    assert_eq!(module["pages"][0]["group"], "Process");
    assert_eq!(module["pages"][0]["menuKey"], "process");
    assert_eq!(module["pages"][0]["component"], "./ItemsPage");
    assert_eq!(app.get("/api/modules").await.status, 401);
}

/// Same-origin assets with immutable caching; another version's path is 404.
async fn its_web_assets_are_served_immutable_for_the_installed_version_only(app: TestApp) {
    app.install_test_module("crud").await;
    let response = app.client.get(format!("{}/modules/crud/1.0.0/remoteEntry.js", app.base)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(response.headers()["content-type"].to_str().unwrap().contains("javascript"));
    for missing in ["/modules/crud/0.9.0/remoteEntry.js", "/modules/crud/1.0.0/nothing.js", "/modules/none/1.0.0/x.js"]
    {
        let response = app.client.get(format!("{}{missing}", app.base)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{missing}");
    }
}

/// Installing and removing need the server-side admin role.
async fn only_administrators_install_and_remove(app: TestApp) {
    let user = app.sign_up("plain@example.com", "Plain Co").await;
    // The role is checked before the body is read (a small body keeps the connection reusable).
    assert_eq!(app.install(&user, b"archive".to_vec(), "declared").await.status, 403);
    let removal = app.request(reqwest::Method::DELETE, "/api/admin/modules/crud", Some(&user), None).await;
    assert_eq!(removal.status, 403);
    let admin = app.admin_token().await;
    let unsaid = app.request(reqwest::Method::DELETE, "/api/admin/modules/crud", Some(&admin), None).await;
    assert_eq!((unsaid.status, unsaid.message()), (400, SAY_WHAT_DATA));
    let removal = app.request(reqwest::Method::DELETE, "/api/admin/modules/crud?data=keep", Some(&admin), None).await;
    assert_eq!(removal.status, 404);
    assert_eq!(removal.message(), "Module not found");
}

/// An installation may grant only what the manifest declares; unknown names are refused.
async fn grants_must_be_declared(app: TestApp) {
    let admin = app.admin_token().await;
    let refused = app.install(&admin, archive("faults"), "storage,notify").await;
    assert_eq!(refused.status, 400);
    assert!(refused.message().contains("does not declare notify"), "{refused:?}");
    let unknown = app.install(&admin, archive("faults"), "storage,network").await;
    assert_eq!(unknown.message(), "Unknown capability 'network'");
    let installed = app.install(&admin, archive("faults"), "storage").await;
    assert_eq!(installed.status, 200, "{installed:?}");
    assert_eq!(installed.body["granted"], json!(["storage"]));
    assert_eq!(installed.body["declared"], json!(["storage", "read:crud.items", "aggregate:crud.items"]));
    // The listing shows each package's limits: the manifest's, defaults filled in.
    let listed = app.get_as(&admin, "/api/admin/modules").await;
    let faults = listed.body["data"].as_array().unwrap().iter().find(|m| m["key"] == "faults").unwrap().clone();
    assert_eq!(
        faults["limits"],
        json!({ "fuel": 50_000_000, "memory_mb": 8, "timeout_ms": 2000, "max_request_kb": 1024,
                "max_response_kb": 1024, "concurrency": 2 })
    );
}

/// A new version serves at once; removing answers 404 on its routes and drops it from the list.
async fn upgrades_replace_the_running_version_and_removal_stops_it(app: TestApp) {
    let admin = app.admin_token().await;
    let user = app.sign_up("upgrader@example.com", "Upgraders").await;
    assert_eq!(app.install(&admin, archive("crud"), "declared").await.status, 200);
    // The same package again is a no-op; other content under the same version is not.
    assert_eq!(app.install(&admin, archive("crud"), "declared").await.status, 200);
    let changed = manifest("crud").replace("name = \"Items\"", "name = \"Other\"");
    let same_version = app.install(&admin, archive_with("crud", &changed, None), "declared").await;
    assert!(same_version.message().contains("installed with different content"), "{same_version:?}");
    let upgraded = app.install(&admin, archive_with("crud", &manifest_at("crud", "1.1.0"), None), "declared").await;
    assert_eq!(upgraded.status, 200, "{upgraded:?}");
    assert_eq!(app.get_as(&user, "/api/modules").await.body["data"][0]["version"], "1.1.0");
    let older = app.install(&admin, archive("crud"), "declared").await;
    assert!(older.message().contains("older than the installed 1.1.0"), "{older:?}");
    assert_eq!(app.get_as(&user, "/api/m/crud/whoami").await.status, 200);
    let removed = app.request(reqwest::Method::DELETE, "/api/admin/modules/crud?data=keep", Some(&admin), None).await;
    assert_eq!(removed.message(), "Module removed; its data is kept");
    let gone = app.get_as(&user, "/api/m/crud/whoami").await;
    assert_eq!((gone.status, gone.message()), (404, "Module not found"));
    assert_eq!(app.get_as(&user, "/api/modules").await.body["data"], json!([]));
}

/// Every refusal says why, and the installed version keeps answering.
async fn a_refused_upgrade_leaves_the_previous_version_serving(app: TestApp) {
    let admin = app.admin_token().await;
    let user = app.sign_up("keeper@example.com", "Keepers").await;
    assert_eq!(app.install(&admin, archive("crud"), "declared").await.status, 200);
    let cases = [
        (manifest_at("crud", "2.0.0").replace("host_api = 1", "host_api = 2"), "built for 1"),
        (
            manifest_at("crud", "2.0.0").replace("rights_key = \"process\"", "rights_key = \"nope\""),
            "rights_key 'nope'",
        ),
        (manifest_at("crud", "2.0.0") + "\nsurprise = true\n", "surprise"),
    ];
    for (text, reason) in cases {
        let package = archive_edited("crud", true, |dir| std::fs::write(dir.join("module.toml"), &text).unwrap());
        let refused = app.install(&admin, package, "declared").await;
        assert_eq!(refused.status, 400, "{refused:?}");
        assert!(refused.message().contains(reason), "{reason}: {refused:?}");
    }
    let garbage = app.install(&admin, b"not an archive".to_vec(), "declared").await;
    assert!(garbage.message().contains("cannot be read as .tar.gz"), "{garbage:?}");
    assert_eq!(tampered(&app, &admin).await, 400);
    let still = app.get_as(&user, "/api/m/crud/whoami").await;
    assert_eq!(still.status, 200, "{still:?}");
    assert_eq!(app.get_as(&user, "/api/modules").await.body["data"][0]["version"], "1.0.0");
}

/// Installs a package whose plugin was changed after packing; answers the status.
async fn tampered(app: &TestApp, admin: &str) -> u16 {
    let package = archive_edited("crud", false, |dir| {
        let mut wasm = std::fs::read(dir.join("backend.wasm")).unwrap();
        wasm.push(0);
        std::fs::write(dir.join("backend.wasm"), wasm).unwrap();
    });
    let answer = app.install(admin, package, "declared").await;
    assert!(answer.message().contains("backend.wasm does not match its digest"), "{answer:?}");
    answer.status
}

/// A restarted host finds its installed modules (and their grants) in the database.
async fn installed_modules_load_again_at_start(engine: Engine) {
    let app = TestApp::start(engine, |_| {}).await;
    let admin = app.admin_token().await;
    assert_eq!(app.install(&admin, archive("faults"), "storage").await.status, 200);
    let again = autoscope::prepare(app.state.config.as_ref().clone()).await.unwrap();
    let faults = again.modules.get("faults").expect("loaded at start");
    assert_eq!(faults.manifest().version.to_string(), "1.0.0");
    assert_eq!(faults.loaded.grants.iter().map(ToString::to_string).collect::<Vec<_>>(), ["storage"]);
}

/// Another host on the same database (as behind a load balancer, with a modules directory
/// of its own) serves what was installed, upgraded or removed through the first, once it
/// follows the installations (every two seconds while it serves; called here).
async fn an_install_through_one_instance_is_served_by_every_instance(app: TestApp) {
    let other = app.another_instance(|_| {}).await;
    let admin = app.admin_token().await;
    let user = app.sign_up("everywhere@example.com", "Everywhere").await;
    let follow = || async { other.state.modules.follow(other.db()).await.unwrap() };
    assert_eq!(app.install(&admin, archive("crud"), "declared").await.status, 200);
    follow().await;
    assert_eq!(other.get_as(&user, "/api/m/crud/whoami").await.status, 200);
    assert_eq!(other.get_as(&user, "/api/modules").await.body["data"][0]["version"], "1.0.0");
    let web = other.client.get(format!("{}/modules/crud/1.0.0/remoteEntry.js", other.base)).send().await;
    assert_eq!(web.unwrap().status(), 200, "the other instance serves the remote's files too");

    let upgraded = app.install(&admin, archive_with("crud", &manifest_at("crud", "1.1.0"), None), "declared").await;
    assert_eq!(upgraded.status, 200, "{upgraded:?}");
    follow().await;
    assert_eq!(other.get_as(&user, "/api/modules").await.body["data"][0]["version"], "1.1.0");
    let unpacked: Vec<String> = std::fs::read_dir(other.state.config.modules.dir.join("crud"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(unpacked, ["1.1.0"], "the replaced version's files are gone");
    // Nothing changed: the module is not loaded again.
    let loaded = other.state.modules.get("crud").unwrap();
    follow().await;
    assert!(std::sync::Arc::ptr_eq(&loaded, &other.state.modules.get("crud").unwrap()));

    let removed = app.request(reqwest::Method::DELETE, "/api/admin/modules/crud?data=keep", Some(&admin), None).await;
    assert_eq!(removed.message(), "Module removed; its data is kept");
    follow().await;
    let gone = other.get_as(&user, "/api/m/crud/whoami").await;
    assert_eq!((gone.status, gone.message()), (404, "Module not found"));
    assert!(!other.state.config.modules.dir.join("crud").exists());
}

/// A data dir from before installations moved into the database (`<key>/installation.toml`
/// beside the package) serves the same modules, now recorded in the database.
async fn installations_recorded_in_files_are_moved_into_the_database(engine: Engine) {
    let app = TestApp::start(engine, |_| {}).await;
    let admin = app.admin_token().await;
    assert_eq!(app.install(&admin, archive("faults"), "storage").await.status, 200);
    // As an earlier host left it: the file, and nothing in the database.
    let module_dir = app.state.config.modules.dir.join("faults");
    std::fs::write(module_dir.join("installation.toml"), "version = \"1.0.0\"\ngrants = [\"storage\"]\nformat = 2\n")
        .unwrap();
    autoscope::storage::module_installations::delete(app.db(), "faults").await.unwrap();

    let again = autoscope::prepare(app.state.config.as_ref().clone()).await.unwrap();
    let faults = again.modules.get("faults").expect("loaded at start");
    assert_eq!(faults.loaded.grants.iter().map(ToString::to_string).collect::<Vec<_>>(), ["storage"]);
    let recorded = autoscope::storage::module_installations::get(app.db(), "faults").await.unwrap();
    assert_eq!(recorded.map(|installation| installation.version), Some("1.0.0".to_string()));
    assert!(!module_dir.join("installation.toml").exists(), "the database is the record now");
}

/// Unsigned packages need the configuration's consent; signed ones a trusted key.
async fn signatures_decide_trust(engine: Engine) {
    let (secret, public) = autoscope::modules::registry::package::generate_key();
    let (stranger, _) = autoscope::modules::registry::package::generate_key();
    let app = TestApp::start(engine, |config| {
        config.modules.allow_unsigned = false;
        config.modules.trusted_keys = vec![public.clone()];
    })
    .await;
    let admin = app.admin_token().await;
    let unsigned = app.install(&admin, archive("crud"), "declared").await;
    assert!(unsigned.message().contains("not signed"), "{unsigned:?}");
    let untrusted = app.install(&admin, archive_with("crud", &manifest("crud"), Some(&stranger)), "declared").await;
    assert!(untrusted.message().contains("does not match any trusted key"), "{untrusted:?}");
    let trusted = app.install(&admin, archive_with("crud", &manifest("crud"), Some(&secret)), "declared").await;
    assert_eq!(trusted.status, 200, "{trusted:?}");
    assert_eq!(trusted.body["signedBy"], public);
}

/// Limits are the operator's: a package asking more than `AUTOSCOPE_MODULE_LIMITS` is
/// refused with each limit, unless the installation names `limits`; a policy tightened
/// later stops it loading.
async fn limits_above_the_operators_policy_need_the_limits_grant(engine: Engine) {
    let app = TestApp::start(engine, |config| config.modules.limits_policy = "timeout_ms=1000".into()).await;
    let admin = app.admin_token().await;
    let above = "The package was refused: limits.timeout_ms 2000 is above the portal's policy of 1000; grant 'limits' to allow it";
    for grants in ["storage", "declared"] {
        let refused = app.install(&admin, archive("faults"), grants).await;
        assert_eq!((refused.status, refused.message()), (400, above), "{grants}");
    }
    let mixed = app.install(&admin, archive("faults"), "declared,notify").await;
    assert_eq!((mixed.status, mixed.message()), (400, "'declared' combines only with 'limits'"));
    let granted = app.install(&admin, archive("faults"), "storage,limits").await;
    assert_eq!(granted.status, 200, "{granted:?}");
    assert_eq!(granted.body["granted"], json!(["storage", "limits"]));
    let crud = app.install(&admin, archive("crud"), "declared,limits").await;
    assert_eq!(crud.status, 200, "{crud:?}");
    assert!(crud.body["granted"].as_array().unwrap().contains(&json!("limits")));
    // Within the policy, `limits` is not recorded: a later version asking more needs it again.
    let within = manifest_at("faults", "1.0.1").replace("timeout_ms = 2000", "timeout_ms = 1000");
    let upgraded = app.install(&admin, archive_with("faults", &within, None), "storage,limits").await;
    assert_eq!(upgraded.body["granted"], json!(["storage"]), "{upgraded:?}");
    // A policy tightened since stops what it no longer allows from loading; a `limits`
    // grant holds.
    let mut tighter = app.state.config.as_ref().clone();
    tighter.modules.limits_policy = "timeout_ms=1000,concurrency=1".into();
    let again = autoscope::prepare(tighter).await.unwrap();
    assert!(again.modules.get("faults").is_none(), "faults asks 2 calls at once");
    assert!(again.modules.get("crud").is_some());
}

/// A legacy path has one owner: a package claiming a path of the portal's own or of another
/// installed module is refused with the path and its owner, and the owner keeps answering.
async fn a_path_the_portal_or_another_module_answers_is_refused_at_install(app: TestApp) {
    let admin = app.admin_token().await;
    app.install_test_module("crud").await;
    let claim = |method: &str, path: &str| {
        format!(
            "{}\n[[legacy_routes]]\nmethod = \"{method}\"\npath = \"{path}\"\nto = \"/notes\"\n",
            manifest("faults")
        )
    };
    let taken =
        app.install(&admin, archive_with("faults", &claim("POST", "/crud/echo_request"), None), "declared").await;
    assert_eq!(taken.status, 400, "{taken:?}");
    assert_eq!(
        taken.message(),
        "The package was refused: POST /api/crud/echo_request is answered by the installed module Items (crud)"
    );
    let host = app.install(&admin, archive_with("faults", &claim("GET", "/users/signin"), None), "declared").await;
    assert_eq!(host.message(), "The package was refused: GET /api/users/signin is the portal's own path");
    let templated =
        app.install(&admin, archive_with("faults", &claim("GET", "/admin/modules/crud"), None), "declared").await;
    assert!(templated.message().ends_with("GET /api/admin/modules/crud is the portal's own path"), "{templated:?}");
    // Another method on the same path is a different route.
    let other_method =
        app.install(&admin, archive_with("faults", &claim("PUT", "/crud/echo_request"), None), "storage").await;
    assert_eq!(other_method.status, 200, "{other_method:?}");
    let user = app.sign_up("owner@example.com", "Owners").await;
    let me = app.get_as(&user, "/api/m/crud/whoami").await;
    let echoed = app.post("/api/crud/echo_request", json!({ "person_id": me.body["user_id"] })).await;
    assert_eq!(echoed.status, 200, "{echoed:?}");
}

/// Routes are capabilities: declared, listed with their grant, and answered only when the
/// installation granted them.
async fn routes_answer_only_when_granted(app: TestApp) {
    let admin = app.admin_token().await;
    let installed = app.install(&admin, archive("crud"), "storage").await;
    assert_eq!(installed.status, 200, "{installed:?}");
    let declared = installed.body["declared"].as_array().unwrap();
    for route in ["route:POST /crud/echo_request", "public:POST /public/echo"] {
        assert!(declared.contains(&json!(route)), "{route} in {declared:?}");
    }
    assert_eq!(
        installed.body["routes"],
        json!([
            { "method": "POST", "path": "/api/crud/echo_request", "public": true, "granted": false },
            { "method": "POST", "path": "/api/m/crud/public/echo", "public": true, "granted": false },
        ])
    );
    let user = app.sign_up("granter@example.com", "Granters").await;
    let me = app.get_as(&user, "/api/m/crud/whoami").await;
    let body = json!({ "person_id": me.body["user_id"] });
    assert_eq!(app.post("/api/crud/echo_request", body.clone()).await.status, 404);
    // An ungranted public route is an ordinary route: it needs a session.
    assert_eq!(app.post("/api/m/crud/public/echo", body.clone()).await.status, 401);
    let grants = "storage,route:POST%20/crud/echo_request,public:POST%20/public/echo";
    let regranted = app.install(&admin, archive("crud"), grants).await;
    assert_eq!(regranted.status, 200, "{regranted:?}");
    assert_eq!(regranted.body["routes"][0]["granted"], true);
    assert_eq!(app.post("/api/crud/echo_request", body.clone()).await.status, 200);
    assert_eq!(app.post("/api/m/crud/public/echo", body).await.status, 200);
}

/// Removing keeps the module's data for a reinstall, or purges it, as the administrator
/// says; either way the module stops answering.
async fn removal_keeps_or_purges_the_data_as_the_administrator_says(app: TestApp) {
    let admin = app.admin_token().await;
    let user = app.sign_up("remover@example.com", "Removers").await;
    let remove = |data: &'static str| {
        let url = format!("/api/admin/modules/crud?data={data}");
        let admin = admin.clone();
        let app = &app;
        async move { app.request(reqwest::Method::DELETE, &url, Some(&admin), None).await }
    };
    app.install_test_module("crud").await;
    let created = app.post_as(&user, "/api/m/crud/items", json!({ "title": "Kept" })).await;
    assert_eq!(created.status, 201, "{created:?}");
    assert_eq!(remove("keep").await.message(), "Module removed; its data is kept");
    app.install_test_module("crud").await;
    let kept = app.get_as(&user, "/api/m/crud/items").await;
    assert_eq!(kept.body["items"][0]["title"], "Kept", "{kept:?}");
    let purged = remove("purge").await;
    assert_eq!((purged.status, purged.message()), (200, "Module removed with its data"));
    assert_eq!(app.get_as(&user, "/api/m/crud/whoami").await.status, 404);
    let wrong = app.request(reqwest::Method::DELETE, "/api/admin/modules/crud?data=maybe", Some(&admin), None).await;
    assert_eq!(wrong.status, 400);
    app.install_test_module("crud").await;
    let empty = app.get_as(&user, "/api/m/crud/items").await;
    assert_eq!(empty.body["items"], json!([]), "{empty:?}");
    // Kept at a removal, the data can be purged later; then there is nothing left to purge.
    assert_eq!(app.post_as(&user, "/api/m/crud/items", json!({ "title": "Later" })).await.status, 201);
    assert_eq!(remove("keep").await.status, 200);
    let later = remove("purge").await;
    assert_eq!((later.status, later.message()), (200, "The removed module's data is purged"));
    assert_eq!(remove("purge").await.status, 404);
    app.install_test_module("crud").await;
    assert_eq!(app.get_as(&user, "/api/m/crud/items").await.body["items"], json!([]));
    let logged = app.get_as(&admin, "/api/admin/logs?level=info&page_size=100").await;
    assert!(logged.body.to_string().contains("Removed module crud and purged its data"), "{logged:?}");
}
