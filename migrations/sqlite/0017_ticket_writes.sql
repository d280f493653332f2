-- Cheaper ticket writes (docs/benchmarks.md, "Ticket writes: the statement
-- journal, one index less, numbers not looked up").
-- * No statement journal. A multi-row INSERT that may stop halfway makes
--   SQLite copy every page it changes into a journal of its own, whatever
--   its conflict clause, and two things could stop one: the foreign key to
--   raffles (declared immediate, so the pragma that defers it comes too late:
--   the statement is compiled as one that may stop) and the e-mail index's
--   lower() (a function call). participants loses that foreign key, as
--   PostgreSQL's did in 0016: tickets are written only by the push pipeline,
--   under the raffle it read in the same transaction, and raffles are never
--   deleted (a deletion leaves a tombstone and removes their tickets), so
--   neither the check nor its cascade ever fired. The e-mail index compares
--   under NOCASE instead, which folds the same ASCII letters SQLite's lower()
--   does (store/public.go asks email = ? COLLATE NOCASE).
-- * One index less: participants_raffle_group carries id, so the draw's pool
--   (id, group_id) reads it alone and Go sorts it by id (store/draws.go);
--   participants_raffle_id, the primary key again with group_id, goes.
-- SQLite drops a foreign key only by rebuilding the table, which drops its
-- indexes: the others are made again as they stood (0007, 0015).
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
);
INSERT INTO participants_new (id, raffle_id, group_id, name, email, ticket_number, created_at, name_key, person_head)
    SELECT id, raffle_id, group_id, name, email, ticket_number, created_at, name_key, person_head FROM participants;
DROP TABLE participants;
ALTER TABLE participants_new RENAME TO participants;
CREATE INDEX participants_raffle_group ON participants (raffle_id, group_id, id);
CREATE INDEX participants_people ON participants (raffle_id, created_at, ticket_number, id, group_id, name_key)
    WHERE person_head = 1;
CREATE INDEX participants_raffle_number ON participants (raffle_id, ticket_number, group_id);
CREATE INDEX participants_raffle_email ON participants (raffle_id, email COLLATE NOCASE) WHERE email IS NOT NULL;

-- * raffles.number_bound: an all-digit number at least as high as every
--   all-digit ticket number of the raffle ('' when it has none). Numbers
--   above it cannot be held, so a push or an import of new tickets looks
--   none of them up (store/tickets.go). Existing raffles get their highest.
ALTER TABLE raffles ADD COLUMN number_bound TEXT NOT NULL DEFAULT '';
UPDATE raffles SET number_bound = coalesce((
    SELECT p.ticket_number FROM participants p
    WHERE p.raffle_id = raffles.id AND p.ticket_number <> '' AND p.ticket_number NOT GLOB '*[^0-9]*'
    ORDER BY length(ltrim(p.ticket_number, '0')) DESC, ltrim(p.ticket_number, '0') DESC LIMIT 1), '');
