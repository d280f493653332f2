-- Abandoned rounds (docs/sync-protocol.md, "draw.abandon"): a round the owner
-- gave up after its device never revealed it. It stays in the public record;
-- only an open round (neither completed nor abandoned) blocks a new one.
ALTER TABLE draws ADD COLUMN abandoned_at BIGINT;
DROP INDEX draws_open;
CREATE UNIQUE INDEX draws_open ON draws (raffle_id) WHERE completed_at IS NULL AND abandoned_at IS NULL;
