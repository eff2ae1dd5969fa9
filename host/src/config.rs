//! Configuration from the environment. Every variable has a default that runs the
//! embedded setup (SQLite under `./data`, mail in the local outbox).

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};
use rand::RngExt;

/// Bytes that must never reach a log: `Debug` prints only their length.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Vec<u8>);

impl Secret {
    pub fn new(bytes: impl Into<Vec<u8>>) -> Self {
        Self(bytes.into())
    }
    pub fn expose(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Secret({} bytes)", self.0.len())
    }
}

/// One limit: at most `max` hits per `window` for one bucket key.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: i64,
    pub window: Duration,
}

impl Limit {
    pub const fn per_minutes(max: i64, minutes: u64) -> Self {
        Self { max, window: Duration::from_secs(minutes * 60) }
    }
}

/// The limits of one abuse-prone action: per account (e-mail) and per client address.
#[derive(Debug, Clone, Copy)]
pub struct ActionLimits {
    pub per_account: Limit,
    pub per_address: Limit,
}

/// How a locked account (past `signin.per_account` failures) takes its sign-in attempts:
/// one at a time, `first_spacing` apart, the spacing doubling with every further
/// `per_account.max` failures up to `max_spacing`; an attempt whose turn is more than
/// `max_wait` away is refused (429).
#[derive(Debug, Clone, Copy)]
pub struct SignInLock {
    pub first_spacing: Duration,
    pub max_spacing: Duration,
    pub max_wait: Duration,
}

impl Default for SignInLock {
    fn default() -> Self {
        Self {
            first_spacing: Duration::from_secs(1),
            max_spacing: Duration::from_secs(30),
            max_wait: Duration::from_secs(45),
        }
    }
}

#[derive(Debug, Clone)]
pub struct RateLimits {
    /// Failed sign-ins (successes do not count): past `per_address`, that address is
    /// refused; past `per_account`, the account is locked as `signin_lock` says.
    pub signin: ActionLimits,
    pub signin_lock: SignInLock,
    /// Asking for a sign-up code.
    pub code: ActionLimits,
    /// Checking a sign-up code.
    pub verify: ActionLimits,
    pub forgot: ActionLimits,
    /// Calls of modules' public routes (approval links, calendar feeds), per person named
    /// and per address: generous, since calendar services poll feeds from few addresses.
    pub public: ActionLimits,
}

impl RateLimits {
    /// The defaults, with the per-address limits multiplied by `people`: how many people
    /// share one address (an office behind one NAT address, a test suite on loopback).
    pub fn with_people_per_address(people: i64) -> Self {
        let mut limits = Self::default();
        for action in [&mut limits.signin, &mut limits.code, &mut limits.verify, &mut limits.forgot, &mut limits.public]
        {
            action.per_address.max *= people;
        }
        limits
    }
}

impl Default for RateLimits {
    fn default() -> Self {
        let limits = |account, address, minutes| ActionLimits {
            per_account: Limit::per_minutes(account, minutes),
            per_address: Limit::per_minutes(address, minutes),
        };
        Self {
            signin: limits(10, 100, 15),
            signin_lock: SignInLock::default(),
            code: limits(5, 30, 60),
            verify: limits(20, 100, 15),
            forgot: limits(5, 30, 60),
            public: limits(60, 600, 15),
        }
    }
}

/// One sign-in provider (OpenID Connect, or plain OAuth2 with a userinfo endpoint).
#[derive(Debug, Clone)]
pub struct SocialProvider {
    /// `facebook`, `google` or `linkedin`: the `providerName` the web sends.
    pub name: String,
    /// The issuer; `<issuer>/.well-known/openid-configuration` is read for the endpoints.
    pub issuer: String,
    pub client_id: String,
    pub client_secret: Secret,
}

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub database_url: String,
    pub data_dir: PathBuf,
    /// `None`: mail goes to the local outbox (a table) and the log.
    pub smtp_url: Option<Secret>,
    /// `None`: realtime messages stay in this process; otherwise every host instance on
    /// this NATS server delivers every instance's messages.
    pub nats_url: Option<String>,
    pub mail_from: String,
    /// Base of links in mails, without a trailing slash.
    pub public_url: String,
    /// Signs session tokens and keys the hashes of one-time codes.
    pub secret: Secret,
    /// Key of the encrypted user list (`GET /users/all_users`).
    pub user_list_key: Secret,
    pub log: String,
    pub session_ttl: Duration,
    /// How long a data deletion request waits before the host carries it out (the person
    /// may cancel meanwhile).
    pub deletion_grace: Duration,
    /// How long the host keeps its bookkeeping: module events and their deliveries, the
    /// mail outbox, finished module jobs and settled webhook deliveries.
    pub bookkeeping_retention: Duration,
    /// How long a stopping host waits for requests in flight once it stopped taking new
    /// ones and ended its realtime streams.
    pub shutdown_grace: Duration,
    pub rate_limits: RateLimits,
    /// How many trusted proxies stand in front of the host, each appending the address it
    /// saw to `X-Forwarded-For`: the client is the entry that many from the right. 0: the
    /// header is not believed.
    pub trusted_proxies: usize,
    pub social: Vec<SocialProvider>,
    /// Folder of the built web shell served at `/`, when present.
    pub web_dir: PathBuf,
    pub modules: ModulesConfig,
}

