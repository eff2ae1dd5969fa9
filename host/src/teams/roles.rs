//! A company's roles and their rights matrix: every rights key of an installed module,
//! view and disabled. A change reaches the role's members on their next request, and is
//! pushed to them live so their menus follow.

use autoscope_wire::members::{Rights, RightsKey, Role, Roles};

use super::Actor;
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::rights::Edition;
use crate::storage::roles::{self, Changed, Deleted};

pub const NAME_REQUIRED: &str = "Please enter a role name";
pub const NAME_TOO_LONG: &str = "A role name is at most 60 characters";
pub const NAME_TAKEN: &str = "A role with this name already exists";
pub const NO_SUCH_ROLE: &str = "No such role";
pub const IN_USE: &str = "Members hold this role: give them another role first";
pub const UNKNOWN_KEY: &str = "Unknown rights key";
const MAX_NAME_CHARS: usize = 60;

/// A rights key with what to call it (the names of the installed modules that use it).
pub struct LabelledKey {
    pub key: String,
    pub label: String,
    pub premium: bool,
}

fn shown(row: roles::Role) -> Role {
    Role {
        rights: serde_json::from_str(&row.rights).unwrap_or_default(),
        id: row.id,
        name: row.name,
        members: row.members.max(0) as u32,
    }
}

pub async fn find(state: &AppState, actor: &Actor, role_id: &str) -> Result<roles::Role> {
    roles::get(&state.db, &actor.company_id, role_id.trim()).await?.ok_or_else(|| Error::NotFound(NO_SUCH_ROLE.into()))
}

pub async fn list(state: &AppState, actor: &Actor, keys: Vec<LabelledKey>) -> Result<Roles> {
    let rows = roles::list(&state.db, &actor.company_id).await?;
    Ok(Roles {
        roles: rows.into_iter().map(shown).collect(),
        keys: keys.into_iter().map(|key| RightsKey { key: key.key, label: key.label, premium: key.premium }).collect(),
        edition: match actor.edition {
            Edition::Community => "community",
            Edition::Enterprise => "enterprise",
        }
        .into(),
    })
}

fn name(text: &str) -> Result<&str> {
    let name = text.trim();
    if name.is_empty() {
        return Err(Error::bad_request(NAME_REQUIRED));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(Error::bad_request(NAME_TOO_LONG));
    }
    Ok(name)
}

/// The rights as stored: the portal's rights keys, those of the installed modules (their
/// own keys), and any key a role of the company holds already (the own key of a module
/// removed for now, which a reinstall finds again).
async fn stored(state: &AppState, actor: &Actor, rights: &Rights, keys: &[LabelledKey]) -> Result<String> {
    let known = |key: &str| crate::rights::is_portal_key(key) || keys.iter().any(|known| known.key == key);
    let unknown: Vec<&String> = rights.keys().filter(|key| !known(key)).collect();
    if !unknown.is_empty() {
        let held: Vec<Rights> = roles::list(&state.db, &actor.company_id)
            .await?
            .iter()
            .map(|role| serde_json::from_str(&role.rights).unwrap_or_default())
            .collect();
        if let Some(key) = unknown.into_iter().find(|key| !held.iter().any(|rights| rights.contains_key(*key))) {
            return Err(Error::bad_request(format!("{UNKNOWN_KEY}: {key}")));
        }
    }
    serde_json::to_string(rights).map_err(|err| Error::Internal(err.into()))
}

pub async fn create(
    state: &AppState,
    actor: &Actor,
    text: &str,
    rights: &Rights,
    keys: &[LabelledKey],
) -> Result<Role> {
    actor.must_manage()?;
    let name = name(text)?;
    let rights = stored(state, actor, rights, keys).await?;
    let id = roles::create(&state.db, &actor.company_id, name, &rights, state.clock.now())
        .await?
        .ok_or_else(|| Error::Conflict(NAME_TAKEN.into()))?;
    actor.record(state, "role.created", format!("created the role {name}"), None).await;
    Ok(shown(find(state, actor, &id).await?))
}

pub async fn update(
    state: &AppState,
    actor: &Actor,
    role_id: &str,
    new_name: Option<&str>,
    rights: Option<&Rights>,
    keys: &[LabelledKey],
) -> Result<Role> {
    actor.must_manage()?;
    let before = find(state, actor, role_id).await?;
    if let Some(text) = new_name {
        let name = name(text)?;
        match roles::rename(&state.db, &actor.company_id, &before.id, name).await? {
            Changed::Done if name != before.name => {
                actor.record(state, "role.renamed", format!("renamed the role {} to {name}", before.name), None).await;
            }
            Changed::Done => {}
            Changed::NameTaken => return Err(Error::Conflict(NAME_TAKEN.into())),
            Changed::NotFound => return Err(Error::NotFound(NO_SUCH_ROLE.into())),
        }
    }
    if let Some(rights) = rights {
        if roles::set_rights(&state.db, &actor.company_id, &before.id, &stored(state, actor, rights, keys).await?)
            .await?
            == Changed::NotFound
        {
            return Err(Error::NotFound(NO_SUCH_ROLE.into()));
        }
        actor.record(state, "role.rights", format!("changed the rights of the role {}", before.name), None).await;
        for user_id in roles::holders(&state.db, &actor.company_id, &before.id).await? {
            state.realtime.session_changed(&actor.company_id, &user_id);
        }
    }
    Ok(shown(find(state, actor, &before.id).await?))
}

pub async fn delete(state: &AppState, actor: &Actor, role_id: &str) -> Result<Role> {
    actor.must_manage()?;
    let role = find(state, actor, role_id).await?;
    match roles::delete(&state.db, &actor.company_id, &role.id).await? {
        Deleted::Done => {
            actor.record(state, "role.deleted", format!("deleted the role {}", role.name), None).await;
            Ok(shown(role))
        }
        Deleted::InUse => Err(Error::Conflict(IN_USE.into())),
        Deleted::NotFound => Err(Error::NotFound(NO_SUCH_ROLE.into())),
    }
}
