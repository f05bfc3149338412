-- Version 16: the server settings every process that composes mail needs
-- (its address above all), as the last process that read a configuration
-- recorded them: a process that sees none (pbem ingest under an MTA that
-- cleared its environment) takes them from here. Keys are the
-- configuration's ("server.address"); an empty value was recorded unset.
CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
