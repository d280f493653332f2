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
	raw, err := os.ReadFile("../testdata/ops/validation.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []vector `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 40 {
		t.Fatalf("only %d vectors read", len(file.Cases))
	}
	for _, v := range file.Cases {
		t.Run(v.Name, func(t *testing.T) {
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
