use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::error::Error;
use crate::http::AppState;

/// The client's address, for per-address rate limits and the system log. `X-Forwarded-For`
/// is believed only as far as `AUTOSCOPE_TRUST_PROXY` says proxies set it.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub IpAddr);

/// The client's address in `X-Forwarded-For` behind `proxies` trusted proxies: each appends
/// the address it saw, so the client is the entry `proxies` from the right. Entries further
/// left were written by the client and prove nothing. `None` when there are fewer entries
/// (the request did not come through the proxies) or that one is not an address.
pub fn forwarded_client(header: &str, proxies: usize) -> Option<IpAddr> {
    let entries: Vec<&str> = header.split(',').map(str::trim).collect();
    let index = entries.len().checked_sub(proxies)?;
    entries.get(index)?.parse().ok()
}

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let proxies = state.config.trusted_proxies;
        if proxies > 0 {
            let forwarded = parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|value| value.to_str().ok())
                .collect::<Vec<_>>()
                .join(",");
            if let Some(ip) = forwarded_client(&forwarded, proxies) {
                return Ok(Self(ip));
            }
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .ok_or_else(|| Error::Internal(anyhow::anyhow!("server started without connect info")))?;
        Ok(Self(peer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_is_the_entry_the_trusted_proxies_added() {
        let ip = |text: &str| text.parse::<IpAddr>().ok();
        // The client wrote the first entry itself: behind one proxy, the last one counts.
        assert_eq!(forwarded_client("6.6.6.6, 203.0.113.7", 1), ip("203.0.113.7"));
        assert_eq!(forwarded_client("203.0.113.7", 1), ip("203.0.113.7"));
        assert_eq!(forwarded_client("6.6.6.6, 203.0.113.7, 10.0.0.2", 2), ip("203.0.113.7"));
        assert_eq!(forwarded_client("10.0.0.2", 2), None, "fewer entries than proxies");
        assert_eq!(forwarded_client("6.6.6.6, garbage", 1), None);
        assert_eq!(forwarded_client("2001:db8::1", 1), ip("2001:db8::1"));
    }
}
