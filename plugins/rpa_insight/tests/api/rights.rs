//! Rights: Operational Insight needs its own right (view, not disabled); its figures need
//! nothing more, its runs and queue items Bot Profile's right too.

use autoscope_module_test::{Company, Engine, Harness, Right, Rights, User, default_role_rights};

use crate::common::{RANGE, get, load, refused, with_runs};

autoscope_module_test::on_both_engines!(
    the_figures_reach_people_without_bot_profile_but_the_runs_do_not,
    without_the_bot_insight_right_or_with_it_disabled_every_route_is_refused,
);

/// The role's rights: no view of Bot Profile, and `bot_insight` as given.
fn rights(bot_insight: Right) -> Rights {
    let mut rights = default_role_rights();
    rights.insert("bot_insight".into(), bot_insight);
    rights.insert("bot_profile".into(), Right { view: false, disabled: false });
    rights
}

/// Acme with the scenario's runs, and its user Bob, the role's rights set with `bot_insight`
/// as given.
async fn bob_with(harness: &Harness, bot_insight: Right) -> anyhow::Result<(Company, User)> {
    let acme = with_runs(harness).await?;
    let bob = acme.add_user("bob@acme.test").await?;
    acme.set_rights(&rights(bot_insight)).await?;
    Ok((acme, bob))
}

/// Every route of the module.
fn paths() -> [String; 5] {
    [
        format!("/overview?{RANGE}"),
        format!("/runs?{RANGE}"),
        "/runs/x".into(),
        "/stuck?kind=new".into(),
        "/filters".into(),
    ]
}

/// With its own right the insight's figures and filters count Bot Profile's runs (its
/// `aggregate:` grants), though the user may not view Bot Profile; the runs and queue items
/// themselves are Bot Profile's to show (they used to be listed here too).
async fn the_figures_reach_people_without_bot_profile_but_the_runs_do_not(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (_, bob) = bob_with(&harness, Right { view: true, disabled: false }).await?;
    let answer = get(&harness, &bob, &format!("/overview?{RANGE}")).await?;
    assert_eq!(answer["kpis"]["runs"], 8, "the insight counts runs without the Bot Profile right");
    let filters = get(&harness, &bob, "/filters").await?;
    assert!(filters.to_string().contains("Invoice"), "{filters}");
    let records = [format!("/runs?{RANGE}"), "/runs/x".into(), "/stuck?kind=new".into()];
    for path in &records {
        assert_eq!(
            refused(&harness, &bob, path).await?,
            (403, "Your rights do not allow Bot Profile, whose data this needs".into()),
            "{path}"
        );
    }
    Ok(())
}

/// Without the view of `bot_insight` every route is refused with the message; with it
/// disabled (not in the edition) every route asks for the upgrade. Grouped: the same routes
/// on one host, the rights changed between.
async fn without_the_bot_insight_right_or_with_it_disabled_every_route_is_refused(
    engine: Engine,
) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, bob) = bob_with(&harness, Right { view: false, disabled: false }).await?;
    for path in &paths() {
        assert_eq!(
            refused(&harness, &bob, path).await?,
            (403, "Your rights do not allow this module".into()),
            "{path}"
        );
    }
    acme.set_rights(&rights(Right { view: true, disabled: true })).await?;
    for path in &paths() {
        assert_eq!(
            refused(&harness, &bob, path).await?,
            (403, "Upgrade to Premium to use this module".into()),
            "{path}"
        );
    }
    Ok(())
}
