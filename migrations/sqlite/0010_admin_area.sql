-- The platform administrators' area: a company may be deactivated (its people cannot open
-- a session in it), an enterprise request is marked handled, and an invitation may make
-- its person a company admin (the first admin of a company an administrator created).
ALTER TABLE companies ADD COLUMN deactivated_at BIGINT;
ALTER TABLE enterprise_subscribers ADD COLUMN handled_at BIGINT;
ALTER TABLE enterprise_subscribers ADD COLUMN handled_by TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE invitations ADD COLUMN company_admin INTEGER NOT NULL DEFAULT 0;
-- The administrators' log reads every company's entries by time.
CREATE INDEX system_logs_created ON system_logs (created_at);
