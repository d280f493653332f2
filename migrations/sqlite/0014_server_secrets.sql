-- Secrets of the server itself, each made once (32 random bytes, hex) by the
-- first instance that needs it and then shared by every instance and every
-- restart (docs/operations.md, "Server secrets").
CREATE TABLE server_secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
