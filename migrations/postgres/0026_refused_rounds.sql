-- An op's per-ticket answer is recorded with the op, so a push re-sent after
-- its answer was lost gets the same answer back: how many provisional numbers
-- the server replaced, and the tickets it left out for a taken typed number
-- (JSON, protocol.RefusedTicket), NULL when none.
ALTER TABLE ops ADD COLUMN renumbered BIGINT;
ALTER TABLE ops ADD COLUMN refused TEXT;

-- A round a device drew offline whose start the server refused: the room may
-- have seen its winners, so the public record keeps it as refused, never
-- counted (docs/draw-algorithm.md §11). raffle_id is the server key. The
-- start gives the round; the device's offline completion, refused in turn,
-- adds its revealed seed and winners (JSON: position, ticket_id and, when the
-- ticket is the server's, its number and name) if the seed matches the
-- commitment. Times are Unix milliseconds: device_at from the draw id (the
-- device's clock), refused_at the server's.
CREATE TABLE refused_rounds (
    raffle_id         TEXT NOT NULL REFERENCES raffles (id) ON DELETE CASCADE,
    draw_id           TEXT NOT NULL,
    kind              TEXT NOT NULL,
    positions         TEXT NOT NULL,
    client_commitment TEXT NOT NULL,
    pool_digest       TEXT NOT NULL,
    pool_size         BIGINT NOT NULL,
    reason            TEXT NOT NULL,
    device_at         BIGINT NOT NULL,
    refused_at        BIGINT NOT NULL,
    client_seed       TEXT,
    winners           TEXT,
    revealed_at       BIGINT,
    PRIMARY KEY (raffle_id, draw_id)
);
