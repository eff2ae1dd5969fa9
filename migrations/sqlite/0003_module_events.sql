-- Module events and schedules. An event is stored with one delivery row per subscribed
-- module before `publish` answers, so a crash loses nothing; deliveries are claimed
-- with a lease (next_at moves forward) and retried with backoff until delivered.

CREATE TABLE module_events (
    id            TEXT PRIMARY KEY,
    company_id    TEXT NOT NULL,
    source        TEXT NOT NULL,             -- publishing module
    name          TEXT NOT NULL,
    payload       TEXT NOT NULL,             -- JSON
    published_at  BIGINT NOT NULL
);

CREATE TABLE module_deliveries (
    event_id      TEXT NOT NULL REFERENCES module_events(id) ON DELETE CASCADE,
    module_key    TEXT NOT NULL,             -- subscribed module
    company_id    TEXT NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_at       BIGINT NOT NULL,
    delivered_at  BIGINT,
    last_error    TEXT,
    PRIMARY KEY (event_id, module_key)
);
CREATE INDEX module_deliveries_due ON module_deliveries (next_at) WHERE delivered_at IS NULL;

-- When each schedule of each module next runs for each company.
CREATE TABLE module_schedule_runs (
    module_key    TEXT NOT NULL,
    schedule      TEXT NOT NULL,
    company_id    TEXT NOT NULL,
    next_at       BIGINT NOT NULL,
    PRIMARY KEY (module_key, schedule, company_id)
);
