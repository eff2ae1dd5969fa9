//! The company directory: the encrypted user list (`GET /users/all_users`) and profile
//! pictures.

pub mod pictures;

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::crypto;
use crate::error::Result;
use crate::http::{AppState, Json, Message};
use crate::storage::users::{self, DirectoryEntry};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(all_users)).merge(pictures::routes())
}

/// A user list item.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserListItem {
    pub id: String,
    pub user_id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    /// Path of the picture, or "" when the user has none.
    pub profile_image: String,
}

impl UserListItem {
    fn of(entry: DirectoryEntry) -> Self {
        let profile_image = if entry.has_picture { pictures::picture_path(&entry.id) } else { String::new() };
        Self {
            user_id: entry.id.clone(),
            id: entry.id,
            email: entry.email,
            firstname: entry.firstname,
            lastname: entry.lastname,
            profile_image,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EncryptedUserList {
    /// `crypto::encrypt_for_client` of the JSON list of `UserListItem`, under the
    /// configured user-list key.
    pub data: String,
}

/// The caller's company's users, encrypted as the spec says.
#[utoipa::path(get, path = "/users/all_users", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = EncryptedUserList), (status = 401, body = Message)))]
async fn all_users(State(state): State<AppState>, current: CurrentUser) -> Result<Json<EncryptedUserList>> {
    let entries = users::list_in_company(&state.db, &current.company_id).await?;
    let items: Vec<UserListItem> = entries.into_iter().map(UserListItem::of).collect();
    let plain = serde_json::to_vec(&items).map_err(anyhow::Error::from)?;
    Ok(Json(EncryptedUserList { data: crypto::encrypt_for_client(state.config.user_list_key.expose(), &plain) }))
}
