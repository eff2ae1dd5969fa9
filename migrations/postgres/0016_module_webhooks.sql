-- Webhooks a module sends through the host: a signed POST of `payload` (JSON text) to
-- `url`, tried until a 2xx answer or its last attempt. The secret is sealed with a key
-- derived from the host's secret and bound to the row (company, module, id); it is never
-- answered. `next_at` is when a host instance may try the delivery next: one that takes it
-- moves it ahead (a lease), so instances never send a delivery twice at once.
CREATE TABLE module_webhooks (
    id             TEXT PRIMARY KEY,
    company_id     TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    module         TEXT NOT NULL,
    url            TEXT NOT NULL,
    secret_sealed  TEXT NOT NULL,
    payload        TEXT NOT NULL,
    status         TEXT NOT NULL,
    attempts       BIGINT NOT NULL DEFAULT 0,
    last_status    BIGINT,
    last_error     TEXT,
    next_at        BIGINT NOT NULL,
    created_at     BIGINT NOT NULL,
    delivered_at   BIGINT
);
CREATE INDEX module_webhooks_due ON module_webhooks (next_at) WHERE status = 'pending';
