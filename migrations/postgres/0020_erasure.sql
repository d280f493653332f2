-- Erasure (docs/security.md, "Deletion erases personal data").
-- * Raffles deleted before this version lose what a deletion now erases
--   (store/erase.go): their log's payloads (names and e-mails of
--   participants.add, reasons of winner.invalidate), the reasons for
--   invalidating their winners, and any e-mail left on their tickets.
-- * The planner's statistics never sample a column that holds personal data:
--   ANALYZE keeps most common values and histogram bounds of each column in
--   pg_statistic, and when a later sample has no row for a column (every
--   e-mail of a partial index erased, an emptied table) it leaves the old
--   ones there. These columns are read by a raffle's id first, so their
--   selectivity never chose a plan. The e-mail index is built again: that
--   drops what was sampled from its expression; what was sampled from the
--   table's columns before this version stays until an operator removes it
--   (docs/operations.md, "Erasure").
UPDATE changes SET payload = '{}'
    WHERE payload <> '{}' AND raffle_id IN (SELECT id FROM raffles WHERE deleted_at IS NOT NULL);
UPDATE winners SET invalidation_reason = NULL
    WHERE invalidation_reason IS NOT NULL AND raffle_id IN (SELECT id FROM raffles WHERE deleted_at IS NOT NULL);
UPDATE participants SET email = NULL
    WHERE email IS NOT NULL AND raffle_id IN (SELECT id FROM raffles WHERE deleted_at IS NOT NULL);

ALTER TABLE participants ALTER COLUMN email SET STATISTICS 0,
    ALTER COLUMN name SET STATISTICS 0,
    ALTER COLUMN name_key SET STATISTICS 0;
ALTER TABLE users ALTER COLUMN email SET STATISTICS 0;
ALTER TABLE identities ALTER COLUMN email SET STATISTICS 0;
ALTER TABLE changes ALTER COLUMN payload SET STATISTICS 0;
ALTER TABLE winners ALTER COLUMN invalidation_reason SET STATISTICS 0;
DROP INDEX participants_raffle_email;
CREATE INDEX participants_raffle_email ON participants (raffle_id, lower(email)) WHERE email IS NOT NULL;
ALTER INDEX participants_raffle_email ALTER COLUMN 2 SET STATISTICS 0;
