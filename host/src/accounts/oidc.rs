//! The social sign-in providers as OpenID Connect clients: discovery documents and signing
//! keys fetched lazily and kept, ID tokens verified (signature, issuer, audience, expiry,
//! nonce), userinfo read with an access token, and authorization codes exchanged.

use std::sync::Arc;

use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tokio::sync::RwLock;

use crate::config::SocialProvider;
use crate::crypto;
use crate::error::{Error, Result};
use crate::storage::users;

/// Any token or answer of the provider that fails a check.
pub const INVALID_SIGN_IN: &str = "Invalid social sign-in";
/// The provider could not be reached or answered nonsense.
pub const CONNECTION_ERROR: &str = "Connection Error";

/// Clock skew tolerated on `exp` and `nbf`.
const LEEWAY_SECS: i64 = 60;
/// A token naming an unknown key makes the keys be fetched again, at most this often, so
/// tokens with made-up key ids cannot turn the host into a load on the provider.
const KEY_REFRESH_SECS: i64 = 60;
/// Asymmetric algorithms only: an HMAC "signature" would be keyed by something public.
const SIGNING_ALGORITHMS: &[Algorithm] = &[
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::PS384,
    Algorithm::PS512,
    Algorithm::ES256,
    Algorithm::ES384,
    Algorithm::EdDSA,
];

/// The configured providers with their cached metadata.
pub struct Providers {
    list: Vec<Provider>,
}

impl Providers {
    pub fn new(config: &[SocialProvider], http: &reqwest::Client) -> Self {
        let list = config
            .iter()
            .map(|config| Provider {
                config: config.clone(),
                http: http.clone(),
                discovery: RwLock::new(None),
                keys: RwLock::new(None),
            })
            .collect();
        Self { list }
    }

    /// The provider the web calls `name`, when configured.
    pub fn get(&self, name: &str) -> Option<&Provider> {
        self.list.iter().find(|p| p.config.name == name)
    }

    pub fn all(&self) -> &[Provider] {
        &self.list
    }
}

/// The part of the discovery document the host uses.
#[derive(Debug, Deserialize)]
pub struct Discovery {
    pub issuer: String,
    pub authorization_endpoint: Option<String>,
    pub token_endpoint: Option<String>,
    pub userinfo_endpoint: Option<String>,
    pub jwks_uri: Option<String>,
}

struct CachedKeys {
    set: Arc<JwkSet>,
    fetched_at: i64,
}

pub struct Provider {
    pub config: SocialProvider,
    http: reqwest::Client,
    discovery: RwLock<Option<Arc<Discovery>>>,
    keys: RwLock<Option<CachedKeys>>,
}

/// Who the provider says the user is. The e-mail is present only when the provider
/// shared it and did not mark it unverified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub subject: String,
    pub email: Option<String>,
    pub firstname: String,
    pub lastname: String,
    pub picture: Option<String>,
}

/// The profile claims of an ID token or a userinfo answer (OpenID Connect standard names).
#[derive(Debug, Deserialize)]
pub struct ProfileClaims {
    pub sub: String,
    #[serde(default)]
    pub email: Option<String>,
    /// A boolean, though some providers send "true"/"false" strings.
    #[serde(default)]
    pub email_verified: Option<serde_json::Value>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub given_name: Option<String>,
    #[serde(default)]
    pub family_name: Option<String>,
    #[serde(default)]
    pub picture: Option<String>,
}

/// `aud` is one string or a list.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Audience {
    One(String),
    Many(Vec<String>),
}

impl Audience {
    fn values(&self) -> &[String] {
        match self {
            Self::One(one) => std::slice::from_ref(one),
            Self::Many(many) => many,
        }
    }
}

#[derive(Debug, Deserialize)]
pub struct IdClaims {
    pub iss: String,
    pub aud: Audience,
    pub exp: i64,
    #[serde(default)]
    pub nbf: Option<i64>,
    #[serde(default)]
    pub azp: Option<String>,
    #[serde(default)]
    pub nonce: Option<String>,
    #[serde(flatten)]
    pub profile: ProfileClaims,
}

/// What an ID token must say to be ours.
pub struct Expected<'a> {
    pub issuer: &'a str,
    pub client_id: &'a str,
    pub nonce: &'a str,
}