/// Where module packages live and which ones the host will run.
#[derive(Debug, Clone)]
pub struct ModulesConfig {
    /// Installed packages, one folder per module (see `registry`).
    pub dir: PathBuf,
    /// wasmtime's compiled-code cache, so restarts skip compilation.
    pub compile_cache_dir: PathBuf,
    /// Ed25519 public keys (base64) whose signatures make a package trusted.
    pub trusted_keys: Vec<String>,
    /// Run packages that carry no signature (development; off by default).
    pub allow_unsigned: bool,
    /// The database servers that modules' connections may reach.
    pub source_hosts: SourceHosts,
    /// The hosts that modules' webhooks may reach.
    pub webhook_hosts: WebhookHosts,
    /// `AUTOSCOPE_MODULE_LIMITS`: the most a package may declare per call unless its
    /// installation grants `limits`, as `name=value` pairs over the default policy (read by
    /// the registry, which knows the names).
    pub limits_policy: String,
}

/// `AUTOSCOPE_SOURCE_HOSTS`: the servers a module's database connection may reach, as a
/// comma-separated list of `host`, `host:port`, an IP network (`10.0.0.0/8`, `[fd00::]/8`)
/// or a network with a port (`10.0.0.0/8:5432`). A host name matches only itself (no
/// lookup: the operator vouches for the name); an address, by what it is. Unset: the
/// loopback addresses and `localhost`, any port. `none`: no server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceHosts(Vec<(HostPattern, Option<u16>)>);

#[derive(Debug, Clone, PartialEq, Eq)]
enum HostPattern {
    Name(String),
    Network(ipnet::IpNet),
}

impl Default for SourceHosts {
    fn default() -> Self {
        Self::parse("localhost, 127.0.0.0/8, [::1]").expect("the default source hosts parse")
    }
}

impl SourceHosts {
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        if text.trim() == "none" {
            return Ok(Self(Vec::new()));
        }
        let entries = text.split(',').map(str::trim).filter(|entry| !entry.is_empty());
        entries
            .map(|entry| {
                Self::entry(entry).with_context(|| {
                    format!("AUTOSCOPE_SOURCE_HOSTS: '{entry}' is not a host, host:port, network or network:port")
                })
            })
            .collect::<anyhow::Result<_>>()
            .map(Self)
    }

    fn entry(entry: &str) -> anyhow::Result<(HostPattern, Option<u16>)> {
        // A port follows the last ':' outside brackets, unless the whole is an IPv6 address.
        let (pattern, port) = match entry.rsplit_once(':') {
            Some((pattern, port)) if !pattern.contains(':') || pattern.ends_with(']') || pattern.contains("]/") => {
                (pattern, Some(port.parse::<u16>()?))
            }
            _ => (entry, None),
        };
        let unbracketed = pattern.replace(['[', ']'], "");
        let pattern = if let Ok(network) = unbracketed.parse::<ipnet::IpNet>() {
            HostPattern::Network(network)
        } else if let Ok(address) = unbracketed.parse::<std::net::IpAddr>() {
            HostPattern::Network(address.into())
        } else if !pattern.is_empty() && pattern.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.') {
            HostPattern::Name(pattern.to_ascii_lowercase())
        } else {
            anyhow::bail!("not a host");
        };
        Ok((pattern, port))
    }

    /// Whether a connection to `host` (a name or an address) on `port` may be made.
    pub fn allows(&self, host: &str, port: u16) -> bool {
        let address = host.trim_start_matches('[').trim_end_matches(']').parse::<std::net::IpAddr>().ok();
        self.0.iter().any(|(pattern, only)| {
            only.is_none_or(|only| only == port)
                && match (pattern, address) {
                    (HostPattern::Network(network), Some(address)) => network.contains(&address),
                    (HostPattern::Name(name), None) => name.eq_ignore_ascii_case(host),
                    _ => false,
                }
        })
    }
}

