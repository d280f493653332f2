-- Erasure (docs/security.md, "Deletion erases personal data"): raffles
-- deleted before this version lose what a deletion now erases
-- (store/erase.go): their log's payloads (names and e-mails of
-- participants.add, reasons of winner.invalidate), the reasons for
-- invalidating their winners, and any e-mail left on their tickets. The
-- connections zero what these free (secure_delete); pages freed before
-- this version keep their bytes until a VACUUM (docs/operations.md,
-- "Erasure"). SQLite keeps no statistics of values: nothing runs ANALYZE.
UPDATE changes SET payload = '{}'
    WHERE payload <> '{}' AND raffle_id IN (SELECT id FROM raffles WHERE deleted_at IS NOT NULL);
UPDATE winners SET invalidation_reason = NULL
    WHERE invalidation_reason IS NOT NULL AND raffle_id IN (SELECT id FROM raffles WHERE deleted_at IS NOT NULL);
UPDATE participants SET email = NULL
    WHERE email IS NOT NULL AND raffle_id IN (SELECT id FROM raffles WHERE deleted_at IS NOT NULL);
