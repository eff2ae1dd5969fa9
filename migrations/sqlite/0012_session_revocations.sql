-- The realtime hub asks every second which sessions were revoked since its last look.
CREATE INDEX sessions_revoked ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
