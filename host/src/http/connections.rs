//! The accept loop. A connection that opens a realtime stream is served on a runtime of its
//! own, so that a message's fan-out (a write to each of thousands of streams) never queues
//! ahead of requests: on one runtime, each step of a Chat post waited behind the previous
//! message's whole wave of stream writes (host/benches/chat_vs_node). The connection's first
//! bytes decide; a stream opened on a connection that served requests before stays where it
//! is, which is only slower.

use std::net::SocketAddr;
use std::sync::OnceLock;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tower::ServiceExt;

/// How a request that opens a realtime stream begins.
const OPENS_STREAM: &[u8] = b"GET /api/realtime";

/// Serves `app` on `listener` until `shutdown` resolves; then stops accepting, lets every
/// connection finish its request in flight (idle ones close at once) and returns when all
/// have closed.
pub async fn serve(app: Router, listener: tokio::net::TcpListener, shutdown: impl Future<Output = ()> + Send) {
    let (stopping, stop) = watch::channel(false);
    // Every connection holds a receiver; `closed` resolves when the last one is dropped.
    let (all_closed, open) = watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (tcp, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    accept_failed(err).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let (app, stop, open) = (app.clone(), stop.clone(), open.clone());
        tokio::spawn(async move {
            // Small answers and stream frames go out at once, not behind an unacknowledged
            // write; fails only for a connection its client closed already.
            let _ = tcp.set_nodelay(true);
            match place(tcp, stop.clone()).await {
                Placed::Here(tcp) => serve_connection(tcp, app, remote, stop).await,
                // The connection's task moves there whole, holding `open` until it ends.
                Placed::Streams(tcp, streams) => drop(streams.spawn(async move {
                    let _open = open;
                    match TcpStream::from_std(tcp) {
                        Ok(tcp) => serve_connection(tcp, app, remote, stop).await,
                        Err(err) => tracing::debug!(error = %err, "a stream's connection could not move"),
                    }
                })),
                Placed::Closed => {}
            }
        });
    }
    drop(listener);
    stopping.send_replace(true);
    drop(open);
    all_closed.closed().await;
}

enum Placed {
    Here(TcpStream),
    Streams(std::net::TcpStream, &'static tokio::runtime::Handle),
    /// Closed by its client, or the host stopped before it sent anything.
    Closed,
}

/// Where a connection is served: on the streams' runtime when its first bytes open a
/// realtime stream, else on this one.
async fn place(tcp: TcpStream, mut stop: watch::Receiver<bool>) -> Placed {
    let Some(streams) = streams() else { return Placed::Here(tcp) };
    let mut first = [0; OPENS_STREAM.len()];
    let peeked = tokio::select! {
        peeked = tcp.peek(&mut first) => peeked,
        _ = stop.wait_for(|stopping| *stopping) => return Placed::Closed,
    };
    match peeked {
        Ok(0) | Err(_) => Placed::Closed,
        Ok(read) if first[..read] == OPENS_STREAM[..] => match tcp.into_std() {
            Ok(tcp) => Placed::Streams(tcp, streams),
            Err(_) => Placed::Closed,
        },
        Ok(_) => Placed::Here(tcp),
    }
}

/// HTTP/1.1 on `tcp` until the client closes it or the host stops (after the request in
/// flight).
async fn serve_connection(tcp: TcpStream, app: Router, remote: SocketAddr, mut stop: watch::Receiver<bool>) {
    let service = app.map_request(move |mut request: axum::http::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(remote));
        request
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service))
        .with_upgrades();
    let mut connection = std::pin::pin!(connection);
    tokio::select! {
        served = connection.as_mut() => return log_ended(served),
        _ = stop.wait_for(|stopping| *stopping) => connection.as_mut().graceful_shutdown(),
    }
    log_ended(connection.await);
}

fn log_ended(served: Result<(), hyper::Error>) {
    if let Err(err) = served {
        tracing::trace!(error = %err, "a connection ended");
    }
}

/// A failed accept: a connection that went away before it was taken is nothing; anything
/// else (out of file descriptors, say) waits a moment before the next try, as hyper's
/// servers do.
async fn accept_failed(err: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(err.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
        return;
    }
    tracing::error!(error = %err, "accepting a connection failed");
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
}

/// The runtime that serves realtime streams' connections: as many workers as requests have
/// CPUs. `None` when it cannot start; streams are then served with the requests.
fn streams() -> Option<&'static tokio::runtime::Handle> {
    static STREAMS: OnceLock<Option<tokio::runtime::Runtime>> = OnceLock::new();
    let runtime = STREAMS.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(crate::cpu::request_cpus())
            .thread_name("autoscope-streams")
            .enable_all()
            .build()
            .inspect_err(|err| tracing::warn!(error = %err, "realtime streams are served with the requests"))
            .ok()
    });
    runtime.as_ref().map(tokio::runtime::Runtime::handle)
}

#[cfg(test)]
mod tests {
    use tokio::io::AsyncWriteExt;

    use super::*;

    /// Where a connection whose client first sends `sent` (then closes, when `close`) is
    /// placed.
    async fn placed(sent: &[u8], close: bool) -> &'static str {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let mut client = TcpStream::connect(listener.local_addr().unwrap()).await.unwrap();
        client.write_all(sent).await.unwrap();
        if close {
            client.shutdown().await.unwrap();
        }
        let (server, _) = listener.accept().await.unwrap();
        let (_stopping, stop) = watch::channel(false);
        match place(server, stop).await {
            Placed::Here(_) => "here",
            Placed::Streams(..) => "streams",
            Placed::Closed => "closed",
        }
    }

    #[tokio::test]
    async fn a_connection_that_opens_a_realtime_stream_goes_to_the_streams_runtime() {
        assert_eq!(placed(b"GET /api/realtime HTTP/1.1\r\nHost: x\r\n\r\n", false).await, "streams");
        assert_eq!(placed(b"GET /api/realtime?lastEventId=1 HTTP/1.1\r\n", false).await, "streams");
        assert_eq!(placed(b"GET /api/users/me HTTP/1.1\r\nHost: x\r\n\r\n", false).await, "here");
        assert_eq!(placed(b"POST /api/realtime HTTP/1.1\r\n", false).await, "here");
        // A first packet shorter than the request line's start: served here, which only costs speed.
        assert_eq!(placed(b"GET /api", false).await, "here");
        assert_eq!(placed(b"", true).await, "closed");
    }

    #[tokio::test]
    async fn a_connection_that_sent_nothing_is_closed_when_the_host_stops() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let _client = TcpStream::connect(listener.local_addr().unwrap()).await.unwrap();
        let (server, _) = listener.accept().await.unwrap();
        let (stopping, stop) = watch::channel(false);
        let placing = tokio::spawn(place(server, stop));
        stopping.send_replace(true);
        assert!(matches!(placing.await.unwrap(), Placed::Closed));
    }
}
