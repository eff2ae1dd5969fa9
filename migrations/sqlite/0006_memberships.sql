-- no-transaction
-- Teams: a person (one account) belongs to one or more companies. Each membership has its
-- role, its company-admin flag, its status and its join date; a session names one of the
-- person's companies. Every user becomes a member of the company they belonged to.
--
-- SQLite cannot drop a column that a foreign key names, so `users` and `profile_pictures`
-- are rebuilt (SQLite's documented 12-step procedure): foreign keys off outside the
-- transaction, new table, copy, drop, rename, check, on again.
PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE memberships (
    company_id      TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role_id         TEXT NOT NULL REFERENCES roles(id),
    company_admin   INTEGER NOT NULL DEFAULT 0,
    status          TEXT NOT NULL DEFAULT 'active',   -- active | deactivated | removed
    joined_at       BIGINT NOT NULL,
    last_signin_at  BIGINT,
    PRIMARY KEY (company_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id);
CREATE INDEX memberships_role ON memberships (role_id);

INSERT INTO memberships (company_id, user_id, role_id, company_admin, status, joined_at)
SELECT company_id, id, role_id, company_admin, 'active', created_at FROM users;

CREATE TABLE users_new (
    id              TEXT PRIMARY KEY,
    email           TEXT NOT NULL UNIQUE,      -- lower-cased
    firstname       TEXT NOT NULL,
    lastname        TEXT NOT NULL,
    password_hash   TEXT,                      -- NULL for accounts created by social sign-in
    gender          TEXT NOT NULL DEFAULT '',
    country         TEXT NOT NULL DEFAULT '',
    department      TEXT NOT NULL DEFAULT '',
    job_title       TEXT NOT NULL DEFAULT '',
    social_provider TEXT,
    social_subject  TEXT,
    is_admin        INTEGER NOT NULL DEFAULT 0,
    disabled        INTEGER NOT NULL DEFAULT 0,
    created_at      BIGINT NOT NULL,
    UNIQUE (social_provider, social_subject)
);
INSERT INTO users_new (id, email, firstname, lastname, password_hash, gender, country, department, job_title,
                       social_provider, social_subject, is_admin, disabled, created_at)
SELECT id, email, firstname, lastname, password_hash, gender, country, department, job_title,
       social_provider, social_subject, is_admin, disabled, created_at FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;

-- A picture belongs to the person, whichever company they are in.
CREATE TABLE profile_pictures_new (
    user_id     TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    mimetype    TEXT NOT NULL,
    data        BLOB NOT NULL,
    updated_at  BIGINT NOT NULL
);
INSERT INTO profile_pictures_new (user_id, mimetype, data, updated_at)
SELECT user_id, mimetype, data, updated_at FROM profile_pictures;
DROP TABLE profile_pictures;
ALTER TABLE profile_pictures_new RENAME TO profile_pictures;

COMMIT;
PRAGMA foreign_keys = ON;
