//! Events: the board's `board.stage_changed` becomes the process's `stage` entry, once.

use std::time::Duration;

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{company, id};
use autoscope_sdk::wire::{Envelope, host::Publish};
use serde_json::json;

use crate::common::{actions, create, history, load};

autoscope_module_test::on_both_engines!(
    a_board_stage_change_is_recorded_once,
    a_stage_change_of_a_deleted_process_is_dropped,
);

/// `board.stage_changed` becomes one `stage` entry (the change, the user, the event's id),
/// even when delivered twice: delivery is at least once.
async fn a_board_stage_change_is_recorded_once(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    let payload = json!({ "process_id": id(&process), "from": "idea", "to": "analysis", "user_id": acme.user_id });
    harness.advance(Duration::from_secs(1));
    // What the board's publish does: the vault is the one subscriber.
    let event = Publish { name: "board.stage_changed".into(), payload: payload.clone() };
    let subscribers = harness.publish("board", &acme.id, &event).await.expect("published");
    assert_eq!(subscribers, 1);
    assert_eq!(harness.deliver_events().await.expect("delivered"), 1);

    let entries = history(&harness, &acme, id(&process)).await;
    assert_eq!(actions(&entries), ["stage", "created"]);
    assert_eq!(entries[0]["changes"], json!([{ "field": "stage", "from": "idea", "to": "analysis" }]));
    assert_eq!(entries[0]["user_id"], json!(acme.user_id));
    let event_id = entries[0]["event_id"].as_str().expect("the entry keeps the event id");

    // At least once: the same event again (as after a timeout) changes nothing.
    let envelope: Envelope = serde_json::from_value(json!({
        "v": 1,
        "context": { "module": "vault", "company_id": acme.id, "user": null, "request_id": null, "now": 0 },
        "call": { "kind": "event", "id": event_id, "name": "board.stage_changed", "source": "board", "payload": payload, "published_at": 0, "attempt": 2 }
    }))
    .expect("an envelope");
    let reply = harness.call_envelope("vault", &envelope).await.expect("the call runs");
    assert_eq!(reply.status, 200, "{}", reply.body.get());
    assert_eq!(actions(&history(&harness, &acme, id(&process)).await), ["stage", "created"]);
}

/// An event for a process deleted meanwhile is dropped, not retried.
async fn a_stage_change_of_a_deleted_process_is_dropped(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let gone = json!({ "process_id": "gone", "from": "idea", "to": "live", "user_id": null });
    harness
        .publish("board", &acme.id, &Publish { name: "board.stage_changed".into(), payload: gone })
        .await
        .expect("published");
    assert_eq!(harness.deliver_events().await.expect("delivered"), 1);
    // Past the first retry's backoff (5 s): nothing is delivered again.
    harness.advance(Duration::from_secs(60));
    assert_eq!(harness.deliver_events().await.expect("delivered"), 0, "not retried");
}
