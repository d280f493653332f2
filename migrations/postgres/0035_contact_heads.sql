-- Cheaper ticket writes (docs/bench/2026-11-27-import.md): the e-mail and
-- phone indexes hold one ticket of each person's e-mail and phone, not every
-- ticket. A ticket is a contact head (contact_head = 1) when it has an
-- e-mail or a phone and the ticket before it in its op is of another group
-- or has another e-mail or phone (store/tickets.go): every ticket with an
-- e-mail or a phone then has one in its group with the same ones in the
-- index, and the self-check goes e-mail or phone → groups → their tickets
-- (store/public.go). A ticket-sale import of 10 tickets a buyer writes a
-- tenth of the e-mail index it did. Tickets already stored: the first of
-- each group, e-mail and phone. The indexes' columns stay unsampled
-- (0020_erasure.sql).
ALTER TABLE participants ADD COLUMN contact_head INTEGER NOT NULL DEFAULT 0;
UPDATE participants p SET contact_head = 1 FROM (
    SELECT DISTINCT ON (raffle_id, group_id, email, phone) raffle_id, id FROM participants
    WHERE email IS NOT NULL OR phone IS NOT NULL
    ORDER BY raffle_id, group_id, email, phone, id) h
    WHERE p.raffle_id = h.raffle_id AND p.id = h.id;
DROP INDEX participants_raffle_email;
CREATE INDEX participants_raffle_email ON participants (raffle_id, lower(email))
    WHERE contact_head = 1 AND email IS NOT NULL;
ALTER INDEX participants_raffle_email ALTER COLUMN 2 SET STATISTICS 0;
DROP INDEX participants_raffle_phone;
CREATE INDEX participants_raffle_phone ON participants (raffle_id, phone)
    WHERE contact_head = 1 AND phone IS NOT NULL;
