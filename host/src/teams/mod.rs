//! Teams: a company's members, invitations and roles as its administrators manage them.
//! A module (Team Master) reaches this through the `members` capability; every operation
//! is checked here against the calling person's own membership, read fresh: reading needs
//! the module's view right, changing needs the company-admin flag. Every change is written
//! to the system log, and the people it concerns are told live (their rights, menus and
//! user lists follow without a reload).

mod accept;
mod invitations;
mod roles;

use std::net::IpAddr;

use autoscope_wire::members::{HistoryEntry, Member, MemberChange, Members, MembersOp};
use serde_json::Value;

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::logs;
use crate::rights::{self, Edition};
use crate::storage::memberships::{self, Status};
use crate::storage::{sessions, system_logs};

pub use invitations::invite_company_admin;
pub use roles::LabelledKey;

pub use autoscope_wire::members::{ADMIN_ONLY, LAST_ADMIN, SEATS_FULL};
pub const NO_SUCH_MEMBER: &str = "No such member";
pub const BAD_STATUS: &str = "A member's status is active or deactivated";
/// The community edition's limit: active members and pending invitations.
pub const COMMUNITY_SEATS: i64 = 5;
/// History entries shown for a member.
const HISTORY_LIMIT: i64 = 50;

pub fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    accept::routes()
}

/// Who calls: a member of `company_id`, with what they may do there.
pub struct Actor {
    pub company_id: String,
    pub user_id: String,
    pub name: String,
    pub email: String,
    pub company_admin: bool,
    pub edition: Edition,
    pub request_id: Option<String>,
    /// Where the call came from, for the log.
    pub client_addr: Option<IpAddr>,
}

/// The caller's standing in their company, read now; 403 unless their rights open the
/// module (`rights_key`).
pub async fn actor(
    state: &AppState,
    company_id: &str,
    user_id: &str,
    rights_key: &str,
    request_id: Option<String>,
    client_addr: Option<IpAddr>,
) -> Result<Actor> {
    let refused = || Error::Forbidden(rights::NO_RIGHT.into());
    let seat = memberships::active_seat(&state.db, company_id, user_id).await?.ok_or_else(refused)?;
    if !rights::allows(&rights::effective_from_stored(&seat.rights, &seat.edition), rights_key) {
        return Err(refused());
    }
    let user = crate::storage::users::get(&state.db, user_id).await?.ok_or_else(refused)?;
    Ok(Actor {
        company_id: seat.company_id,
        user_id: user.id,
        name: format!("{} {}", user.firstname, user.lastname),
        email: user.email,
        company_admin: seat.company_admin,
        edition: Edition::parse(&seat.edition).unwrap_or(Edition::Community),
        request_id,
        client_addr,
    })
}

impl Actor {
    fn must_manage(&self) -> Result<()> {
        if self.company_admin { Ok(()) } else { Err(Error::Forbidden(ADMIN_ONLY.into())) }
    }

    /// Writes a change to the company's log, about `subject` (the member it concerns).
    async fn record(&self, state: &AppState, event: &str, message: String, subject: Option<&str>) {
        logs::record(
            state,
            logs::Event::info(event, format!("{} {message}", self.email))
                .company(&self.company_id)
                .user(subject.unwrap_or(&self.user_id))
                .request(self.request_id.as_deref())
                .from(self.client_addr),
        )
        .await;
    }
}

/// Runs one operation for `actor`; `keys` are the rights keys of the installed modules.
pub async fn run(state: &AppState, actor: &Actor, op: MembersOp, keys: Vec<LabelledKey>) -> Result<Value> {
    match op {
        MembersOp::List => to_value(list(state, actor).await?),
        MembersOp::History { user_id } => to_value(history(state, actor, &user_id).await?),
        MembersOp::Invite { emails, role_id } => to_value(invitations::invite(state, actor, &emails, &role_id).await?),
        MembersOp::Invitations => to_value(invitations::list(state, actor).await?),
        MembersOp::Resend { invitation_id } => to_value(invitations::resend(state, actor, &invitation_id).await?),
        MembersOp::Revoke { invitation_id } => to_value(invitations::revoke(state, actor, &invitation_id).await?),
        MembersOp::Update { user_id, change } => to_value(update(state, actor, &user_id, &change).await?),
        MembersOp::Remove { user_id } => to_value(remove(state, actor, &user_id).await?),
        MembersOp::Roles => to_value(roles::list(state, actor, keys).await?),
        MembersOp::CreateRole { name, rights } => to_value(roles::create(state, actor, &name, &rights, &keys).await?),
        MembersOp::UpdateRole { role_id, name, rights } => {
            to_value(roles::update(state, actor, &role_id, name.as_deref(), rights.as_ref(), &keys).await?)
        }
        MembersOp::DeleteRole { role_id } => to_value(roles::delete(state, actor, &role_id).await?),
    }
}

fn to_value<T: serde::Serialize>(value: T) -> Result<Value> {
    serde_json::to_value(value).map_err(|err| Error::Internal(err.into()))
}

/// How many more people the company may have; `None` without a limit (enterprise).
pub async fn seats_left(state: &AppState, company_id: &str, edition: Edition) -> Result<Option<i64>> {
    if edition == Edition::Enterprise {
        return Ok(None);
    }
    Ok(Some((COMMUNITY_SEATS - people(state, company_id).await?).max(0)))
}

