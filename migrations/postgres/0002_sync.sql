-- Raffles, participants and the per-raffle change log of the sync protocol
-- (docs/sync-protocol.md). Times are Unix milliseconds.
ALTER TABLE users ADD COLUMN feed_seq BIGINT NOT NULL DEFAULT 0;

CREATE TABLE raffles (
    id                   TEXT PRIMARY KEY,
    owner_id             TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code                 TEXT NOT NULL UNIQUE,
    title                TEXT NOT NULL,
    description          TEXT NOT NULL DEFAULT '',
    type                 TEXT NOT NULL,
    status               TEXT NOT NULL,
    winners_count        BIGINT NOT NULL,
    countdown_seconds    BIGINT NOT NULL,
    allow_duplicate_wins BOOLEAN NOT NULL DEFAULT FALSE,
    drawn_at             BIGINT,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL,
    deleted_at           BIGINT,
    -- The head row: head_seq is the last log sequence number, taken under
    -- this row's write lock, so sequence numbers commit in order.
    head_seq             BIGINT NOT NULL DEFAULT 0,
    epoch                BIGINT NOT NULL DEFAULT 1,
    feed_seq             BIGINT NOT NULL DEFAULT 0,
    tickets              BIGINT NOT NULL DEFAULT 0,
    groups_count         BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX raffles_owner_feed ON raffles (owner_id, feed_seq);

CREATE TABLE participants (
    id            TEXT PRIMARY KEY,
    raffle_id     TEXT NOT NULL REFERENCES raffles (id) ON DELETE CASCADE,
    group_id      TEXT NOT NULL,
    name          TEXT NOT NULL,
    email         TEXT,
    ticket_number TEXT,
    created_at    BIGINT NOT NULL
);
CREATE INDEX participants_raffle_group ON participants (raffle_id, group_id);

CREATE TABLE changes (
    raffle_id TEXT NOT NULL REFERENCES raffles (id) ON DELETE CASCADE,
    seq       BIGINT NOT NULL,
    op_id     TEXT NOT NULL,
    type      TEXT NOT NULL,
    payload   TEXT NOT NULL,
    user_id   TEXT NOT NULL,
    at        BIGINT NOT NULL,
    PRIMARY KEY (raffle_id, seq)
);

CREATE TABLE sync_clients (
    id               TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_mutation_id BIGINT NOT NULL DEFAULT 0,
    updated_at       BIGINT NOT NULL
);

-- Every op ever answered, applied or rejected, so a retry gets the same answer.
CREATE TABLE ops (
    op_id       TEXT PRIMARY KEY,
    client_id   TEXT NOT NULL REFERENCES sync_clients (id) ON DELETE CASCADE,
    mutation_id BIGINT NOT NULL,
    raffle_id   TEXT NOT NULL,
    status      TEXT NOT NULL,
    seq         BIGINT,
    reason      TEXT,
    code        TEXT,
    at          BIGINT NOT NULL
);
