-- A locked account (too many failed sign-ins) checks one attempt at a time: `next_at_ms` is
-- when the last attempt that took a turn is checked, so the next one waits a spacing after it.
-- One row per locked account, shared by every host instance.
CREATE TABLE sign_in_locks (
    account TEXT PRIMARY KEY,
    next_at_ms BIGINT NOT NULL
);
