//! The registry over HTTP: `GET /api/modules` (what the caller may see), the modules'
//! web assets under `/modules/<key>/<version>/`, and the administrators' install,
//! upgrade and remove calls.

use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use tower::ServiceExt;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::package::{REMOTE_MANIFEST_FILE, WEB_DIR};
use super::{Grants, Installed, ModuleData, Removed};
use crate::auth::{Admin, CurrentUser};
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, Query, RequestId};
use crate::modules::manifest::{Limits, Page};
use crate::rights::menu::{self, MenuLayout};
use crate::rights::{self, Right};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(visible_modules))
        .routes(routes!(list_installed, install))
        .routes(routes!(remove))
        .layer(axum::extract::DefaultBodyLimit::max(super::package::MAX_ARCHIVE_BYTES as usize))
}

/// The web assets route (outside `/api`, cacheable forever: the version is in the path).
pub fn asset_routes() -> axum::Router<AppState> {
    axum::Router::new().route("/modules/{key}/{version}/{*path}", axum::routing::get(asset))
}

/// A module as `GET /api/modules` describes it: what the shell needs to build the menu and
/// load the remote.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct VisibleModule {
    pub key: String,
    pub name: String,
    pub version: String,
    pub rights_key: String,
    /// The caller's right on the module: disabled ones are shown greyed ("Upgrade to Premium").
    pub rights: Right,
    pub pages: Vec<PageItem>,
    /// Present when the module has pages: the federated remote to register.
    pub remote: Option<RemoteItem>,
}

/// A page a module adds to the menu and the routes.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ModulePage"))]
#[serde(rename_all = "camelCase")]
pub struct PageItem {
    pub route: String,
    pub label: String,
    pub group: Option<String>,
    pub icon: Option<String>,
    /// The menu entry's key: the page's menu key, or the module's rights key.
    pub menu_key: String,
    /// The exposed component, e.g. `./ProcessVault`.
    pub component: String,
    pub widget: Option<String>,
    /// The count on the menu entry (unread messages): a GET path of the module's API, e.g.
    /// `/badge` for `/api/m/<key>/badge`, answering `{ "count": <integer> }`. A message on
    /// one of the channels of `badgeRefresh` says when to read it again.
    pub badge: Option<String>,
    /// The full names of the realtime channels (`<key>.<name>`, e.g. `chat.message`) whose
    /// messages make the shell read the badge again: the page's `badge_refresh`, by default
    /// `<key>.badge`; empty without a badge.
    pub badge_refresh: Vec<String>,
}

/// The federated remote of a module with pages.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ModuleRemote"))]
#[serde(rename_all = "camelCase")]
pub struct RemoteItem {
    pub name: String,
    /// Same-origin URL of the remote's `mf-manifest.json`.
    pub manifest_url: String,
}

fn page_item(page: &Page, module_key: &str, rights_key: &str) -> PageItem {
    PageItem {
        route: page.route.clone(),
        label: page.label.clone(),
        group: page.group.clone(),
        icon: page.icon.clone(),
        menu_key: page.menu_key.clone().unwrap_or_else(|| rights_key.to_string()),
        component: page.component.clone(),
        widget: page.widget.clone(),
        badge: page.badge.clone(),
        badge_refresh: page.badge_refresh_channels(module_key),
    }
}

/// The modules whose rights allow the caller to view them (disabled ones included, so
/// the menu can show them greyed), in key order.
pub fn visible_to(modules: &[std::sync::Arc<Installed>], user: &CurrentUser) -> Vec<VisibleModule> {
    modules
        .iter()
        .filter_map(|module| {
            let manifest = module.manifest();
            let rights = *user.rights.get(&manifest.rights_key).filter(|right| right.view)?;
            Some(VisibleModule {
                key: manifest.key.clone(),
                name: manifest.name.clone(),
                version: manifest.version.to_string(),
                rights_key: manifest.rights_key.clone(),
                rights,
                pages: manifest.pages.iter().map(|page| page_item(page, &manifest.key, &manifest.rights_key)).collect(),
                remote: manifest.remote.as_ref().filter(|_| !manifest.pages.is_empty()).map(|name| RemoteItem {
                    name: name.clone(),
                    manifest_url: format!("/modules/{}/{}/{REMOTE_MANIFEST_FILE}", manifest.key, manifest.version),
                }),
            })
        })
        .collect()
}

