-- A first draw's alternates (sorteio-v2, docs/draw-algorithm.md §5a): how
-- many the round draws after its winners, fixed at its start, and, once it
-- is completed, their ticket ids in order as a JSON list.
ALTER TABLE draws ADD COLUMN alternates_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE draws ADD COLUMN alternates TEXT NOT NULL DEFAULT '[]';
-- An alternate called to a place ('Chamar suplente') is a winner of the
-- first draw, id {draw}:a{rank}, with the time of the call; null for the
-- winners a round drew.
ALTER TABLE winners ADD COLUMN promoted_at BIGINT;
