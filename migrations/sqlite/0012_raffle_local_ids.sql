-- A raffle's id is the owner's (docs/sync-protocol.md, "Another account's
-- ids"): local_id is the id the owner's devices made and use, unique per
-- owner; id stays the server's key, which every other table references and
-- public pages know. They are equal unless the device's id was already the
-- key of another account's raffle when the raffle was created: the server
-- then drew a fresh key, and nothing the owner sees shows it.
ALTER TABLE raffles ADD COLUMN local_id TEXT NOT NULL DEFAULT '';
UPDATE raffles SET local_id = id;
CREATE UNIQUE INDEX raffles_owner_local ON raffles (owner_id, local_id);
