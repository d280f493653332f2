package protocol

import (
	"strconv"

	"github.com/sorteio/sorteio/sync/draw"
)

// Op types of schema version 2: the draw (docs/sync-protocol.md, "Draw ops").
const (
	TypeDrawStart        = "draw.start"
	TypeWinnerRedraw     = "winner.redraw"
	TypeDrawComplete     = "draw.complete"
	TypeWinnerInvalidate = "winner.invalidate"
	// TypeDrawAbandon is schema version 3: the owner gives up a round whose
	// device never revealed it.
	TypeDrawAbandon = "draw.abandon"
	// TypeWinnerPromote is schema version 4: 'Chamar suplente', the next
	// alternate of the first draw takes an invalidated winner's place.
	TypeWinnerPromote = "winner.promote"
)

// DefaultAbandonGrace is how long after a round's countdown its device
// still has to reveal it before the owner may abandon it (server clock).
const DefaultAbandonGrace int64 = 60_000

// Round kinds and draw limits.
const (
	KindDraw    = "draw"
	KindRedraw  = "redraw"
	MaxPosition = MaxWinners
	MaxReason   = 500
)

// DrawStart opens a first draw: the device's commitment to its seed, the
// pool it saw and, optionally, the settings it draws with.
type DrawStart struct {
	DrawID           string
	ClientCommitment string
	PoolDigest       string
	PoolSize         int
	// Offline declares the round's mode once and for all: its completion
	// must use the same (a round started online, with the server's
	// commitment published, can never be completed with the device's seed
	// alone, which the device could have chosen to pick its winner).
	Offline bool
	// WinnersCount and AllowDuplicateWins, when sent, are the settings the
	// device saw: a device drawing offline must not have its start applied
	// under settings another device changed meanwhile, or its result could
	// never match.
	WinnersCount       *int
	AllowDuplicateWins *bool
	// AlternatesCount, when sent, is the alternates count the device saw
	// (schema version 4), for the same reason.
	AlternatesCount *int
	// Older is set for a device before AlternatesSchemaVersion: it knows
	// nothing of alternates, so its round draws none, whatever the raffle
	// asks (an offline result of its own could never match otherwise).
	Older bool
	// Federal, sent with method 'federal' (schema version 5), closes the
	// list for the extraction the device saw: no commitment, no seed.
	Federal *FederalSettings
}

// WinnerRedraw opens a redraw of one position whose winner was invalidated.
type WinnerRedraw struct {
	DrawStart
	Position int
}

// DrawComplete reveals the device's seed and closes the round. Offline, the
// device drew alone and sends its winners (ticket ids in position order).
type DrawComplete struct {
	DrawID     string
	ClientSeed string
	Offline    bool
	Winners    []string
	// Alternates are an offline first draw's alternates (ticket ids in
	// order), drawn after the winners in the same round.
	Alternates []string
	// Prizes are the five numbers of a Loteria Federal extraction as the
	// organiser typed them (schema version 5); its winners are computed on
	// the device from them and recomputed by the server.
	Prizes []string
	// Device are an offline round's times on its device's clock (schema
	// version 7); nil when the device did not send them.
	Device *DeviceTimes
	// Result is set by Check: what the server records and logs.
	Result *DrawCompleted
}

// DeviceTimes are when an offline round started and when its result was
// drawn on its device's own clock (Unix ms), and how far that clock was
// from the server's at the device's last sync before the round (server
// minus device, ms; nil when the device had never synced). The server's
// own times of the round (started_at, completed_at) are when it received
// them; the device's are when the room saw them (schema version 7).
type DeviceTimes struct {
	DeviceStartedAt   int64  `json:"device_started_at"`
	DeviceCompletedAt int64  `json:"device_completed_at"`
	DeviceClockOffset *int64 `json:"device_clock_offset,omitempty"`
}

// MaxDeviceClockSkew is how far (ms) a device's clock may be from the
// server's at its last sync before its times are said to be off.
const MaxDeviceClockSkew = draw.MaxDeviceClockSkew

// WinnerInvalidate marks a winner invalid, keeping it in the history.
type WinnerInvalidate struct {
	WinnerID string
	Reason   *string
}

// WinnerPromote calls the next unused alternate to a position whose winner
// was invalidated. Which alternate is the server's to say (the next one when
// the op is applied); Result is set by Check.
type WinnerPromote struct {
	Position int
	Result   *WinnerPromoted
}

// WinnerPromoted is the logged winner.promote payload, as the public record
// lists it: the alternate's winner id ({first draw}:a{rank}), the place, the
// rank, its ticket and the server's time.
type WinnerPromoted = draw.Promotion

// DrawAbandon closes an open round without a result: its device was lost
// before revealing. Allowed once the countdown and the grace are over.
type DrawAbandon struct {
	DrawID string
}

// DrawAbandoned is the logged draw.abandon payload.
type DrawAbandoned struct {
	DrawID      string `json:"draw_id"`
	AbandonedAt int64  `json:"abandoned_at"`
}

func (DrawAbandon) OpType() string      { return TypeDrawAbandon }
func (DrawStart) OpType() string        { return TypeDrawStart }
func (WinnerRedraw) OpType() string     { return TypeWinnerRedraw }
func (DrawComplete) OpType() string     { return TypeDrawComplete }
func (WinnerInvalidate) OpType() string { return TypeWinnerInvalidate }
func (WinnerPromote) OpType() string    { return TypeWinnerPromote }

