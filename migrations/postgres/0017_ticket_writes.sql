-- raffles.number_bound: an all-digit number at least as high as every
-- all-digit ticket number of the raffle ('' when it has none). Numbers above
-- it cannot be held, so a push or an import of new tickets looks none of them
-- up (store/tickets.go). Existing raffles get their highest. SQLite's 0017
-- also drops participants' foreign key to raffles, which PostgreSQL's 0016
-- already did.
ALTER TABLE raffles ADD COLUMN number_bound TEXT NOT NULL DEFAULT '';
UPDATE raffles r SET number_bound = coalesce((
    SELECT p.ticket_number FROM participants p
    WHERE p.raffle_id = r.id AND p.ticket_number ~ '^[0-9]+$'
    ORDER BY length(ltrim(p.ticket_number, '0')) DESC, ltrim(p.ticket_number, '0') COLLATE "C" DESC LIMIT 1), '');
