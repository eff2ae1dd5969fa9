//! A fuzz of the product modules' HTTP routes: every route each plugin's router declares
//! (read from its sources at test time, so a new route is fuzzed without a change here)
//! gets malformed bodies, path parameters and query strings from a fixed-seed generator,
//! as the admin of an enterprise company (premium modules answer it too) and without a
//! session. Malformed input is the caller's mistake: no answer may be a 5xx.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use reqwest::Method;
use reqwest::header::CONTENT_TYPE;
use serde_json::{Map, Value, json};

use crate::on_both_engines;
use crate::support::TestApp;
use crate::support::modules::product_archive;

on_both_engines!(
    malformed_requests_never_answer_a_server_error,
    a_request_refused_before_its_body_is_read_leaves_the_connection_serving
);

/// The generator's seed: every run sends the same requests.
const SEED: u64 = 0x5EED_F022;
/// Requests per route as the company admin, and without a session.
const ADMIN_CASES: usize = 22;
const ANONYMOUS_CASES: usize = 3;
/// Field names tried besides those a module's sources name.
const COMMON_FIELDS: &str = "name title id stage status date from to page limit email amount text kind \
    version start end priority description user_id process_id role_id items value";
/// Query parameters every list or dashboard may read, with junk values.
const COMMON_QUERY: [&str; 32] = [
    "page=-1",
    "page=abc",
    "page=18446744073709551616",
    "limit=-1",
    "limit=0",
    "limit=99999999",
    "limit=1.5",
    "from=not-a-date",
    "to=not-a-date",
    "from=2024-02-30",
    "to=2024-13-01",
    "from=2030-01-01&to=2020-01-01",
    "from=0001-01-01&to=9999-12-31",
    "from=-271821-04-20",
    "to=1e308",
    "from=-9223372036854775808&to=9223372036854775807",
    "from=0&to=253402300799",
    "from=1893456000&to=1893456000",
    "from=1e308&to=-1",
    "sort=no_such_field",
    "sort=-",
    "sort=name,,-id,%20",
    "cursor=garbage",
    "cursor=eyJ4IjoxfQ",
    "cursor=%FF%FE",
    "q=%F0%9F%98%80%25_%27",
    "status=bogus",
    "stage=bogus",
    "kind=bogus",
    "tz=Mars%2FOlympus",
    "version=-1",
    "format=exe",
];
/// Junk query values for the parameters a module's sources name.
const QUERY_VALUES: [&str; 13] = [
    "-1",
    "0",
    "abc",
    "1e308",
    "18446744073709551616",
    "",
    "%20",
    "true",
    "%5B%5D",
    "2024-02-30",
    "%C3%BC%F0%9F%98%80%E2%80%AE",
    "%00",
    "9999-99-99T99:99:99Z",
];
/// Path parameters: a missing id, numbers, a long one, a NUL (refused at the edge) and
/// unicode, besides a stored record's id where one is found.
const JUNK_IDS: [&str; 7] =
    ["00000000-0000-4000-8000-000000000000", "0", "-1", "1e308", "%00%C3%BC", "%C3%BC%F0%9F%98%80%E2%80%AE", "%20"];