/// The answer of `GET /api/modules`.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "VisibleModulesResponse"))]
#[serde(rename_all = "camelCase")]
pub struct VisibleModules {
    pub data: Vec<VisibleModule>,
    /// Every rights key of the portal, in order, and whether it is premium.
    pub rights_keys: Vec<RightsKey>,
    /// The menu's order and groups.
    pub menu: &'static MenuLayout,
}

/// A rights key of the portal; premium keys are disabled for community companies.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RightsKey {
    pub key: &'static str,
    pub premium: bool,
}

/// The modules the caller may see, with their pages, menu data, rights and remote.
#[utoipa::path(get, path = "/modules", tag = "modules", security(("bearer" = [])),
    responses((status = 200, body = VisibleModules), (status = 401, body = Message)))]
async fn visible_modules(State(state): State<AppState>, user: CurrentUser) -> Json<VisibleModules> {
    Json(VisibleModules {
        data: visible_to(&state.modules.all(), &user),
        rights_keys: rights::MODULE_KEYS.iter().map(|&(key, premium)| RightsKey { key, premium }).collect(),
        menu: &menu::MENU,
    })
}

/// A file of an installed module's web build. Only the installed version is served,
/// and with an immutable cache lifetime, since each version has its own path.
async fn asset(
    State(state): State<AppState>,
    Path((key, version, _path)): Path<(String, String, String)>,
    request: Request,
) -> Response {
    let Some(module) = state.modules.get(&key).filter(|m| m.manifest().version.to_string() == version) else {
        return Error::NotFound("Not found".into()).into_response();
    };
    let prefix_len = format!("/modules/{key}/{version}").len();
    let (mut parts, body) = request.into_parts();
    let inner = parts.uri.path()[prefix_len..].to_string();
    let Ok(uri) = inner.parse() else { return Error::NotFound("Not found".into()).into_response() };
    parts.uri = uri;
    let served =
        tower_http::services::ServeDir::new(module.dir.join(WEB_DIR)).oneshot(Request::from_parts(parts, body)).await;
    match served {
        Ok(response) if response.status().is_success() => {
            let mut response = response.map(Body::new);
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
            response
        }
        _ => Error::NotFound("Not found".into()).into_response(),
    }
}

/// An installed module, as administrators see it.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "InstalledModule"))]
#[serde(rename_all = "camelCase")]
pub struct InstalledItem {
    pub key: String,
    pub name: String,
    pub version: String,
    pub rights_key: String,
    pub declared: Vec<String>,
    pub granted: Vec<String>,
    /// Its routes beyond its own session-checked API: spec paths under `/api` it answers,
    /// and its paths open without a session.
    pub routes: Vec<RouteItem>,
    /// Each call's limits, as the host runs them.
    pub limits: Limits,
    /// SHA-256 of the package's digests file.
    pub digest: String,
    /// The trusted key that signed the package; absent when unsigned.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub signed_by: Option<String>,
}

/// A route a module declares: a spec path under `/api`, or a path of its own open without
/// a session. Served only when the installation granted it.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ModuleRoute"))]
pub struct RouteItem {
    pub method: String,
    /// The full path, from `/api`.
    pub path: String,
    /// Answered without a session (the module checks its own token).
    pub public: bool,
    pub granted: bool,
}

