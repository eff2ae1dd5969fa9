//! A new company's first-run path: the getting-started steps of the modules the caller may
//! open (their manifests' `[[steps]]`), each done or not by what the company has, and the
//! sample data a company administrator loads and removes through the modules that offer
//! some (`sample = true`: the plugin's `POST /sample` and `DELETE /sample`).

use std::sync::Arc;

use autoscope_wire::storage::{Filter, FilterOp, Query, StorageOp};
use autoscope_wire::{Call, Envelope, HttpRequest};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::collections;
use super::gateway;
use super::manifest::{SAMPLE_FIELD, Step, StepDone};
use super::registry::Installed;
use super::runtime;
use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::rights::{self, menu};
use crate::storage::sample_data;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_checklist)).routes(routes!(load_sample, remove_sample))
}

/// The path of a module's own API the host calls to load (POST) or remove (DELETE) its sample data.
pub const SAMPLE_PATH: &str = "/sample";

/// Sample data is the company's: only its administrators load or remove it.
pub const ADMIN_ONLY: &str = "Only a company administrator can load or remove sample data";
pub const NO_SAMPLE: &str = "No module you can open has sample data";
pub const SAMPLE_LOADED: &str = "Sample data loaded";
pub const SAMPLE_REMOVED: &str = "Sample data removed";

/// The answer of `GET /api/onboarding`.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Onboarding"))]
pub struct Checklist {
    /// In the menu's order of their pages.
    pub steps: Vec<StepItem>,
    pub sample: SampleState,
}

/// A getting-started step as the checklist shows it.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "OnboardingStep"))]
pub struct StepItem {
    /// The module that declares it, and its key there.
    pub module: String,
    pub key: String,
    pub title: String,
    pub description: Option<String>,
    /// The page it opens, with its query (`/BotProfile?tab=keys`).
    pub route: String,
    pub done: bool,
}

/// The sample data of the modules the caller may open.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "OnboardingSample"))]
pub struct SampleState {
    /// One of them offers sample data.
    pub available: bool,
    /// One of them holds sample data a company administrator loaded.
    pub loaded: bool,
}

/// The caller's getting-started steps, each done or not, and the state of the sample data.
#[utoipa::path(get, path = "/onboarding", tag = "onboarding", security(("bearer" = [])),
    responses((status = 200, body = Checklist), (status = 401, body = Message)))]
async fn get_checklist(State(state): State<AppState>, user: CurrentUser) -> Result<Json<Checklist>> {
    Ok(Json(checklist(&state, &user).await?))
}

/// The steps of the modules `user` may open, in the menu's order, and their sample data.
async fn checklist(state: &AppState, user: &CurrentUser) -> Result<Checklist> {
    let modules = openable(state, user);
    let mut steps = Vec::new();
    for module in &modules {
        let manifest = module.manifest();
        for step in manifest.steps.iter().filter(|step| user.company_admin || !step.company_admin) {
            steps.push(StepItem {
                module: manifest.key.clone(),
                key: step.key.clone(),
                title: step.title.clone(),
                description: step.description.clone(),
                route: step.route.clone(),
                done: done(state, module, step, &user.company_id).await?,
            });
        }
    }
    steps.sort_by_key(|step| menu_position(&step.route));
    let with_sample: Vec<&str> =
        modules.iter().filter(|module| module.manifest().sample).map(|module| module.manifest().key.as_str()).collect();
    let loaded = sample_data::modules(&state.db, &user.company_id).await?;
    let sample = SampleState {
        available: !with_sample.is_empty(),
        loaded: loaded.iter().any(|module| with_sample.contains(&module.as_str())),
    };
    Ok(Checklist { steps, sample })
}

/// Loads the sample data of every module the caller may open that has some (company
/// administrators only); loading again replaces it. Stops at the first module that fails,
/// with its answer.
#[utoipa::path(post, path = "/onboarding/sample", tag = "onboarding", security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn load_sample(
    State(state): State<AppState>,
    user: CurrentUser,
    RequestId(request_id): RequestId,
) -> Result<Response> {
    Sample::Load.run(&state, &user, request_id).await
}

/// Removes the sample data of every module the caller may open that has some (company
/// administrators only): the records each module marked as samples, nothing else.
#[utoipa::path(delete, path = "/onboarding/sample", tag = "onboarding", security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn remove_sample(
    State(state): State<AppState>,
    user: CurrentUser,
    RequestId(request_id): RequestId,
) -> Result<Response> {
    Sample::Remove.run(&state, &user, request_id).await
}

