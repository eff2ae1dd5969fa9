//! A module's connections as company administrators keep them: the checks of a draft, the
//! password sealed for its row, and the list without secrets.

use std::str::FromStr;

use autoscope_wire::sources::{Connection, ConnectionDraft, SourceEngine, TlsMode};

use super::engines::Target;
use crate::config::SourceHosts;
use crate::error::{Error, Result};
use crate::storage::source_connections::{self, ConnectionRow};
use crate::storage::{Db, new_id};

pub const NOT_FOUND: &str = "No such database connection";
pub const NAME_TAKEN: &str = "There is already a connection with this name";
pub const NAME: &str = "Give the connection a name of at most 100 characters";
pub const HOST: &str = "Give the server's host name or IP address";
pub const PORT: &str = "The port must be a number from 1 to 65535";
pub const DATABASE: &str = "Give the database's name";
pub const USER: &str = "Give the user name to sign in with";
pub const PASSWORD_TOO_LONG: &str = "The password may be at most 1,024 characters";
pub const TIME_ZONE: &str = "Choose the source's time zone from the list (such as Europe/Berlin)";
/// The start of the answer for a server the operator did not allow ([`not_allowed`]).
pub const NOT_ALLOWED: &str = "This portal may not connect to";

/// A checked draft, its text trimmed.
#[derive(Debug)]
pub struct Checked(ConnectionDraft);

/// Every problem of `draft`, or the draft trimmed.
pub fn check(draft: ConnectionDraft, hosts: &SourceHosts) -> Result<Checked> {
    let trim = |text: &str| text.trim().to_string();
    let draft = ConnectionDraft {
        name: trim(&draft.name),
        host: trim(&draft.host),
        database: trim(&draft.database),
        user: trim(&draft.user),
        time_zone: trim(&draft.time_zone),
        ..draft
    };
    let mut problems = Vec::new();
    let length = |text: &str| text.chars().count();
    if draft.name.is_empty() || length(&draft.name) > 100 {
        problems.push(NAME.to_string());
    }
    let host_is_name =
        draft.host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    if draft.host.is_empty() || draft.host.len() > 253 || !host_is_name {
        problems.push(HOST.to_string());
    } else if draft.port == 0 {
        problems.push(PORT.to_string());
    } else if !hosts.allows(&draft.host, draft.port) {
        problems.push(not_allowed(&draft.host, draft.port));
    }
    if draft.database.is_empty() || length(&draft.database) > 128 {
        problems.push(DATABASE.to_string());
    }
    if draft.user.is_empty() || length(&draft.user) > 128 {
        problems.push(USER.to_string());
    }
    if draft.password.as_deref().is_some_and(|password| length(password) > 1_024) {
        problems.push(PASSWORD_TOO_LONG.to_string());
    }
    if chrono_tz::Tz::from_str(&draft.time_zone).is_err() {
        problems.push(TIME_ZONE.to_string());
    }
    if problems.is_empty() { Ok(Checked(draft)) } else { Err(Error::BadRequest(problems.join("; "))) }
}

pub fn not_allowed(host: &str, port: u16) -> String {
    format!("{NOT_ALLOWED} {host}:{port}: ask its operator to allow it (AUTOSCOPE_SOURCE_HOSTS)")
}

/// What a stored password is bound to: its company, module and connection.
fn seal_context(company_id: &str, module: &str, id: &str) -> Vec<u8> {
    format!("source-connection\n{company_id}\n{module}\n{id}").into_bytes()
}

/// Seals and opens connection passwords with a key derived from the host's secret.
#[derive(Clone)]
pub struct Sealer([u8; 32]);

impl Sealer {
    pub fn new(secret: &[u8]) -> Self {
        Self(crate::crypto::derive_key(secret, "source-connection-passwords"))
    }

    fn seal(&self, company_id: &str, module: &str, id: &str, password: &str) -> String {
        crate::crypto::seal(&self.0, &seal_context(company_id, module, id), password.as_bytes())
    }

    fn open(&self, company_id: &str, row: &ConnectionRow) -> Result<Option<String>> {
        let Some(sealed) = &row.password_sealed else {
            return Ok(None);
        };
        let opened = crate::crypto::open(&self.0, &seal_context(company_id, &row.module, &row.id), sealed)
            .and_then(|bytes| String::from_utf8(bytes).ok());
        // Sealed under another secret (AUTOSCOPE_SECRET changed): it must be typed again.
        opened.map(Some).ok_or_else(|| {
            Error::Conflict(format!(
                "The password of '{}' cannot be read with this portal's secret; enter it again",
                row.name
            ))
        })
    }