/// The claim checks of OpenID Connect Core 3.1.3.7 that the signature does not cover;
/// `Err` says which failed (for the log, never for the caller).
pub fn check_claims(claims: &IdClaims, expected: &Expected<'_>, now: i64) -> Result<(), &'static str> {
    if claims.iss.trim_end_matches('/') != expected.issuer.trim_end_matches('/') {
        return Err("issuer");
    }
    let audiences = claims.aud.values();
    if !audiences.iter().any(|a| a == expected.client_id) {
        return Err("audience");
    }
    // With several audiences, or an explicit authorized party, it must be this client.
    let azp_ok = match &claims.azp {
        Some(azp) => azp == expected.client_id,
        None => audiences.len() == 1,
    };
    if !azp_ok {
        return Err("authorized party");
    }
    if now >= claims.exp + LEEWAY_SECS {
        return Err("expired");
    }
    if claims.nbf.is_some_and(|nbf| now + LEEWAY_SECS < nbf) {
        return Err("not yet valid");
    }
    let nonce_ok = claims.nonce.as_deref().is_some_and(|nonce| {
        !expected.nonce.is_empty() && crypto::constant_time_eq(nonce.as_bytes(), expected.nonce.as_bytes())
    });
    if !nonce_ok {
        return Err("nonce");
    }
    if claims.profile.sub.trim().is_empty() {
        return Err("subject");
    }
    Ok(())
}

/// "Ann Lee" -> ("Ann", "Lee"); "Ann Marie Lee" -> ("Ann", "Marie Lee"); "Ann" -> ("Ann", "").
pub fn split_name(full: &str) -> (String, String) {
    let mut words = full.split_whitespace();
    let first = words.next().unwrap_or_default().to_string();
    let rest: Vec<&str> = words.collect();
    (first, rest.join(" "))
}

impl From<ProfileClaims> for Identity {
    fn from(claims: ProfileClaims) -> Self {
        let unverified = match &claims.email_verified {
            Some(serde_json::Value::Bool(verified)) => !verified,
            Some(serde_json::Value::String(verified)) => verified.eq_ignore_ascii_case("false"),
            _ => false,
        };
        let email = claims.email.as_deref().map(users::email_key).filter(|email| email.contains('@') && !unverified);
        let given = claims.given_name.as_deref().map(str::trim).unwrap_or_default();
        let (firstname, lastname) = if given.is_empty() {
            split_name(claims.name.as_deref().unwrap_or_default())
        } else {
            (given.to_string(), claims.family_name.as_deref().map(str::trim).unwrap_or_default().to_string())
        };
        Self { subject: claims.sub, email, firstname, lastname, picture: claims.picture.filter(|p| !p.is_empty()) }
    }
}

/// The key a token names; without a `kid`, only a set of one key is unambiguous.
fn pick<'a>(set: &'a JwkSet, kid: Option<&str>) -> Option<&'a Jwk> {
    match kid {
        Some(kid) => set.find(kid),
        None if set.keys.len() == 1 => set.keys.first(),
        None => None,
    }
}

/// The answer of the token endpoint to a code.
#[derive(Debug, Deserialize)]
pub struct Tokens {
    pub access_token: String,
    #[serde(default)]
    pub expires_in: Option<i64>,
}

/// Why a call to the provider failed.
enum Failure {
    /// The provider answered 4xx: it refused what we passed on.
    Refused(reqwest::StatusCode),
    /// No answer, a 5xx, a redirect, or a body that is not the expected JSON.
    Broken(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Refused(status) => write!(f, "answered {status}"),
            Self::Broken(reason) => f.write_str(reason),
        }
    }
}

async fn fetch<T: DeserializeOwned>(request: reqwest::RequestBuilder) -> Result<T, Failure> {
    let response = request.send().await.map_err(|err| Failure::Broken(err.to_string()))?;
    let status = response.status();
    if status.is_client_error() {
        return Err(Failure::Refused(status));
    }
    if !status.is_success() {
        return Err(Failure::Broken(format!("answered {status}")));
    }
    response.json::<T>().await.map_err(|err| Failure::Broken(format!("unreadable answer: {err}")))
}

impl Provider {
    fn rejected(&self, reason: impl std::fmt::Display) -> Error {
        tracing::info!(provider = %self.config.name, %reason, "social sign-in refused");
        Error::Unauthorized(INVALID_SIGN_IN.into())
    }

    fn broken(&self, what: &str, reason: impl std::fmt::Display) -> Error {
        tracing::warn!(provider = %self.config.name, %reason, "{what} failed");
        Error::BadGateway(CONNECTION_ERROR.into())
    }

    /// A refusal by the provider is the caller's fault; anything else is the provider's.
    fn failed(&self, what: &str, failure: Failure) -> Error {
        match failure {
            Failure::Refused(_) => self.rejected(format!("{what} {failure}")),
            Failure::Broken(_) => self.broken(what, failure),
        }
    }