/// The people a company counts: its active members and pending invitations (the seats the
/// community edition limits; a getting-started step waits for a second one).
pub async fn people(state: &AppState, company_id: &str) -> Result<i64> {
    let now = state.clock.now();
    Ok(memberships::count_active(&state.db, company_id).await?
        + crate::storage::invitations::count_pending(&state.db, company_id, now).await?)
}

fn member(row: memberships::Member) -> Member {
    Member {
        user_id: row.user_id,
        email: row.email,
        firstname: row.firstname,
        lastname: row.lastname,
        department: row.department,
        job_title: row.job_title,
        role_id: row.role_id,
        role: row.role,
        company_admin: row.company_admin,
        status: row.status,
        joined_at: row.joined_at,
        last_signin_at: row.last_signin_at,
        has_picture: row.has_picture,
    }
}

async fn list(state: &AppState, actor: &Actor) -> Result<Members> {
    let members = memberships::members(&state.db, &actor.company_id).await?;
    let seats_left = seats_left(state, &actor.company_id, actor.edition).await?;
    Ok(Members {
        members: members.into_iter().map(member).collect(),
        can_manage: actor.company_admin,
        me: actor.user_id.clone(),
        seats_left: seats_left.map(|left| left as u32),
    })
}

async fn find(state: &AppState, actor: &Actor, user_id: &str) -> Result<memberships::Member> {
    memberships::member(&state.db, &actor.company_id, user_id)
        .await?
        .ok_or_else(|| Error::NotFound(NO_SUCH_MEMBER.into()))
}

/// The log entries of the company about the member, newest first.
async fn history(state: &AppState, actor: &Actor, user_id: &str) -> Result<Vec<HistoryEntry>> {
    find(state, actor, user_id).await?;
    let entries = system_logs::list_for_company_user(&state.db, &actor.company_id, user_id, HISTORY_LIMIT).await?;
    Ok(entries
        .into_iter()
        .map(|entry| HistoryEntry {
            event: entry.event,
            message: entry.message,
            at: entry.created_at,
            from: entry.client_addr,
        })
        .collect())
}

fn status(text: &str) -> Result<Status> {
    match text {
        "active" => Ok(Status::Active),
        "deactivated" => Ok(Status::Deactivated),
        _ => Err(Error::bad_request(BAD_STATUS)),
    }
}

async fn update(state: &AppState, actor: &Actor, user_id: &str, change: &MemberChange) -> Result<Member> {
    actor.must_manage()?;
    let before = find(state, actor, user_id).await?;
    let new_status = change.status.as_deref().map(status).transpose()?;
    if new_status == Some(Status::Active) && before.status != Status::Active.as_str() {
        // A reactivated member takes a seat again.
        if seats_left(state, &actor.company_id, actor.edition).await? == Some(0) {
            return Err(Error::Forbidden(SEATS_FULL.into()));
        }
    }
    let role = match change.role_id.as_deref() {
        Some(role_id) => Some(roles::find(state, actor, role_id).await?),
        None => None,
    };
    let changed = memberships::change(
        &state.db,
        &actor.company_id,
        user_id,
        change.role_id.as_deref(),
        change.company_admin,
        new_status,
    )
    .await?;
    if !changed {
        return Err(Error::Conflict(LAST_ADMIN.into()));
    }
    if new_status == Some(Status::Deactivated) {
        // Their open pages and realtime streams end too.
        sessions::revoke_all_of_user_in_company(&state.db, user_id, &actor.company_id, state.clock.now()).await?;
    }
    let after = find(state, actor, user_id).await?;
    for line in describe(&before, &after, role.as_ref().map(|role| role.name.as_str())) {
        actor.record(state, "member.changed", line, Some(user_id)).await;
    }
    state.realtime.session_changed(&actor.company_id, user_id);
    Ok(member(after))
}

/// What changed, as log lines.
fn describe(before: &memberships::Member, after: &memberships::Member, role: Option<&str>) -> Vec<String> {
    let who = &after.email;
    let mut lines = Vec::new();
    if before.role_id != after.role_id {
        lines.push(format!("gave {who} the role {}", role.unwrap_or(&after.role)));
    }
    if before.company_admin != after.company_admin {
        let verb =
            if after.company_admin { "made {who} a company admin" } else { "removed {who} from the company admins" };
        lines.push(verb.replace("{who}", who));
    }
    if before.status != after.status {
        let verb = if after.status == Status::Active.as_str() { "reactivated" } else { "deactivated" };
        lines.push(format!("{verb} {who}"));
    }
    lines
}

async fn remove(state: &AppState, actor: &Actor, user_id: &str) -> Result<Member> {
    actor.must_manage()?;
    let before = find(state, actor, user_id).await?;
    if !memberships::change(&state.db, &actor.company_id, user_id, None, Some(false), Some(Status::Removed)).await? {
        return Err(Error::Conflict(LAST_ADMIN.into()));
    }
    sessions::revoke_all_of_user_in_company(&state.db, user_id, &actor.company_id, state.clock.now()).await?;
    actor.record(state, "member.removed", format!("removed {} from the company", before.email), Some(user_id)).await;
    state.realtime.session_changed(&actor.company_id, user_id);
    state.realtime.directory_changed(&actor.company_id);
    Ok(member(find(state, actor, user_id).await?))
}
