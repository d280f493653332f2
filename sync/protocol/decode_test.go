package protocol

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

type vector struct {
	Name string  `json:"name"`
	Op   Op      `json:"op"`
	Want *string `json:"want"`
}

func TestDecodeVectors(t *testing.T) {
	// validation.json is shared with the PWA; draw-validation.json holds the
	// draw ops of schema version 2, prizes-validation.json prizes and
	// alternates (version 4).
	for file, least := range map[string]int{"validation.json": 40, "draw-validation.json": 40, "prizes-validation.json": 20, "federal-validation.json": 40} {
		raw, err := os.ReadFile("../testdata/ops/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var vectors struct {
			Cases []vector `json:"cases"`
		}
		if err := json.Unmarshal(raw, &vectors); err != nil {
			t.Fatal(err)
		}
		if len(vectors.Cases) < least {
			t.Fatalf("%s: only %d vectors read", file, len(vectors.Cases))
		}
		for _, v := range vectors.Cases {
			t.Run(file+"/"+v.Name, func(t *testing.T) {
				m, rej := Decode(v.Op)
				switch {
				case v.Want == nil && rej != nil:
					t.Fatalf("rejected with %s, want valid", rej.Reason)
				case v.Want == nil && m.OpType() != v.Op.Type:
					t.Fatalf("decoded as %s, want %s", m.OpType(), v.Op.Type)
				case v.Want != nil && rej == nil:
					t.Fatalf("valid, want rejection %s", *v.Want)
				case v.Want != nil && rej.Reason != *v.Want:
					t.Fatalf("rejected with %s, want %s", rej.Reason, *v.Want)
				}
			})
		}
	}
}

func TestDecodeDrawOps(t *testing.T) {
	op := func(typ, payload string) Op {
		return Op{OpID: "0192f0c1-0000-7000-8000-0000000000f1", MutationID: 1,
			RaffleID: "0192f0c1-0000-7000-8000-00000000a001", Type: typ, Payload: json.RawMessage(payload)}
	}
	m, rej := Decode(op(TypeWinnerInvalidate, `{"winner_id":"0192f0c1-0000-7000-8000-00000000d001:12","reason":"  Não veio  "}`))
	if rej != nil {
		t.Fatal(rej)
	}
	if inv := m.(WinnerInvalidate); inv.Reason == nil || *inv.Reason != "Não veio" || inv.WinnerID != WinnerID("0192f0c1-0000-7000-8000-00000000d001", 12) {
		t.Fatalf("invalidate = %+v", inv)
	}
	m, _ = Decode(op(TypeWinnerInvalidate, `{"winner_id":"0192f0c1-0000-7000-8000-00000000d001:1","reason":" "}`))
	if m.(WinnerInvalidate).Reason != nil {
		t.Fatal("a blank reason is kept")
	}
	seed := strings.Repeat("0a", 32)
	m, rej = Decode(op(TypeDrawComplete, `{"draw_id":"0192f0c1-0000-7000-8000-00000000d001","client_seed":"`+seed+
		`","offline":true,"winners":["0192f0c1-0000-7000-8000-00000000c002","0192f0c1-0000-7000-8000-00000000c001"]}`))
	if rej != nil {
		t.Fatal(rej)
	}
	if c := m.(DrawComplete); !c.Offline || c.ClientSeed != seed || len(c.Winners) != 2 || c.Winners[0] != "0192f0c1-0000-7000-8000-00000000c002" {
		t.Fatalf("complete = %+v", c)
	}
	m, _ = Decode(op(TypeWinnerRedraw, `{"draw_id":"0192f0c1-0000-7000-8000-00000000d001","client_commitment":"`+seed+
		`","pool_digest":"`+seed+`","pool_size":7,"position":3,"offline":true}`))
	if r := m.(WinnerRedraw); r.Position != 3 || r.PoolSize != 7 || r.DrawID != "0192f0c1-0000-7000-8000-00000000d001" || !r.Offline {
		t.Fatalf("redraw = %+v", r)
	}
	// A start that declares no mode is online.
	m, _ = Decode(op(TypeDrawStart, `{"draw_id":"0192f0c1-0000-7000-8000-00000000d001","client_commitment":"`+seed+
		`","pool_digest":"`+seed+`","pool_size":7}`))
	if s := m.(DrawStart); s.Offline || s.PoolSize != 7 {
		t.Fatalf("start = %+v", s)
	}
}

