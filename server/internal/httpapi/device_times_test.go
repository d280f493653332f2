package httpapi_test

import (
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// An offline round carries its device's times (schema version 7): the server
// keeps them beside its own times of receipt, in the log, the snapshot, the
// public record and the public state. A bad time is refused and stores
// nothing; a device of schema version 6 sends none and its round still counts.
func TestOfflineRoundKeepsTheDeviceTimes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(5, 1)...)
		e, c, rid, pool := d.e, d.c, d.rid, d.pool
		rd := newRound()
		complete, _ := rd.completeOffline(t, pool, 2, false)
		// The device drew an hour before the network came back; its clock was
		// 3 min 5 s behind the server's at its last sync.
		const startedAt, completedAt, offset = int64(1_765_000_000_000), int64(1_765_000_012_000), int64(185_000)

		bad := map[string]any{}
		for k, v := range complete {
			bad[k] = v
		}
		bad["device_started_at"], bad["device_completed_at"] = "agora", completedAt
		start := offline(rd.start(pool))
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", start), c.op(rid, "draw.complete", bad)), "applied", "rejected:invalid_payload")
		if snap := c.snapshot(t, e, rid); !snap.Draws[0].Open() {
			t.Fatalf("a refused completion closed the round: %+v", snap.Draws[0])
		}

		complete["device_started_at"], complete["device_completed_at"], complete["device_clock_offset"] = startedAt, completedAt, offset
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", complete)), "applied")

		done := c.completion(t, e, rid)
		if dt := done.DeviceTimes; dt == nil || dt.DeviceStartedAt != startedAt || dt.DeviceCompletedAt != completedAt || *dt.DeviceClockOffset != offset {
			t.Fatalf("logged completion's device times = %+v", done.DeviceTimes)
		}
		if done.CompletedAt < completedAt+3_600_000 {
			t.Fatalf("completed_at %d is not the server's receipt (the device drew at %d)", done.CompletedAt, completedAt)
		}
		snap := c.snapshot(t, e, rid)
		if dt := snap.Draws[0].Completion.DeviceTimes; dt == nil || dt.DeviceStartedAt != startedAt || dt.DeviceCompletedAt != completedAt || *dt.DeviceClockOffset != offset {
			t.Fatalf("snapshot's device times = %+v", dt)
		}
		a := c.audit(t, e, rid)
		r := a.Draws[0]
		if r.DeviceStartedAt == nil || *r.DeviceStartedAt != startedAt || *r.DeviceCompletedAt != completedAt || *r.DeviceClockOffset != offset ||
			r.CompletedAt != done.CompletedAt || !r.DeviceClockOff() {
			t.Fatalf("audit record = %+v", r)
		}
		_, st, _ := getPublicState(t, e, snap.Raffle.Code)
		for _, w := range st.Winners {
			if !w.Offline || w.DeviceDrawnAt == nil || *w.DeviceDrawnAt != completedAt || *w.DeviceClockOffset != offset || w.DrawnAt != done.CompletedAt {
				t.Fatalf("public winner = %+v", w)
			}
		}
	})
}

func TestOlderDeviceOfflineRoundHasNoDeviceTimes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 1, false, crowd(3, 1)...)
		rd := newRound()
		complete, _ := rd.completeOffline(t, d.pool, 1, false)
		wantStatuses(t, d.c.pushAt(t, d.e, protocol.SchemaVersion-1, d.c.op(d.rid, "draw.start", offline(rd.start(d.pool))),
			d.c.op(d.rid, "draw.complete", complete)), "applied", "applied")
		r := d.c.audit(t, d.e, d.rid).Draws[0]
		if r.Online || r.DeviceStartedAt != nil || r.DeviceCompletedAt != nil || r.DeviceClockOffset != nil || r.DeviceClockOff() {
			t.Fatalf("older device's record = %+v", r)
		}
		_, st, body := getPublicState(t, d.e, d.c.snapshot(t, d.e, d.rid).Raffle.Code)
		if !st.Winners[0].Offline || st.Winners[0].DeviceDrawnAt != nil {
			t.Fatalf("public state = %s", body)
		}
	})
}
