-- A ticket raffle's numbers are unique (docs/sync-protocol.md, 'Ticket numbers'): each
-- participants.add looks its numbers up by raffle. Not a unique index: raffles made before the
-- rule may already hold a number twice, and the rule is checked under the raffle's lock.
CREATE INDEX participants_raffle_ticket ON participants (raffle_id, ticket_number);