func TestDecodeTrimsAndNormalises(t *testing.T) {
	m, rej := Decode(Op{OpID: "0192f0c1-0000-7000-8000-0000000000f1", MutationID: 1,
		RaffleID: "0192f0c1-0000-7000-8000-00000000a001", Type: TypeParticipantsAdd,
		Payload: json.RawMessage(`{"tickets":[{"id":"0192f0c1-0000-7000-8000-00000000c001","group_id":"0192f0c1-0000-7000-8000-00000000b001","name":"  Ana Maria ","email":" ","ticket_number":" 007 "}]}`)})
	if rej != nil {
		t.Fatal(rej)
	}
	tk := m.(ParticipantsAdd).Tickets[0]
	if tk.Name != "Ana Maria" || tk.Email != nil || tk.TicketNumber == nil || *tk.TicketNumber != "007" {
		t.Fatalf("ticket = %+v (email %v, number %v)", tk, tk.Email, tk.TicketNumber)
	}
}

func TestEveryReasonHasItsOwnMessage(t *testing.T) {
	seen := map[string]string{}
	for _, r := range Reasons() {
		msg := Message(r)
		if msg == "Alteração recusada." {
			t.Errorf("%s has no message", r)
		}
		if other, ok := seen[msg]; ok {
			t.Errorf("%s and %s share %q", r, other, msg)
		}
		seen[msg] = r
	}
}

func TestNewCode(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		c := NewCode()
		if !IsCode(c) {
			t.Fatalf("NewCode() = %q is not a code", c)
		}
		for _, r := range c {
			switch r {
			case 'I', 'O', '0', '1':
				t.Fatalf("NewCode() = %q uses a confusable character", c)
			}
		}
		seen[c] = true
	}
	if len(seen) < 995 {
		t.Fatalf("only %d distinct codes in 1000: not random", len(seen))
	}
}

func TestDecodeBatchLimit(t *testing.T) {
	build := func(n int) json.RawMessage {
		var b strings.Builder
		b.WriteString(`{"tickets":[`)
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id":"0192f0c1-0000-7000-8000-%012x","group_id":"0192f0c1-0000-7000-8000-00000000b001","name":"Ana"}`, i)
		}
		b.WriteString(`]}`)
		return json.RawMessage(b.String())
	}
	op := Op{OpID: "0192f0c1-0000-7000-8000-0000000000f1", MutationID: 1,
		RaffleID: "0192f0c1-0000-7000-8000-00000000a001", Type: TypeParticipantsAdd}
	op.Payload = build(MaxBatch)
	if _, rej := Decode(op); rej != nil {
		t.Fatalf("%d tickets: %v", MaxBatch, rej)
	}
	op.Payload = build(MaxBatch + 1)
	if _, rej := Decode(op); rej == nil || rej.Reason != ReasonBatchTooLarge {
		t.Fatalf("%d tickets: %v, want batch_too_large", MaxBatch+1, rej)
	}
}

// decodeTicket reads fields by their place in ticketKeys: a reordered list
// would read one field as another.
func TestTicketKeysOrder(t *testing.T) {
	want := map[int]string{ticketID: "id", ticketName: "name", ticketEmail: "email", ticketNumber: "ticket_number", ticketGroup: "group_id", ticketProvisional: "provisional", ticketPhone: "phone"}
	if len(ticketKeys) != len(want) {
		t.Fatalf("ticketKeys has %d fields, want %d", len(ticketKeys), len(want))
	}
	for i, k := range want {
		if ticketKeys[i] != k {
			t.Errorf("ticketKeys[%d] = %q, want %q", i, ticketKeys[i], k)
		}
	}
}

// An op newer than the schema version its push names is refused as that
// version's server would (unknown_type): draw.correct in a push that says
// schema 5, winner.promote in one that says 3, draw.abandon in one that
// says 2. The version that brought each, and later ones, decode it.
func TestDecodeRefusesOpsNewerThanThePush(t *testing.T) {
	d := "0192f0c1-0000-7000-8000-00000000d00"
	ops := map[string]struct {
		payload string
		since   int
	}{
		TypeDrawCorrect: {`{"draw_id":"` + d + `2","replaces":"` + d + `1","prizes":["50366","33514","45504","94365","51105"],` +
			`"winners":["0192f0c1-0000-7000-8000-00000000c001"]}`, CorrectionSchemaVersion},
		TypeWinnerPromote: {`{"position":2}`, AlternatesSchemaVersion},
		TypeDrawAbandon:   {`{"draw_id":"` + d + `1"}`, 3},
	}
	for typ, o := range ops {
		for schema := MinSchemaVersion; schema <= SchemaVersion; schema++ {
			_, rej := Decode(Op{OpID: "0192f0c1-0000-7000-8000-0000000000f1", MutationID: 1, RaffleID: "0192f0c1-0000-7000-8000-00000000a001",
				Type: typ, Payload: json.RawMessage(o.payload), SchemaVersion: schema})
			switch {
			case schema < o.since && (rej == nil || rej.Reason != ReasonUnknownType):
				t.Errorf("%s in a push of schema %d: %v, want unknown_type", typ, schema, rej)
			case schema >= o.since && rej != nil:
				t.Errorf("%s in a push of schema %d: %v, want it decoded", typ, schema, rej)
			}
		}
	}
}
