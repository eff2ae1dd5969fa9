//! A webhook receiver on a loopback port, as the hosts under test send to.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{HeaderMap, StatusCode};

/// How long a held request waits before its answer: past any sender's timeout.
const HOLD: Duration = Duration::from_secs(60);

/// A request a receiver got: its headers and body.
pub struct Received {
    pub headers: HeaderMap,
    pub body: String,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|value| value.to_str().ok()).unwrap_or_default()
    }
}

/// Answers the statuses it was given, in turn, then 200; when holding, it answers the
/// first request only after [`HOLD`] (its sender gives up, or dies, before that).
#[derive(Clone)]
pub struct Receiver {
    pub url: String,
    pub received: Arc<Mutex<Vec<Received>>>,
    answers: Arc<Mutex<VecDeque<u16>>>,
    hold_next: Arc<AtomicBool>,
}

impl Receiver {
    pub async fn start(answers: &[u16]) -> Self {
        Self::serve(answers, false).await
    }

    pub async fn holding_first() -> Self {
        Self::serve(&[], true).await
    }

    async fn serve(answers: &[u16], hold: bool) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let receiver = Self {
            url: format!("http://{}/hooks/incidents", listener.local_addr().unwrap()),
            received: Arc::default(),
            answers: Arc::new(Mutex::new(answers.iter().copied().collect())),
            hold_next: Arc::new(AtomicBool::new(hold)),
        };
        let state = receiver.clone();
        let app = axum::Router::new().route(
            "/hooks/incidents",
            axum::routing::post(move |headers: HeaderMap, body: String| {
                let state = state.clone();
                async move {
                    state.received.lock().unwrap().push(Received { headers, body });
                    let held = state.hold_next.swap(false, Ordering::SeqCst);
                    // A receiver that takes a moment widens any window for a double send.
                    tokio::time::sleep(if held { HOLD } else { Duration::from_millis(20) }).await;
                    let status = state.answers.lock().unwrap().pop_front().unwrap_or(200);
                    StatusCode::from_u16(status).unwrap()
                }
            }),
        );
        tokio::spawn(async move { axum::serve(listener, app).await });
        receiver
    }

    pub fn count(&self) -> usize {
        self.received.lock().unwrap().len()
    }

    /// How many requests carried the delivery `id`.
    pub fn deliveries_of(&self, id: &str) -> usize {
        self.received.lock().unwrap().iter().filter(|request| request.header("x-autoscope-delivery") == id).count()
    }
}
