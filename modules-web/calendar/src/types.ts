/**
 * What the calendar plugin's API answers and takes (`/api/m/calendar/...`, plugins/calendar/src/views.rs),
 * with its messages and limits: generated from its Rust types (./generated.ts). Times are Unix seconds
 * (UTC); days are `YYYY-MM-DD`.
 */

export * from './generated';
