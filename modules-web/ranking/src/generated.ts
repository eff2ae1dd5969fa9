// Generated from Rust types by the test in plugins/ranking/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-ranking --lib generated_typescript_is_current

/**
 * `GET /ranking`: the ranking under `weights` (what-if, or the saved ones when none are given).
 */
export type RankingReply = {
/**
 * False when the vault is not installed.
 */
available: boolean, weights: Weights, saved: Weights, items: Array<Ranked>, formula: string, };

/**
 * The weight of each part of the score, each 0–100, at least one above 0.
 */
export type Weights = { benefit: number, ease: number, potential: number, };

/**
 * One row of the ranking.
 */
export type Ranked = { rank: number, id: string, name: string, department: string | null, stage: string | null, health: string | null, benefit_hours: number, benefit_money: number, benefit_fte: number, ease: number,
/**
 * Null until the process is assessed (it then counts 0 in the score).
 */
potential: number | null,
/**
 * Yearly benefit relative to the best candidate, 0–100.
 */
value: number, score: number, bucket: Bucket, };

/**
 * Where a process belongs on the roadmap.
 */
export type Bucket = "quick_win" | "strategic" | "long_term";

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  WEIGHTS_RANGE: "Weights must be numbers between 0 and 100",
  WEIGHTS_ZERO: "At least one weight must be above 0",
} as const;
