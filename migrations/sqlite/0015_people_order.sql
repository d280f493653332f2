-- The public list orders people by creation, then by their first ticket's
-- number, then by id: tickets added by one op share created_at, and ids made
-- elsewhere than the PWA (which makes them increasing) need not follow the
-- order the people were given in. The index carries the number, so pages
-- still read it in order without sorting. NULLS FIRST is SQLite's own order
-- for ascending columns; the query writes it out for PostgreSQL.
DROP INDEX participants_people;
CREATE INDEX participants_people ON participants (raffle_id, created_at, ticket_number, id, group_id, name_key)
    WHERE person_head = 1;
