-- Draw ids are unique within their raffle, as ticket ids are (0006): a draw
-- id used in another account's raffle must answer like an unknown one
-- (docs/sync-protocol.md, "Another account's ids"). A winner's id is
-- {draw_id}:{position}, so winners are keyed per raffle too.
ALTER TABLE winners DROP CONSTRAINT winners_draw_id_fkey;
ALTER TABLE draws DROP CONSTRAINT draws_pkey, ADD PRIMARY KEY (raffle_id, id);
ALTER TABLE winners DROP CONSTRAINT winners_pkey, ADD PRIMARY KEY (raffle_id, id),
    ADD CONSTRAINT winners_draw_fkey FOREIGN KEY (raffle_id, draw_id) REFERENCES draws (raffle_id, id) ON DELETE CASCADE;
DROP INDEX winners_draw;
CREATE INDEX winners_draw ON winners (raffle_id, draw_id);
