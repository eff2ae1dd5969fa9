//! What a manifest means, checked one part at a time; every problem is collected, so a
//! package is refused with all its reasons at once.

use std::collections::BTreeSet;

use super::{
    Capabilities, Collection, Field, FieldType, LegacyRoute, Limits, MAX_BADGE_REFRESH, MAX_BINS, MAX_LIMITS,
    MAX_ROLLUPS, MAX_STEPS, MIN_SCHEDULE_SECONDS, Manifest, Page, PublicRoute, Rollup, SAMPLE_FIELD, Schedule, Step,
    StepDone, is_name, value_fits,
};
use crate::rights;

/// Every problem of `manifest`, or nothing.
pub(super) fn problems(manifest: &Manifest) -> Result<(), Vec<String>> {
    let mut problems = Problems::default();
    identity(manifest, &mut problems);
    pages(manifest, &mut problems);
    for (name, collection) in &manifest.collections {
        self::collection(name, collection, &mut problems);
    }
    ingest_streams(manifest, &mut problems);
    capabilities(manifest, &mut problems);
    routes(&manifest.public_routes, &manifest.legacy_routes, &mut problems);
    schedules(&manifest.schedules, &mut problems);
    limits(&manifest.limits, &mut problems);
    steps(manifest, &mut problems);
    sample(manifest, &mut problems);
    if problems.0.is_empty() { Ok(()) } else { Err(problems.0) }
}

#[derive(Default)]
struct Problems(Vec<String>);

impl Problems {
    /// Records `problem` unless `ok`.
    fn check(&mut self, ok: bool, problem: impl FnOnce() -> String) {
        if !ok {
            self.0.push(problem());
        }
    }
}

/// The key, name, rights key (with its premium flag) and remote.
fn identity(manifest: &Manifest, problems: &mut Problems) {
    problems.check(is_name(&manifest.key, 24), || {
        format!("key '{}' must be 1-24 lower-case letters, digits and single underscores", manifest.key)
    });
    problems.check(!manifest.name.trim().is_empty(), || "name is empty".into());
    match rights::MODULE_KEYS.iter().find(|(key, _)| *key == manifest.rights_key) {
        // Its own key: company admins grant it to roles like any other.
        None if manifest.rights_key == manifest.key => problems.check(!manifest.premium, || {
            format!("premium must be false for the module's own rights key '{}'", manifest.rights_key)
        }),
        None => problems.check(false, || {
            format!(
                "rights_key '{}' is neither a rights key of the portal nor the module's own key ('{}')",
                manifest.rights_key, manifest.key
            )
        }),
        Some(&(_, premium)) => problems.check(premium == manifest.premium, || {
            format!("premium must be {premium} for rights key '{}'", manifest.rights_key)
        }),
    }
    problems.check(manifest.pages.is_empty() || manifest.remote.is_some(), || {
        "a module with pages needs its remote's name".into()
    });
    if let Some(remote) = &manifest.remote {
        problems.check(!remote.is_empty() && remote.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), || {
            format!("remote '{remote}' must be letters, digits and underscores")
        });
    }
}

fn pages(manifest: &Manifest, problems: &mut Problems) {
    for Page { route, label, group, component, widget, badge, badge_refresh, .. } in &manifest.pages {
        problems.check(is_route(route), || format!("page route '{route}' must be a path like /Process"));
        problems.check(!label.trim().is_empty(), || format!("page {route} has no label"));
        if let Some(group) = group {
            problems.check(rights::menu::group_labels().any(|label| label == group), || {
                let groups: Vec<&str> = rights::menu::group_labels().collect();
                format!("page {route}: group must be one of {groups:?}")
            });
        }
        for component in std::iter::once(component).chain(widget) {
            problems.check(component.starts_with("./"), || {
                format!("page {route}: component '{component}' must start with ./")
            });
        }
        if let Some(badge) = badge {
            problems.check(is_badge_path(badge), || {
                format!(
                    "page {route}: badge '{badge}' must be a path of the module's API: starting with /, at most {MAX_BADGE_PATH} characters, without .., a query or spaces"
                )
            });
        }
        if let Some(channels) = badge_refresh {
            self::badge_refresh(route, badge.is_some(), channels, problems);
        }
    }
}

