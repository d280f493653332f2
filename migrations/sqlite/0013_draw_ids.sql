-- Draw ids are unique within their raffle, as ticket ids are (0006): a draw
-- id used in another account's raffle must answer like an unknown one
-- (docs/sync-protocol.md, "Another account's ids"). A winner's id is
-- {draw_id}:{position}, so winners are keyed per raffle too.
--
-- SQLite changes a primary key only by rebuilding the table. The columns are
-- those of 0003 and 0004: this rebuild, like 0006's, is right only in the
-- shipped order, which migrate enforces (a database that has a later version
-- is never given an earlier one). Order matters with foreign keys on:
-- winners_new references draws_new, both old tables are dropped child first
-- (so the implicit delete of draws cascades to nothing), and renaming
-- draws_new rewrites winners_new's reference to draws.
CREATE TABLE draws_new (
    id                   TEXT NOT NULL,
    raffle_id            TEXT NOT NULL REFERENCES raffles (id) ON DELETE CASCADE,
    round_no             INTEGER NOT NULL,
    kind                 TEXT NOT NULL,
    positions            TEXT NOT NULL,
    client_commitment    TEXT NOT NULL,
    server_commitment    TEXT NOT NULL,
    server_seed          TEXT NOT NULL,
    client_seed          TEXT,
    seed                 TEXT,
    offline              INTEGER NOT NULL,
    pool_digest          TEXT NOT NULL,
    pool_size            INTEGER NOT NULL,
    winners_count        INTEGER NOT NULL,
    allow_duplicate_wins INTEGER NOT NULL,
    countdown_seconds    INTEGER NOT NULL,
    started_at           INTEGER NOT NULL,
    completed_at         INTEGER,
    abandoned_at         INTEGER,
    PRIMARY KEY (raffle_id, id),
    UNIQUE (raffle_id, round_no)
);
INSERT INTO draws_new (id, raffle_id, round_no, kind, positions, client_commitment, server_commitment, server_seed,
    client_seed, seed, offline, pool_digest, pool_size, winners_count, allow_duplicate_wins, countdown_seconds,
    started_at, completed_at, abandoned_at)
    SELECT id, raffle_id, round_no, kind, positions, client_commitment, server_commitment, server_seed,
    client_seed, seed, offline, pool_digest, pool_size, winners_count, allow_duplicate_wins, countdown_seconds,
    started_at, completed_at, abandoned_at FROM draws;

CREATE TABLE winners_new (
    id                  TEXT NOT NULL, -- {draw_id}:{position}
    raffle_id           TEXT NOT NULL REFERENCES raffles (id) ON DELETE CASCADE,
    draw_id             TEXT NOT NULL,
    position            INTEGER NOT NULL,
    ticket_id           TEXT NOT NULL,
    is_valid            INTEGER NOT NULL DEFAULT 1,
    invalidated_at      INTEGER,
    invalidation_reason TEXT,
    created_at          INTEGER NOT NULL,
    PRIMARY KEY (raffle_id, id),
    FOREIGN KEY (raffle_id, draw_id) REFERENCES draws_new (raffle_id, id) ON DELETE CASCADE
);
INSERT INTO winners_new (id, raffle_id, draw_id, position, ticket_id, is_valid, invalidated_at, invalidation_reason, created_at)
    SELECT id, raffle_id, draw_id, position, ticket_id, is_valid, invalidated_at, invalidation_reason, created_at FROM winners;

DROP TABLE winners;
DROP TABLE draws;
ALTER TABLE draws_new RENAME TO draws;
ALTER TABLE winners_new RENAME TO winners;
CREATE UNIQUE INDEX draws_open ON draws (raffle_id) WHERE completed_at IS NULL AND abandoned_at IS NULL;
CREATE INDEX winners_raffle ON winners (raffle_id, position);
CREATE INDEX winners_draw ON winners (raffle_id, draw_id);
CREATE UNIQUE INDEX winners_valid_position ON winners (raffle_id, position) WHERE is_valid = 1;
