//! Interest in the enterprise edition (`POST /users/enterpriseEditionSubscribers`): the
//! enterprise form's fields, stored for the caller's company.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::storage::{self, enterprise};

pub const SUBSCRIBED: &str = "User subscribed";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(subscribe))
}

/// The enterprise subscriber payload. `communityUserEmail` and
/// `communityUserCompany` are taken from the session, whatever the payload says.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscribeRequest {
    #[serde(default)]
    pub community_user_email: String,
    #[serde(default)]
    pub community_user_company: String,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub contact_number: String,
}

/// The form's fields once checked, trimmed.
#[derive(Debug, PartialEq, Eq)]
pub struct Interest {
    pub username: String,
    pub email: String,
    pub country: String,
    pub contact_number: String,
}

impl SubscribeRequest {
    /// Checks the fields in the form's order, with the spec's messages.
    pub fn check(&self) -> Result<Interest> {
        let username = required(&self.username, "Please enter your name")?;
        let email = required(&self.email, "Please enter your email")?;
        if !is_simple_email(email) {
            return Err(Error::bad_request("Please enter valid email"));
        }
        let country = required(&self.country, "Please select your country")?;
        let contact_number = required(&self.contact_number, "Please enter your Mobile Number")?;
        if !is_phone_number(contact_number) {
            return Err(Error::bad_request("Please enter a valid Mobile Number"));
        }
        Ok(Interest {
            username: username.to_string(),
            email: email.to_string(),
            country: country.to_string(),
            contact_number: contact_number.to_string(),
        })
    }
}

fn required<'a>(value: &'a str, message: &str) -> Result<&'a str> {
    let value = value.trim();
    if value.is_empty() { Err(Error::bad_request(message)) } else { Ok(value) }
}

/// The form's simple address pattern: something@something.something, no spaces.
pub fn is_simple_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else { return false };
    let Some((name, suffix)) = domain.rsplit_once('.') else { return false };
    !text.chars().any(char::is_whitespace)
        && !local.is_empty()
        && !name.is_empty()
        && !suffix.is_empty()
        && !domain.contains('@')
}

/// 6 to 15 digits, an optional leading `+`, spaces and dashes between them.
pub fn is_phone_number(text: &str) -> bool {
    let digits = text.strip_prefix('+').unwrap_or(text);
    let mut count = 0;
    for c in digits.chars() {
        match c {
            '0'..='9' => count += 1,
            ' ' | '-' => {}
            _ => return false,
        }
    }
    (6..=15).contains(&count)
}

/// Records the caller's interest in the enterprise edition.
#[utoipa::path(post, path = "/users/enterpriseEditionSubscribers", tag = "users", security(("bearer" = [])),
    request_body = SubscribeRequest,
    responses((status = 200, body = Message, description = "message is 'User subscribed'"),
        (status = 400, body = Message), (status = 401, body = Message)))]
async fn subscribe(
    State(state): State<AppState>,
    current: CurrentUser,
    RequestId(request_id): RequestId,
    Json(body): Json<SubscribeRequest>,
) -> Result<Json<Message>> {
    let interest = body.check()?;
    let (user, seat) = crate::accounts::signed_in(&state, &current).await?;
    enterprise::insert(
        &state.db,
        &enterprise::Subscriber {
            id: storage::new_id(),
            company_id: seat.company_id.clone(),
            user_id: user.id.clone(),
            community_user_email: user.email.clone(),
            community_user_company: seat.companyname.clone(),
            username: interest.username,
            email: interest.email,
            country: interest.country,
            contact_number: interest.contact_number,
            created_at: state.clock.now(),
        },
    )
    .await?;
    logs::record(
        &state,
        logs::Event::info(
            "enterprise.subscribed",
            format!("{} asked about the enterprise edition for {}", user.email, seat.companyname),
        )
        .company(&seat.company_id)
        .user(&user.id)
        .request(request_id.as_deref()),
    )
    .await;
    Ok(Message::new(SUBSCRIBED))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> SubscribeRequest {
        SubscribeRequest {
            username: "Ann Lee".into(),
            email: "ann@acme.com".into(),
            country: "IN".into(),
            contact_number: "+91 98765-43210".into(),
            ..SubscribeRequest::default()
        }
    }

    fn message(request: &SubscribeRequest) -> String {
        request.check().unwrap_err().to_string()
    }

    #[test]
    fn messages_come_in_form_order() {
        let mut r = SubscribeRequest::default();
        assert_eq!(message(&r), "Please enter your name");
        r.username = "Ann".into();
        assert_eq!(message(&r), "Please enter your email");
        r.email = "ann".into();
        assert_eq!(message(&r), "Please enter valid email");
        r.email = "ann@acme.com".into();
        assert_eq!(message(&r), "Please select your country");
        r.country = "IN".into();
        assert_eq!(message(&r), "Please enter your Mobile Number");
        r.contact_number = "12ab".into();
        assert_eq!(message(&r), "Please enter a valid Mobile Number");
        r.contact_number = "123456".into();
        assert!(r.check().is_ok());
    }

    #[test]
    fn a_valid_form_is_trimmed() {
        let mut r = valid();
        r.username = "  Ann Lee ".into();
        assert_eq!(r.check().unwrap().username, "Ann Lee");
        assert_eq!(r.check().unwrap().contact_number, "+91 98765-43210");
    }

    #[test]
    fn the_simple_email_pattern() {
        for ok in ["a@b.c", "ann.lee+x@mail.acme.museum"] {
            assert!(is_simple_email(ok), "{ok}");
        }
        for bad in ["", "ann", "ann@acme", "@acme.com", "ann@.com", "ann@acme.", "an n@acme.com", "a@b@c.d"] {
            assert!(!is_simple_email(bad), "{bad}");
        }
    }

    #[test]
    fn phone_numbers_have_6_to_15_digits() {
        for ok in ["123456", "+1 555-010-9999", "123456789012345", "+44 20 7946 0958"] {
            assert!(is_phone_number(ok), "{ok}");
        }
        for bad in ["12345", "1234567890123456", "++123456", "123456+", "(555) 0101", "12a456", "+"] {
            assert!(!is_phone_number(bad), "{bad}");
        }
    }
}
