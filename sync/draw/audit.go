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
	DrawID             string   `json:"draw_id,omitempty"`
	Kind               string   `json:"kind"` // "draw" or "redraw"
	Positions          []int    `json:"positions"`
	Online             bool     `json:"online"`
	ClientSeed         string   `json:"client_seed"`
	ClientCommitment   string   `json:"client_commitment"`
	ServerSeed         string   `json:"server_seed,omitempty"`
	ServerCommitment   string   `json:"server_commitment,omitempty"`
	Pool               []Ticket `json:"pool"`
	PoolSize           int      `json:"pool_size"`
	PoolDigest         string   `json:"pool_digest"`
	WinnersCount       int      `json:"winners_count"`
	AllowDuplicateWins bool     `json:"allow_duplicate_wins"`
	Winners            []string `json:"winners"`
	StartedAt          int64    `json:"started_at"`
	CompletedAt        int64    `json:"completed_at"`
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
	} `json:"raffle"`
	Draws []Record `json:"draws"`
}

// Verify recomputes a record and lists what does not match, in pt-BR; an
// empty list means the winners follow from the published seeds and pool.
func Verify(r Record) []string {
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
	winners, err := Pick(seed, canon, r.WinnersCount, r.AllowDuplicateWins)
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
	return problems
}

func commits(seed []byte, commitment string) bool {
	want, err := hex.DecodeString(commitment)
	sum := sha256.Sum256(seed)
	return err == nil && bytes.Equal(sum[:], want)
}