    /// Where and how to connect to a stored connection, its password opened.
    pub fn target(&self, company_id: &str, row: &ConnectionRow) -> Result<Target> {
        Ok(Target {
            engine: engine_of(&row.engine)?,
            host: row.host.clone(),
            port: u16::try_from(row.port)
                .map_err(|_| Error::Internal(anyhow::anyhow!("a stored port is out of range")))?,
            database: row.database_name.clone(),
            user: row.username.clone(),
            password: self.open(company_id, row)?,
            tls: tls_of(&row.tls)?,
        })
    }
}

/// A draft to try: the stored password of `stored` stands in for a left-out one.
pub fn draft_target(
    sealer: &Sealer,
    company_id: &str,
    draft: &Checked,
    stored: Option<&ConnectionRow>,
) -> Result<Target> {
    let ConnectionDraft { engine, host, port, database, user, password, tls, .. } = &draft.0;
    let password = match (password, stored) {
        (Some(password), _) => (!password.is_empty()).then(|| password.clone()),
        (None, Some(row)) => sealer.open(company_id, row)?,
        (None, None) => None,
    };
    Ok(Target {
        engine: *engine,
        host: host.clone(),
        port: *port,
        database: database.clone(),
        user: user.clone(),
        password,
        tls: *tls,
    })
}

/// The row `draft` makes: a new one, or `stored` changed (its password kept when the
/// draft leaves it out).
fn row_of(
    sealer: &Sealer,
    company_id: &str,
    module: &str,
    draft: Checked,
    stored: Option<ConnectionRow>,
    now: i64,
) -> ConnectionRow {
    let (id, created_at, kept) = match stored {
        Some(row) => (row.id, row.created_at, row.password_sealed),
        None => (new_id(), now, None),
    };
    let ConnectionDraft { name, engine, host, port, database, user, password, tls, time_zone } = draft.0;
    let password_sealed = match password {
        None => kept,
        Some(password) if password.is_empty() => None,
        Some(password) => Some(sealer.seal(company_id, module, &id, &password)),
    };
    ConnectionRow {
        id,
        module: module.into(),
        name,
        engine: engine_name(engine).into(),
        host,
        port: port.into(),
        database_name: database,
        username: user,
        password_sealed,
        tls: tls_name(tls).into(),
        time_zone,
        created_at,
        updated_at: now,
    }
}

pub async fn list(db: &Db, company_id: &str, module: &str) -> Result<Vec<Connection>> {
    let rows = source_connections::list(db, company_id, module).await?;
    rows.iter().map(info).collect()
}

pub async fn find(db: &Db, company_id: &str, module: &str, id: &str) -> Result<ConnectionRow> {
    source_connections::get(db, company_id, module, id).await?.ok_or_else(|| Error::NotFound(NOT_FOUND.into()))
}

pub async fn create(
    db: &Db,
    sealer: &Sealer,
    (company_id, module, created_by): (&str, &str, &str),
    draft: Checked,
    now: i64,
) -> Result<Connection> {
    let row = row_of(sealer, company_id, module, draft, None, now);
    if !source_connections::insert(db, company_id, &row, created_by).await? {
        return Err(Error::Conflict(NAME_TAKEN.into()));
    }
    info(&row)
}

pub async fn update(
    db: &Db,
    sealer: &Sealer,
    (company_id, module): (&str, &str),
    id: &str,
    draft: Checked,
    now: i64,
) -> Result<Connection> {
    let stored = find(db, company_id, module, id).await?;
    let row = row_of(sealer, company_id, module, draft, Some(stored), now);
    match source_connections::update(db, company_id, &row).await? {
        Some(true) => info(&row),
        Some(false) => Err(Error::Conflict(NAME_TAKEN.into())),
        None => Err(Error::NotFound(NOT_FOUND.into())),
    }
}

