-- Bookkeeping is dropped after the operator's retention (AUTOSCOPE_BOOKKEEPING_RETENTION_DAYS):
-- these find the old rows without reading the whole table every hour.
CREATE INDEX module_events_published ON module_events (published_at);
CREATE INDEX mail_outbox_created ON mail_outbox (created_at);
CREATE INDEX module_jobs_finished ON module_jobs (finished_at) WHERE finished_at IS NOT NULL;
CREATE INDEX module_webhooks_created ON module_webhooks (created_at);
