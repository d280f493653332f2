package protocol

import "encoding/json"

// Op types of schema version 1. Later versions add the draw ops; an unknown
// type is a rejection, never a crash.
const (
	TypeRaffleCreate     = "raffle.create"
	TypeRaffleUpdate     = "raffle.update"
	TypeRaffleDelete     = "raffle.delete"
	TypeParticipantsAdd  = "participants.add"
	TypeParticipantsDrop = "participants.remove_group"
)

// Limits from the product spec, enforced on every path.
const (
	MinWinners       = 1
	MaxWinners       = 100
	MaxCountdown     = 300
	MaxTitle         = 200
	MaxDescription   = 2000
	MaxName          = 200
	MaxEmail         = 254
	MaxTicketNumber  = 20
	MaxBatch         = 5000
	MaxTickets       = 100_000
	MaxPeople        = 10_000
	MaxTicketsPerOne = 1000
	MaxOpsPerPush    = 500
	// MaxImportBytes is the largest spreadsheet or CSV an import reads (sync/importfile).
	MaxImportBytes = 10 << 20
	// MaxPushBytes is the server's default cap on a request body, a push
	// being the largest (MAX_BODY_BYTES sets another). The PWA sends
	// batches of at most 8 MiB, so one op of megabytes still fits.
	MaxPushBytes = 32 << 20
)

// Bounds of the envelope and of times a device sends.
const (
	// MaxSafeInteger is the largest mutation_id: JavaScript counts in
	// doubles, and above 2^53−1 two ids could read as one.
	MaxSafeInteger = 1<<53 - 1
	// MinCreatedAt is 2020-01-01T00:00:00Z: nothing was made before the app.
	MinCreatedAt = 1_577_836_800_000
	// MaxCreatedAt is 2100-01-01T00:00:00Z, the bound Decode can check with
	// no clock; Check then allows at most MaxClockAhead past the server's.
	MaxCreatedAt = 4_102_444_800_000
	// MaxClockAhead is how far ahead of the server's clock a device's
	// created_at may be (a device whose clock runs a little fast still
	// works; the year 33658 does not).
	MaxClockAhead = 24 * 60 * 60 * 1000
)

// Raffle statuses and types.
const (
	StatusPending    = "pending"
	StatusInProgress = "in_progress"
	StatusCompleted  = "completed"
	RaffleSimple     = "simple"
	RaffleTickets    = "tickets"
)

// Op is one change as a client sends it.
type Op struct {
	OpID       string          `json:"op_id"`
	MutationID int64           `json:"mutation_id"`
	RaffleID   string          `json:"raffle_id"`
	Type       string          `json:"type"`
	BaseSeq    int64           `json:"base_seq"`
	Payload    json.RawMessage `json:"payload"`
	// SchemaVersion is the version the push named (not a key of the op):
	// what a device before a version draws depends on it. Zero, for ops
	// the server makes itself, reads as the current version.
	SchemaVersion int `json:"-"`
}

// Raffle is a raffle's state as the rules see it.
type Raffle struct {
	ID                 string `json:"id"`
	OwnerID            string `json:"-"`
	Code               string `json:"code"`
	Title              string `json:"title"`
	Description        string `json:"description"`
	Type               string `json:"type"`
	Status             string `json:"status"`
	WinnersCount       int    `json:"winners_count"`
	CountdownSeconds   int    `json:"countdown_seconds"`
	AllowDuplicateWins bool   `json:"allow_duplicate_wins"`
	DrawnAt            *int64 `json:"drawn_at"`
	CreatedAt          int64  `json:"created_at"`
	Deleted            bool   `json:"deleted,omitempty"`
	// Prizes name what positions win (schema version 4), in position
	// order, without empty names; AlternatesCount is how many alternates
	// the first draw adds after the winners (0..MaxAlternates).
	Prizes          []Prize `json:"prizes"`
	AlternatesCount int     `json:"alternates_count"`
	// DrawMethod and Federal (schema version 5): 'federal' draws by the
	// Loteria Federal extraction Federal names; absent, the seeded draw.
	DrawMethod string           `json:"draw_method,omitempty"`
	Federal    *FederalSettings `json:"federal,omitempty"`
}

