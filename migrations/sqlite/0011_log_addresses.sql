-- Where a change came from: the client's address, for entries made on a person's request.
ALTER TABLE system_logs ADD COLUMN client_addr TEXT;
