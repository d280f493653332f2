package protocol

import (
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// decodeDrawStart reads draw.start, and winner.redraw when redraw is set,
// from a push of the given schema version.
func decodeDrawStart(p gjson.Result, redraw bool, schema int) (Mutation, *Rejection) {
	var m DrawStart
	var ok bool
	if m.DrawID, ok = drawIDField(p); !ok {
		return nil, Reject(ReasonInvalidPayload)
	}
	if method := p.Get("method"); method.Exists() || p.Get("federal").Exists() {
		if redraw || method.Str != MethodFederal || method.Type != gjson.String {
			return nil, Reject(ReasonInvalidPayload)
		}
		return decodeFederalClose(p, m)
	}
	if m.ClientCommitment, ok = hexField(p, "client_commitment"); !ok {
		return nil, Reject(ReasonInvalidPayload)
	}
	if m.PoolDigest, ok = hexField(p, "pool_digest"); !ok {
		return nil, Reject(ReasonInvalidPayload)
	}
	size, rej := reqInt(p, "pool_size")
	if rej != nil || size < 1 {
		return nil, Reject(ReasonInvalidPayload)
	}
	m.PoolSize = size
	if v := p.Get("offline"); v.Exists() {
		if !v.IsBool() {
			return nil, Reject(ReasonInvalidPayload)
		}
		m.Offline = v.Bool()
	}
	if !redraw {
		if rej := decodeSeenSettings(p, &m); rej != nil {
			return nil, rej
		}
		if v := p.Get("alternates_count"); v.Exists() {
			n, rej := reqInt(p, "alternates_count")
			if rej != nil || n < 0 || n > MaxAlternates {
				return nil, Reject(ReasonInvalidPayload)
			}
			m.AlternatesCount = &n
		}
		m.Older = schema > 0 && schema < AlternatesSchemaVersion
		return m, nil
	}
	pos, rej := reqInt(p, "position")
	if rej != nil || pos < 1 || pos > MaxPosition {
		return nil, Reject(ReasonInvalidPayload)
	}
	return WinnerRedraw{DrawStart: m, Position: pos}, nil
}

// decodeSeenSettings reads the settings a first draw's device saw, when sent.
func decodeSeenSettings(p gjson.Result, m *DrawStart) *Rejection {
	if v := p.Get("winners_count"); v.Exists() {
		n, rej := reqInt(p, "winners_count")
		if rej != nil || n < MinWinners || n > MaxWinners {
			return Reject(ReasonInvalidPayload)
		}
		m.WinnersCount = &n
	}
	if v := p.Get("allow_duplicate_wins"); v.Exists() {
		if !v.IsBool() {
			return Reject(ReasonInvalidPayload)
		}
		b := v.Bool()
		m.AllowDuplicateWins = &b
	}
	return nil
}

func decodeDrawComplete(p gjson.Result) (Mutation, *Rejection) {
	var m DrawComplete
	var ok bool
	if m.DrawID, ok = drawIDField(p); !ok {
		return nil, Reject(ReasonInvalidPayload)
	}
	if p.Get("prizes").Exists() {
		// A Loteria Federal result is dated by the server (no device draws it).
		if hasDeviceTimes(p) {
			return nil, Reject(ReasonInvalidPayload)
		}
		return decodeFederalResult(p, m)
	}
	if m.ClientSeed, ok = hexField(p, "client_seed"); !ok {
		return nil, Reject(ReasonInvalidPayload)
	}
	off := p.Get("offline")
	if !off.IsBool() {
		return nil, Reject(ReasonInvalidPayload)
	}
	m.Offline = off.Bool()
	// Winners come with an offline completion and never with an online one,
	// where only the server may compute them.
	list := p.Get("winners")
	if !m.Offline {
		// Online, the server's clock dates the round: a device's times have no place here.
		if list.Exists() && list.Type != gjson.Null || hasDeviceTimes(p) {
			return nil, Reject(ReasonInvalidPayload)
		}
		return m, nil
	}
	if !list.IsArray() {
		return nil, Reject(ReasonInvalidPayload)
	}
	items := list.Array()
	if len(items) < 1 || len(items) > MaxWinners {
		return nil, Reject(ReasonInvalidPayload)
	}
	var ok2 bool
	if m.Winners, ok2 = ticketIDs(items); !ok2 {
		return nil, Reject(ReasonInvalidPayload)
	}
	// Alternates, when the round draws them, come after the winners.
	if alt := p.Get("alternates"); alt.Exists() && alt.Type != gjson.Null {
		if !alt.IsArray() || len(alt.Array()) > MaxAlternates {
			return nil, Reject(ReasonInvalidPayload)
		}
		if m.Alternates, ok2 = ticketIDs(alt.Array()); !ok2 {
			return nil, Reject(ReasonInvalidPayload)
		}
	}
	var rej *Rejection
	if m.Device, rej = decodeDeviceTimes(p); rej != nil {
		return nil, rej
	}
	return m, nil
}

// hasDeviceTimes says whether a completion names any of the device's times.
func hasDeviceTimes(p gjson.Result) bool {
	return p.Get("device_started_at").Exists() || p.Get("device_completed_at").Exists() || p.Get("device_clock_offset").Exists()
}

// decodeDeviceTimes reads an offline completion's times on the device's
// clock (schema version 7): both times or neither, each from 2020 to 2100
// as created_at; the offset, only with them, an integer (ms).
func decodeDeviceTimes(p gjson.Result) (*DeviceTimes, *Rejection) {
	started, completed, offset := p.Get("device_started_at"), p.Get("device_completed_at"), p.Get("device_clock_offset")
	if !started.Exists() && !completed.Exists() {
		if offset.Exists() {
			return nil, Reject(ReasonInvalidPayload)
		}
		return nil, nil
	}
	var d DeviceTimes
	for _, f := range []struct {
		name string
		to   *int64
	}{{"device_started_at", &d.DeviceStartedAt}, {"device_completed_at", &d.DeviceCompletedAt}} {
		n, rej := reqInt(p, f.name)
		if rej != nil || int64(n) < MinCreatedAt || int64(n) >= MaxCreatedAt {
			return nil, Reject(ReasonInvalidPayload)
		}
		*f.to = int64(n)
	}
	if offset.Exists() {
		n, rej := reqInt(p, "device_clock_offset")
		if rej != nil || int64(n) <= -MaxCreatedAt || int64(n) >= MaxCreatedAt {
			return nil, Reject(ReasonInvalidPayload)
		}
		o := int64(n)
		d.DeviceClockOffset = &o
	}
	return &d, nil
}

// ticketIDs reads a list of ticket ids.
func ticketIDs(items []gjson.Result) ([]string, bool) {
	out := make([]string, len(items))
	for i, it := range items {
		if it.Type != gjson.String || !IsUUID(it.Str) {
			return nil, false
		}
		out[i] = it.Str
	}
	return out, true
}

func decodeWinnerInvalidate(p gjson.Result) (Mutation, *Rejection) {
	var m WinnerInvalidate
	w := p.Get("winner_id")
	if w.Type != gjson.String || !IsWinnerID(w.Str) {
		return nil, Reject(ReasonInvalidPayload)
	}
	m.WinnerID = w.Str
	var rej *Rejection
	if m.Reason, rej = optTrimmed(p, "reason", MaxReason, ReasonReasonTooLong); rej != nil {
		return nil, rej
	}
	return m, nil
}

// IsWinnerID reports whether s is {draw_id}:{position}, position 1 to 100
// written without leading zeros.
func IsWinnerID(s string) bool {
	if len(s) < 38 || s[36] != ':' || !IsUUIDv7(s[:36]) {
		return false
	}
	// An alternate called to a place is {first draw}:a{rank}.
	if rank, ok := strings.CutPrefix(s[37:], "a"); ok {
		n, err := strconv.Atoi(rank)
		return err == nil && n >= 1 && n <= MaxAlternates && strconv.Itoa(n) == rank
	}
	n, err := strconv.Atoi(s[37:])
	return err == nil && n >= 1 && n <= MaxPosition && strconv.Itoa(n) == s[37:]
}

// drawIDField reads draw_id, a UUIDv7 made on the device.
func drawIDField(p gjson.Result) (string, bool) {
	v := p.Get("draw_id")
	return v.Str, v.Type == gjson.String && IsUUIDv7(v.Str)
}

// hexField reads a seed, commitment or digest: 64 lower-case hex characters.
func hexField(p gjson.Result, field string) (string, bool) {
	v := p.Get(field)
	return v.Str, v.Type == gjson.String && IsHex256(v.Str)
}

// IsHex256 reports whether s is 32 bytes in lower-case hex.
func IsHex256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
