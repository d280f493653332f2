-- PostgreSQL's 0016 drops participants' foreign key to raffles and lets its
-- primary key stand in for participants_raffle_id. SQLite keeps both: its
-- foreign key check is a lookup in the raffles table, and its ticket inserts
-- defer it (store/tickets.go); dropping the index would take rebuilding the
-- table WITHOUT ROWID, and then its planner, without statistics, read public
-- pages of people and the e-mail self-check through the primary key, every
-- ticket of the raffle (docs/benchmarks.md). Nothing changes here; the file
-- keeps both dialects at one version.
SELECT 1;
