-- Participants' phones (docs/api.md, "Phone numbers"): optional, in E.164,
-- private like the e-mail: read by the organiser's sync and the entrant
-- self-check only, and erased with the e-mail when a drawn raffle is deleted.
ALTER TABLE participants ADD COLUMN phone TEXT;
-- The self-check by phone: one raffle's tickets of one number.
CREATE INDEX participants_raffle_phone ON participants (raffle_id, phone) WHERE phone IS NOT NULL;
