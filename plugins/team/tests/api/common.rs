//! What several test files need: the loaded module, a company with a second member, and
//! the calls the page makes.

use autoscope_module_test::shortcuts::{call, company, expect, user};
use autoscope_module_test::{Company, Engine, Harness, Reply, Session, User, product_module};
use serde_json::{Value, json};

/// A bearer token answered by the host (an accepted invitation's), for its own API.
pub struct Bearer(pub String);

impl Session for Bearer {
    fn token(&self) -> &str {
        &self.0
    }
    fn user_id(&self) -> &str {
        ""
    }
    fn company_id(&self) -> &str {
        ""
    }
}

pub async fn load(engine: Engine) -> Harness {
    let team = product_module("team").expect("the plugin is built (make modules)");
    Harness::load_on(engine, team).await.expect("Team Master installs")
}

/// Acme (its owner is the company admin) with Bob, a member.
pub async fn acme_with_bob(harness: &Harness) -> (Company, User) {
    let acme = company(harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    (acme, bob)
}

pub async fn members(harness: &Harness, who: &dyn Session) -> Value {
    expect(call(harness, who, "GET", "/members", None).await, 200)
}

/// The member `user_id` of the caller's list.
pub async fn member(harness: &Harness, who: &dyn Session, user_id: &str) -> Value {
    let list = members(harness, who).await;
    list["members"].as_array().unwrap().iter().find(|m| m["user_id"] == user_id).cloned().expect("listed")
}

pub async fn patch(harness: &Harness, who: &dyn Session, user_id: &str, change: Value) -> Reply {
    call(harness, who, "PATCH", &format!("/members/{user_id}"), Some(change)).await
}

pub async fn roles(harness: &Harness, who: &dyn Session) -> Value {
    expect(call(harness, who, "GET", "/roles", None).await, 200)
}

/// The id of the company's role `name`.
pub async fn role_id(harness: &Harness, who: &dyn Session, name: &str) -> String {
    let roles = roles(harness, who).await;
    let role = roles["roles"].as_array().unwrap().iter().find(|r| r["name"] == name).expect("the role exists");
    role["id"].as_str().unwrap().to_string()
}

pub async fn invite(harness: &Harness, who: &dyn Session, emails: &[&str]) -> Reply {
    let role = role_id(harness, who, "communityuser").await;
    call(harness, who, "POST", "/invitations", Some(json!({ "emails": emails, "role_id": role }))).await
}

/// The token of the newest invitation link mailed to `email`.
pub async fn link_token(harness: &Harness, email: &str) -> String {
    let mails = harness.mails_to(email).await.unwrap();
    let mail = mails.first().expect("an invitation was mailed");
    let (_, token) = mail.text_body.split_once("acceptInvitation?token=").expect("the mail holds the link");
    token.split_whitespace().next().unwrap().to_string()
}

pub async fn open(harness: &Harness, token: &str) -> Reply {
    harness.request("POST", "/api/invitations/open", None, Some(json!({ "token": token }))).await.unwrap()
}

pub async fn accept(harness: &Harness, body: Value) -> Reply {
    harness.request("POST", "/api/invitations/accept", None, Some(body)).await.unwrap()
}

/// A new person's answer to the link `token`.
pub fn newcomer(token: &str) -> Value {
    json!({
        "token": token, "password": PASSWORD, "firstname": "Carol", "lastname": "Diaz",
        "gender": "Female", "country": "IN", "department": "Legal", "job_title": "Analyst"
    })
}

/// The password of the people [`signed_up`] makes and of [`newcomer`].
pub const PASSWORD: &str = "Tr4vel-Kite#2";

/// Someone who signed up with e-mail and password and so created `companyname`.
pub async fn signed_up(harness: &Harness, email: &str, companyname: &str) {
    let ask = json!({ "firstname": "Dan", "lastname": "Ray", "email": email });
    assert_eq!(harness.request("POST", "/api/users/newUserSignUp", None, Some(ask)).await.unwrap().status, 200);
    let mail = &harness.mails_to(email).await.unwrap()[0];
    let code: String = mail.text_body.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 6).unwrap().into();
    let verify = json!({ "email": email, "verificationCode": code });
    assert_eq!(
        harness.request("POST", "/api/users/userSignUpTokenVerification", None, Some(verify)).await.unwrap().status,
        200
    );
    let signup = json!({
        "firstname": "Dan", "lastname": "Ray", "email": email, "companyname": companyname, "password": PASSWORD,
        "country": "IN", "department": "Legal", "gender": "Male", "job_title": "Lead", "currency_name": "USD",
        "currency_symbol": "$", "userrole": "communityuser", "agreedToTermsAndConditions": true
    });
    let registered = harness.request("POST", "/api/users/communitySignUp", None, Some(signup)).await.unwrap();
    assert_eq!(registered.status, 200, "{registered:?}");
}
