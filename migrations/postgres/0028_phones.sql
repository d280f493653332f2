-- Participants' phones (docs/api.md, "Phone numbers"): optional, in E.164,
-- private like the e-mail: read by the organiser's sync and the entrant
-- self-check only, erased with the e-mail when a drawn raffle is deleted,
-- and never sampled by the planner (0020_erasure.sql).
ALTER TABLE participants ADD COLUMN phone TEXT;
ALTER TABLE participants ALTER COLUMN phone SET STATISTICS 0;
-- The self-check by phone: one raffle's tickets of one number.
CREATE INDEX participants_raffle_phone ON participants (raffle_id, phone) WHERE phone IS NOT NULL;
