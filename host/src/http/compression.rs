//! Answers compressed for clients that accept brotli or gzip, at a level cheap enough per
//! request (the shell's files come precompressed at the highest one), but never event
//! streams: they must reach the client as they are written, and a compressed answer's body
//! holds the encoders' state inline (about 6 KB), which a stream would keep for its whole
//! life (a quarter of an idle stream's memory). A request that accepts an event stream
//! goes around the compression altogether; a WebSocket's upgrade is never compressed.

use std::convert::Infallible;
use std::task::{Context, Poll};

use axum::body::Body;
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::Route;
use tower::util::{BoxCloneSyncService, Oneshot};
use tower::{Layer, Service, ServiceBuilder, ServiceExt};
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::compression::{CompressionBody, CompressionLayer};

type Answering = BoxCloneSyncService<Request, Response, Infallible>;

/// The layer over the application's routes.
pub fn layer() -> impl Layer<Route, Service = Compressing> + Clone + Send + Sync + 'static {
    tower::layer::layer_fn(|route: Route| {
        let compressed = ServiceBuilder::new()
            .map_response(|answer: axum::http::Response<CompressionBody<Body>>| answer.into_response())
            .layer(compression())
            .service(route.clone());
        Compressing { compressed: BoxCloneSyncService::new(compressed), as_written: BoxCloneSyncService::new(route) }
    })
}

/// The routes, compressed or as written.
#[derive(Clone)]
pub struct Compressing {
    compressed: Answering,
    as_written: Answering,
}

impl Service<Request> for Compressing {
    type Response = Response;
    type Error = Infallible;
    type Future = Oneshot<Answering, Request>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        // Each request waits for its own route's readiness (`oneshot`).
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let accepted = request.headers().get_all(header::ACCEPT);
        let stream = accepted.iter().any(|value| value.to_str().is_ok_and(|value| value.contains("text/event-stream")));
        let routes = if stream { &self.as_written } else { &self.compressed };
        routes.clone().oneshot(request)
    }
}

fn compression() -> CompressionLayer<impl Predicate> {
    let not_upgrade = |status: StatusCode,
                       _: axum::http::Version,
                       _: &axum::http::HeaderMap,
                       _: &axum::http::Extensions| { status != StatusCode::SWITCHING_PROTOCOLS };
    CompressionLayer::new()
        .quality(tower_http::CompressionLevel::Precise(4))
        .compress_when(DefaultPredicate::new().and(not_upgrade))
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::routing::get;

    use super::*;

    async fn encoding(accept: Option<&str>) -> Option<String> {
        let app = Router::new().route("/", get(|| async { "a compressible answer ".repeat(100) })).layer(layer());
        let mut request = Request::builder().uri("/").header(header::ACCEPT_ENCODING, "gzip");
        if let Some(accept) = accept {
            request = request.header(header::ACCEPT, accept);
        }
        let answer = app.oneshot(request.body(Body::empty()).expect("a request")).await.expect("an answer");
        let encoding = answer.headers().get(header::CONTENT_ENCODING);
        encoding.and_then(|value| value.to_str().ok()).map(str::to_string)
    }

    #[tokio::test]
    async fn answers_are_compressed_unless_the_client_asks_for_an_event_stream() {
        assert_eq!(encoding(None).await.as_deref(), Some("gzip"));
        assert_eq!(encoding(Some("application/json")).await.as_deref(), Some("gzip"));
        assert_eq!(encoding(Some("text/event-stream")).await, None);
    }
}
