//! Profile pictures: `POST /users/uploadProfilePic` and `GET /users/getUploadedProfilePic/{user_id}`.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::Value;

use crate::directory::whoami;
use crate::on_both_engines;
use crate::support::{Answer, TestApp};

on_both_engines!(
    an_uploaded_picture_is_read_back,
    a_new_upload_replaces_the_picture,
    files_that_are_not_images_are_refused,
    pictures_over_one_mebibyte_are_refused,
    an_upload_without_a_file_is_refused,
    a_user_without_a_picture_gets_an_empty_answer,
    another_company_picture_answers_as_none,
    pictures_need_a_session,
);

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01";
const GIF: &[u8] = b"GIF89a\x01\0\x01\0\x80\0\0";

/// Posts `bytes` as the form field `field` (the browser's multipart form).
pub async fn upload_as(app: &TestApp, token: Option<&str>, field: &str, filename: &str, bytes: &[u8]) -> Answer {
    let boundary = "autoscope-test-boundary-7d3f";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{filename}\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let mut request = app
        .client
        .post(format!("{}/api/users/uploadProfilePic", app.base))
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    Answer { status, body: serde_json::from_str(&text).unwrap_or(Value::Null) }
}

async fn upload(app: &TestApp, token: &str, bytes: &[u8]) -> Answer {
    upload_as(app, Some(token), "file", "me.png", bytes).await
}

async fn picture_of(app: &TestApp, token: &str, user_id: &str) -> Answer {
    app.get_as(token, &format!("/api/users/getUploadedProfilePic/{user_id}")).await
}

/// The upload answers 200 and the picture comes back as mimetype and base64.
async fn an_uploaded_picture_is_read_back(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let user_id = whoami(&app, &token).await["user_id"].as_str().unwrap().to_string();
    let answer = upload(&app, &token, PNG).await;
    assert_eq!((answer.status, answer.message()), (200, "Profile picture updated"));
    let picture = picture_of(&app, &token, &user_id).await;
    assert_eq!(picture.status, 200);
    assert_eq!(picture.body["userdata"]["mimetype"], "image/png");
    assert_eq!(picture.body["userdata"]["attachment"], STANDARD.encode(PNG));
}

/// A second upload replaces the first.
async fn a_new_upload_replaces_the_picture(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let user_id = whoami(&app, &token).await["user_id"].as_str().unwrap().to_string();
    assert_eq!(upload(&app, &token, PNG).await.status, 200);
    assert_eq!(upload(&app, &token, GIF).await.status, 200);
    let picture = picture_of(&app, &token, &user_id).await;
    assert_eq!(picture.body["userdata"]["mimetype"], "image/gif");
    assert_eq!(picture.body["userdata"]["attachment"], STANDARD.encode(GIF));
}

/// SVG, text named .png, and empty files: 415 with the message; nothing is stored.
async fn files_that_are_not_images_are_refused(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let user_id = whoami(&app, &token).await["user_id"].as_str().unwrap().to_string();
    let svg: &[u8] = b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>";
    for bytes in [svg, b"just some text", b""] {
        let answer = upload(&app, &token, bytes).await;
        assert_eq!((answer.status, answer.message()), (415, "Please upload a PNG, JPEG, GIF or WebP image"));
    }
    assert_eq!(picture_of(&app, &token, &user_id).await.status, 204);
}

/// Exactly 1 MiB is accepted; one byte more is 413 with the message.
async fn pictures_over_one_mebibyte_are_refused(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let mut bytes = PNG.to_vec();
    bytes.resize(1024 * 1024, 7);
    assert_eq!(upload(&app, &token, &bytes).await.status, 200);
    bytes.push(7);
    let answer = upload(&app, &token, &bytes).await;
    assert_eq!((answer.status, answer.message()), (413, "The picture must be at most 1 MB"));
}

/// A form without the `file` field, or a body that is not a form: 400.
async fn an_upload_without_a_file_is_refused(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let answer = upload_as(&app, Some(&token), "photo", "me.png", PNG).await;
    assert_eq!((answer.status, answer.message()), (400, "Please choose a picture to upload"));
    let json = app.post_as(&token, "/api/users/uploadProfilePic", serde_json::json!({"file": "x"})).await;
    assert_eq!(json.status, 400);
    assert!(!json.message().is_empty());
}

/// A user who never uploaded: an empty 204, which a browser does not log as a failure.
async fn a_user_without_a_picture_gets_an_empty_answer(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let user_id = whoami(&app, &token).await["user_id"].as_str().unwrap().to_string();
    let answer = picture_of(&app, &token, &user_id).await;
    assert_eq!((answer.status, &answer.body), (204, &Value::Null));
}

/// Another company's user answers exactly like a user without a picture.
async fn another_company_picture_answers_as_none(app: TestApp) {
    let acme = app.sign_up("ann@acme.com", "Acme").await;
    let ann_id = whoami(&app, &acme).await["user_id"].as_str().unwrap().to_string();
    assert_eq!(upload(&app, &acme, PNG).await.status, 200);
    let beta = app.sign_up("bea@beta.com", "Beta").await;
    let answer = picture_of(&app, &beta, &ann_id).await;
    assert_eq!((answer.status, &answer.body), (204, &Value::Null));
    assert_eq!(picture_of(&app, &acme, &ann_id).await.status, 200);
}

/// Upload and read without a token: 401.
async fn pictures_need_a_session(app: TestApp) {
    let answer = upload_as(&app, None, "file", "me.png", PNG).await;
    assert_eq!((answer.status, answer.message()), (401, "Please login to continue"));
    assert_eq!(app.get("/api/users/getUploadedProfilePic/someone").await.status, 401);
}