/// `AUTOSCOPE_WEBHOOK_HOSTS`: the hosts a module's webhook may reach, as a comma-separated
/// list of `host` (any port) or `host:port` (`hooks.example.com`, `hooks.example.com:8443`,
/// `[::1]:9000`), each matched exactly and without case (no lookup, no wildcards: the
/// operator vouches for each receiver). Unset or empty: none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebhookHosts(Vec<(url::Host, Option<u16>)>);

impl WebhookHosts {
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let entries = text.split(',').map(str::trim).filter(|entry| !entry.is_empty());
        entries
            .map(|entry| {
                Self::entry(entry)
                    .with_context(|| format!("AUTOSCOPE_WEBHOOK_HOSTS: '{entry}' is not a host or host:port"))
            })
            .collect::<anyhow::Result<_>>()
            .map(Self)
    }

    fn entry(entry: &str) -> anyhow::Result<(url::Host, Option<u16>)> {
        // A port follows the last ':' unless that one is inside an IPv6 address.
        let (host, port) = match entry.rsplit_once(':') {
            Some((host, port)) if !host.contains(':') || host.ends_with(']') => (host, Some(port.parse::<u16>()?)),
            _ => (entry, None),
        };
        // Parsed as a URL's host is, so both are compared in one form (lower case, IP
        // addresses normalised).
        Ok((url::Host::parse(host)?, port))
    }

    /// Whether a webhook may be sent to `url`'s host and port.
    pub fn allows(&self, url: &url::Url) -> bool {
        let Some(host) = url.host().map(|host| host.to_owned()) else { return false };
        let port = url.port_or_known_default();
        self.0.iter().any(|(allowed, only)| *allowed == host && only.is_none_or(|only| Some(only) == port))
    }
}

/// `AUTOSCOPE_BOOKKEEPING_RETENTION_DAYS`: 1 to 3,650, 30 when unset. At least a day, since
/// an event's delivery is retried for hours.
fn retention_days(value: Option<&str>) -> anyhow::Result<u64> {
    match value.map(str::parse::<u64>) {
        None => Ok(30),
        Some(Ok(days @ 1..=3650)) => Ok(days),
        Some(_) => bail!("AUTOSCOPE_BOOKKEEPING_RETENTION_DAYS must be a number of days from 1 to 3650"),
    }
}

/// `AUTOSCOPE_SHUTDOWN_GRACE_SECONDS`: 0 to 3,600, 30 when unset (a proxy's or systemd's
/// stop timeout should be longer).
fn shutdown_grace_seconds(value: Option<&str>) -> anyhow::Result<u64> {
    match value.map(str::parse::<u64>) {
        None => Ok(30),
        Some(Ok(seconds @ 0..=3600)) => Ok(seconds),
        Some(_) => bail!("AUTOSCOPE_SHUTDOWN_GRACE_SECONDS must be a number of seconds from 0 to 3600"),
    }
}

/// `AUTOSCOPE_PEOPLE_PER_ADDRESS`: 1 to 1,000, 1 when unset.
fn people_per_address(value: Option<&str>) -> anyhow::Result<i64> {
    match value.map(str::trim).map(str::parse::<i64>) {
        None => Ok(1),
        Some(Ok(people @ 1..=1000)) => Ok(people),
        Some(_) => bail!("AUTOSCOPE_PEOPLE_PER_ADDRESS must be a number of people from 1 to 1000"),
    }
}

