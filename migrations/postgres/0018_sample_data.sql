-- The modules a company administrator loaded sample data into (each module marks its own
-- sample records): the getting-started checklist offers to remove it while a row is here.
CREATE TABLE sample_data (
    company_id TEXT NOT NULL,
    module TEXT NOT NULL,
    loaded_at BIGINT NOT NULL,
    PRIMARY KEY (company_id, module)
);
