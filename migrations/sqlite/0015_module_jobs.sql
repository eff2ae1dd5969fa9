-- Long work a module starts and the host drives a step at a time (an import from an
-- outside database, a back-fill). `next_at` is when a host instance may take the job next:
-- one that runs it moves it ahead (a lease), so instances never run a job twice at once,
-- and a job whose host stopped is resumed once the lease ends.
CREATE TABLE module_jobs (
    id           TEXT PRIMARY KEY,
    company_id   TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    module       TEXT NOT NULL,
    name         TEXT NOT NULL,
    job_key      TEXT,
    input        TEXT NOT NULL,
    state        TEXT NOT NULL,
    progress     TEXT NOT NULL,
    status       TEXT NOT NULL,
    error        TEXT,
    steps        BIGINT NOT NULL DEFAULT 0,
    attempts     BIGINT NOT NULL DEFAULT 0,
    next_at      BIGINT NOT NULL,
    started_by   TEXT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    finished_at  BIGINT
);
CREATE INDEX module_jobs_due ON module_jobs (next_at) WHERE status IN ('running', 'cancelling');
CREATE INDEX module_jobs_list ON module_jobs (company_id, module, created_at);
-- One running job per key (a connection's sync, say).
CREATE UNIQUE INDEX module_jobs_key ON module_jobs (company_id, module, job_key)
    WHERE job_key IS NOT NULL AND status IN ('running', 'cancelling');
