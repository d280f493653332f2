package protocol

import (
	"maps"
	"slices"

	"github.com/tidwall/gjson"
)

// payloadKeys lists the fields each op type may carry. A field the server
// does not know is refused (unknown_field) rather than ignored: a device
// that believes it sent something the server dropped would show one thing
// while every other device shows another. Duplicate keys are refused too
// (invalid_payload): JSON readers disagree on which one wins.
var payloadKeys = map[string][]string{
	TypeRaffleCreate: {"id", "code", "title", "description", "type", "winners_count", "countdown_seconds",
		"allow_duplicate_wins", "created_at", "prizes", "alternates_count"},
	TypeRaffleUpdate: {"title", "description", "winners_count", "countdown_seconds", "allow_duplicate_wins",
		"prizes", "alternates_count", "draw_method", "federal"},
	TypeRaffleDelete:     {},
	TypeParticipantsAdd:  {"tickets"},
	TypeParticipantsDrop: {"group_id"},
	TypeDrawStart: {"draw_id", "client_commitment", "pool_digest", "pool_size", "offline", "winners_count",
		"allow_duplicate_wins", "alternates_count", "method", "federal"},
	TypeWinnerRedraw: {"draw_id", "position", "client_commitment", "pool_digest", "pool_size", "offline"},
	TypeDrawComplete: {"draw_id", "client_seed", "offline", "winners", "alternates", "prizes",
		"device_started_at", "device_completed_at", "device_clock_offset"},
	TypeWinnerInvalidate: {"winner_id", "reason"},
	TypeDrawAbandon:      {"draw_id"},
	TypeWinnerPromote:    {"position"},
	TypeDrawCorrect:      {"draw_id", "replaces", "prizes", "winners"},
}

// OpTypes lists, sorted, every op type the decoder knows: the wire catalogue
// (sync/testdata/wire.json) is checked against it, so a type added here
// without the catalogue fails a test.
func OpTypes() []string { return slices.Sorted(maps.Keys(payloadKeys)) }

// ticketKeys are the fields of one ticket in participants.add.
var ticketKeys = []string{"id", "name", "email", "ticket_number", "group_id", "provisional", "phone"}

// onlyKeys refuses an object with a key outside allowed or a key twice.
func onlyKeys(obj gjson.Result, allowed []string) *Rejection {
	var rej *Rejection
	seen := make(map[string]bool, len(allowed))
	obj.ForEach(func(key, _ gjson.Result) bool {
		k := key.String()
		switch {
		case seen[k]:
			rej = Reject(ReasonInvalidPayload)
		case !contains(allowed, k):
			rej = Reject(ReasonUnknownField)
		}
		seen[k] = true
		return rej == nil
	})
	return rej
}

func contains(list []string, s string) bool { return indexOf(list, s) >= 0 }

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