// DrawStarted is a round as it was opened: the logged draw.start and
// winner.redraw payload, with what only the server knows added.
type DrawStarted struct {
	DrawID string `json:"draw_id"`
	// Number orders a raffle's rounds (1 is the first round, abandoned
	// ones included): a redraw's pool leaves out the winners of every
	// round with a lower number.
	Number             int    `json:"round"`
	Kind               string `json:"kind"`
	Positions          []int  `json:"positions"`
	ClientCommitment   string `json:"client_commitment"`
	ServerCommitment   string `json:"server_commitment"`
	PoolDigest         string `json:"pool_digest"`
	PoolSize           int    `json:"pool_size"`
	Offline            bool   `json:"offline"`
	WinnersCount       int    `json:"winners_count"`
	AllowDuplicateWins bool   `json:"allow_duplicate_wins"`
	CountdownSeconds   int    `json:"countdown_seconds"`
	// AlternatesCount is how many alternates a first draw adds after its
	// winners (sorteio-v2); absent, none, as before schema version 4.
	AlternatesCount int `json:"alternates_count,omitempty"`
	// Method is 'federal' for a list closed for a Loteria Federal
	// extraction, with the extraction's settings (absent: the seeded draw).
	Method    string           `json:"method,omitempty"`
	Federal   *FederalSettings `json:"federal,omitempty"`
	StartedAt int64            `json:"started_at"`
	// AbandonableAt is when the owner may abandon the round if its device
	// never reveals it: the countdown's end plus the server's grace.
	AbandonableAt int64 `json:"abandonable_at"`
}

// Completion is how a round ended: the revealed seeds, the seed used and
// the winners. The mode is the round's (DrawStarted.Offline).
type Completion struct {
	ClientSeed  string      `json:"client_seed"`
	ServerSeed  string      `json:"server_seed"`
	Seed        string      `json:"seed"`
	CompletedAt int64       `json:"completed_at"`
	Winners     []WinnerRef `json:"winners"`
	// Alternates are the round's alternates (ticket ids, in order).
	Alternates []string `json:"alternates,omitempty"`
	// Prizes are a Loteria Federal round's five numbers, as entered.
	Prizes []string `json:"prizes,omitempty"`
	// DeviceTimes are an offline round's times on its device's clock, when
	// the device sent them (schema version 7).
	*DeviceTimes
}

// DrawCompleted is the logged draw.complete payload, with the round's mode.
type DrawCompleted struct {
	DrawID  string `json:"draw_id"`
	Offline bool   `json:"offline"`
	Completion
}

// WinnerRef is one winner as a completion names it.
type WinnerRef struct {
	ID       string `json:"id"`
	Position int    `json:"position"`
	TicketID string `json:"ticket_id"`
}

// WinnerInvalidated is the logged winner.invalidate payload.
type WinnerInvalidated struct {
	WinnerID      string  `json:"winner_id"`
	Reason        *string `json:"reason"`
	InvalidatedAt int64   `json:"invalidated_at"`
}

// Round is a round as the rules and snapshots see it: its start and, once
// completed, how it ended. The server seed stays out of it until then.
type Round struct {
	DrawStarted
	*Completion
	RaffleID string `json:"-"`
	// Secret is the server seed (hex), published only with the completion
	// (never for an abandoned round).
	Secret string `json:"-"`
	// AbandonedAt is when the owner abandoned the round (server clock).
	AbandonedAt *int64 `json:"abandoned_at,omitempty"`
	// A Loteria Federal result corrected by a new round (draw.correct):
	// the new round Replaces the old one, which keeps its prizes and
	// winners with ReplacedAt (server clock) and ReplacedBy, and no longer
	// counts.
	Replaces   string `json:"replaces,omitempty"`
	ReplacedAt *int64 `json:"replaced_at,omitempty"`
	ReplacedBy string `json:"replaced_by,omitempty"`
}

// IsFederal says whether the round is a list closed for a Loteria Federal
// extraction.
func (r Round) IsFederal() bool { return r.Method == MethodFederal }

// Open says whether the round still waits for its completion.
func (r Round) Open() bool { return r.Completion == nil && r.AbandonedAt == nil }

// RevealDue is when an online round may be revealed: its countdown's end on
// the server's clock.
func (r Round) RevealDue() int64 { return r.StartedAt + int64(r.CountdownSeconds)*1000 }

// Winner is one winner of a raffle, valid or invalidated.
type Winner struct {
	ID                 string  `json:"id"`
	DrawID             string  `json:"draw_id"`
	Position           int     `json:"position"`
	TicketID           string  `json:"ticket_id"`
	IsValid            bool    `json:"is_valid"`
	InvalidatedAt      *int64  `json:"invalidated_at"`
	InvalidationReason *string `json:"invalidation_reason"`
	// PromotedAt is when an alternate was called to the position (server
	// clock); absent for a winner a round drew.
	PromotedAt *int64 `json:"promoted_at,omitempty"`
}

// AlternateWinnerID is the winner id of the first draw's alternate of that
// rank once called to a place: {draw_id}:a{rank}.
func AlternateWinnerID(drawID string, rank int) string {
	return drawID + ":a" + strconv.Itoa(rank)
}

// WinnerID is a winner's id: its round and position, so a device that drew
// offline names it as the server will.
func WinnerID(drawID string, position int) string {
	return drawID + ":" + strconv.Itoa(position)
}
