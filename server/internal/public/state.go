// Package public is the raffle as anyone may see it (docs/public-live.md):
// the projection of the stored view into the public page's JSON, with
// e-mails masked and without user ids, invalidation reasons or unrevealed
// seeds, which the types here have no field for.
package public

import (
	"strings"
	"time"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/sync/protocol"
)

// State is the public state of a raffle (GET /api/public/raffles/{code} and
// the WebSocket's "state" message).
type State struct {
	Type       string   `json:"type,omitempty"` // "state" on the WebSocket only
	Seq        int64    `json:"seq"`
	ServerTime int64    `json:"server_time"`
	Raffle     Raffle   `json:"raffle"`
	Counts     Counts   `json:"counts"`
	Round      *Round   `json:"round"`
	Winners    []Winner `json:"winners"`
	// Alternates are the first draw's alternates ('Suplentes'), in order;
	// [] before it completes or without any.
	Alternates  []Alternate `json:"alternates"`
	NamesSample []string    `json:"names_sample"`
	// AbandonedRound is the raffle's latest round when its organiser
	// abandoned it (no round came after): the page says so to anyone.
	AbandonedRound *AbandonedRound `json:"abandoned_round"`
	// Corrections are the Loteria Federal results replaced by a correction
	// (oldest first; [] when none): the page says 'Resultado corrigido'.
	Corrections []Correction `json:"corrections"`
}

// Correction is a replaced Loteria Federal result: its round, the round
// that replaced it and when (server time), and its five prizes as entered.
type Correction struct {
	RoundID    string   `json:"round_id"`
	ReplacedBy string   `json:"replaced_by"`
	ReplacedAt int64    `json:"replaced_at"`
	Prizes     []string `json:"prizes"`
}

// AbandonedRound names an abandoned round and when (server time).
type AbandonedRound struct {
	ID          string `json:"id"`
	AbandonedAt int64  `json:"abandoned_at"`
}

// Alternate is one alternate of the first draw; Rank is 1 for the first.
type Alternate struct {
	Rank         int     `json:"rank"`
	TicketNumber *string `json:"ticket_number"`
	Name         string  `json:"name"`
	Email        *string `json:"email"`
	// CalledTo is the position the alternate was called to ('Chamar
	// suplente'), absent while it was not.
	CalledTo int `json:"called_to,omitempty"`
}

// Raffle is the raffle's public header.
type Raffle struct {
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
	// Prizes are those of positions 1..winners_count; AlternatesCount is
	// how many alternates the first draw adds.
	Prizes          []protocol.Prize `json:"prizes"`
	AlternatesCount int              `json:"alternates_count"`
	// Federal names the Loteria Federal extraction whose result decides
	// the winners (absent for the seeded draw): viewers read 'Resultado
	// pela Loteria Federal, concurso 5732 de 18/01/2023'.
	Federal *protocol.FederalSettings `json:"federal,omitempty"`
}

// Counts are the raffle's people (groups) and tickets.
type Counts struct {
	People  int `json:"people"`
	Tickets int `json:"tickets"`
}

// Round is the open round: its countdown ends on the server's clock.
type Round struct {
	ID              string `json:"id"`
	StartedAt       int64  `json:"started_at"`
	CountdownEndsAt int64  `json:"countdown_ends_at"`
	Offline         bool   `json:"offline"`
	Positions       []int  `json:"positions"`
	// PoolDigest (SHA-256, hex) and PoolSize are the pool the round draws
	// from, published at its start: the room sees the list was closed
	// before the result existed.
	PoolDigest string `json:"pool_digest"`
	PoolSize   int    `json:"pool_size"`
}

// Winner is one winner of any round, valid or not.
type Winner struct {
	Position      int     `json:"position"`
	TicketNumber  *string `json:"ticket_number"`
	Name          string  `json:"name"`
	Email         *string `json:"email"`
	Valid         bool    `json:"valid"`
	InvalidatedAt *int64  `json:"invalidated_at"`
	RoundID       string  `json:"round_id"`
	DrawnAt       int64   `json:"drawn_at"`
	// Promoted marks an alternate called to the place; DrawnAt is the
	// time of the call.
	Promoted bool `json:"promoted,omitempty"`
	// Offline marks a winner drawn on the organiser's device without a
	// connection: DrawnAt is then when the server received the result, and
	// DeviceDrawnAt when the device drew it (its own clock), with how far
	// that clock was from the server's at its last sync (server minus
	// device, ms), when the device sent them (schema version 7).
	Offline           bool   `json:"offline,omitempty"`
	DeviceDrawnAt     *int64 `json:"device_drawn_at,omitempty"`
	DeviceClockOffset *int64 `json:"device_clock_offset,omitempty"`
}

