use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::wire::{Caller, Context, HttpRequest};
use crate::{Error, Result};

/// An HTTP call to the module, with the path parameters of the route that matched.
#[derive(Debug, Clone)]
pub struct Request {
    context: Context,
    http: HttpRequest,
    params: Vec<(String, String)>,
}

impl Request {
    /// A request as the router hands it to a handler (useful to test handlers directly).
    pub fn new(context: Context, http: HttpRequest, params: Vec<(String, String)>) -> Self {
        Self { context, http, params }
    }

    /// The upper-case HTTP method.
    pub fn method(&self) -> &str {
        &self.http.method
    }

    /// The path inside the module, starting with `/`.
    pub fn path(&self) -> &str {
        &self.http.path
    }

    /// A path parameter named by `{name}` in the route's pattern; 400 when absent.
    pub fn param(&self, name: &str) -> Result<&str> {
        self.params
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
            .ok_or_else(|| Error::bad_request(format!("Missing path parameter '{name}'")))
    }

    /// A query string parameter.
    pub fn query(&self, name: &str) -> Option<&str> {
        self.http.query.get(name).map(String::as_str)
    }

    /// A query string parameter parsed as `T` (a number, a bool, ...); 400 when it does
    /// not parse, `None` when absent.
    pub fn query_as<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>> {
        self.query(name)
            .map(|text| text.parse().map_err(|_| Error::bad_request(format!("Invalid query parameter '{name}'"))))
            .transpose()
    }

    /// The JSON body as `T`; 400 when there is none or it does not fit.
    pub fn body<T: DeserializeOwned>(&self) -> Result<T> {
        let body = self.body_value().ok_or_else(|| Error::bad_request("A JSON body is required"))?;
        T::deserialize(body).map_err(|err| Error::bad_request(format!("Invalid JSON body: {err}")))
    }

    /// The raw JSON body, if any (`null` counts as none).
    pub fn body_value(&self) -> Option<&Value> {
        self.http.body.as_ref().filter(|body| !body.is_null())
    }

    /// Who the call is for: module, company, user, time.
    pub fn context(&self) -> &Context {
        &self.context
    }

    /// The signed-in user; `None` on public routes.
    pub fn user(&self) -> Option<&Caller> {
        self.context.user.as_ref()
    }

    /// The signed-in user; 401 "Please login to continue" on a public route (every other
    /// route has one).
    pub fn caller(&self) -> Result<&Caller> {
        self.user().ok_or_else(|| Error::new(401, "Please login to continue"))
    }

    /// The signed-in user when they administer the company; 403 with `refusal` (the
    /// module's own message) otherwise, 401 on a public route.
    pub fn company_admin(&self, refusal: &str) -> Result<&Caller> {
        let caller = self.caller()?;
        require_company_admin(caller, refusal)?;
        Ok(caller)
    }

    /// True when the route is public (the host checked no session).
    pub fn is_public(&self) -> bool {
        self.http.public
    }
}

/// Nothing when `caller` administers the company; 403 with `refusal` (the module's own
/// message) otherwise.
pub fn require_company_admin(caller: &Caller, refusal: &str) -> Result<()> {
    if caller.company_admin { Ok(()) } else { Err(Error::forbidden(refusal)) }
}
