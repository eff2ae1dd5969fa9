-- A company's administrator manages what belongs to the whole company (SLA policies,
-- API keys, ...). The user who created the company is its first one.
ALTER TABLE users ADD COLUMN company_admin BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE users SET company_admin = TRUE
 WHERE id = (SELECT f.id FROM users f WHERE f.company_id = users.company_id ORDER BY f.created_at, f.id LIMIT 1);
