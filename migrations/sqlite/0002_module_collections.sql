-- Module collections: the spec (the manifest's collection, as JSON) each module's collection
-- table was last migrated to. storage::collections plans schema changes against it; the
-- tables themselves (mod_<module>__<collection>) are created by that migration, not here.

CREATE TABLE module_collections (
    module_key  TEXT NOT NULL,
    collection  TEXT NOT NULL,
    spec        TEXT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (module_key, collection)
);
