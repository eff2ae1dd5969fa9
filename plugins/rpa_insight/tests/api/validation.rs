//! Input checks of the queries other than the range: filters, statuses, limits and kinds.

use autoscope_module_test::Engine;

use crate::common::{load, refused};

autoscope_module_test::on_both_engines!(over_long_filters_unknown_statuses_and_bad_limits_are_refused);

/// A filter over 200 characters, a run status that is none of the four, a limit that is not
/// 1 to 500 (on the runs and the stuck items), and stuck items without a kind or of a kind
/// that is not in_progress or new are refused with the message. Grouped: each is one call.
async fn over_long_filters_unknown_statuses_and_bad_limits_are_refused(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let long_filter = format!("bot={}", "b".repeat(201));
    for (path, message) in [
        (format!("/overview?{long_filter}"), "A filter is at most 200 characters"),
        ("/runs?status=done".to_string(), "The status must be running, successful, failed or stopped"),
        ("/runs?limit=0".to_string(), "The limit must be a whole number from 1 to 500"),
        ("/stuck?kind=new&limit=501".to_string(), "The limit must be a whole number from 1 to 500"),
        ("/stuck".to_string(), "The kind must be in_progress or new"),
        ("/stuck?kind=failed".to_string(), "The kind must be in_progress or new"),
    ] {
        assert_eq!(refused(&harness, &acme, &path).await?, (400, message.to_string()), "{path}");
    }
    Ok(())
}