// Project turns a stored view into the public state at now.
func Project(v store.PublicView, now time.Time) State {
	r := v.Raffle
	s := State{
		Seq: v.Seq, ServerTime: now.UnixMilli(),
		Raffle: Raffle{Code: r.Code, Title: r.Title, Description: r.Description, Type: r.Type, Status: r.Status,
			WinnersCount: r.WinnersCount, CountdownSeconds: r.CountdownSeconds, AllowDuplicateWins: r.AllowDuplicateWins,
			DrawnAt: r.DrawnAt, CreatedAt: r.CreatedAt, Prizes: protocol.ShownPrizes(r.Prizes, r.WinnersCount),
			AlternatesCount: r.AlternatesCount},
		Counts:      Counts{People: v.People, Tickets: v.Tickets},
		Winners:     make([]Winner, len(v.Winners)),
		NamesSample: v.Names,
	}
	if r.IsFederal() {
		s.Raffle.Federal = r.Federal
	}
	if rd := v.Round; rd != nil {
		s.Round = &Round{ID: rd.ID, StartedAt: rd.StartedAt, CountdownEndsAt: rd.StartedAt + int64(rd.CountdownSeconds)*1000,
			Offline: rd.Offline, Positions: rd.Positions, PoolDigest: rd.PoolDigest, PoolSize: rd.PoolSize}
		// A closed list counts down to its extraction (its settings are
		// the raffle's, frozen since the list closed).
		if r.IsFederal() && r.Federal != nil {
			s.Round.CountdownEndsAt = r.Federal.ExtractionAt
		}
	}
	for i, w := range v.Winners {
		s.Winners[i] = Winner{Position: w.Position, TicketNumber: w.TicketNumber, Name: w.Name, Email: MaskPtr(w.Email),
			Valid: w.Valid, InvalidatedAt: w.InvalidatedAt, RoundID: w.DrawID, DrawnAt: w.DrawnAt, Promoted: w.Promoted,
			Offline: w.Offline, DeviceDrawnAt: w.DeviceDrawnAt, DeviceClockOffset: w.DeviceClockOffset}
	}
	s.Alternates = make([]Alternate, len(v.Alternates))
	for i, a := range v.Alternates {
		s.Alternates[i] = Alternate{Rank: a.Rank, TicketNumber: a.TicketNumber, Name: a.Name, Email: MaskPtr(a.Email), CalledTo: a.CalledTo}
	}
	s.Corrections = make([]Correction, len(v.Corrections))
	for i, c := range v.Corrections {
		s.Corrections[i] = Correction{RoundID: c.RoundID, ReplacedBy: c.ReplacedBy, ReplacedAt: c.ReplacedAt, Prizes: c.Prizes}
	}
	if a := v.Abandoned; a != nil {
		s.AbandonedRound = &AbandonedRound{ID: a.ID, AbandonedAt: a.AbandonedAt}
	}
	if s.NamesSample == nil {
		s.NamesSample = []string{}
	}
	return s
}

// Person is one person of the public participants list.
type Person struct {
	Name    string    `json:"name"`
	Email   *string   `json:"email"`
	Tickets []*string `json:"tickets"`
}

// People projects a page of the participants list.
func People(in []store.PublicPerson) []Person {
	out := make([]Person, len(in))
	for i, p := range in {
		out[i] = Person{Name: p.Name, Email: MaskPtr(p.Email), Tickets: p.Tickets}
	}
	return out
}

// Mask hides an e-mail address: the first 2 characters of the local part (1
// when it has 1 or 2), then "***@", the first character of the domain, "***"
// and the last dot with the top-level domain: "joao.silva@gmail.com" →
// "jo***@g***.com". Anything without "@" and a dotted domain is hidden whole.
func Mask(email string) string {
	local, domain, ok := strings.Cut(strings.TrimSpace(email), "@")
	dot := strings.LastIndexByte(domain, '.')
	if !ok || local == "" || dot <= 0 || dot == len(domain)-1 {
		return "***"
	}
	keep := 2
	if n := len([]rune(local)); n <= 2 {
		keep = 1
	}
	return string([]rune(local)[:keep]) + "***@" + string([]rune(domain)[:1]) + "***" + domain[dot:]
}

// MaskPtr masks an optional e-mail.
func MaskPtr(email *string) *string {
	if email == nil {
		return nil
	}
	m := Mask(*email)
	return &m
}
