-- The Loteria Federal (schema version 5, docs/draw-algorithm.md §12): a
-- raffle's draw method ('seeded' or 'federal') and the extraction it follows
-- ({concurso, extraction_at, rule, digits} as JSON, null when never set); a
-- round's method, the extraction's settings it closed the list for, and the
-- five prizes as entered (a JSON list, null until then).
ALTER TABLE raffles ADD COLUMN draw_method TEXT NOT NULL DEFAULT 'seeded';
ALTER TABLE raffles ADD COLUMN federal TEXT;
ALTER TABLE draws ADD COLUMN method TEXT NOT NULL DEFAULT 'seeded';
ALTER TABLE draws ADD COLUMN federal TEXT;
ALTER TABLE draws ADD COLUMN prizes TEXT;
