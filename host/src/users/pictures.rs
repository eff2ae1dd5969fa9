//! Profile pictures: images only (decided by their bytes, not by what the client says),
//! at most 1 MiB, readable by the owner's company only.

use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message};
use crate::storage::pictures;

pub const MAX_BYTES: usize = 1024 * 1024;
pub const TOO_LARGE: &str = "The picture must be at most 1 MB";
pub const NOT_AN_IMAGE: &str = "Please upload a PNG, JPEG, GIF or WebP image";
pub const NO_FILE: &str = "Please choose a picture to upload";
pub const UPDATED: &str = "Profile picture updated";

/// Room for the multipart framing around a picture of the largest size.
const BODY_LIMIT: usize = MAX_BYTES + 64 * 1024;

pub fn routes() -> OpenApiRouter<AppState> {
    let upload = OpenApiRouter::new().routes(routes!(upload_picture)).layer(DefaultBodyLimit::max(BODY_LIMIT));
    OpenApiRouter::new().routes(routes!(get_picture)).merge(upload)
}

/// Where the user list points for a user's picture.
pub fn picture_path(user_id: &str) -> String {
    format!("/api/users/getUploadedProfilePic/{user_id}")
}

/// The picture's MIME type when `bytes` are an accepted image of an accepted size.
/// SVG is refused on purpose: it can carry scripts.
pub fn check_picture(bytes: &[u8]) -> Result<&'static str> {
    if bytes.len() > MAX_BYTES {
        return Err(Error::PayloadTooLarge(TOO_LARGE.into()));
    }
    let mimetype = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        "image/png"
    } else if bytes.starts_with(b"\xff\xd8\xff") {
        "image/jpeg"
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        "image/gif"
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        "image/webp"
    } else {
        return Err(Error::UnsupportedMediaType(NOT_AN_IMAGE.into()));
    };
    Ok(mimetype)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PictureData {
    pub mimetype: String,
    /// The image, base64.
    pub attachment: String,
}

/// Profile picture response.
#[derive(Debug, Serialize, ToSchema)]
pub struct PictureAnswer {
    pub userdata: PictureData,
}

/// A picture of a user of the caller's company. No picture is an empty answer, not an
/// error: the shell asks for the signed-in user's on every load, and a browser logs each
/// failed request to its console (spec: "silently shows no picture").
#[utoipa::path(get, path = "/users/getUploadedProfilePic/{user_id}", tag = "users", security(("bearer" = [])),
    params(("user_id" = String, Path, description = "The user's id")),
    responses((status = 200, body = PictureAnswer), (status = 401, body = Message),
        (status = 204, description = "No picture (also for another company's user)")))]
async fn get_picture(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<String>,
) -> Result<Response> {
    let Some(picture) = pictures::get_in_company(&state.db, &current.company_id, &user_id).await? else {
        return Ok(StatusCode::NO_CONTENT.into_response());
    };
    let userdata = PictureData { mimetype: picture.mimetype, attachment: STANDARD.encode(picture.data) };
    Ok(Json(PictureAnswer { userdata }).into_response())
}

/// The upload form: one field `file`.
#[derive(Debug, ToSchema)]
pub struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// Replaces the caller's picture.
#[utoipa::path(post, path = "/users/uploadProfilePic", tag = "users", security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Message), (status = 400, body = Message), (status = 401, body = Message),
        (status = 413, body = Message, description = "The picture must be at most 1 MB"),
        (status = 415, body = Message, description = "Not a PNG, JPEG, GIF or WebP image")))]
async fn upload_picture(
    State(state): State<AppState>,
    current: CurrentUser,
    form: std::result::Result<Multipart, MultipartRejection>,
) -> Result<Json<Message>> {
    let mut form = form.map_err(|rejection| Error::BadRequest(rejection.body_text()))?;
    let bytes = read_file_field(&mut form).await?;
    let mimetype = check_picture(&bytes)?;
    pictures::put(&state.db, &current.user_id, mimetype, &bytes, state.clock.now()).await?;
    crate::realtime::person_changed(&state, &current.user_id).await?;
    Ok(Message::new(UPDATED))
}

/// The bytes of the `file` field, read no further than one byte past the cap.
async fn read_file_field(form: &mut Multipart) -> Result<Vec<u8>> {
    while let Some(mut field) = form.next_field().await.map_err(multipart_error)? {
        if field.name() != Some("file") {
            continue;
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
            bytes.extend_from_slice(&chunk);
            if bytes.len() > MAX_BYTES {
                return Err(Error::PayloadTooLarge(TOO_LARGE.into()));
            }
        }
        return Ok(bytes);
    }
    Err(Error::bad_request(NO_FILE))
}

fn multipart_error(err: MultipartError) -> Error {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        Error::PayloadTooLarge(TOO_LARGE.into())
    } else {
        Error::BadRequest(err.body_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    fn refusal(bytes: &[u8]) -> (StatusCode, String) {
        let err = check_picture(bytes).unwrap_err();
        (err.status(), err.to_string())
    }

    #[test]
    fn accepted_images_are_known_by_their_bytes() {
        assert_eq!(check_picture(PNG).unwrap(), "image/png");
        assert_eq!(check_picture(b"\xff\xd8\xff\xe0\0\x10JFIF").unwrap(), "image/jpeg");
        assert_eq!(check_picture(b"GIF89a\x01\0\x01\0").unwrap(), "image/gif");
        assert_eq!(check_picture(b"GIF87a\x01\0\x01\0").unwrap(), "image/gif");
        assert_eq!(check_picture(b"RIFF\x24\0\0\0WEBPVP8 ").unwrap(), "image/webp");
    }

    #[test]
    fn anything_else_is_refused_with_415() {
        let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
        for bytes in [&svg[..], b"", b"%PDF-1.7", b"RIFF\x24\0\0\0WAVEfmt ", b"\x89PN", b"hello"] {
            assert_eq!(refusal(bytes), (StatusCode::UNSUPPORTED_MEDIA_TYPE, NOT_AN_IMAGE.to_string()));
        }
    }

    #[test]
    fn the_size_cap_is_one_mebibyte() {
        let mut at_cap = PNG.to_vec();
        at_cap.resize(MAX_BYTES, 0);
        assert_eq!(check_picture(&at_cap).unwrap(), "image/png");
        at_cap.push(0);
        assert_eq!(refusal(&at_cap), (StatusCode::PAYLOAD_TOO_LARGE, TOO_LARGE.to_string()));
    }
}