/// A page's `badge_refresh`: with a badge, at most [`MAX_BADGE_REFRESH`] channel names as the
/// host's realtime call takes them, each once.
fn badge_refresh(route: &str, has_badge: bool, channels: &[String], problems: &mut Problems) {
    problems.check(has_badge, || format!("page {route}: badge_refresh needs a badge"));
    problems.check(channels.len() <= MAX_BADGE_REFRESH, || {
        format!("page {route}: badge_refresh names more than {MAX_BADGE_REFRESH} channels")
    });
    let mut seen = BTreeSet::new();
    for channel in channels {
        problems.check(is_name(channel, 40), || {
            format!(
                "page {route}: badge_refresh channel '{channel}' must be 1-40 lower-case letters, digits and single underscores (a channel of the module, without its key)"
            )
        });
        problems.check(seen.insert(channel), || format!("page {route}: badge_refresh names '{channel}' twice"));
    }
}

/// A collection's name, fields, indexes, dropped fields, key, derived fields and rollups.
fn collection(name: &str, collection: &Collection, problems: &mut Problems) {
    problems.check(is_name(name, 24), || {
        format!("collection '{name}' must be 1-24 lower-case letters, digits and single underscores")
    });
    problems.check(!collection.fields.is_empty(), || format!("collection '{name}' has no fields"));
    for (field_name, field) in &collection.fields {
        self::field(&format!("{name}.{field_name}"), field_name, field, problems);
    }
    for index in &collection.indexes {
        problems.check(!index.is_empty(), || format!("collection '{name}' has an empty index"));
        for field in index {
            let indexable = matches!(field.as_str(), "created_at" | "updated_at")
                || collection.fields.get(field).is_some_and(|f| f.kind != FieldType::Json);
            problems.check(indexable, || format!("index of '{name}' names '{field}', which is not an indexable field"));
        }
    }
    for dropped in &collection.drop_fields {
        problems.check(!collection.fields.contains_key(dropped), || {
            format!("'{name}.{dropped}' is both a field and dropped")
        });
    }
    key(name, collection, problems);
    for (field_name, field) in &collection.fields {
        difference(&format!("field '{name}.{field_name}'"), field, collection, problems);
    }
    problems.check(collection.rollups.len() <= MAX_ROLLUPS, || {
        format!("collection '{name}' declares more than {MAX_ROLLUPS} rollups")
    });
    for (i, rollup) in collection.rollups.iter().enumerate() {
        let at = format!("rollup '{name}.{}'", rollup.name);
        self::rollup(&at, rollup, &collection.rollups[..i], collection, problems);
    }
}

fn field(at: &str, name: &str, field: &Field, problems: &mut Problems) {
    problems.check(is_name(name, 40), || {
        format!("field '{at}' must be 1-40 lower-case letters, digits and single underscores")
    });
    problems.check(!autoscope_wire::storage::SYSTEM_FIELDS.contains(&name) && name != "company_id", || {
        format!("field '{at}' is a system field")
    });
    problems.check(field.kind == FieldType::Text || (field.max_length.is_none() && field.values.is_none()), || {
        format!("field '{at}': max_length and values apply to text only")
    });
    if let Some(default) = &field.default {
        problems.check(value_fits(field, default), || format!("field '{at}': the default does not fit the field"));
    }
}

/// The key a collection upserts by: a required text or integer field that is stored.
fn key(name: &str, collection: &Collection, problems: &mut Problems) {
    let Some(key) = &collection.key else { return };
    let fits = collection.fields.get(key).is_some_and(|f| {
        f.required && matches!(f.kind, FieldType::Text | FieldType::Integer) && f.difference.is_none()
    });
    problems.check(fits, || format!("collection '{name}': key '{key}' must be a required text or integer field"));
}

