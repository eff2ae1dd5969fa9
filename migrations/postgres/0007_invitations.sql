-- Invitations by e-mail to join a company with a role: a single-use link whose random
-- token is kept only as a keyed digest, valid 7 days. A resend replaces the digest.
CREATE TABLE invitations (
    id           TEXT PRIMARY KEY,
    company_id   TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    email        TEXT NOT NULL,                 -- lower-cased
    role_id      TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,   -- only while no open one holds it
    token_hash   TEXT NOT NULL UNIQUE,
    invited_by   TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    revoked_at   BIGINT,
    accepted_at  BIGINT,
    accepted_by  TEXT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX invitations_company ON invitations (company_id, created_at);