/// `AUTOSCOPE_TRUST_PROXY`: unset, `false` or `0` for none, `true` for one, or a number of
/// proxies in a chain.
fn trusted_proxies(value: Option<&str>) -> anyhow::Result<usize> {
    match value.map(str::trim) {
        None | Some("" | "false") => Ok(0),
        Some("true") => Ok(1),
        Some(count) => match count.parse::<usize>() {
            Ok(count) if count <= 16 => Ok(count),
            _ => bail!(
                "AUTOSCOPE_TRUST_PROXY must be true, false or the number of proxies in front of the host (0 to 16)"
            ),
        },
    }
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|key| std::env::var(key).ok().filter(|v| !v.is_empty()))
    }

    /// Reads configuration through `get`, so tests can pass their own variables.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let addr: SocketAddr = get("AUTOSCOPE_ADDR")
            .unwrap_or_else(|| "127.0.0.1:8080".into())
            .parse()
            .context("AUTOSCOPE_ADDR must be host:port, for example 127.0.0.1:8080")?;
        let data_dir = PathBuf::from(get("AUTOSCOPE_DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url = get("DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}?mode=rwc", data_dir.join("autoscope.db").display()));
        let secret = match get("AUTOSCOPE_SECRET") {
            Some(value) if value.len() < 32 => bail!("AUTOSCOPE_SECRET must be at least 32 characters"),
            Some(value) => Secret::new(value.into_bytes()),
            None => load_or_create_secret(&data_dir)?,
        };
        let user_list_key = match get("AUTOSCOPE_USER_LIST_KEY") {
            Some(value) => Secret::new(value.into_bytes()),
            // Hex, because the web shell receives it as text.
            None => Secret::new(hex::encode(crate::crypto::derive_key(secret.expose(), "user-list")).into_bytes()),
        };
        let session_hours: u64 = get("AUTOSCOPE_SESSION_HOURS")
            .map(|v| v.parse().context("AUTOSCOPE_SESSION_HOURS must be a whole number"))
            .transpose()?
            .unwrap_or(12);
        let deletion_grace_hours: u64 = get("AUTOSCOPE_DELETION_GRACE_HOURS")
            .map(|v| v.parse().context("AUTOSCOPE_DELETION_GRACE_HOURS must be a whole number"))
            .transpose()?
            .unwrap_or(24);
        let retention_days = retention_days(get("AUTOSCOPE_BOOKKEEPING_RETENTION_DAYS").as_deref())?;
        let public_url =
            get("AUTOSCOPE_PUBLIC_URL").unwrap_or_else(|| format!("http://{addr}")).trim_end_matches('/').to_string();
        let social = ["facebook", "google", "linkedin"]
            .into_iter()
            .filter_map(|name| {
                let prefix = format!("AUTOSCOPE_{}", name.to_uppercase());
                Some(SocialProvider {
                    name: name.to_string(),
                    issuer: get(&format!("{prefix}_ISSUER"))?.trim_end_matches('/').to_string(),
                    client_id: get(&format!("{prefix}_CLIENT_ID"))?,
                    client_secret: Secret::new(get(&format!("{prefix}_CLIENT_SECRET")).unwrap_or_default()),
                })
            })
            .collect();
        Ok(Self {
            addr,
            database_url,
            smtp_url: get("SMTP_URL").map(|url| Secret::new(url.into_bytes())),
            nats_url: get("NATS_URL"),
            mail_from: get("AUTOSCOPE_MAIL_FROM").unwrap_or_else(|| "Autoscope <no-reply@autoscope.local>".into()),
            public_url,
            secret,
            user_list_key,
            log: get("AUTOSCOPE_LOG").unwrap_or_else(|| "info".into()),
            session_ttl: Duration::from_secs(session_hours * 3600),
            deletion_grace: Duration::from_secs(deletion_grace_hours * 3600),
            bookkeeping_retention: Duration::from_secs(retention_days * 86_400),
            shutdown_grace: Duration::from_secs(shutdown_grace_seconds(
                get("AUTOSCOPE_SHUTDOWN_GRACE_SECONDS").as_deref(),
            )?),
            rate_limits: RateLimits::with_people_per_address(people_per_address(
                get("AUTOSCOPE_PEOPLE_PER_ADDRESS").as_deref(),
            )?),
            trusted_proxies: trusted_proxies(get("AUTOSCOPE_TRUST_PROXY").as_deref())?,
            social,
            web_dir: PathBuf::from(get("AUTOSCOPE_WEB_DIR").unwrap_or_else(|| "shell-web/dist".into())),
            modules: ModulesConfig {
                dir: get("AUTOSCOPE_MODULES_DIR").map(PathBuf::from).unwrap_or_else(|| data_dir.join("modules")),
                compile_cache_dir: get("AUTOSCOPE_COMPILE_CACHE_DIR")
                    .map(PathBuf::from)
                    .unwrap_or_else(|| data_dir.join("compile-cache")),
                trusted_keys: get("AUTOSCOPE_MODULE_TRUSTED_KEYS")
                    .map(|keys| keys.split(',').map(|k| k.trim().to_string()).filter(|k| !k.is_empty()).collect())
                    .unwrap_or_default(),
                allow_unsigned: get("AUTOSCOPE_ALLOW_UNSIGNED_MODULES").is_some_and(|v| v == "1" || v == "true"),
                source_hosts: get("AUTOSCOPE_SOURCE_HOSTS")
                    .map(|text| SourceHosts::parse(&text))
                    .transpose()?
                    .unwrap_or_default(),
                webhook_hosts: get("AUTOSCOPE_WEBHOOK_HOSTS")
                    .map(|text| WebhookHosts::parse(&text))
                    .transpose()?
                    .unwrap_or_default(),
                limits_policy: get("AUTOSCOPE_MODULE_LIMITS").unwrap_or_default(),
            },
            data_dir,
        })
    }
}

