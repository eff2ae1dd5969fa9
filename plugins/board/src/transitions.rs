//! The board's columns and what moving a card between them does to the process's stage.

use autoscope_sdk::Error;

/// A column of the board and the stages it holds.
#[derive(Debug, PartialEq, Eq)]
pub struct Column {
    pub key: &'static str,
    pub label: &'static str,
    pub stages: &'static [&'static str],
}

/// The last column, which holds both ends of a process's life and has no WIP limit.
pub const CLOSED: &str = "closed";

/// The columns in board order.
pub const COLUMNS: [Column; 7] = [
    Column { key: "idea", label: "Idea", stages: &["idea"] },
    Column { key: "assessment", label: "Assessment", stages: &["assessment"] },
    Column { key: "analysis", label: "Analysis", stages: &["analysis"] },
    Column { key: "development", label: "Development", stages: &["development"] },
    Column { key: "testing", label: "Testing", stages: &["testing"] },
    Column { key: "live", label: "Live", stages: &["live"] },
    Column { key: CLOSED, label: "Retired or Rejected", stages: &["retired", "rejected"] },
];

pub const ALREADY_THERE: &str = "The card is already in that column";
pub const UNKNOWN_COLUMN: &str = "Unknown column";
pub const STAGE_NOT_IN_COLUMN: &str = "That column does not hold that stage";

/// The column with `key`.
pub fn column(key: &str) -> Option<&'static Column> {
    COLUMNS.iter().find(|column| column.key == key)
}

/// The column a stage is shown in.
pub fn column_of(stage: &str) -> Option<&'static Column> {
    COLUMNS.iter().find(|column| column.stages.contains(&stage))
}

/// A stage's label, as people read it ("Idea", "Retired"); an unknown stage as it is.
pub fn stage_label(stage: &str) -> &str {
    match stage {
        "idea" => "Idea",
        "assessment" => "Assessment",
        "analysis" => "Analysis",
        "development" => "Development",
        "testing" => "Testing",
        "live" => "Live",
        "retired" => "Retired",
        "rejected" => "Rejected",
        other => other,
    }
}

/// The stage a card in `stage` gets when moved to `to`: the one `asked` for among the
/// column's stages (an undo puts a card back as it was), else the column's own stage, or for
/// the closed column `retired` when the process was live and `rejected` otherwise.
pub fn target_stage(stage: &str, to: &Column, asked: Option<&str>) -> Result<&'static str, Error> {
    if to.stages.contains(&stage) {
        return Err(Error::bad_request(ALREADY_THERE));
    }
    if let Some(asked) = asked {
        return to
            .stages
            .iter()
            .copied()
            .find(|held| *held == asked)
            .ok_or_else(|| Error::bad_request(STAGE_NOT_IN_COLUMN));
    }
    Ok(match to.key {
        CLOSED if stage == "live" => "retired",
        CLOSED => "rejected",
        _ => to.stages[0],
    })
}

/// Refuses a move into `to` when it already holds `count` cards and its limit is `limit`.
pub fn check_wip(to: &Column, count: u64, limit: u64) -> Result<(), Error> {
    if to.key != CLOSED && count >= limit {
        return Err(Error::conflict(format!("{} is at its WIP limit of {limit}", to.label)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(key: &str) -> &'static Column {
        column(key).expect("a known column")
    }

    #[test]
    fn a_column_sets_its_own_stage() {
        assert_eq!(target_stage("idea", col("assessment"), None), Ok("assessment"));
        assert_eq!(target_stage("testing", col("live"), None), Ok("live"));
        assert_eq!(target_stage("live", col("idea"), None), Ok("idea"));
        assert_eq!(target_stage("rejected", col("analysis"), None), Ok("analysis"));
    }

    #[test]
    fn closing_a_live_process_retires_it_and_any_other_is_rejected() {
        assert_eq!(target_stage("live", col(CLOSED), None), Ok("retired"));
        for stage in ["idea", "assessment", "analysis", "development", "testing"] {
            assert_eq!(target_stage(stage, col(CLOSED), None), Ok("rejected"), "{stage}");
        }
    }

    #[test]
    fn a_move_may_name_which_of_the_columns_stages_the_card_takes() {
        assert_eq!(target_stage("idea", col(CLOSED), Some("retired")), Ok("retired"));
        assert_eq!(target_stage("live", col(CLOSED), Some("rejected")), Ok("rejected"));
        assert_eq!(target_stage("idea", col("live"), Some("live")), Ok("live"));
        let refused = Err(Error::bad_request(STAGE_NOT_IN_COLUMN));
        assert_eq!(target_stage("idea", col(CLOSED), Some("live")), refused);
        assert_eq!(target_stage("idea", col("testing"), Some("retired")), refused);
    }

    #[test]
    fn moving_to_the_cards_own_column_is_refused() {
        let already = Err(Error::bad_request(ALREADY_THERE));
        assert_eq!(target_stage("idea", col("idea"), None), already);
        assert_eq!(target_stage("retired", col(CLOSED), None), already);
        assert_eq!(target_stage("rejected", col(CLOSED), None), already);
    }

    #[test]
    fn a_column_at_its_limit_refuses_with_its_label() {
        let full = check_wip(col("development"), 3, 3);
        assert_eq!(full, Err(Error::conflict("Development is at its WIP limit of 3")));
        assert_eq!(check_wip(col("development"), 4, 3).map_err(|e| e.status), Err(409));
        assert_eq!(check_wip(col("development"), 2, 3), Ok(()));
    }

    #[test]
    fn the_closed_column_has_no_limit() {
        assert_eq!(check_wip(col(CLOSED), 10, 1), Ok(()));
    }

    #[test]
    fn every_stage_has_one_column_and_a_label() {
        let stages = ["idea", "assessment", "analysis", "development", "testing", "live", "retired", "rejected"];
        for stage in stages {
            let holding = COLUMNS.iter().filter(|column| column.stages.contains(&stage)).count();
            assert_eq!(holding, 1, "{stage}");
            assert_ne!(stage_label(stage), stage);
        }
        assert_eq!(column_of("retired").map(|c| c.label), Some("Retired or Rejected"));
        assert_eq!(column_of("unknown"), None);
        assert_eq!(column("nowhere"), None);
    }
}
