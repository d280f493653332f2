-- Ticket ids are unique within their raffle, not across every account: a
-- ticket id used in another account's raffle must answer like an unknown one
-- (docs/sync-protocol.md, "Another account's ids").
ALTER TABLE participants DROP CONSTRAINT participants_pkey, ADD PRIMARY KEY (raffle_id, id);
