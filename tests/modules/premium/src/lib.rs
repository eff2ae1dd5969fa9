//! `premium`: a test module behind a premium rights key (`databaseIntegration`), which
//! community companies see disabled. The browser tests prove that the web shell never
//! requests its remote for such a user; the plugin itself only answers `/ping`.

use autoscope_sdk::prelude::*;
use serde_json::json;

fn router() -> Router {
    Router::new().get("/ping", |_: &Request| ok(&json!({ "pong": true })))
}

autoscope_sdk::module!(router);
