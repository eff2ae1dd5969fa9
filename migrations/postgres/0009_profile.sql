-- Profile settings: a pending change of e-mail address, confirmed by a code mailed to the
-- new address (kept as a keyed digest only), and requests to delete a person's data, which
-- a host job carries out after a grace period.
CREATE TABLE email_change_codes (
    user_id     TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    new_email   TEXT NOT NULL,                 -- lower-cased
    code_hash   TEXT NOT NULL,
    attempts    BIGINT NOT NULL DEFAULT 0,
    sent_at     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);

-- One row per person: pending until completed_at is set; a cancel deletes the row. A
-- completed row stays so platform administrators can see the request was answered.
CREATE TABLE deletion_requests (
    user_id       TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    requested_at  BIGINT NOT NULL,
    due_at        BIGINT NOT NULL,
    completed_at  BIGINT
);
CREATE INDEX deletion_requests_due ON deletion_requests (completed_at, due_at);