/// The connection without its password.
pub fn info(row: &ConnectionRow) -> Result<Connection> {
    Ok(Connection {
        id: row.id.clone(),
        name: row.name.clone(),
        engine: engine_of(&row.engine)?,
        host: row.host.clone(),
        port: u16::try_from(row.port).map_err(|_| Error::Internal(anyhow::anyhow!("a stored port is out of range")))?,
        database: row.database_name.clone(),
        user: row.username.clone(),
        password_set: row.password_sealed.is_some(),
        tls: tls_of(&row.tls)?,
        time_zone: row.time_zone.clone(),
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

fn engine_name(engine: SourceEngine) -> &'static str {
    match engine {
        SourceEngine::Postgres => "postgres",
        SourceEngine::Mysql => "mysql",
    }
}

fn engine_of(name: &str) -> Result<SourceEngine> {
    match name {
        "postgres" => Ok(SourceEngine::Postgres),
        "mysql" => Ok(SourceEngine::Mysql),
        other => Err(Error::Internal(anyhow::anyhow!("a stored connection has the unknown engine '{other}'"))),
    }
}

fn tls_name(tls: TlsMode) -> &'static str {
    match tls {
        TlsMode::Disable => "disable",
        TlsMode::Prefer => "prefer",
        TlsMode::Require => "require",
        TlsMode::Verify => "verify",
    }
}

fn tls_of(name: &str) -> Result<TlsMode> {
    match name {
        "disable" => Ok(TlsMode::Disable),
        "prefer" => Ok(TlsMode::Prefer),
        "require" => Ok(TlsMode::Require),
        "verify" => Ok(TlsMode::Verify),
        other => Err(Error::Internal(anyhow::anyhow!("a stored connection has the unknown TLS mode '{other}'"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> ConnectionDraft {
        ConnectionDraft {
            name: " Orchestrator ".into(),
            engine: SourceEngine::Mysql,
            host: "127.0.0.1".into(),
            port: 3306,
            database: "uipath".into(),
            user: "reader".into(),
            password: Some("s3cret".into()),
            tls: TlsMode::Prefer,
            time_zone: "Europe/Berlin".into(),
        }
    }

    #[test]
    fn a_draft_is_trimmed_and_every_problem_is_named() {
        let hosts = SourceHosts::default();
        let Checked(checked) = check(draft(), &hosts).unwrap();
        assert_eq!(checked.name, "Orchestrator");
        let bad = ConnectionDraft {
            name: " ".into(),
            host: "db.example.com".into(),
            database: String::new(),
            user: String::new(),
            time_zone: "Mars/Olympus".into(),
            ..draft()
        };
        assert_eq!(
            check(bad, &hosts).unwrap_err().to_string(),
            "Give the connection a name of at most 100 characters; This portal may not connect to \
             db.example.com:3306: ask its operator to allow it (AUTOSCOPE_SOURCE_HOSTS); Give the database's name; \
             Give the user name to sign in with; Choose the source's time zone from the list (such as Europe/Berlin)"
        );
        let spaced = ConnectionDraft { host: "db example".into(), ..draft() };
        assert_eq!(check(spaced, &hosts).unwrap_err().to_string(), "Give the server's host name or IP address");
    }

    #[test]
    fn a_password_is_sealed_for_its_row_and_kept_unless_changed() {
        let sealer = Sealer::new(b"a secret of the host, thirty-two+");
        let row = row_of(&sealer, "c1", "dbsync", check(draft(), &SourceHosts::default()).unwrap(), None, 10);
        let sealed = row.password_sealed.clone().unwrap();
        assert!(!sealed.contains("s3cret"));
        assert_eq!(sealer.target("c1", &row).unwrap().password.as_deref(), Some("s3cret"));
        assert!(sealer.target("c2", &row).is_err(), "another company's row does not open it");
        assert!(info(&row).unwrap().password_set);

        let keep = ConnectionDraft { password: None, name: "Renamed".into(), ..draft() };
        let kept =
            row_of(&sealer, "c1", "dbsync", check(keep, &SourceHosts::default()).unwrap(), Some(row.clone()), 20);
        assert_eq!((kept.id.as_str(), kept.created_at, kept.updated_at), (row.id.as_str(), 10, 20));
        assert_eq!(kept.password_sealed.as_deref(), Some(sealed.as_str()));

        let cleared = ConnectionDraft { password: Some(String::new()), ..draft() };
        let cleared = row_of(&sealer, "c1", "dbsync", check(cleared, &SourceHosts::default()).unwrap(), Some(row), 30);
        assert_eq!(cleared.password_sealed, None);
        assert!(!info(&cleared).unwrap().password_set);
        let other = Sealer::new(b"another secret of the host, 32 bytes");
        let Err(unreadable) = other.target("c1", &kept) else { panic!("opened under another secret") };
        assert!(unreadable.to_string().contains("enter it again"), "{unreadable}");
    }
}
