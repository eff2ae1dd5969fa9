use crate::wire::HostError;

/// A handler's failure: the HTTP status and message the caller receives as
/// `{ "message": ... }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The HTTP status answered.
    pub status: u16,
    /// The message answered.
    pub message: String,
}

/// The result of handlers and SDK calls.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error with any status.
    pub fn new(status: u16, message: impl Into<String>) -> Self {
        Self { status, message: message.into() }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(400, message)
    }

    /// 403: the caller may not do this.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(403, message)
    }

    /// 404: the thing asked for does not exist.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(404, message)
    }

    /// 409: the thing changed or exists already.
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(409, message)
    }

    /// Whether the host refused a read of another module's data because the person's
    /// rights do not open that module: a module shows what it can without that data, or
    /// passes the refusal on (its message names the module).
    pub fn is_rights_refusal(&self) -> bool {
        HostError::is_rights_refusal(self.status, &self.message)
    }

    /// 500: the plugin itself failed.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(500, message)
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.status)
    }
}

impl std::error::Error for Error {}

/// Keeps the host's status (403 not granted, 404, 409 version conflict, ...).
impl From<HostError> for Error {
    fn from(err: HostError) -> Self {
        Self::new(err.status, err.message)
    }
}

/// JSON that does not fit the expected shape is the caller's mistake: 400.
impl From<serde_json::Error> for Error {
    fn from(err: serde_json::Error) -> Self {
        Self::bad_request(format!("Invalid JSON: {err}"))
    }
}