impl RouteItem {
    fn list(module: &Installed) -> Vec<Self> {
        let manifest = module.manifest();
        let legacy = manifest.legacy_routes.iter().map(|route| Self {
            method: route.method.clone(),
            path: format!("/api{}", route.path),
            public: manifest
                .public_routes
                .iter()
                .any(|public| public.method == route.method && public.path == route.to),
            granted: module.loaded.granted(&route.capability()),
        });
        let public = manifest.public_routes.iter().map(|route| Self {
            method: route.method.clone(),
            path: format!("/api/m/{}{}", manifest.key, route.path),
            public: true,
            granted: module.loaded.granted(&route.capability()),
        });
        legacy.chain(public).collect()
    }
}

impl From<&Installed> for InstalledItem {
    fn from(module: &Installed) -> Self {
        let manifest = module.manifest();
        Self {
            key: manifest.key.clone(),
            name: manifest.name.clone(),
            version: manifest.version.to_string(),
            rights_key: manifest.rights_key.clone(),
            declared: manifest.declared_capabilities().iter().map(ToString::to_string).collect(),
            granted: module.loaded.grants.iter().map(ToString::to_string).collect(),
            routes: RouteItem::list(module),
            limits: manifest.limits.clone(),
            digest: module.digest.clone(),
            signed_by: module.signed_by.clone(),
        }
    }
}

/// The answer of `GET /admin/modules`.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "InstalledModuleList"))]
pub struct InstalledList {
    pub data: Vec<InstalledItem>,
}

/// Every installed module.
#[utoipa::path(get, path = "/admin/modules", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = InstalledList), (status = 401, body = Message), (status = 403, body = Message)))]
async fn list_installed(State(state): State<AppState>, _admin: Admin) -> Json<InstalledList> {
    Json(InstalledList { data: state.modules.all().iter().map(|m| InstalledItem::from(m.as_ref())).collect() })
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct InstallQuery {
    /// Comma-separated capabilities to grant (e.g. `storage,notify,read:support.tickets`),
    /// or `declared` for everything the manifest declares. Empty grants nothing.
    #[serde(default)]
    pub grants: String,
}

/// A package archive's bytes, as the document describes the upload: binary, not an array
/// of numbers.
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct PackageArchive(pub Vec<u8>);

/// Installs or upgrades a module from a package archive (`.tar.gz` of the package
/// folder's contents, as `autoscope module pack --archive` writes it). A refused package
/// changes nothing, and the answer gives every reason.
#[utoipa::path(post, path = "/admin/modules", tag = "admin", security(("bearer" = [])), params(InstallQuery),
    request_body(content = PackageArchive, content_type = "application/gzip"),
    responses((status = 200, body = InstalledItem), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message)))]
