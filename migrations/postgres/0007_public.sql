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

-- A person (group) is listed by its first ticket, marked person_head = 1
-- when the group is added; pages of people, and the search by name, read
-- this index alone.
ALTER TABLE participants ADD COLUMN person_head INTEGER NOT NULL DEFAULT 0;
UPDATE participants SET person_head = 1 WHERE id IN
    (SELECT MIN(id COLLATE "C") FROM participants GROUP BY raffle_id, group_id);
CREATE INDEX participants_people ON participants (raffle_id, created_at, id COLLATE "C", group_id, name_key)
    WHERE person_head = 1;
-- Ticket numbers are searched by prefix, as a range of this index, which
-- also names the people.
CREATE INDEX participants_raffle_number ON participants (raffle_id, ticket_number COLLATE "C", group_id);
-- The self-check finds an e-mail's tickets without reading the raffle.
CREATE INDEX participants_raffle_email ON participants (raffle_id, lower(email));
