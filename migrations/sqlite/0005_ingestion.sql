-- Company API keys for the ingestion API: robots and orchestrators send run data with
-- one. Only a digest of the secret is kept; the key is shown once when it is created.
CREATE TABLE api_keys (
    id            TEXT PRIMARY KEY,
    company_id    TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    secret_hash   TEXT NOT NULL,
    created_by    TEXT,
    created_at    BIGINT NOT NULL,
    last_used_at  BIGINT,
    revoked_at    BIGINT
);
CREATE INDEX api_keys_company ON api_keys (company_id, created_at);

-- Days of a company whose rollup rows must be rebuilt before the rollup answers
-- (day -1: every day). Writers mark in their own transaction; readers take the marks.
CREATE TABLE rollup_dirty (
    rollup_table  TEXT NOT NULL,
    company_id    TEXT NOT NULL,
    day           BIGINT NOT NULL,
    seq           BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (rollup_table, company_id, day)
);
