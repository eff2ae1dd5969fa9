use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::error::Error;

/// `axum::extract::Query`, but a query string that does not read as `T` answers 400 in our
/// `{ "message": ... }` shape, saying what is wrong (as [`super::Json`] does for bodies).
#[derive(Debug, Clone, Default)]
pub struct Query<T>(pub T);

impl<S, T> FromRequestParts<S> for Query<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Error> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Self(value)),
            Err(rejection) => Err(Error::BadRequest(rejection.body_text())),
        }
    }
}
