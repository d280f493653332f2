-- Faster ticket writes (docs/benchmarks.md, "Sync (server side...)"): the
-- table becomes its primary key's b-tree (WITHOUT ROWID), ordered by
-- (raffle_id, id) and holding every column. A ticket then goes into four
-- b-trees instead of six: the rowid table, the primary key's own index and
-- participants_raffle_id (the pool's copy of that key with group_id) were
-- three. There is no foreign key to raffles any more, as in PostgreSQL's
-- 0016: tickets are written only by the push pipeline, under the raffle it
-- read in the same transaction, and raffles are never deleted (a deletion
-- leaves a tombstone and removes their tickets). SQLite changes a table
-- only by rebuilding it, which drops its indexes: the other four are made
-- again with their names (0002's, 0011's and 0015's).
CREATE TABLE participants_new (
    id            TEXT NOT NULL,
    raffle_id     TEXT NOT NULL,
    group_id      TEXT NOT NULL,
    name          TEXT NOT NULL,
    email         TEXT,
    ticket_number TEXT,
    created_at    INTEGER NOT NULL,
    name_key      TEXT NOT NULL DEFAULT '',
    person_head   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (raffle_id, id)
) WITHOUT ROWID;
INSERT INTO participants_new (id, raffle_id, group_id, name, email, ticket_number, created_at, name_key, person_head)
    SELECT id, raffle_id, group_id, name, email, ticket_number, created_at, name_key, person_head FROM participants;
DROP TABLE participants;
ALTER TABLE participants_new RENAME TO participants;
CREATE INDEX participants_raffle_group ON participants (raffle_id, group_id);
CREATE INDEX participants_raffle_number ON participants (raffle_id, ticket_number, group_id);
CREATE INDEX participants_raffle_email ON participants (raffle_id, lower(email)) WHERE email IS NOT NULL;
CREATE INDEX participants_people ON participants (raffle_id, created_at, ticket_number, id, group_id, name_key)
    WHERE person_head = 1;
