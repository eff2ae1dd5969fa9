-- Teams: a person (one account) belongs to one or more companies. Each membership has its
-- role, its company-admin flag, its status and its join date; a session names one of the
-- person's companies. Every user becomes a member of the company they belonged to.
CREATE TABLE memberships (
    company_id      TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role_id         TEXT NOT NULL REFERENCES roles(id),
    company_admin   BOOLEAN NOT NULL DEFAULT FALSE,
    status          TEXT NOT NULL DEFAULT 'active',   -- active | deactivated | removed
    joined_at       BIGINT NOT NULL,
    last_signin_at  BIGINT,
    PRIMARY KEY (company_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id);
CREATE INDEX memberships_role ON memberships (role_id);

INSERT INTO memberships (company_id, user_id, role_id, company_admin, status, joined_at)
SELECT company_id, id, role_id, company_admin, 'active', created_at FROM users;

-- A picture belongs to the person, whichever company they are in.
ALTER TABLE profile_pictures DROP COLUMN company_id;
ALTER TABLE users DROP COLUMN company_id, DROP COLUMN role_id, DROP COLUMN company_admin;