    /// The discovery document, fetched on first use and kept.
    pub async fn discovery(&self) -> Result<Arc<Discovery>> {
        if let Some(found) = self.discovery.read().await.as_ref() {
            return Ok(found.clone());
        }
        let url = format!("{}/.well-known/openid-configuration", self.config.issuer);
        // Even a 4xx here is the provider's (or its configuration's) fault, not the caller's.
        let document: Discovery =
            fetch(self.http.get(&url)).await.map_err(|failure| self.broken("discovery", failure))?;
        if document.issuer.trim_end_matches('/') != self.config.issuer {
            return Err(self.broken("discovery", format!("the document names issuer {}", document.issuer)));
        }
        let document = Arc::new(document);
        *self.discovery.write().await = Some(document.clone());
        Ok(document)
    }

    async fn fetch_keys(&self) -> Result<Arc<JwkSet>> {
        let discovery = self.discovery().await?;
        let url = discovery.jwks_uri.as_deref().ok_or_else(|| self.broken("keys", "no jwks_uri"))?;
        let set: JwkSet = fetch(self.http.get(url)).await.map_err(|failure| self.broken("keys", failure))?;
        Ok(Arc::new(set))
    }

    /// The signing key a token names, fetching the keys again when it is unknown (the
    /// provider rotated them) unless they were fetched moments ago.
    async fn key_for(&self, kid: Option<&str>, now: i64) -> Result<Jwk> {
        if let Some(cached) = self.keys.read().await.as_ref() {
            if let Some(jwk) = pick(&cached.set, kid) {
                return Ok(jwk.clone());
            }
            if now - cached.fetched_at < KEY_REFRESH_SECS {
                return Err(self.rejected("unknown key id"));
            }
        }
        let set = self.fetch_keys().await?;
        *self.keys.write().await = Some(CachedKeys { set: set.clone(), fetched_at: now });
        pick(&set, kid).cloned().ok_or_else(|| self.rejected("unknown key id"))
    }

    /// Verifies an ID token: signature by a published key, then the claims, with `nonce`
    /// the value the host issued for this sign-in.
    pub async fn verify_id_token(&self, token: &str, nonce: &str, now: i64) -> Result<Identity> {
        let header =
            jsonwebtoken::decode_header(token).map_err(|err| self.rejected(format!("unreadable token: {err}")))?;
        if !SIGNING_ALGORITHMS.contains(&header.alg) {
            return Err(self.rejected(format!("algorithm {:?}", header.alg)));
        }
        let jwk = self.key_for(header.kid.as_deref(), now).await?;
        let key = DecodingKey::from_jwk(&jwk).map_err(|err| self.rejected(format!("unusable key: {err}")))?;
        let mut validation = Validation::new(header.alg);
        // The claims are checked by `check_claims`, against the host's clock.
        validation.required_spec_claims.clear();
        validation.validate_exp = false;
        validation.validate_aud = false;
        let data = jsonwebtoken::decode::<IdClaims>(token, &key, &validation)
            .map_err(|err| self.rejected(format!("token: {err}")))?;
        let expected = Expected { issuer: &self.config.issuer, client_id: &self.config.client_id, nonce };
        check_claims(&data.claims, &expected, now).map_err(|reason| self.rejected(reason))?;
        Ok(data.claims.profile.into())
    }

    /// Asks the provider who holds `access_token`.
    pub async fn userinfo(&self, access_token: &str) -> Result<Identity> {
        let discovery = self.discovery().await?;
        let url =
            discovery.userinfo_endpoint.as_deref().ok_or_else(|| self.broken("userinfo", "no userinfo_endpoint"))?;
        let claims: ProfileClaims = fetch(self.http.get(url).bearer_auth(access_token))
            .await
            .map_err(|failure| self.failed("userinfo", failure))?;
        if claims.sub.trim().is_empty() {
            return Err(self.rejected("userinfo without a subject"));
        }
        Ok(claims.into())
    }

    /// Exchanges an authorization code for tokens (client secret in the form body).
    pub async fn exchange_code(&self, code: &str, redirect_uri: &str) -> Result<Tokens> {
        let discovery = self.discovery().await?;
        let url = discovery.token_endpoint.as_deref().ok_or_else(|| self.broken("token", "no token_endpoint"))?;
        let secret = String::from_utf8_lossy(self.config.client_secret.expose());
        let form = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", self.config.client_id.as_str()),
            ("client_secret", secret.as_ref()),
        ];
        fetch(self.http.post(url).form(&form)).await.map_err(|failure| self.failed("token", failure))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    fn claims(json: serde_json::Value) -> IdClaims {
        let mut base = serde_json::json!({
            "iss": "http://127.0.0.1:9000", "aud": "autoscope", "exp": NOW + 300, "nbf": NOW - 10,
            "nonce": "n-1", "sub": "user-1", "email": "Ann@Example.com", "name": "Ann Lee"
        });
        if let (Some(base), Some(over)) = (base.as_object_mut(), json.as_object()) {
            for (k, v) in over {
                base.insert(k.clone(), v.clone());
            }
        }
        serde_json::from_value(base).unwrap()
    }

