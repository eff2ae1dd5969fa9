//! The OpenAPI document, the docs page, and what every response carries.

use crate::on_both_engines;
use crate::support::TestApp;

on_both_engines!(
    the_openapi_document_lists_the_spec_calls,
    responses_carry_a_request_id_and_unknown_api_paths_are_json_404s
);

/// `/api/openapi.json` is generated from the handlers and names the spec's paths; the
/// docs page renders them.
async fn the_openapi_document_lists_the_spec_calls(app: TestApp) {
    let doc = app.get("/api/openapi.json").await;
    assert_eq!(doc.status, 200);
    assert!(doc.body["openapi"].as_str().unwrap().starts_with("3."));
    // Ours, not the generating library's.
    let info = &doc.body["info"];
    assert_eq!(info["title"], "Autoscope API", "{info}");
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"), "{info}");
    assert!(!info.to_string().contains("utoipa"), "{info}");
    let paths = doc.body["paths"].as_object().unwrap();
    for path in [
        "/api/users/newUserSignUp",
        "/api/users/userSignUpTokenVerification",
        "/api/users/communitySignUp",
        "/api/users/signin",
        "/api/users/logout",
        "/api/users/me",
        "/api/users/socialSignIn",
        "/api/users/socialSignUp",
        "/api/users/linkedinSignIn",
        "/api/users/forgot_password",
        "/api/users/resetPasswordCodeVerification",
        "/api/users/reset_password",
        "/api/users/all_users",
        "/api/users/getUploadedProfilePic/{user_id}",
        "/api/users/uploadProfilePic",
        "/api/notification/getall",
        "/api/master/list",
        "/api/logs/all_logs",
        "/api/users/enterpriseEditionSubscribers",
        "/api/admin/companies",
        "/api/admin/companies/{id}/edition",
    ] {
        assert!(paths.contains_key(path), "{path} is documented");
    }
    assert!(doc.body["components"]["securitySchemes"]["bearer"].is_object());
    let page = app.client.get(format!("{}/api/docs", app.base)).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("/api/users/signin") && html.contains("<table>"));
}

/// Each answer has an x-request-id and the security headers; an unknown /api path is a
/// JSON 404, not the web shell.
async fn responses_carry_a_request_id_and_unknown_api_paths_are_json_404s(app: TestApp) {
    let response = app.client.get(format!("{}/api/no/such/call", app.base)).send().await.unwrap();
    assert_eq!(response.status(), 404);
    let id = response.headers().get("x-request-id").expect("a request id").to_str().unwrap().to_string();
    assert_eq!(id.len(), 36, "a UUID: {id}");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Not found");
    let signin =
        app.client.post(format!("{}/api/users/signin", app.base)).json(&serde_json::json!({})).send().await.unwrap();
    assert_eq!(signin.headers()["cache-control"], "no-store", "API answers are never cached");
    let root = app.client.get(format!("{}/", app.base)).send().await.unwrap();
    assert_eq!(root.status(), 200);
    assert_eq!(root.headers()["referrer-policy"], "no-referrer", "links with codes leak no referrer");
    assert_eq!(root.headers()["x-content-type-options"], "nosniff");
    assert_eq!(root.headers()["x-frame-options"], "DENY");
    let policy = root.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self';"), "{policy}");
    assert!(root.text().await.unwrap().contains("/api/docs"));
    let docs = app.client.get(format!("{}/api/docs", app.base)).send().await.unwrap();
    assert_eq!(docs.headers()["content-security-policy"], autoscope::http::CONTENT_SECURITY_POLICY);
    assert!(!signin.headers().contains_key("content-security-policy"), "JSON answers need none");
}
