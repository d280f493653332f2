package draw

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

// sampleRecord builds a correct record over a small pool.
func sampleRecord(online bool) Record {
	client := sha256.Sum256([]byte("semente do cliente"))
	server := sha256.Sum256([]byte("semente do servidor"))
	cc, sc := sha256.Sum256(client[:]), sha256.Sum256(server[:])
	var pool []Ticket
	for i := 0; i < 30; i++ {
		num := fmt.Sprintf("%03d", i+1)
		pool = append(pool, Ticket{ID: fmt.Sprintf("0192f0c1-0000-7000-8000-%012x", i), GroupID: fmt.Sprintf("g%02d", i/3), TicketNumber: &num, Name: fmt.Sprintf("Pessoa %d", i/3)})
	}
	r := Record{Kind: "draw", Positions: []int{1, 2, 3}, Online: online, ClientSeed: hex.EncodeToString(client[:]),
		ClientCommitment: hex.EncodeToString(cc[:]), Pool: pool, PoolSize: len(pool), WinnersCount: 3}
	seed := client[:]
	if online {
		r.ServerSeed, r.ServerCommitment = hex.EncodeToString(server[:]), hex.EncodeToString(sc[:])
		seed = CombineSeeds(client[:], server[:])
	}
	canon := Canonical(pool)
	d := Digest(canon)
	r.PoolDigest = hex.EncodeToString(d[:])
	winners, _ := Pick(seed, canon, 3, false)
	for _, w := range winners {
		r.Winners = append(r.Winners, w.ID)
	}
	return r
}

func TestVerify(t *testing.T) {
	for _, online := range []bool{true, false} {
		if p := Verify(sampleRecord(online)); len(p) != 0 {
			t.Fatalf("a correct record (online=%v) fails: %v", online, p)
		}
	}
	for _, tc := range []struct {
		name  string
		forge func(r *Record)
		want  string
	}{
		{"forged winner", func(r *Record) { r.Winners[1] = r.Pool[0].ID }, "2º vencedor"},
		{"winners in another order", func(r *Record) { r.Winners[0], r.Winners[2] = r.Winners[2], r.Winners[0] }, "1º vencedor"},
		{"a ticket slipped out of the pool", func(r *Record) { r.Pool = r.Pool[1:] }, "impressão digital"},
		{"a renamed ticket", func(r *Record) { r.Pool[4].Name = "Outra pessoa" }, "impressão digital"},
		{"seed not the committed one", func(r *Record) { r.ClientSeed = strings.Repeat("ab", 32) }, "compromisso"},
		{"server seed not the committed one", func(r *Record) { r.ServerSeed = strings.Repeat("cd", 32) }, "servidor não corresponde"},
		{"malformed seed", func(r *Record) { r.ClientSeed = "zz" }, "semente do dispositivo inválida"},
		{"one winner too many", func(r *Record) { r.Winners = append(r.Winners, r.Pool[0].ID) }, "o registro tem 4 vencedores"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sampleRecord(true)
			tc.forge(&r)
			problems := Verify(r)
			if !strings.Contains(strings.Join(problems, "; "), tc.want) {
				t.Fatalf("problems %v, want one about %q", problems, tc.want)
			}
		})
	}
}

// readExport reads the shared record written by generate.py: an abandoned
// round, a first draw and a redraw that publishes no pool of its own.
func readExport(t *testing.T) Export {
	t.Helper()
	var e Export
	readTestdata(t, "draw/audit-export.json", &e)
	return e
}

func TestVerifyExportDerivesRedrawPools(t *testing.T) {
	e := readExport(t)
	if len(e.Draws) != 2 || e.Draws[1].Pool != nil || len(e.Abandoned) != 1 || e.Abandoned[0].Round != 1 {
		t.Fatalf("the shared record is not the expected one: %d draws, %d abandoned", len(e.Draws), len(e.Abandoned))
	}
	for i, p := range VerifyExport(e) {
		if len(p) != 0 {
			t.Fatalf("round %d: %v", i+1, p)
		}
	}
	// A forged redraw over a pool of the server's choosing (here: every
	// ticket, the earlier winners included), consistent in itself: digest,
	// size and winner all follow from that pool. Trusting the published pool
	// would say it matches; deriving catches it.
	forged := readExport(t)
	r := &forged.Draws[1]
	r.Pool = Canonical(forged.Draws[0].Pool)
	d := Digest(r.Pool)
	r.PoolDigest, r.PoolSize = hex.EncodeToString(d[:]), len(r.Pool)
	client, _ := hex.DecodeString(r.ClientSeed)
	w, _ := Pick(client, r.Pool, 1, false)
	r.Winners = []string{w[0].ID}
	if p := Verify(*r); len(p) != 0 {
		t.Fatalf("the forgery is not consistent in itself: %v", p)
	}
	if p := VerifyExport(forged)[1]; !strings.Contains(strings.Join(p, "; "), "impressão digital") {
		t.Fatalf("a redraw over a pool not derived from the first: %v", p)
	}
	// A redraw with no first draw to derive from.
	alone := readExport(t)
	alone.Draws = alone.Draws[1:]
	if p := VerifyExport(alone)[0]; len(p) == 0 {
		t.Fatal("a redraw with no first draw verifies")
	}
}