async fn install(
    State(state): State<AppState>,
    Admin(admin): Admin,
    request_id: RequestId,
    Query(query): Query<InstallQuery>,
    archive: Bytes,
) -> Result<Json<InstalledItem>> {
    let grants = Grants::parse(&query.grants).map_err(Error::BadRequest)?;
    match state.modules.install(&state.db, &archive, grants).await {
        Ok(module) => {
            let item = InstalledItem::from(module.as_ref());
            log(
                &state,
                &admin,
                &request_id,
                "module.installed",
                format!("Installed module {} {}", item.key, item.version),
            )
            .await;
            Ok(Json(item))
        }
        Err(refused) => {
            log(&state, &admin, &request_id, "module.refused", format!("Refused a module package: {refused}")).await;
            Err(Error::bad_request(format!("The package was refused: {refused}")))
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct RemoveQuery {
    /// `keep` the module's data for a reinstall, or `purge` it for every company. Required:
    /// removing never guesses what happens to data.
    pub data: Option<ModuleData>,
}

pub const SAY_WHAT_DATA: &str = "Say what happens to the module's data: data=keep or data=purge";

/// Removes a module: it stops serving at once, and its data is kept or purged as asked. A
/// purge of a module removed earlier with its data kept deletes that data.
#[utoipa::path(delete, path = "/admin/modules/{key}", tag = "admin", security(("bearer" = [])),
    params(("key" = String, Path), RemoveQuery),
    responses((status = 200, body = Message), (status = 400, body = Message), (status = 404, body = Message),
        (status = 401, body = Message), (status = 403, body = Message)))]
async fn remove(
    State(state): State<AppState>,
    Admin(admin): Admin,
    request_id: RequestId,
    Path(key): Path<String>,
    Query(query): Query<RemoveQuery>,
) -> Result<Json<Message>> {
    let data = query.data.ok_or_else(|| Error::bad_request(SAY_WHAT_DATA))?;
    let (logged, answer) = match (state.modules.remove(&state.db, &key, data).await?, data) {
        (Removed::NotFound, _) => return Err(Error::NotFound("Module not found".into())),
        (Removed::KeptDataPurged, _) => {
            (format!("Purged the data module {key} kept when it was removed"), "The removed module's data is purged")
        }
        (Removed::Removed, ModuleData::Keep) => {
            (format!("Removed module {key}; its data is kept"), "Module removed; its data is kept")
        }
        (Removed::Removed, ModuleData::Purge) => {
            (format!("Removed module {key} and purged its data"), "Module removed with its data")
        }
    };
    log(&state, &admin, &request_id, "module.removed", logged).await;
    Ok(Message::new(answer))
}

async fn log(state: &AppState, admin: &CurrentUser, request_id: &RequestId, event: &str, message: String) {
    crate::logs::record(
        state,
        crate::logs::Event::info(event, message)
            .company(&admin.company_id)
            .user(&admin.user_id)
            .request(request_id.0.as_deref()),
    )
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(menu_key: Option<&str>, badge: Option<&str>, badge_refresh: Option<&[&str]>) -> Page {
        Page {
            route: "/Chat".into(),
            label: "Chat".into(),
            group: None,
            icon: Some("message".into()),
            menu_key: menu_key.map(Into::into),
            component: "./ChatPage".into(),
            widget: None,
            badge: badge.map(Into::into),
            badge_refresh: badge_refresh.map(|names| names.iter().map(|name| name.to_string()).collect()),
        }
    }

    #[test]
    fn a_page_item_carries_the_badge_path() {
        let item = page_item(&page(None, Some("/badge"), None), "chat", "chat");
        assert_eq!(item.badge.as_deref(), Some("/badge"));
        assert_eq!(item.menu_key, "chat");
        let json = serde_json::to_value(&item).unwrap();
        assert_eq!(json["badge"], "/badge");
        assert_eq!(json["menuKey"], "chat");
        assert_eq!(json["route"], "/Chat");
        // Read again on the module's `badge` channel unless the page names others.
        assert_eq!(json["badgeRefresh"], serde_json::json!(["chat.badge"]));
    }

    #[test]
    fn a_page_item_names_the_badge_refresh_channels_in_full() {
        let item = page_item(&page(None, Some("/badge"), Some(&["message", "read"])), "chat", "team");
        assert_eq!(item.badge_refresh, ["chat.message", "chat.read"]);
        assert_eq!(item.menu_key, "team");
        let json = serde_json::to_value(&item).unwrap();
        assert_eq!(json["badgeRefresh"], serde_json::json!(["chat.message", "chat.read"]));
    }

    #[test]
    fn a_page_without_a_badge_answers_null() {
        let item = page_item(&page(Some("team"), None, None), "chat", "chat");
        assert_eq!(item.badge, None);
        assert_eq!(item.menu_key, "team");
        // Always present, so the shell reads `badge: string | null`.
        let json = serde_json::to_value(&item).unwrap();
        assert_eq!(json.get("badge"), Some(&serde_json::Value::Null));
        // Nothing to read again, so no channel to listen to.
        assert_eq!(json["badgeRefresh"], serde_json::json!([]));
    }
}