/// Records made before the fuzz, as far as they are accepted, so routes with an `{id}`
/// reach stored records too (besides the sample data of the modules that have some). An
/// `{id}`, in the path or the body, is the record the module's previous seed without one made.
const SEEDS: [(&str, &str, &str); 12] = [
    ("support", "/tickets", r#"{"title": "Fuzz seed", "priority": "Medium"}"#),
    ("support", "/tickets/{id}/comments", r#"{"text": "Fuzz seed"}"#),
    ("support", "/tickets/{id}/attachments", r#"{"name": "seed.txt", "mime": "text/plain", "data": "RnV6eg=="}"#),
    ("vault", "/processes", r#"{"name": "Fuzz seed"}"#),
    ("vault", "/processes/{id}/documents", r#"{"name": "seed.txt", "mime": "text/plain", "data": "RnV6eg=="}"#),
    ("chat", "/channels", r#"{"name": "fuzz-seed", "kind": "public"}"#),
    (
        "chat",
        "/channels/{id}/messages",
        r#"{"text": "Fuzz seed", "file": {"name": "seed.txt", "mime": "text/plain", "data": "RnV6eg=="}}"#,
    ),
    (
        "calendar",
        "/events",
        r#"{"title": "Fuzz seed", "start": 1893456000, "end": 1893459600, "time_zone": "UTC",
            "category": "meeting", "visibility": "company", "reminders": [10, 60],
            "recurrence": {"freq": "weekly", "interval": 1, "by_weekday": ["TU", "FR"], "count": 10}}"#,
    ),
    (
        "calendar",
        "/non-working",
        r#"{"name": "Fuzz seed", "kind": "holiday", "start": 1893456000, "end": 1893542400, "all_day": true}"#,
    ),
    (
        "alerts",
        "/rules",
        r#"{"name": "Fuzz seed", "kind": "failure_rate", "severity": "warning", "threshold": 50, "min_runs": 1,
            "window_minutes": 60, "interval_minutes": 5, "quiet_minutes": 60, "deliver_bell": true,
            "deliver_mail": false, "enabled": true}"#,
    ),
    ("team", "/roles", r#"{"name": "Fuzz seed"}"#),
    ("team", "/invitations", r#"{"emails": ["fuzz-seed@example.com"], "role_id": "{id}"}"#),
];

async fn malformed_requests_never_answer_a_server_error(app: TestApp) {
    // The engines take turns: each one's run has the machine's cores to itself.
    static TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    let _turn = TURN.lock().await;
    let started = Instant::now();
    let modules = product_modules();
    let platform_admin = app.admin_token().await;
    for key in install_order(&modules) {
        let installed = app.install(&platform_admin, product_archive(&key), "declared").await;
        assert_eq!(installed.status, 200, "installing {key}: {installed:?}");
    }
    let token = app.sign_up("fuzz@example.com", "Fuzz Co").await;
    let me = app.get_as(&token, "/api/users/me").await.body;
    let (company, user_id) = (me["company_id"].as_str().unwrap(), me["user_id"].as_str().unwrap().to_string());
    let edition = format!("/api/admin/companies/{company}/edition");
    let upgraded = app.post_as(&platform_admin, &edition, json!({ "edition": "enterprise" })).await;
    assert_eq!(upgraded.status, 200, "{upgraded:?}");

    let mut fuzz = Fuzz {
        app: &app,
        token,
        user_id,
        rng: Rng(SEED),
        sent: 0,
        statuses: BTreeMap::new(),
        failures: Vec::new(),
        seeded: BTreeMap::new(),
    };
    for module in modules.values().filter(|module| module.sample) {
        fuzz.load_sample(&module.key).await;
    }
    fuzz.seed(&modules).await;
    let set_up = started.elapsed();
    for module in modules.values() {
        fuzz.module(module).await;
        if module.sample {
            // Its DELETE /sample ran last: the modules fuzzed next read the sample again.
            fuzz.load_sample(&module.key).await;
        }
    }

    let routes: usize = modules.values().map(|module| module.routes.len()).sum();
    let statuses: Vec<String> = fuzz.statuses.iter().map(|(status, count)| format!("{status}:{count}")).collect();
    println!(
        "module_fuzz engine={:?} modules={} routes={routes} requests={} failures={} statuses=[{}] setup_s={} \
         total_s={}",
        app.engine,
        modules.len(),
        fuzz.sent,
        fuzz.failures.len(),
        statuses.join(" "),
        set_up.as_secs(),
        started.elapsed().as_secs()
    );
    // The host still serves its own routes and the modules'.
    assert_eq!(app.get_as(&fuzz.token, "/api/users/me").await.status, 200);
    for module in modules.values() {
        let list = module.routes.iter().find(|route| route.method == "GET" && !route.pattern.contains('{'));
        if let Some(route) = list {
            let answer = app.get_as(&fuzz.token, &format!("/api/m/{}{}", module.key, route.pattern)).await;
            assert!(answer.status < 500, "{} {}: {answer:?}", module.key, route.pattern);
        }
    }
    assert!(
        fuzz.failures.is_empty(),
        "{} of {} requests answered a server error:\n{}",
        fuzz.failures.len(),
        fuzz.sent,
        fuzz.failures.join("\n")
    );
}

/// A request refused for its address (a NUL) before its body was read, then another on the
/// same keep-alive connection: the second is answered too. With the body left unread the
/// host closed the connection after the first answer, and about one second request in
/// eight got no answer (the fuzz's NUL ids with 100 KB bodies found it).
async fn a_request_refused_before_its_body_is_read_leaves_the_connection_serving(app: TestApp) {
    let token = app.sign_up("edge@example.com", "Edge Co").await;
    let body = json!({ "name": "x".repeat(100_000) }).to_string();
    for _ in 0..40 {
        let refused = app.client.post(format!("{}/api/users/me?q=%00", app.base)).bearer_auth(&token);
        let refused = refused.header(CONTENT_TYPE, "text/plain").body(body.clone()).send().await.unwrap();
        assert_eq!(refused.status(), 400);
        assert_eq!(app.get_as(&token, "/api/users/me").await.status, 200);
    }
}

/// A product module as its directory describes it.
struct Module {
    key: String,
    routes: BTreeSet<Route>,
    /// Field names its collections, deserialized structs and lookups use.
    fields: Vec<String>,
    /// Query parameters its handlers read.
    query: Vec<String>,
    /// The modules whose collections it reads, aggregates, updates or ingests into.
    reads: BTreeSet<String>,
    sample: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Route {
    method: String,
    pattern: String,
}

impl Route {
    fn http_method(&self) -> Method {
        Method::from_bytes(self.method.as_bytes()).unwrap()
    }

    /// Whether the route's handler reads a body (the others get query strings).
    fn takes_body(&self) -> bool {
        matches!(self.method.as_str(), "POST" | "PUT" | "PATCH")
    }

    /// The pattern with each `{param}` as `value`.
    fn path(&self, value: &str) -> String {
        self.pattern
            .split('/')
            .map(|segment| if segment.starts_with('{') && segment.ends_with('}') { value } else { segment })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Its parameters' names.
    fn params(&self) -> Vec<&str> {
        self.pattern.split('/').filter_map(|segment| segment.strip_prefix('{')?.strip_suffix('}')).collect()
    }
}

fn plugins_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../plugins")
}

/// Every directory of plugins/ with a module.toml, by key.
fn product_modules() -> BTreeMap<String, Module> {
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(plugins_dir()).unwrap() {
        let dir = entry.unwrap().path();
        let Ok(manifest) = std::fs::read_to_string(dir.join("module.toml")) else { continue };
        let manifest: toml::Table = manifest.parse().unwrap();
        let key = manifest["key"].as_str().unwrap().to_string();
        let mut sources = Vec::new();
        rust_files(&dir.join("src"), &mut sources);
        let sources: Vec<String> = sources.iter().map(|path| code(&std::fs::read_to_string(path).unwrap())).collect();
        let routes: BTreeSet<Route> = sources.iter().flat_map(|source| routes_in(source)).collect();
        assert!(!routes.is_empty(), "no route found in plugins/{key}/src: the router's form changed?");
        let mut fields: BTreeSet<String> = COMMON_FIELDS.split_whitespace().map(str::to_string).collect();
        fields.extend(collection_fields(&manifest));
        let mut query = BTreeSet::new();
        for source in &sources {
            deserialized_fields(source, &mut fields);
            fields.extend(literal_arguments(source, &[".get(", "["]).filter(|name| is_field_name(name)));
            query.extend(literal_arguments(source, &["query(", "query_as::<"]).filter(|name| is_field_name(name)));
        }
        let capabilities = manifest.get("capabilities").and_then(toml::Value::as_table);
        let reads = ["read", "aggregate", "update", "ingest"]
            .iter()
            .filter_map(|grant| capabilities?.get(*grant)?.as_array())
            .flatten()
            .filter_map(|target| Some(target.as_str()?.split('.').next()?.to_string()))
            .filter(|target| *target != key)
            .collect();
        let sample = manifest.get("sample").and_then(toml::Value::as_bool).unwrap_or(false);
        let (fields, query) = (fields.into_iter().collect(), query.into_iter().collect());
        modules.insert(key.clone(), Module { key, routes, fields, query, reads, sample });
    }
    modules
}

/// Each module after those whose collections it uses, where no cycle prevents it (the
/// vault and support read each other's), otherwise alphabetically.
fn install_order(modules: &BTreeMap<String, Module>) -> Vec<String> {
    let mut left: Vec<&Module> = modules.values().collect();
    let mut order: Vec<String> = Vec::new();
    while !left.is_empty() {
        let ready = left
            .iter()
            .position(|module| module.reads.iter().all(|read| order.contains(read) || !modules.contains_key(read)))
            .unwrap_or(0);
        order.push(left.remove(ready).key.clone());
    }
    order
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

/// A source file without its unit tests (their routers are not the module's) and without
/// comment lines (an example in a doc comment is no route).
fn code(source: &str) -> String {
    let source = source.find("mod tests {").map_or(source, |at| &source[..at]);
    source.lines().filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The routes a source adds: `.get("/path", …)` and the other methods, or
/// `.route("METHOD", "/path", …)`, wherever and however the router is built.
fn routes_in(source: &str) -> BTreeSet<Route> {
    let mut routes = BTreeSet::new();
    for (at, _) in source.match_indices('.') {
        let rest = &source[at + 1..];
        let Some(open) = rest.find('(') else { continue };
        let name = &rest[..open];
        let mut literals = leading_literals(&rest[open + 1..]).into_iter();
        let route = match name {
            "get" | "post" | "put" | "patch" | "delete" => literals.next().map(|path| (name.to_string(), path)),
            "route" => literals.next().zip(literals.next()),
            _ => None,
        };
        if let Some((method, pattern)) = route.filter(|(_, pattern)| pattern.starts_with('/')) {
            routes.insert(Route { method: method.to_ascii_uppercase(), pattern });
        }
    }
    routes
}

/// The string literals that open an argument list, up to the first other argument.
fn leading_literals(arguments: &str) -> Vec<String> {
    let mut literals = Vec::new();
    let mut rest = arguments.trim_start();
    while let Some(text) = rest.strip_prefix('"') {
        let Some(end) = text.find('"') else { break };
        literals.push(text[..end].to_string());
        match text[end + 1..].trim_start().strip_prefix(',') {
            Some(after) => rest = after.trim_start(),
            None => break,
        }
    }
    literals
}

/// The first string literal after each of `openers` (`.get("name")`, `["name"]`, and
/// `query_as::<T>("name")`, whose literal follows the type).
fn literal_arguments<'a>(source: &'a str, openers: &'a [&str]) -> impl Iterator<Item = String> + 'a {
    openers.iter().flat_map(move |opener| {
        source.match_indices(opener).filter_map(move |(at, _)| {
            let rest = &source[at + opener.len()..];
            let rest = if opener.ends_with('<') { &rest[rest.find('(')? + 1..] } else { rest };
            leading_literals(rest).into_iter().next()
        })
    })
}

fn is_field_name(name: &str) -> bool {
    name.len() <= 40
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The fields of every collection the manifest declares.
fn collection_fields(manifest: &toml::Table) -> Vec<String> {
    let Some(collections) = manifest.get("collections").and_then(toml::Value::as_table) else { return Vec::new() };
    collections
        .values()
        .filter_map(|collection| collection.get("fields")?.as_table())
        .flat_map(|fields| fields.keys().cloned())
        .collect()
}

/// The fields of the structs a source derives `Deserialize` for (camelCase when renamed so).
fn deserialized_fields(source: &str, fields: &mut BTreeSet<String>) {
    let mut lines = source.lines();
    while let Some(line) = lines.next() {
        if !(line.contains("derive(") && line.contains("Deserialize")) {
            continue;
        }
        let (mut camel, mut in_struct) = (false, false);
        for line in lines.by_ref() {
            let line = line.trim();
            if !in_struct {
                camel |= line.contains("rename_all = \"camelCase\"");
                if line.starts_with('#') {
                    continue;
                }
                // Enums and tuple structs have no named fields.
                in_struct = line.contains("struct ") && line.ends_with('{');
                if !in_struct {
                    break;
                }
                continue;
            }
            if line.starts_with('}') {
                break;
            }
            let line = if line.starts_with("pub") { line.split_once(' ').map_or(line, |(_, rest)| rest) } else { line };
            if let Some((name, _)) = line.split_once(':').filter(|(name, _)| is_field_name(name)) {
                fields.insert(if camel { camel_case(name) } else { name.to_string() });
            }
        }
    }
}

fn camel_case(name: &str) -> String {
    let mut parts = name.split('_');
    let first = parts.next().unwrap_or_default().to_string();
    parts.fold(first, |mut camel, part| {
        let mut chars = part.chars();
        camel.extend(chars.next().map(|c| c.to_ascii_uppercase()));
        camel.push_str(chars.as_str());
        camel
    })
}

/// SplitMix64: small, and the same sequence everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// One request of the fuzz.
struct Sent {
    method: Method,
    path: String,
    token: Option<String>,
    content_type: Option<&'static str>,
    body: Option<String>,
}

impl Sent {
    fn new(method: Method, path: String, token: Option<&str>) -> Self {
        Self { method, path, token: token.map(str::to_string), content_type: None, body: None }
    }

    fn json(self, body: &str) -> Self {
        self.raw(Some("application/json"), body.to_string())
    }

    fn raw(self, content_type: Option<&'static str>, body: String) -> Self {
        Self { content_type, body: Some(body), ..self }
    }

    fn query(mut self, query: &str) -> Self {
        if !query.is_empty() {
            self.path = format!("{}?{query}", self.path);
        }
        self
    }

    /// Method, path and the body's start, for a failure's line.
    fn describe(&self) -> String {
        let body = match &self.body {
            None => "none".to_string(),
            Some(body) if body.chars().count() <= 160 => format!("{body:?}"),
            Some(body) => format!("{:?}… ({} bytes)", body.chars().take(160).collect::<String>(), body.len()),
        };
        let path: String = self.path.chars().take(200).collect();
        let token = if self.token.is_some() { "" } else { " (no session)" };
        let content_type = self.content_type.unwrap_or("none");
        format!("{} {path}{token} content-type={content_type} body={body}", self.method)
    }
}

struct Fuzz<'a> {
    app: &'a TestApp,
    token: String,
    user_id: String,
    rng: Rng,
    sent: usize,
    /// How many answers had each status.
    statuses: BTreeMap<u16, usize>,
    failures: Vec<String>,
    /// By module and pattern, the records the seeds made.
    seeded: BTreeMap<String, BTreeMap<String, Value>>,
}

impl Fuzz<'_> {
    /// Sends, keeps a 5xx (or no answer) as a failure, and answers the status and JSON body.
    async fn send(&mut self, sent: Sent) -> (u16, Value) {
        self.sent += 1;
        let mut request = self.app.client.request(sent.method.clone(), format!("{}{}", self.app.base, sent.path));
        if let Some(token) = &sent.token {
            request = request.bearer_auth(token);
        }
        if let Some(content_type) = sent.content_type {
            request = request.header(CONTENT_TYPE, content_type);
        }
        if let Some(body) = &sent.body {
            request = request.body(body.clone());
        }
        let (status, text) = match request.send().await {
            Ok(response) => (response.status().as_u16(), response.text().await.unwrap_or_default()),
            Err(err) => (0, format!("no answer: {err:?}")),
        };
        *self.statuses.entry(status).or_default() += 1;
        if status >= 500 || status == 0 {
            let answer: String = text.chars().take(300).collect();
            self.failures.push(format!("{status} {} answer={answer}", sent.describe()));
        }
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn get(&mut self, path: String) -> Option<Value> {
        let (status, body) = self.send(Sent::new(Method::GET, path, Some(&self.token))).await;
        (status == 200).then_some(body)
    }

    /// Makes the records of `SEEDS`, keeping those made.
    async fn seed(&mut self, modules: &BTreeMap<String, Module>) {
        let mut parent: BTreeMap<&str, String> = BTreeMap::new();
        for (key, pattern, body) in SEEDS.iter().filter(|(key, ..)| modules.contains_key(*key)) {
            let child = pattern.contains("{id}") || body.contains("{id}");
            let (path, body) = match (child, parent.get(key)) {
                (false, _) => (pattern.to_string(), body.to_string()),
                (true, Some(id)) => (pattern.replace("{id}", id), body.replace("{id}", id)),
                (true, None) => continue,
            };
            let sent = Sent::new(Method::POST, format!("/api/m/{key}{path}"), Some(&self.token)).json(&body);
            let (status, answer) = self.send(sent).await;
            if !(200..300).contains(&status) {
                continue;
            }
            if let (false, Some(id)) = (child, answer["id"].as_str()) {
                parent.insert(key, id.to_string());
            }
            self.seeded.entry(key.to_string()).or_default().insert(pattern.to_string(), answer);
        }
    }

    async fn load_sample(&mut self, key: &str) {
        let (status, body) =
            self.send(Sent::new(Method::POST, format!("/api/m/{key}/sample"), Some(&self.token))).await;
        assert!((200..300).contains(&status), "loading {key}'s sample: {status} {body}");
    }

    /// Every route of `module`, DELETE routes last so the others find the stored records.
    async fn module(&mut self, module: &Module) {
        let known = self.stored(module).await;
        let mut routes: Vec<&Route> = module.routes.iter().collect();
        routes.sort_by_key(|route| route.method == "DELETE");
        for route in routes {
            let real = route.params().first().and_then(|param| known.id(route, param));
            let template = known.template(route, real.as_deref());
            let ids: Vec<String> = real.iter().cloned().chain(JUNK_IDS.iter().map(|id| id.to_string())).collect();
            let long_id = "a1".repeat(150);
            for case in 0..ADMIN_CASES {
                // A stored record's id every other request, when there is one.
                let id = match (&real, case % 2) {
                    (Some(real), 0) => real.as_str(),
                    _ if case % 7 == 3 => long_id.as_str(),
                    _ => ids[case % ids.len()].as_str(),
                };
                let base = Sent::new(route.http_method(), self.path(module, route, id), Some(&self.token));
                let sent = match route.takes_body() {
                    true => self.body_case(base, case, module, template.as_ref()),
                    false => self.query_case(base, case, module, template.as_ref()),
                };
                self.send(sent).await;
            }
            for case in 0..ANONYMOUS_CASES {
                let id = real.as_deref().unwrap_or(JUNK_IDS[0]);
                let path = self.path(module, route, id);
                let sent = match case {
                    0 => self.body_case(Sent::new(route.http_method(), path, None), 9, module, template.as_ref()),
                    1 => {
                        let sent = Sent::new(route.http_method(), path, Some("not-a-session"));
                        self.query_case(sent, 9, module, None)
                    }
                    // Public routes bind the company through the person named.
                    _ => {
                        let person = format!("person_id={}&token=junk", self.user_id);
                        let mut body = self.object(module, template.as_ref());
                        body.insert("person_id".into(), self.user_id.clone().into());
                        let sent = Sent::new(route.http_method(), path, None);
                        sent.query(&person).json(&Value::Object(body).to_string())
                    }
                };
                self.send(sent).await;
            }
        }
    }

    fn path(&self, module: &Module, route: &Route, id: &str) -> String {
        format!("/api/m/{}{}", module.key, route.path(id))
    }

    /// Bodies that are not JSON, JSON of the wrong shape, and objects whose fields have
    /// values of the wrong type or out of range.
    fn body_case(&mut self, sent: Sent, case: usize, module: &Module, template: Option<&Map<String, Value>>) -> Sent {
        match case {
            0 => sent.json("this is { not JSON"),
            1 => sent.raw(Some("application/json"), String::new()),
            2 => {
                let whole = Value::Object(self.object(module, template)).to_string();
                let cut = whole.char_indices().nth(whole.chars().count() / 2).map_or(0, |(at, _)| at);
                sent.json(&whole[..cut])
            }
            3 | 4 => {
                let wrong = ["[]", "42", "\"text\"", "null", "true", "[{}]", "1e308", "-1", "[[\"a\"]]"];
                let wrong = self.rng.pick(&wrong).to_string();
                sent.json(&wrong)
            }
            5 => sent.json(&format!("{{\"items\": {}1{}}}", "[".repeat(200), "]".repeat(200))),
            6 => {
                let body = self.junk_object(module, template);
                sent.raw(Some("text/plain"), body)
            }
            7 => sent.raw(Some("application/x-www-form-urlencoded"), "name=x&id=1&limit=-1".into()),
            8 => {
                let nulls: Map<String, Value> =
                    self.object(module, template).keys().map(|k| (k.clone(), Value::Null)).collect();
                sent.json(&Value::Object(nulls).to_string())
            }
            19..=21 => {
                let query = self.junk_query(module);
                let body = self.junk_object(module, template);
                sent.query(&query).json(&body)
            }
            _ => {
                let body = self.junk_object(module, template);
                sent.json(&body)
            }
        }
    }

    /// Junk query strings, and a few bodies where none is read.
    fn query_case(&mut self, sent: Sent, case: usize, module: &Module, template: Option<&Map<String, Value>>) -> Sent {
        match case {
            0 => sent.query("page=-1&limit=-1"),
            1 => sent.query("limit=99999999&sort=no_such_field"),
            2 => sent.query("from=not-a-date&to=2024-02-30"),
            3 => sent.query("from=2030-01-01&to=2020-01-01"),
            4 => sent.query("from=0001-01-01&to=9999-12-31"),
            // Ranges in Unix seconds: the widest there is, and reversed.
            5 => sent.query("from=-9223372036854775808&to=9223372036854775807"),
            6 => sent.query("from=253402300799&to=0"),
            19 => sent.json("this is { not JSON"),
            20 => sent.json(&format!("{}{}", "[".repeat(200), "]".repeat(200))),
            21 => {
                let body = self.junk_object(module, template);
                sent.json(&body)
            }
            _ => {
                let query = self.junk_query(module);
                sent.query(&query)
            }
        }
    }

    /// One to three parameters: common ones with junk, or the module's own with junk values.
    fn junk_query(&mut self, module: &Module) -> String {
        let count = 1 + self.rng.below(3);
        let parts: Vec<String> = (0..count)
            .map(|_| match (module.query.is_empty(), self.rng.below(2)) {
                (false, 0) => {
                    let name = self.rng.pick(&module.query).clone();
                    let value = match self.rng.below(6) {
                        0 => "x".repeat(2_000),
                        _ => self.rng.pick(&QUERY_VALUES).to_string(),
                    };
                    format!("{name}={value}")
                }
                _ => self.rng.pick(&COMMON_QUERY).to_string(),
            })
            .collect();
        parts.join("&")
    }

    /// A valid-looking object: the stored record's fields where there is one, otherwise a
    /// few of the module's field names with plain values.
    fn object(&mut self, module: &Module, template: Option<&Map<String, Value>>) -> Map<String, Value> {
        if let Some(template) = template.filter(|template| !template.is_empty()) {
            return template.clone();
        }
        let count = 1 + self.rng.below(4);
        (0..count).map(|_| (self.rng.pick(&module.fields).clone(), json!("Fuzz"))).collect()
    }

    /// `object` with one to three fields (or fields nested in them), and sometimes a field
    /// more, of junk. Junk goes in as raw JSON text, since some (a lone surrogate escape) has
    /// no `Value`: a marker string stands in its place until the object is written.
    fn junk_object(&mut self, module: &Module, template: Option<&Map<String, Value>>) -> String {
        let mut object = Value::Object(self.object(module, template));
        let mut junk = Vec::new();
        for n in 0..1 + self.rng.below(3) {
            let marker = Value::String(format!("\u{E000}junk{n}"));
            self.place(&mut object, module, marker.clone(), 0);
            junk.push((marker.to_string(), self.junk_value()));
        }
        let mut text = object.to_string();
        for (marker, value) in junk {
            text = text.replacen(&marker, &value, 1);
        }
        text
    }

    /// Puts `marker` in place of a field of `value` (or of a field of an object in one, or of
    /// a list's first object), or in a new field.
    fn place(&mut self, value: &mut Value, module: &Module, marker: Value, depth: usize) {
        let Value::Object(fields) = value else {
            *value = marker;
            return;
        };
        if fields.is_empty() || self.rng.below(4) == 0 {
            fields.insert(self.rng.pick(&module.fields).clone(), marker);
            return;
        }
        let at = self.rng.below(fields.len());
        let field = fields.values_mut().nth(at).expect("a field at a position below the count");
        let inward = depth < 3 && self.rng.below(2) == 0;
        match field {
            Value::Object(_) if inward => self.place(field, module, marker, depth + 1),
            Value::Array(items) if inward && items.first().is_some_and(Value::is_object) => {
                self.place(&mut items[0], module, marker, depth + 1)
            }
            _ => *field = marker,
        }
    }

    /// A JSON value of a type or range no field expects.
    fn junk_value(&mut self) -> String {
        const VALUES: [&str; 36] = [
            r#""123""#,
            r#""-1""#,
            "1e308",
            "-1e308",
            "18446744073709551616",
            "-18446744073709551616",
            "9223372036854775807",
            "-9223372036854775808",
            "-1",
            "0",
            "0.5",
            "-0.0",
            "1e20",
            "true",
            "null",
            "[]",
            "{}",
            r#"[1, "a", null, {}]"#,
            r#"{"a": {"b": [1, {"c": null}]}}"#,
            r#""a\u0000b""#,
            r#""\ud800""#,
            r#""x\udfff""#,
            r#""2024-13-45""#,
            r#""2024-02-30T25:61:61Z""#,
            r#""not a date""#,
            "-62135596801",
            "253402300800",
            r#""""#,
            r#""   ""#,
            r#""ü😀\u202e\u200b""#,
            r#""<script>alert(1)</script>""#,
            r#""' OR 1=1 --""#,
            r#""../../etc/passwd""#,
            r#""%00""#,
            r#"["idea", "live", "open", "public"]"#,
            r#"[-1, 1e308, "x"]"#,
        ];
        match self.rng.below(12) {
            // About 100 KB of text, within every module's request limit.
            0 => format!("\"{}\"", "Fuzz ü ".repeat(12_500)),
            // Nested just within the host's limit of 64 levels, so the plugin reads it.
            1 => format!("{}1{}", "[".repeat(60), "]".repeat(60)),
            2 => format!("[{}]", vec!["\"x\""; 5_000].join(",")),
            _ => self.rng.pick(&VALUES).to_string(),
        }
    }

    /// What the module has stored: the answers of its GET routes, those with a parameter
    /// asked for a record the others list.
    async fn stored(&mut self, module: &Module) -> Stored {
        // What the seeds made stands for a list where no GET lists it.
        let seeded = self.seeded.get(&module.key).into_iter().flatten();
        let answers = seeded.map(|(pattern, record)| (pattern.clone(), json!([record]))).collect();
        let mut stored = Stored { answers };
        let gets: Vec<&Route> = module.routes.iter().filter(|route| route.method == "GET").collect();
        for with_params in [false, true] {
            for route in gets.iter().filter(|route| route.params().is_empty() != with_params) {
                let id = route.params().first().and_then(|param| stored.id(route, param));
                if with_params && id.is_none() {
                    continue;
                }
                let path = format!("/api/m/{}{}", module.key, route.path(id.as_deref().unwrap_or_default()));
                if let Some(answer) = self.get(path).await {
                    stored.answers.insert(route.pattern.clone(), answer);
                }
            }
        }
        stored
    }
}

/// The answers of a module's GET routes, by pattern, read before its fuzz.
struct Stored {
    answers: BTreeMap<String, Value>,
}

impl Stored {
    /// A record a route with a parameter may name, from the first of: the list at the path
    /// before the parameter (`/processes` for `/processes/{id}/history`), a list at a path
    /// that ends the same way (`/channels/{id}/messages` for `/messages/{id}`), or a list of
    /// that name in an answer (a ticket's `attachments`).
    fn listed(&self, route: &Route) -> Option<&Map<String, Value>> {
        let list = route.pattern.split("/{").next().unwrap_or_default();
        let name = list.rsplit('/').next().unwrap_or_default();
        let ending = format!("/{name}");
        let item = self.answers.get(list).and_then(|answer| first_item(answer, name)).or_else(|| {
            let mut alike = self.answers.iter().filter(|(pattern, _)| pattern.ends_with(&ending));
            alike.find_map(|(_, answer)| first_item(answer, name))
        });
        item.or_else(|| self.answers.values().find_map(|answer| named_list(answer, name, 3)))
    }

    /// A stored record's id for `param` of `route`: the listed record's (its `id`, else a
    /// field named like the parameter, else its person's, else its first `…_id`), else a
    /// field named like the parameter (`process_id`) in any answer.
    fn id(&self, route: &Route, param: &str) -> Option<String> {
        let id = self.listed(route).and_then(|item| {
            let id = ["id", param, "user_id"].iter().find_map(|key| item.get(*key));
            let id = id.or_else(|| item.iter().find(|(key, _)| key.ends_with("_id")).map(|(_, value)| value));
            Some(id?.as_str()?.to_string())
        });
        let named = || self.answers.values().find_map(|answer| field(answer, param, 4));
        id.or_else(|| if param == "id" { None } else { named() })
    }

    /// The fields of a write's record: the record a path ending in a parameter answers (else
    /// the one listed), or the first of the list the path answers.
    fn template(&self, route: &Route, id: Option<&str>) -> Option<Map<String, Value>> {
        if !route.params().is_empty() && id.is_none() {
            return None;
        }
        let answer = self.answers.get(&route.pattern);
        let name = route.pattern.rsplit('/').next().unwrap_or_default();
        let record = match route.pattern.ends_with('}') {
            true => answer.and_then(Value::as_object).or_else(|| self.listed(route)),
            false => answer.and_then(|answer| first_item(answer, name).or_else(|| answer.as_object())),
        };
        record.cloned()
    }
}

/// The first record of a list answer: an array, or in an object the array named `name`, or
/// `items`, or the first array of objects.
fn first_item<'a>(answer: &'a Value, name: &str) -> Option<&'a Map<String, Value>> {
    let first = |items: Option<&'a Vec<Value>>| items?.first()?.as_object();
    match answer {
        Value::Array(items) => first(Some(items)),
        Value::Object(fields) => [name, "items"]
            .iter()
            .find_map(|key| first(fields.get(*key).and_then(Value::as_array)))
            .or_else(|| fields.values().find_map(|value| first(value.as_array()))),
        _ => None,
    }
}

/// The first record of a list named `name` within `depth` levels of `value`.
fn named_list<'a>(value: &'a Value, name: &str, depth: usize) -> Option<&'a Map<String, Value>> {
    let fields = value.as_object()?;
    let listed = fields.get(name).and_then(Value::as_array).and_then(|items| items.first()?.as_object());
    listed.or_else(|| fields.values().find_map(|value| named_list(value, name, depth.checked_sub(1)?)))
}

/// The first text value of a field named `name` within `depth` levels of `value`.
fn field(value: &Value, name: &str, depth: usize) -> Option<String> {
    match value {
        Value::Object(fields) => fields
            .get(name)
            .and_then(Value::as_str)
            .map(str::to_string)
            .or_else(|| fields.values().find_map(|value| field(value, name, depth.checked_sub(1)?))),
        Value::Array(items) => items.iter().take(20).find_map(|value| field(value, name, depth.checked_sub(1)?)),
        _ => None,
    }
}
