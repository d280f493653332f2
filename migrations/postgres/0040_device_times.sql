-- An offline round's times on its device's clock (schema version 7,
-- docs/sync-protocol.md "Device times"): when it started and when its result
-- was drawn there (Unix ms), and how far that clock was from the server's at
-- the device's last sync (server minus device, ms). started_at and
-- completed_at stay the server's times of receipt. Null for online rounds,
-- and for offline ones from devices that did not send them.
ALTER TABLE draws ADD COLUMN device_started_at BIGINT;
ALTER TABLE draws ADD COLUMN device_completed_at BIGINT;
ALTER TABLE draws ADD COLUMN device_clock_offset BIGINT;
