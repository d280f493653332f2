package draw

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// Record is the audit record of one draw or redraw, as exported for anyone
// to verify (docs/draw-algorithm.md §7).
type Record struct {
	// DrawID names the round, so a winner id ({draw_id}:{position}) can be
	// matched to its record; exports made before it existed lack it.
	DrawID string `json:"draw_id,omitempty"`
	// Round is the round's number in the raffle (1, 2, …, abandoned rounds
	// included); informative, like DrawID.
	Round            int    `json:"round,omitempty"`
	Kind             string `json:"kind"` // "draw" or "redraw"
	Positions        []int  `json:"positions"`
	Online           bool   `json:"online"`
	ClientSeed       string `json:"client_seed"`
	ClientCommitment string `json:"client_commitment"`
	ServerSeed       string `json:"server_seed,omitempty"`
	ServerCommitment string `json:"server_commitment,omitempty"`
	// Pool is published with the first draw only: a redraw's pool is
	// derived from it (VerifyExport), never read from the record.
	Pool               []Ticket `json:"pool,omitempty"`
	PoolSize           int      `json:"pool_size"`
	PoolDigest         string   `json:"pool_digest"`
	WinnersCount       int      `json:"winners_count"`
	AllowDuplicateWins bool     `json:"allow_duplicate_wins"`
	Winners            []string `json:"winners"`
	// AlternatesCount and Alternates (ticket ids, in order) are a first
	// draw's alternates, drawn after the winners (sorteio-v2, §5a).
	AlternatesCount int      `json:"alternates_count,omitempty"`
	Alternates      []string `json:"alternates,omitempty"`
	// StartedAt and CompletedAt are the server's clock: for an offline
	// round, when the server received its start and its result.
	StartedAt   int64 `json:"started_at"`
	CompletedAt int64 `json:"completed_at"`
	// An offline round's times on its device's clock, when the device sent
	// them, and how far that clock was from the server's at the device's
	// last sync (server minus device, ms; absent when it never synced):
	// when the room saw the round, said to be the device's. Informative:
	// nothing is verified by them.
	DeviceStartedAt   *int64 `json:"device_started_at,omitempty"`
	DeviceCompletedAt *int64 `json:"device_completed_at,omitempty"`
	DeviceClockOffset *int64 `json:"device_clock_offset,omitempty"`
	// Federal is set on a round the Loteria Federal decided
	// (loteria-federal-v1, §12): no seeds, the five prizes instead.
	Federal *FederalRecord `json:"federal,omitempty"`
	// A corrected Loteria Federal result (§12.7): the replaced round names
	// the round that replaced it and when (server clock); the correction
	// names the round it replaces and publishes no pool (it is the
	// replaced round's closed list).
	ReplacedBy string `json:"replaced_by,omitempty"`
	ReplacedAt int64  `json:"replaced_at,omitempty"`
	Replaces   string `json:"replaces,omitempty"`
}

// MaxDeviceClockSkew is how far (ms) a device's clock may be from the
// server's at its last sync before its offline round's times are said to
// come from a clock that was off.
const MaxDeviceClockSkew = 120_000

// DeviceClockOff says whether the round's device clock was off by more than
// MaxDeviceClockSkew at its last sync.
func (r Record) DeviceClockOff() bool {
	o := r.DeviceClockOffset
	return o != nil && (*o > MaxDeviceClockSkew || *o < -MaxDeviceClockSkew)
}

// Export is a raffle's whole draw history.
type Export struct {
	Algorithm string `json:"algorithm"`
	Raffle    struct {
		ID    string `json:"id"`
		Code  string `json:"code"`
		Title string `json:"title"`
		// Status is the raffle's status when the record was exported.
		Status string `json:"status,omitempty"`
		// DeletedAt is when the organiser deleted the raffle (its record
		// stays public).
		DeletedAt *int64 `json:"deleted_at,omitempty"`
	} `json:"raffle"`
	// Prizes name what positions 1..winners_count win (informative: the
	// verifiers print them beside the winners; exports before them lack it).
	Prizes []Prize  `json:"prizes,omitempty"`
	Draws  []Record `json:"draws"`
	// Abandoned lists the rounds given up without a result (nothing to
	// verify: no seed was revealed).
	Abandoned []Abandoned `json:"abandoned,omitempty"`
	// Winners is every winner's state, as the public endpoint adds it: a
	// redraw is justified only by an invalidation listed here (CheckStory).
	Winners []Standing `json:"winners,omitempty"`
	// RefusedRounds lists the rounds a device drew offline that the server
	// refused (VerifyRefused): kept, never counted.
	RefusedRounds []Refused `json:"refused_rounds,omitempty"`
	// Promotions are the alternates called to places whose winners were
	// invalidated, in order (CheckPromotions).
	Promotions []Promotion `json:"promotions,omitempty"`
}

// Prize names what one position wins.
type Prize struct {
	Position int    `json:"position"`
	Name     string `json:"name"`
}

