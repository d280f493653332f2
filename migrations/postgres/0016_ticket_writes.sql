-- Faster ticket writes (docs/benchmarks.md, "Sync (server side...)"), one
-- index and one check less per ticket:
-- * The primary key orders ids as bytes (the column's collation is "C"; ids
--   are lower-case UUIDs, so equality is unchanged) and carries group_id:
--   the pool reads (raffle_id, id, group_id) from it alone, which made
--   participants_raffle_id a second copy of the key.
-- * No foreign key to raffles: its check ran a query for every ticket
--   inserted (a fifth of PostgreSQL's time for 100,000 tickets). Tickets
--   are written only by the push pipeline, under the raffle row it locked
--   in the same transaction, and raffles are never deleted (a deletion
--   leaves a tombstone and removes their tickets), so it never fired.
ALTER TABLE participants DROP CONSTRAINT participants_raffle_id_fkey;
DROP INDEX participants_raffle_id;
ALTER TABLE participants DROP CONSTRAINT participants_pkey;
ALTER TABLE participants ALTER COLUMN id TYPE TEXT COLLATE "C";
ALTER TABLE participants ADD PRIMARY KEY (raffle_id, id) INCLUDE (group_id);
