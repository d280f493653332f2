-- The draw (docs/sync-protocol.md, "Draw ops"): one row per round (a first
-- draw or a redraw of one position) and one per winner. Booleans are 0/1.
CREATE TABLE draws (
    id                   TEXT PRIMARY KEY,
    raffle_id            TEXT NOT NULL REFERENCES raffles (id) ON DELETE CASCADE,
    -- The round's place in the raffle's history (1 is the first draw): a
    -- redraw's pool leaves out the winners of every earlier round.
    round_no             INTEGER NOT NULL,
    kind                 TEXT NOT NULL,
    positions            TEXT NOT NULL, -- JSON array of integers
    client_commitment    TEXT NOT NULL,
    server_commitment    TEXT NOT NULL,
    -- Secret until completed_at is set: never sent before.
    server_seed          TEXT NOT NULL,
    client_seed          TEXT,
    seed                 TEXT,
    -- The round's mode, declared by its start: its completion must use the same.
    offline              INTEGER NOT NULL,
    pool_digest          TEXT NOT NULL,
    pool_size            INTEGER NOT NULL,
    winners_count        INTEGER NOT NULL,
    allow_duplicate_wins INTEGER NOT NULL,
    countdown_seconds    INTEGER NOT NULL,
    started_at           INTEGER NOT NULL,
    completed_at         INTEGER,
    UNIQUE (raffle_id, round_no)
);
-- At most one open round a raffle.
CREATE UNIQUE INDEX draws_open ON draws (raffle_id) WHERE completed_at IS NULL;

CREATE TABLE winners (
    id                  TEXT PRIMARY KEY, -- {draw_id}:{position}
    raffle_id           TEXT NOT NULL REFERENCES raffles (id) ON DELETE CASCADE,
    draw_id             TEXT NOT NULL REFERENCES draws (id) ON DELETE CASCADE,
    position            INTEGER NOT NULL,
    ticket_id           TEXT NOT NULL,
    is_valid            INTEGER NOT NULL DEFAULT 1,
    invalidated_at      INTEGER,
    invalidation_reason TEXT,
    created_at          INTEGER NOT NULL
);
CREATE INDEX winners_raffle ON winners (raffle_id, position);
CREATE INDEX winners_draw ON winners (draw_id);
-- At most one valid winner a position.
CREATE UNIQUE INDEX winners_valid_position ON winners (raffle_id, position) WHERE is_valid = 1;

-- The canonical pool is read in ticket id order; with the group, a draw reads
-- the index alone.
CREATE INDEX participants_raffle_id ON participants (raffle_id, id, group_id);