/// A derived field (`difference`): two stored fields of one kind, and nothing to require.
fn difference(at: &str, field: &Field, collection: &Collection, problems: &mut Problems) {
    let Some([a, b]) = &field.difference else { return };
    let kinds: Vec<FieldType> = [a, b]
        .into_iter()
        .filter_map(|source| collection.fields.get(source))
        .filter(|source| source.difference.is_none())
        .map(|source| source.kind)
        .collect();
    let same_kind = kinds.len() == 2 && kinds[0] == kinds[1];
    let result_fits = match kinds.first() {
        Some(FieldType::Timestamp | FieldType::Integer) => field.kind == FieldType::Integer,
        Some(FieldType::Number) => field.kind == FieldType::Number,
        _ => false,
    };
    problems.check(same_kind && result_fits, || {
        format!(
            "{at}: difference needs two stored fields of one kind (timestamp or integer, giving an integer; number, giving a number)"
        )
    });
    problems.check(!field.required && field.default.is_none(), || {
        format!("{at}: a difference is derived, so it takes no required or default")
    });
}

/// A rollup after those `earlier` in its collection.
fn rollup(at: &str, rollup: &Rollup, earlier: &[Rollup], collection: &Collection, problems: &mut Problems) {
    let fields = &collection.fields;
    let numeric =
        |name: &String| fields.get(name).is_some_and(|f| matches!(f.kind, FieldType::Integer | FieldType::Number));
    problems.check(is_name(&rollup.name, 16), || {
        format!("{at}: the name must be 1-16 lower-case letters, digits and underscores")
    });
    problems.check(!earlier.iter().any(|other| other.name == rollup.name), || format!("{at} is declared twice"));
    problems.check(fields.get(&rollup.time).is_some_and(|f| f.kind == FieldType::Timestamp && f.required), || {
        format!("{at}: time '{}' must be a required timestamp field", rollup.time)
    });
    for group in &rollup.group {
        problems.check(fields.get(group).is_some_and(|f| f.kind != FieldType::Json) && group != &rollup.time, || {
            format!("{at}: group '{group}' must be a field other than the time, and not json")
        });
    }
    for measure in &rollup.measures {
        problems.check(numeric(measure), || format!("{at}: measure '{measure}' must be an integer or number field"));
    }
    if let Some(bins) = &rollup.bins {
        problems.check(numeric(&bins.field) && !rollup.group.contains(&bins.field), || {
            format!("{at}: bins field '{}' must be an integer or number field not grouped by", bins.field)
        });
        let increasing = bins.bounds.windows(2).all(|pair| pair[0] < pair[1]);
        problems.check(
            !bins.bounds.is_empty()
                && bins.bounds.len() <= MAX_BINS
                && increasing
                && bins.bounds.iter().all(|b| b.is_finite()),
            || format!("{at}: bins need 1 to {MAX_BINS} increasing finite bounds"),
        );
    }
}

/// Each ingestion stream names a collection of the module that has a key.
fn ingest_streams(manifest: &Manifest, problems: &mut Problems) {
    for (stream, ingest) in &manifest.ingest {
        problems.check(is_name(stream, 40), || {
            format!("ingest stream '{stream}' must be lower-case letters, digits and underscores")
        });
        match manifest.collections.get(&ingest.collection) {
            None => problems.check(false, || {
                format!(
                    "ingest stream '{stream}' names '{}', which is not a collection of the module",
                    ingest.collection
                )
            }),
            Some(collection) => problems.check(collection.key.is_some(), || {
                format!("ingest stream '{stream}': collection '{}' needs a key to upsert by", ingest.collection)
            }),
        }
    }
    for dropped in &manifest.drop_collections {
        problems.check(!manifest.collections.contains_key(dropped), || {
            format!("collection '{dropped}' is both declared and dropped")
        });
    }
}

