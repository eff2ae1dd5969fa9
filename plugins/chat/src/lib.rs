//! `chat`: Chat. Public, private and direct channels with per-channel message numbers,
//! threads, `<@user_id>` mentions, reactions, read markers (receipts in direct channels),
//! files checked by content, search, presence and an admin export.

mod files;
#[cfg(test)]
mod typescript;
mod validate;
mod views;

use autoscope_sdk::prelude::*;

fn router() -> Router {
    Router::new()
}

autoscope_sdk::module!(router);