// Mutation is a decoded, field-valid op payload.
type Mutation interface {
	OpType() string
}

// RaffleCreate makes a new raffle.
type RaffleCreate struct {
	Raffle Raffle
}

// RaffleUpdate changes some settings; nil fields are left alone.
type RaffleUpdate struct {
	Title              *string `json:"title,omitempty"`
	Description        *string `json:"description,omitempty"`
	WinnersCount       *int    `json:"winners_count,omitempty"`
	CountdownSeconds   *int    `json:"countdown_seconds,omitempty"`
	AllowDuplicateWins *bool   `json:"allow_duplicate_wins,omitempty"`
	// Prizes lists the positions whose prize changed (an empty name clears
	// one); each position is its own last-writer-wins field.
	Prizes          []Prize `json:"prizes,omitempty"`
	AlternatesCount *int    `json:"alternates_count,omitempty"`
	// DrawMethod and Federal are two fields (schema version 5): switching
	// back to the seeded draw keeps the extraction's settings.
	DrawMethod *string          `json:"draw_method,omitempty"`
	Federal    *FederalSettings `json:"federal,omitempty"`
}

// RaffleDelete removes a raffle (it stays as a tombstone in the feed).
type RaffleDelete struct{}

// Ticket is one participant row: one ticket of one person (group).
type Ticket struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	Email        *string `json:"email"`
	TicketNumber *string `json:"ticket_number"`
	GroupID      string  `json:"group_id"`
	// Phone is the person's phone in E.164 (the phone rule), private like
	// the e-mail: absent from the JSON when none, so ops and changes of
	// people without one read as before.
	Phone *string `json:"phone,omitempty"`
	// Provisional marks a number the device chose by itself (an empty
	// number in the form, a quantity or names import): on a clash the
	// server gives the next free one instead of refusing the op. Never
	// logged: what devices pull is the number stored.
	Provisional bool `json:"provisional,omitempty"`
}

// ParticipantsAdd adds a batch of tickets.
type ParticipantsAdd struct {
	Tickets []Ticket `json:"tickets"`
	// Renumbered counts the provisional numbers the rules replaced (not
	// sent or logged: the push result says so, and the device rebuilds).
	Renumbered int `json:"-"`
	// Refused lists the tickets left out for a taken typed number (the push
	// result carries it; the op is applied with the others).
	Refused []RefusedTicket `json:"-"`
}

// ParticipantsRemoveGroup removes one person and all their tickets.
type ParticipantsRemoveGroup struct {
	GroupID string `json:"group_id"`
}

func (RaffleCreate) OpType() string            { return TypeRaffleCreate }
func (RaffleUpdate) OpType() string            { return TypeRaffleUpdate }
func (RaffleDelete) OpType() string            { return TypeRaffleDelete }
func (ParticipantsAdd) OpType() string         { return TypeParticipantsAdd }
func (ParticipantsRemoveGroup) OpType() string { return TypeParticipantsDrop }

// ApplyTo sets the update's fields on r (last writer wins per field).
func (u RaffleUpdate) ApplyTo(r *Raffle) {
	if u.Title != nil {
		r.Title = *u.Title
	}
	if u.Description != nil {
		r.Description = *u.Description
	}
	if u.WinnersCount != nil {
		r.WinnersCount = *u.WinnersCount
	}
	if u.CountdownSeconds != nil {
		r.CountdownSeconds = *u.CountdownSeconds
	}
	if u.AllowDuplicateWins != nil {
		r.AllowDuplicateWins = *u.AllowDuplicateWins
	}
	if u.Prizes != nil {
		r.Prizes = MergePrizes(r.Prizes, u.Prizes)
	}
	if u.AlternatesCount != nil {
		r.AlternatesCount = *u.AlternatesCount
	}
	if u.DrawMethod != nil {
		r.DrawMethod = *u.DrawMethod
	}
	if u.Federal != nil {
		f := *u.Federal
		r.Federal = &f
	}
}