/// What the declared capabilities name: other modules' collections, events, templates.
fn capabilities(manifest: &Manifest, problems: &mut Problems) {
    let Capabilities { storage, mail, read, aggregate, update, ingest, publish, .. } = &manifest.capabilities;
    problems.check(manifest.collections.is_empty() || *storage, || "collections need the storage capability".into());
    let named = [
        ("read", read, "collection", 24),
        ("aggregate", aggregate, "collection", 24),
        ("update", update, "collection", 24),
        ("ingest", ingest, "stream", 40),
    ];
    for (kind, names, what, longest) in named {
        for name in names {
            let parts: Vec<&str> = name.split('.').collect();
            problems.check(
                parts.len() == 2 && is_name(parts[0], 24) && is_name(parts[1], longest) && parts[0] != manifest.key,
                || format!("{kind} '{name}' must name another module's {what} as <module>.<{what}>"),
            );
        }
    }
    for (at, job) in manifest.capabilities.jobs.iter().enumerate() {
        problems.check(is_name(job, 40), || format!("job '{job}' must be lower-case letters, digits and underscores"));
        problems.check(!manifest.capabilities.jobs[..at].contains(job), || format!("job '{job}' is listed twice"));
    }
    for event in publish {
        problems.check(is_event(event) && event.starts_with(&format!("{}.", manifest.key)), || {
            format!("published event '{event}' must be named {}.<name>", manifest.key)
        });
    }
    for subscription in &manifest.subscriptions {
        problems.check(is_event(&subscription.event), || {
            format!("subscription '{}' must be <module>.<name>", subscription.event)
        });
    }
    problems.check(*mail || manifest.mail_templates.is_empty(), || "mail templates need the mail capability".into());
    for name in manifest.mail_templates.keys() {
        problems.check(is_name(name, 40), || {
            format!("mail template '{name}' must be lower-case letters, digits and underscores")
        });
    }
}

fn routes(public: &[PublicRoute], legacy: &[LegacyRoute], problems: &mut Problems) {
    let method = |kind: &str, path: &str, method: &str| {
        (is_method(method), format!("{kind} route {path}: method '{method}' is not GET, POST, PUT, PATCH or DELETE"))
    };
    let mut seen = BTreeSet::new();
    let public_keys = public.iter().map(|r| ("public", &r.method, &r.path));
    for (kind, method, path) in public_keys.chain(legacy.iter().map(|r| ("legacy", &r.method, &r.path))) {
        problems.check(seen.insert((kind, method, path)), || format!("{kind} route {method} {path} is declared twice"));
    }
    for route in public {
        let (ok, problem) = method("public", &route.path, &route.method);
        problems.check(ok, || problem);
        problems.check(route.path.starts_with('/'), || format!("public route '{}' must start with /", route.path));
        problems.check(!route.company_from.is_empty(), || format!("public route {} needs company_from", route.path));
    }
    for route in legacy {
        let (ok, problem) = method("legacy", &route.path, &route.method);
        problems.check(ok, || problem);
        problems.check(is_route(&route.path) && !route.path.starts_with("/m/"), || {
            format!("legacy route '{}' must be a path under /api", route.path)
        });
        problems.check(route.to.starts_with('/'), || {
            format!("legacy route {}: to '{}' must start with /", route.path, route.to)
        });
    }
}

fn schedules(schedules: &[Schedule], problems: &mut Problems) {
    let mut names = BTreeSet::new();
    for schedule in schedules {
        let name = &schedule.name;
        problems.check(is_name(name, 40), || {
            format!("schedule '{name}' must be lower-case letters, digits and underscores")
        });
        problems.check(names.insert(name), || format!("schedule '{name}' is declared twice"));
        problems.check(schedule.every_seconds >= MIN_SCHEDULE_SECONDS, || {
            format!("schedule '{name}' runs more often than every {MIN_SCHEDULE_SECONDS} s")
        });
    }
}

fn limits(limits: &Limits, problems: &mut Problems) {
    for ((name, value), (_, max)) in limits.named().into_iter().zip(MAX_LIMITS.named()) {
        problems.check((1..=max).contains(&value), || format!("limits.{name} must be between 1 and {max}"));
    }
}

/// The most characters of a step's title, description and route.
const MAX_STEP_TITLE: usize = 80;
const MAX_STEP_DESCRIPTION: usize = 240;
const MAX_STEP_ROUTE: usize = 200;

