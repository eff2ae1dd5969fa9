-- Host schema: companies, accounts, sessions, one-time codes, rate limits, mail, logs.
-- Times are unix seconds (BIGINT) and flags BOOLEAN (INTEGER 0/1 in the SQLite schema).

CREATE TABLE companies (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    name_key        TEXT NOT NULL UNIQUE,      -- lower-cased, trimmed: names are unique ignoring case
    edition         TEXT NOT NULL DEFAULT 'community',
    country         TEXT NOT NULL DEFAULT '',
    currency_name   TEXT NOT NULL DEFAULT 'USD',
    currency_symbol TEXT NOT NULL DEFAULT '$',
    created_at      BIGINT NOT NULL
);

CREATE TABLE roles (
    id          TEXT PRIMARY KEY,
    company_id  TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    rights      TEXT NOT NULL,                 -- JSON map: module key -> { view, disabled }
    created_at  BIGINT NOT NULL,
    UNIQUE (company_id, name)
);

CREATE TABLE users (
    id              TEXT PRIMARY KEY,
    company_id      TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    role_id         TEXT NOT NULL REFERENCES roles(id),
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
    is_admin        BOOLEAN NOT NULL DEFAULT FALSE,
    disabled        BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      BIGINT NOT NULL,
    UNIQUE (social_provider, social_subject)
);
CREATE INDEX users_company ON users (company_id);

CREATE TABLE profile_pictures (
    user_id     TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    company_id  TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    mimetype    TEXT NOT NULL,
    data        BYTEA NOT NULL,
    updated_at  BIGINT NOT NULL
);

CREATE TABLE sessions (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    company_id  TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    revoked_at  BIGINT
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE signup_codes (
    email       TEXT PRIMARY KEY,
    code_hash   TEXT NOT NULL,
    firstname   TEXT NOT NULL,
    lastname    TEXT NOT NULL,
    attempts    BIGINT NOT NULL DEFAULT 0,
    sent_at     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    verified_at BIGINT
);

CREATE TABLE reset_codes (
    code_hash   TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);
CREATE INDEX reset_codes_user ON reset_codes (user_id);

CREATE TABLE social_nonces (
    nonce_hash  TEXT PRIMARY KEY,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);

CREATE TABLE rate_limits (
    bucket        TEXT NOT NULL,
    window_start  BIGINT NOT NULL,
    hits          BIGINT NOT NULL,
    PRIMARY KEY (bucket, window_start)
);

CREATE TABLE mail_outbox (
    id          TEXT PRIMARY KEY,
    recipient   TEXT NOT NULL,
    subject     TEXT NOT NULL,
    text_body   TEXT NOT NULL,
    html_body   TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, created_at);

CREATE TABLE notifications (
    id          TEXT PRIMARY KEY,
    company_id  TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    message     TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    read_at     BIGINT
);
CREATE INDEX notifications_user ON notifications (company_id, user_id, created_at);

CREATE TABLE system_logs (
    id          TEXT PRIMARY KEY,
    company_id  TEXT,                          -- NULL for platform events
    user_id     TEXT,
    level       TEXT NOT NULL,
    event       TEXT NOT NULL,
    message     TEXT NOT NULL,
    request_id  TEXT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX system_logs_company ON system_logs (company_id, created_at);

CREATE TABLE masters (
    id          TEXT PRIMARY KEY,
    company_id  TEXT REFERENCES companies(id) ON DELETE CASCADE,   -- NULL: the default list of every company
    kind        TEXT NOT NULL,
    name        TEXT NOT NULL,
    sort        BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX masters_company ON masters (company_id, kind, sort);

CREATE TABLE enterprise_subscribers (
    id                      TEXT PRIMARY KEY,
    company_id              TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id                 TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    community_user_email    TEXT NOT NULL,
    community_user_company  TEXT NOT NULL,
    username                TEXT NOT NULL,
    email                   TEXT NOT NULL,
    country                 TEXT NOT NULL,
    contact_number          TEXT NOT NULL,
    created_at              BIGINT NOT NULL
);

INSERT INTO masters (id, company_id, kind, name, sort) VALUES
  ('dept-1', NULL, 'department', 'Finance & Accounting', 1),
  ('dept-2', NULL, 'department', 'Human Resources', 2),
  ('dept-3', NULL, 'department', 'Information Technology', 3),
  ('dept-4', NULL, 'department', 'Sales and Marketing', 4),
  ('dept-5', NULL, 'department', 'Legal', 5),
  ('dept-6', NULL, 'department', 'Production', 6),
  ('dept-7', NULL, 'department', 'Research and Development', 7),
  ('dept-8', NULL, 'department', 'Others', 8),
  ('tcat-1', NULL, 'ticket_category', 'Bot failure', 1),
  ('tcat-2', NULL, 'ticket_category', 'Change request', 2),
  ('tcat-3', NULL, 'ticket_category', 'Access request', 3),
  ('tcat-4', NULL, 'ticket_category', 'Infrastructure', 4),
  ('tcat-5', NULL, 'ticket_category', 'Question', 5),
  ('tpri-1', NULL, 'ticket_priority', 'Critical', 1),
  ('tpri-2', NULL, 'ticket_priority', 'High', 2),
  ('tpri-3', NULL, 'ticket_priority', 'Medium', 3),
  ('tpri-4', NULL, 'ticket_priority', 'Low', 4);
