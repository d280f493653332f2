-- The public page (docs/public-live.md): participants searched by name without
-- case or accents, paged in the raffle's order, and the entrant self-check by
-- e-mail. name_key is the name folded by the server (lower case, accents
-- removed) when tickets are added; rows already stored get the same for the
-- Portuguese accents here.
ALTER TABLE participants ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE participants SET name_key =
    replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
    replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
    lower(name),
    'á', 'a'), 'à', 'a'), 'â', 'a'), 'ã', 'a'), 'ä', 'a'), 'é', 'e'), 'ê', 'e'), 'è', 'e'), 'í', 'i'), 'ï', 'i'),
    'ó', 'o'), 'ô', 'o'), 'õ', 'o'), 'ö', 'o'), 'ú', 'u'), 'ü', 'u'), 'ç', 'c'), 'ñ', 'n'),
    'Á', 'a'), 'À', 'a'), 'Â', 'a'), 'Ã', 'a'), 'É', 'e'), 'Ê', 'e'), 'Í', 'i'), 'Ó', 'o'), 'Õ', 'o'), 'Ç', 'c');

-- People in order: one group's tickets together, with what orders them, so
-- a page of people reads the index alone. It replaces (raffle_id, group_id).
DROP INDEX participants_raffle_group;
CREATE INDEX participants_raffle_people ON participants (raffle_id, group_id, created_at, id);
-- The self-check finds an e-mail's tickets without reading the raffle.
CREATE INDEX participants_raffle_email ON participants (raffle_id, lower(email));
