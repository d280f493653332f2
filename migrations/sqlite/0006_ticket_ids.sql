-- Ticket ids are unique within their raffle, not across every account: a
-- ticket id used in another account's raffle must answer like an unknown one
-- (docs/sync-protocol.md, "Another account's ids"). SQLite changes a primary
-- key only by rebuilding the table, which drops its indexes: both are made
-- again with their names (0002's and 0003's). The columns are those of
-- 0002; 0007 adds name_key and person_head to the rebuilt table.
CREATE TABLE participants_new (
    id            TEXT NOT NULL,
    raffle_id     TEXT NOT NULL REFERENCES raffles (id) ON DELETE CASCADE,
    group_id      TEXT NOT NULL,
    name          TEXT NOT NULL,
    email         TEXT,
    ticket_number TEXT,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (raffle_id, id)
);
INSERT INTO participants_new (id, raffle_id, group_id, name, email, ticket_number, created_at)
    SELECT id, raffle_id, group_id, name, email, ticket_number, created_at FROM participants;
DROP TABLE participants;
ALTER TABLE participants_new RENAME TO participants;
CREATE INDEX participants_raffle_group ON participants (raffle_id, group_id);
CREATE INDEX participants_raffle_id ON participants (raffle_id, id, group_id);
