-- Faster ticket writes (docs/benchmarks.md, "Sync (server side...)"): the
-- e-mail index keeps only the tickets that have an e-mail, so a ticket
-- without one (most imports) costs one index entry less. The self-check's
-- query says email IS NOT NULL, which lets both databases use it.
DROP INDEX participants_raffle_email;
CREATE INDEX participants_raffle_email ON participants (raffle_id, lower(email)) WHERE email IS NOT NULL;