/// What a company administrator does with the sample data.
#[derive(Debug, Clone, Copy)]
enum Sample {
    Load,
    Remove,
}

impl Sample {
    /// Calls [`SAMPLE_PATH`] of each openable module with sample data, as `user`, and
    /// records each that answers 2xx; the first other answer is the response.
    async fn run(self, state: &AppState, user: &CurrentUser, request_id: Option<String>) -> Result<Response> {
        if !user.company_admin {
            return Err(Error::Forbidden(ADMIN_ONLY.into()));
        }
        let modules: Vec<Arc<Installed>> =
            openable(state, user).into_iter().filter(|module| module.manifest().sample).collect();
        if modules.is_empty() {
            return Err(Error::NotFound(NO_SAMPLE.into()));
        }
        let (method, message) = match self {
            Self::Load => ("POST", SAMPLE_LOADED),
            Self::Remove => ("DELETE", SAMPLE_REMOVED),
        };
        for module in &modules {
            let key = &module.manifest().key;
            let envelope = Envelope {
                v: autoscope_wire::HOST_API_VERSION,
                context: runtime::context(
                    state,
                    key,
                    &user.company_id,
                    Some(gateway::caller(user)),
                    request_id.clone(),
                ),
                call: Call::Http(HttpRequest {
                    method: method.into(),
                    path: SAMPLE_PATH.into(),
                    query: Default::default(),
                    body: None,
                    public: false,
                }),
            };
            let response = gateway::answer(state, module, &envelope, None).await?;
            if !response.status().is_success() {
                return Ok(response);
            }
            match self {
                Self::Load => sample_data::record(&state.db, &user.company_id, key, state.clock.now()).await?,
                Self::Remove => sample_data::forget(&state.db, &user.company_id, key).await?,
            }
        }
        Ok(Message::new(message).into_response())
    }
}

/// The installed modules the caller's rights open (viewable and not disabled), in key order.
fn openable(state: &AppState, user: &CurrentUser) -> Vec<Arc<Installed>> {
    state
        .modules
        .all()
        .into_iter()
        .filter(|module| rights::allows(&user.rights, &module.manifest().rights_key))
        .collect()
}

/// Whether the company has what `step` asks for.
async fn done(state: &AppState, module: &Installed, step: &Step, company_id: &str) -> Result<bool> {
    match &step.done {
        StepDone::Collection(name) => {
            let manifest = module.manifest();
            let Some(target) = state.modules.target(&manifest.key, name) else { return Ok(false) };
            // A sample record is not the company's own: the step waits for one of those
            // (`ne` also matches the null of records stored without the mark).
            let marked = manifest.sample_collections().any(|(sampled, _)| sampled == name);
            let filters = match marked {
                true => vec![Filter { field: SAMPLE_FIELD.into(), op: FilterOp::Ne, value: true.into() }],
                false => Vec::new(),
            };
            // The first record in key order, not a count: a collection may hold millions.
            let query = Query { filters, limit: Some(1), ..Query::default() };
            let op = StorageOp::List { collection: name.clone(), query };
            let page = collections::execute(&state.db, &target, company_id, state.clock.now(), op)
                .await
                .map_err(|err| Error::Internal(anyhow::anyhow!("{}", err.message)))?;
            Ok(page["items"].as_array().is_some_and(|items| !items.is_empty()))
        }
        StepDone::Members(count) => Ok(crate::teams::people(state, company_id).await? >= i64::from(*count)),
    }
}

/// Where the page of `route` (its query aside) stands in the menu: steps follow the menu's
/// order; those of pages the menu does not place come last.
fn menu_position(route: &str) -> usize {
    let path = route.split_once('?').map_or(route, |(path, _)| path);
    let menu = &menu::MENU;
    let mut ordered = menu.groups.iter().flat_map(|group| group.routes.iter()).chain(menu.singles.iter());
    ordered.position(|known| *known == path).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_follow_the_menu_and_unknown_pages_come_last() {
        let mut routes =
            vec!["/TeamMaster?tab=invitations", "/Acme", "/BotProfile?tab=keys", "/Process", "/BotProfile"];
        routes.sort_by_key(|route| menu_position(route));
        assert_eq!(routes, ["/Process", "/BotProfile?tab=keys", "/BotProfile", "/TeamMaster?tab=invitations", "/Acme"]);
    }
}