// Abandoned is a round the organiser gave up after its device never
// revealed it: its commitments and pool digest as published at its start.
type Abandoned struct {
	DrawID           string `json:"draw_id"`
	Round            int    `json:"round"`
	Kind             string `json:"kind"`
	Positions        []int  `json:"positions"`
	Online           bool   `json:"online"`
	ClientCommitment string `json:"client_commitment"`
	ServerCommitment string `json:"server_commitment"`
	PoolSize         int    `json:"pool_size"`
	PoolDigest       string `json:"pool_digest"`
	StartedAt        int64  `json:"started_at"`
	AbandonedAt      int64  `json:"abandoned_at"`
}

// VerifyExport checks every record of a history in order, each over the
// pool it derives: the first draw's published pool, and for a redraw that
// pool minus the winners of every record before it (and, when nobody may win
// twice, their groups; docs/draw-algorithm.md §6). A redraw's own published
// pool, if an older export carries one, is ignored. Then the rounds are
// checked together (CheckStory): each may recompute and the whole still be
// impossible, such as a redraw relabelled as a first draw over a pool of its
// own.
func VerifyExport(e Export) [][]string {
	out := CheckStory(e)
	var first []Ticket
	var won []string
	for i, r := range e.Draws {
		if e.Algorithm == AlgorithmV1 && (r.AlternatesCount != 0 || len(r.Alternates) > 0) {
			out[i] = append(out[i], msgV1Alternates)
		}
		var problems []string
		switch {
		case r.Replaces != "" && first != nil:
			// A correction is over the closed list of the round it replaces.
			r.Pool = first
			problems = Verify(r)
		case r.Kind == "draw" && first == nil:
			first = Canonical(r.Pool)
			problems = Verify(r)
		case r.Kind == "draw":
			// A second first draw: recomputed over what it publishes; the
			// story refuses it and the redraws still derive from the first.
			problems = Verify(r)
		case r.Kind == "redraw" && first != nil:
			r.Pool = RedrawPool(first, won, r.AllowDuplicateWins)
			problems = Verify(r)
		}
		// Otherwise there is nothing to recompute over: the story says why.
		out[i] = append(problems, out[i]...)
		if r.Replaced() {
			continue // its winners do not count
		}
		// The alternates leave every later pool too: they were drawn, and
		// may yet be called to a place.
		won = append(append(won, r.Winners...), r.Alternates...)
	}
	return out
}

// Verify recomputes a record and lists what does not match, in pt-BR; an
// empty list means the winners follow from the published seeds and pool.
func Verify(r Record) []string {
	if r.Federal != nil {
		return VerifyFederal(r)
	}
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	client, err := hex.DecodeString(r.ClientSeed)
	if err != nil || len(client) != 32 {
		add("semente do dispositivo inválida")
		return problems
	}
	if !commits(client, r.ClientCommitment) {
		add("a semente do dispositivo não corresponde ao compromisso publicado no início")
	}
	seed := client
	if r.Online {
		server, err := hex.DecodeString(r.ServerSeed)
		if err != nil || len(server) != 32 {
			add("semente do servidor inválida")
			return problems
		}
		if !commits(server, r.ServerCommitment) {
			add("a semente do servidor não corresponde ao compromisso publicado no início")
		}
		seed = CombineSeeds(client, server)
	}
	canon := Canonical(r.Pool)
	if len(canon) != r.PoolSize {
		add("o conjunto tem %d bilhetes, mas o registro diz %d", len(canon), r.PoolSize)
	}
	if d := Digest(canon); hex.EncodeToString(d[:]) != r.PoolDigest {
		add("a impressão digital do conjunto de bilhetes não confere")
	}
	if r.AlternatesCount < 0 || r.AlternatesCount > maxAlternates {
		add("número de suplentes inválido: %d", r.AlternatesCount)
		return problems
	}
	winners, alternates, err := PickWithAlternates(seed, canon, r.WinnersCount, r.AlternatesCount, r.AllowDuplicateWins)
	if err != nil {
		add("sorteio impossível: %v", err)
		return problems
	}
	if len(winners) != len(r.Winners) {
		add("o registro tem %d vencedores, o cálculo dá %d", len(r.Winners), len(winners))
		return problems
	}
	for i, w := range winners {
		if w.ID != r.Winners[i] {
			add("%dº vencedor: o registro diz %s, o cálculo dá %s", i+1, r.Winners[i], w.ID)
		}
	}
	if len(alternates) != len(r.Alternates) {
		add("o registro tem %d suplentes, o cálculo dá %d", len(r.Alternates), len(alternates))
		return problems
	}
	for i, a := range alternates {
		if a.ID != r.Alternates[i] {
			add("%dº suplente: o registro diz %s, o cálculo dá %s", i+1, r.Alternates[i], a.ID)
		}
	}
	return problems
}

// maxAlternates bounds what a record may ask for (protocol.MaxAlternates).
const maxAlternates = 10

func commits(seed []byte, commitment string) bool {
	want, err := hex.DecodeString(commitment)
	sum := sha256.Sum256(seed)
	return err == nil && bytes.Equal(sum[:], want)
}
