-- A Loteria Federal result corrected by a new round (schema version 6,
-- docs/draw-algorithm.md §12.7): the replaced round keeps the time of the
-- correction, the round that replaced it and its winners (a JSON list of
-- {id, position, ticket_id}: they leave the winners table, which holds
-- only the winners in force); the new round names the round it replaces.
ALTER TABLE draws ADD COLUMN replaced_at BIGINT;
ALTER TABLE draws ADD COLUMN replaced_by TEXT;
ALTER TABLE draws ADD COLUMN replaced_winners TEXT;
ALTER TABLE draws ADD COLUMN replaces TEXT;