    fn expected() -> Expected<'static> {
        Expected { issuer: "http://127.0.0.1:9000", client_id: "autoscope", nonce: "n-1" }
    }

    #[test]
    fn good_claims_pass() {
        assert_eq!(check_claims(&claims(serde_json::json!({})), &expected(), NOW), Ok(()));
        let listed = claims(serde_json::json!({"aud": ["autoscope"], "iss": "http://127.0.0.1:9000/"}));
        assert_eq!(check_claims(&listed, &expected(), NOW), Ok(()));
    }

    #[test]
    fn each_claim_is_checked() {
        let cases = [
            (serde_json::json!({"iss": "http://127.0.0.1:9001"}), "issuer"),
            (serde_json::json!({"aud": "someone-else"}), "audience"),
            (serde_json::json!({"aud": ["someone-else", "autoscope"]}), "authorized party"),
            (serde_json::json!({"aud": "autoscope", "azp": "someone-else"}), "authorized party"),
            (serde_json::json!({"exp": NOW - LEEWAY_SECS}), "expired"),
            (serde_json::json!({"nbf": NOW + LEEWAY_SECS + 1}), "not yet valid"),
            (serde_json::json!({"nonce": "n-2"}), "nonce"),
            (serde_json::json!({"nonce": null}), "nonce"),
            (serde_json::json!({"sub": " "}), "subject"),
        ];
        for (over, reason) in cases {
            assert_eq!(check_claims(&claims(over.clone()), &expected(), NOW), Err(reason), "{over}");
        }
        let no_nonce_expected = Expected { nonce: "", ..expected() };
        let empty = claims(serde_json::json!({"nonce": ""}));
        assert_eq!(check_claims(&empty, &no_nonce_expected, NOW), Err("nonce"));
    }

    #[test]
    fn several_audiences_need_this_client_as_authorized_party() {
        let both = claims(serde_json::json!({"aud": ["someone-else", "autoscope"], "azp": "autoscope"}));
        assert_eq!(check_claims(&both, &expected(), NOW), Ok(()));
    }

    #[test]
    fn expiry_allows_a_minute_of_skew() {
        let just = claims(serde_json::json!({"exp": NOW - LEEWAY_SECS + 1}));
        assert_eq!(check_claims(&just, &expected(), NOW), Ok(()));
    }

    #[test]
    fn names_split_in_first_and_last() {
        assert_eq!(split_name("Ann Lee"), ("Ann".into(), "Lee".into()));
        assert_eq!(split_name("  Ann   Marie  Lee "), ("Ann".into(), "Marie Lee".into()));
        assert_eq!(split_name("Ann"), ("Ann".into(), String::new()));
        assert_eq!(split_name(""), (String::new(), String::new()));
    }

    #[test]
    fn identity_prefers_given_and_family_names() {
        let id = Identity::from(claims(serde_json::json!({"given_name": "Ann Marie", "family_name": "Lee"})).profile);
        assert_eq!((id.firstname.as_str(), id.lastname.as_str()), ("Ann Marie", "Lee"));
        let id = Identity::from(claims(serde_json::json!({})).profile);
        assert_eq!((id.firstname.as_str(), id.lastname.as_str()), ("Ann", "Lee"));
        assert_eq!(id.email.as_deref(), Some("ann@example.com"));
        assert_eq!(id.subject, "user-1");
    }

    #[test]
    fn an_unverified_or_missing_email_is_dropped() {
        for verified in [serde_json::json!(false), serde_json::json!("false")] {
            let id = Identity::from(claims(serde_json::json!({"email_verified": verified})).profile);
            assert_eq!(id.email, None);
        }
        let id = Identity::from(claims(serde_json::json!({"email_verified": true})).profile);
        assert_eq!(id.email.as_deref(), Some("ann@example.com"));
        let id = Identity::from(claims(serde_json::json!({"email": null})).profile);
        assert_eq!(id.email, None);
    }

    #[test]
    fn a_token_without_key_id_needs_a_single_key() {
        let key = |kid: &str| serde_json::json!({"kty": "RSA", "kid": kid, "alg": "RS256", "n": "AQAB", "e": "AQAB"});
        let one: JwkSet = serde_json::from_value(serde_json::json!({"keys": [key("a")]})).unwrap();
        let two: JwkSet = serde_json::from_value(serde_json::json!({"keys": [key("a"), key("b")]})).unwrap();
        assert!(pick(&one, None).is_some());
        assert!(pick(&two, None).is_none());
        assert_eq!(pick(&two, Some("b")).and_then(|k| k.common.key_id.as_deref()), Some("b"));
        assert!(pick(&two, Some("c")).is_none());
    }
}