/// Each getting-started step: a unique key, a title, a route to one of the module's pages
/// and a done condition the host can count.
fn steps(manifest: &Manifest, problems: &mut Problems) {
    problems.check(manifest.steps.len() <= MAX_STEPS, || format!("a module declares at most {MAX_STEPS} steps"));
    for (at, step) in manifest.steps.iter().enumerate() {
        let Step { key, title, description, route, done, .. } = step;
        problems.check(is_name(key, 40), || {
            format!("step '{key}' must be 1-40 lower-case letters, digits and single underscores")
        });
        problems.check(!manifest.steps[..at].iter().any(|earlier| &earlier.key == key), || {
            format!("step '{key}' is declared twice")
        });
        problems.check(!title.trim().is_empty() && title.chars().count() <= MAX_STEP_TITLE, || {
            format!("step '{key}': the title must be 1-{MAX_STEP_TITLE} characters")
        });
        if let Some(description) = description {
            problems.check(description.chars().count() <= MAX_STEP_DESCRIPTION, || {
                format!("step '{key}': the description may be at most {MAX_STEP_DESCRIPTION} characters")
            });
        }
        problems.check(is_step_route(route, &manifest.pages), || {
            format!(
                "step '{key}': route '{route}' must be one of the module's page routes, optionally with a ?query (at most {MAX_STEP_ROUTE} characters, no spaces or #)"
            )
        });
        match done {
            StepDone::Collection(name) => problems.check(manifest.collections.contains_key(name), || {
                format!("step '{key}': done names '{name}', which is not a collection of the module")
            }),
            StepDone::Members(count) => {
                problems.check(manifest.capabilities.members, || {
                    format!("step '{key}': done by members needs the members capability")
                });
                problems.check(*count >= 1, || format!("step '{key}': done by members needs at least 1"));
            }
        }
    }
}

/// `sample = true` needs a collection whose records carry the marker, and every field named
/// like the marker must be one.
fn sample(manifest: &Manifest, problems: &mut Problems) {
    if !manifest.sample {
        return;
    }
    problems.check(manifest.collections.values().any(Collection::marks_samples), || {
        format!("sample data needs a collection with the field {SAMPLE_FIELD} = {{ type = \"boolean\" }}")
    });
    for (name, collection) in &manifest.collections {
        if let Some(field) = collection.fields.get(SAMPLE_FIELD) {
            problems.check(field.is_sample_marker(), || {
                format!("field '{name}.{SAMPLE_FIELD}' marks sample records: it must be an optional boolean without a default")
            });
        }
    }
}

/// A page route of the module, then optionally `?` and a query without spaces or `#`.
fn is_step_route(route: &str, pages: &[Page]) -> bool {
    let (path, query) = route.split_once('?').unwrap_or((route, ""));
    route.chars().count() <= MAX_STEP_ROUTE
        && pages.iter().any(|page| page.route == path)
        && !query.chars().any(|c| c == '#' || c == '?' || c.is_whitespace() || c.is_control())
}

fn is_route(path: &str) -> bool {
    path.starts_with('/') && path.len() > 1 && path.chars().all(|c| c.is_ascii_alphanumeric() || "/_-".contains(c))
}

/// The longest badge path a page may declare.
const MAX_BADGE_PATH: usize = 200;

/// A path of the module's own API the shell may GET: `/` first, no way out (`..`), no query
/// or fragment, no spaces or control characters.
fn is_badge_path(path: &str) -> bool {
    path.starts_with('/')
        && path.chars().count() <= MAX_BADGE_PATH
        && !path.contains("..")
        && !path.chars().any(|c| c == '?' || c == '#' || c.is_whitespace() || c.is_control())
}

fn is_method(method: &str) -> bool {
    ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(&method)
}

fn is_event(name: &str) -> bool {
    name.split_once('.').is_some_and(|(module, event)| {
        is_name(module, 24) && !event.is_empty() && event.split('.').all(|part| is_name(part, 40))
    })
}
