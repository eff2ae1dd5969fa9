-- The installed modules, shared by every host instance on this database: the version that
-- runs, the capabilities granted and the package itself, so each instance unpacks and
-- serves what any one of them installed (host/src/modules/registry).
CREATE TABLE module_installations (
    module_key   TEXT PRIMARY KEY,
    version      TEXT NOT NULL,
    digest       TEXT NOT NULL,
    grants       TEXT NOT NULL,
    format       INTEGER NOT NULL,
    archive      BLOB NOT NULL
);
