//! `team`: Team Master. The company's members, invitations and roles live in the host;
//! each route here is one `members` operation, and the host decides what the calling person
//! may see or change.

#[cfg(test)]
mod typescript;

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::members::{
    HistoryEntry, Invitation, Member, MemberChange, Members, MembersOp, Rights, Role, Roles,
};
use serde::Deserialize;

fn router() -> Router {
    Router::new()
        .get("/members", list_members)
        .get("/members/{id}/history", member_history)
        .patch("/members/{id}", update_member)
        .delete("/members/{id}", remove_member)
        .get("/invitations", list_invitations)
        .post("/invitations", invite)
        .post("/invitations/{id}/resend", resend_invitation)
        .delete("/invitations/{id}", revoke_invitation)
        .get("/roles", list_roles)
        .post("/roles", create_role)
        .patch("/roles/{id}", update_role)
        .delete("/roles/{id}", delete_role)
}

autoscope_sdk::module!(router);

fn list_members(_: &Request) -> Result<Reply> {
    ok(&host::members::<Members>(&MembersOp::List)?)
}

fn member_history(req: &Request) -> Result<Reply> {
    let user_id = req.param("id")?.to_string();
    ok(&host::members::<Vec<HistoryEntry>>(&MembersOp::History { user_id })?)
}

/// `PATCH /members/{id}` with any of `{ role_id, company_admin, status }`.
fn update_member(req: &Request) -> Result<Reply> {
    let user_id = req.param("id")?.to_string();
    let change: MemberChange = req.body()?;
    ok(&host::members::<Member>(&MembersOp::Update { user_id, change })?)
}

fn remove_member(req: &Request) -> Result<Reply> {
    let user_id = req.param("id")?.to_string();
    ok(&host::members::<Member>(&MembersOp::Remove { user_id })?)
}

fn list_invitations(_: &Request) -> Result<Reply> {
    ok(&host::members::<Vec<Invitation>>(&MembersOp::Invitations)?)
}

#[derive(Deserialize)]
struct InviteBody {
    #[serde(default)]
    emails: Vec<String>,
    #[serde(default)]
    role_id: String,
}

/// `POST /invitations` with `{ emails, role_id }`: one invitation per address.
fn invite(req: &Request) -> Result<Reply> {
    let InviteBody { emails, role_id } = req.body()?;
    created(&host::members::<Vec<Invitation>>(&MembersOp::Invite { emails, role_id })?)
}

fn resend_invitation(req: &Request) -> Result<Reply> {
    let invitation_id = req.param("id")?.to_string();
    ok(&host::members::<Invitation>(&MembersOp::Resend { invitation_id })?)
}

fn revoke_invitation(req: &Request) -> Result<Reply> {
    let invitation_id = req.param("id")?.to_string();
    ok(&host::members::<Invitation>(&MembersOp::Revoke { invitation_id })?)
}

fn list_roles(_: &Request) -> Result<Reply> {
    ok(&host::members::<Roles>(&MembersOp::Roles)?)
}

#[derive(Deserialize)]
struct RoleBody {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    rights: Option<Rights>,
}

/// `POST /roles` with `{ name, rights }` (a copy is a new role with another's rights).
fn create_role(req: &Request) -> Result<Reply> {
    let RoleBody { name, rights } = req.body()?;
    let op = MembersOp::CreateRole { name: name.unwrap_or_default(), rights: rights.unwrap_or_default() };
    created(&host::members::<Role>(&op)?)
}

/// `PATCH /roles/{id}` with `{ name }`, `{ rights }` or both.
fn update_role(req: &Request) -> Result<Reply> {
    let role_id = req.param("id")?.to_string();
    let RoleBody { name, rights } = req.body()?;
    ok(&host::members::<Role>(&MembersOp::UpdateRole { role_id, name, rights })?)
}

fn delete_role(req: &Request) -> Result<Reply> {
    let role_id = req.param("id")?.to_string();
    ok(&host::members::<Role>(&MembersOp::DeleteRole { role_id })?)
}
