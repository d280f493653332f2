-- Prizes and alternates (docs/sync-protocol.md, "Prizes and alternates").
-- prizes: the raffle's prize per position, a JSON list of {position, name}
-- in position order; alternates_count: how many alternates its first draw
-- adds after the winners (0-10).
ALTER TABLE raffles ADD COLUMN prizes TEXT NOT NULL DEFAULT '[]';
ALTER TABLE raffles ADD COLUMN alternates_count INTEGER NOT NULL DEFAULT 0;