/// The signing secret is generated once and kept in the data directory, so sessions
/// survive restarts without anyone having to invent a key.
fn load_or_create_secret(data_dir: &Path) -> anyhow::Result<Secret> {
    let path = data_dir.join("secret.key");
    if let Ok(hex_text) = std::fs::read_to_string(&path) {
        let bytes = hex::decode(hex_text.trim()).with_context(|| format!("{} is not hex", path.display()))?;
        return Ok(Secret::new(bytes));
    }
    std::fs::create_dir_all(data_dir).with_context(|| format!("cannot create {}", data_dir.display()))?;
    let bytes: [u8; 32] = rand::rng().random();
    write_private(&path, hex::encode(bytes).as_bytes())?;
    Ok(Secret::new(bytes.to_vec()))
}

fn write_private(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).with_context(|| format!("cannot create {}", path.display()))?;
    file.write_all(contents)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> anyhow::Result<Config> {
        let vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|k| vars.get(k).cloned())
    }

    #[test]
    fn defaults_use_sqlite_under_the_data_dir_and_generate_a_kept_secret() {
        let dir = std::env::temp_dir().join(format!("autoscope-config-{}", uuid::Uuid::new_v4()));
        let dir_str = dir.to_str().unwrap();
        let first = config(&[("AUTOSCOPE_DATA_DIR", dir_str)]).unwrap();
        assert_eq!(first.addr.to_string(), "127.0.0.1:8080");
        assert!(first.database_url.starts_with("sqlite://"), "{}", first.database_url);
        assert!(first.smtp_url.is_none());
        let second = config(&[("AUTOSCOPE_DATA_DIR", dir_str)]).unwrap();
        assert_eq!(first.secret, second.secret, "the generated secret is kept");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn bookkeeping_is_kept_thirty_days_unless_the_operator_says_otherwise() {
        let secret = ("AUTOSCOPE_SECRET", "s".repeat(40));
        let days = |value: Option<&str>| {
            let mut vars = vec![(secret.0, secret.1.as_str())];
            vars.extend(value.map(|v| ("AUTOSCOPE_BOOKKEEPING_RETENTION_DAYS", v)));
            config(&vars).map(|c| c.bookkeeping_retention.as_secs() / 86_400)
        };
        assert_eq!(days(None).unwrap(), 30);
        assert_eq!(days(Some("7")).unwrap(), 7);
        for bad in ["0", "3651", "a week"] {
            assert!(days(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_stopping_host_waits_thirty_seconds_for_requests_unless_told_otherwise() {
        assert_eq!(shutdown_grace_seconds(None).unwrap(), 30);
        assert_eq!(shutdown_grace_seconds(Some("0")).unwrap(), 0);
        assert_eq!(shutdown_grace_seconds(Some("120")).unwrap(), 120);
        for bad in ["-1", "3601", "soon"] {
            assert!(shutdown_grace_seconds(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn trusted_proxies_are_none_one_or_a_count() {
        for (value, count) in [(None, 0), (Some("false"), 0), (Some("0"), 0), (Some("true"), 1), (Some("2"), 2)] {
            assert_eq!(trusted_proxies(value).unwrap(), count, "{value:?}");
        }
        assert!(trusted_proxies(Some("yes")).is_err());
        assert!(trusted_proxies(Some("99")).is_err());
    }

    #[test]
    fn people_behind_one_address_raise_its_limits_only() {
        let shared = config(&[("AUTOSCOPE_SECRET", &"s".repeat(40)), ("AUTOSCOPE_PEOPLE_PER_ADDRESS", "10")]).unwrap();
        let alone = RateLimits::default();
        assert_eq!(shared.rate_limits.signin.per_address.max, alone.signin.per_address.max * 10);
        assert_eq!(shared.rate_limits.code.per_address.max, alone.code.per_address.max * 10);
        assert_eq!(shared.rate_limits.signin.per_account.max, alone.signin.per_account.max);
        for bad in ["0", "1001", "many"] {
            assert!(people_per_address(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_short_secret_is_refused() {
        let err = config(&[("AUTOSCOPE_SECRET", "short")]).unwrap_err();
        assert!(err.to_string().contains("at least 32"));
    }

    #[test]
    fn secrets_never_print() {
        let c = config(&[("AUTOSCOPE_SECRET", &"s".repeat(40)), ("SMTP_URL", "smtp://user:pw@host")]).unwrap();
        let printed = format!("{c:?}");
        assert!(!printed.contains("ssss") && !printed.contains("pw@host"), "{printed}");
    }

    #[test]
    fn a_provider_is_configured_only_with_issuer_and_client_id() {
        let c = config(&[
            ("AUTOSCOPE_SECRET", &"s".repeat(40)),
            ("AUTOSCOPE_GOOGLE_ISSUER", "http://127.0.0.1:9000/"),
            ("AUTOSCOPE_GOOGLE_CLIENT_ID", "autoscope"),
            ("AUTOSCOPE_FACEBOOK_ISSUER", "http://127.0.0.1:9001"),
        ])
        .unwrap();
        assert_eq!(c.social.len(), 1);
        assert_eq!(c.social[0].issuer, "http://127.0.0.1:9000");
    }

    #[test]
    fn source_hosts_default_to_loopback_on_any_port() {
        let hosts = SourceHosts::default();
        for (host, port) in [("127.0.0.1", 5432), ("127.8.0.1", 3306), ("::1", 1), ("[::1]", 5432), ("LOCALHOST", 5432)]
        {
            assert!(hosts.allows(host, port), "{host}:{port}");
        }
        for host in ["10.0.0.1", "db.example.com", "169.254.169.254", "::ffff:10.0.0.1", "localhost.example.com"] {
            assert!(!hosts.allows(host, 5432), "{host}");
        }
    }

    #[test]
    fn source_hosts_match_names_networks_and_ports_as_listed() {
        let hosts = SourceHosts::parse("db.example.com:5432, 10.1.0.0/16, [fd00::]/8:3306, 192.0.2.7").unwrap();
        assert!(hosts.allows("DB.example.com", 5432));
        assert!(!hosts.allows("db.example.com", 3306), "only the listed port");
        assert!(hosts.allows("10.1.200.3", 1433));
        assert!(!hosts.allows("10.2.0.1", 5432));
        assert!(hosts.allows("fd12::1", 3306));
        assert!(!hosts.allows("fd12::1", 5432));
        assert!(hosts.allows("192.0.2.7", 5432));
        assert!(!hosts.allows("127.0.0.1", 5432), "a list replaces the default");
        assert!(!SourceHosts::parse("none").unwrap().allows("127.0.0.1", 5432));
        for bad in ["db example", "10.0.0.0/40", "host:port", "db.example.com:70000"] {
            let err = SourceHosts::parse(bad).unwrap_err().to_string();
            assert!(err.contains(bad), "{err}");
        }
    }

    #[test]
    fn webhook_hosts_allow_none_unless_listed_and_match_exactly() {
        let url = |text: &str| url::Url::parse(text).unwrap();
        assert!(!WebhookHosts::default().allows(&url("https://hooks.example.com/x")));
        assert!(!WebhookHosts::parse(" , ").unwrap().allows(&url("http://127.0.0.1/x")));
        let hosts = WebhookHosts::parse("Hooks.Example.com, alerts.example.org:8443, 127.0.0.1, [::1]:9000").unwrap();
        for allowed in [
            "https://hooks.example.com/x",
            "http://HOOKS.example.com:8080/any/port",
            "https://alerts.example.org:8443/x",
            "http://127.0.0.1:4000/x",
            "http://[::1]:9000/x",
        ] {
            assert!(hosts.allows(&url(allowed)), "{allowed}");
        }
        for refused in [
            "https://alerts.example.org/x",
            "https://evil.hooks.example.com/x",
            "https://hooks.example.com.evil.test/x",
            "http://127.0.0.2/x",
            "http://[::1]/x",
            "http://localhost/x",
        ] {
            assert!(!hosts.allows(&url(refused)), "{refused}");
        }
        // A port given is the one matched, a default one included.
        assert!(WebhookHosts::parse("hooks.example.com:443").unwrap().allows(&url("https://hooks.example.com/x")));
        for bad in ["hooks example", "hooks.example.com:port", "::1", "a/b", "h:70000"] {
            let err = WebhookHosts::parse(bad).unwrap_err().to_string();
            assert!(err.contains(bad), "{err}");
        }
    }
}
