-- Outside databases a company administrator connects to a module (Database Integration
-- reads an RPA orchestrator's). The password is sealed with a key derived from the host's
-- secret and bound to the row (company, module, id); it is never answered.
CREATE TABLE source_connections (
    id               TEXT PRIMARY KEY,
    company_id       TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    module           TEXT NOT NULL,
    name             TEXT NOT NULL,
    engine           TEXT NOT NULL,
    host             TEXT NOT NULL,
    port             BIGINT NOT NULL,
    database_name    TEXT NOT NULL,
    username         TEXT NOT NULL,
    password_sealed  TEXT,
    tls              TEXT NOT NULL,
    time_zone        TEXT NOT NULL,
    created_by       TEXT,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);
CREATE UNIQUE INDEX source_connections_name ON source_connections (company_id, module, name);
