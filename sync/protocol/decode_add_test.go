package protocol

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"unicode/utf8"
)

// DecodeAdd must answer exactly as Decode does for the same tickets sent as
// JSON: every participants.add vector whose tickets Go values can hold, and
// every text of the text rule as a name, an e-mail and a ticket number.
func TestDecodeAddAgreesWithDecode(t *testing.T) {
	var vectors struct {
		Cases []vector `json:"cases"`
	}
	readJSON(t, "../testdata/ops/validation.json", &vectors)
	compared := 0
	for _, v := range vectors.Cases {
		if v.Op.Type != TypeParticipantsAdd {
			continue
		}
		var p ParticipantsAdd
		dec := json.NewDecoder(bytes.NewReader(v.Op.Payload))
		dec.DisallowUnknownFields()
		if dec.Decode(&p) != nil {
			continue // a type Go values cannot carry: only JSON can send it
		}
		compared++
		t.Run(v.Name, func(t *testing.T) { sameAsDecode(t, v.Op, p.Tickets) })
	}
	if compared < 10 {
		t.Fatalf("only %d vectors compared", compared)
	}

	var texts struct {
		Cases []struct {
			Name, Kind, Input string
		} `json:"cases"`
	}
	readJSON(t, "../testdata/text/vectors.json", &texts)
	op := Op{OpID: "0192f0c1-0000-7000-8000-0000000000f1", MutationID: 1, RaffleID: "0192f0c1-0000-7000-8000-00000000a001", Type: TypeParticipantsAdd}
	for _, c := range texts.Cases {
		if c.Kind != "line" {
			continue
		}
		in := c.Input
		for field, tk := range map[string]Ticket{
			"name":   {ID: "0192f0c1-0000-7000-8000-000000000001", GroupID: "0192f0c1-0000-7000-8000-000000000002", Name: in},
			"email":  {ID: "0192f0c1-0000-7000-8000-000000000001", GroupID: "0192f0c1-0000-7000-8000-000000000002", Name: "Ana", Email: &in},
			"number": {ID: "0192f0c1-0000-7000-8000-000000000001", GroupID: "0192f0c1-0000-7000-8000-000000000002", Name: "Ana", TicketNumber: &in},
		} {
			t.Run(c.Name+"/"+field, func(t *testing.T) { sameAsDecode(t, op, []Ticket{tk}) })
		}
	}
}

func TestDecodeAddRefusesOtherTypesAndBadEnvelopes(t *testing.T) {
	tickets := []Ticket{{ID: "0192f0c1-0000-7000-8000-000000000001", GroupID: "0192f0c1-0000-7000-8000-000000000002", Name: "Ana"}}
	op := Op{OpID: "0192f0c1-0000-7000-8000-0000000000f1", MutationID: 1, RaffleID: "0192f0c1-0000-7000-8000-00000000a001", Type: TypeParticipantsAdd}
	for name, c := range map[string]struct {
		edit func(*Op)
		want string
	}{
		"another type":     {func(o *Op) { o.Type = TypeRaffleDelete }, ReasonUnknownType},
		"op id not a uuid": {func(o *Op) { o.OpID = "x" }, ReasonInvalidPayload},
		"mutation id zero": {func(o *Op) { o.MutationID = 0 }, ReasonInvalidMutationID},
	} {
		o := op
		c.edit(&o)
		if _, rej := DecodeAdd(o, tickets); rej == nil || rej.Reason != c.want {
			t.Errorf("%s: got %v, want %s", name, rej, c.want)
		}
	}
	if _, rej := DecodeAdd(op, nil); rej == nil || rej.Reason != ReasonInvalidPayload {
		t.Errorf("no tickets: got %v", rej)
	}
	many := make([]Ticket, MaxBatch+1)
	if _, rej := DecodeAdd(op, many); rej == nil || rej.Reason != ReasonBatchTooLarge {
		t.Errorf("too many tickets: got %v", rej)
	}
}

// sameAsDecode decodes tickets both ways and wants the same answer.
func sameAsDecode(t *testing.T, op Op, tickets []Ticket) {
	t.Helper()
	payload, err := json.Marshal(ParticipantsAdd{Tickets: tickets})
	if err != nil {
		t.Fatal(err)
	}
	op.Payload = payload
	want, wantRej := Decode(op)
	got, gotRej := DecodeAdd(op, tickets)
	switch {
	case (wantRej == nil) != (gotRej == nil):
		t.Fatalf("Decode: %v, DecodeAdd: %v", wantRej, gotRej)
	case wantRej != nil && wantRej.Reason != gotRej.Reason:
		t.Fatalf("Decode rejects with %s, DecodeAdd with %s", wantRej.Reason, gotRej.Reason)
	case !reflect.DeepEqual(want, got):
		t.Fatalf("Decode: %+v, DecodeAdd: %+v", want, got)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatal(err)
	}
}

// FuzzDecodeAdd: any ticket, as Go values, gets the answer its JSON gets.
func FuzzDecodeAdd(f *testing.F) {
	f.Add("0192f0c1-0000-7000-8000-000000000001", "0192f0c1-0000-7000-8000-000000000002", "Ana", "ana@example.com", "007")
	f.Add("0192f0c1-0000-7000-8000-000000000001", "0192f0c1-0000-7000-8000-000000000002", " Jose\u0301 ", "", " 12 ")
	f.Add("0192f0c1-0000-7000-8000-000000000001", "0192f0c1-0000-7000-8000-000000000002", "\u202eAna", "a@b", "\x00")
	f.Add("not-a-uuid", "0192f0c1-0000-4000-8000-000000000002", "", "", "")
	op := Op{OpID: "0192f0c1-0000-7000-8000-0000000000f1", MutationID: 1, RaffleID: "0192f0c1-0000-7000-8000-00000000a001", Type: TypeParticipantsAdd}
	f.Fuzz(func(t *testing.T, id, group, name, email, number string) {
		for _, s := range []string{id, group, name, email, number} {
			if !utf8.ValidString(s) {
				return // JSON carries such a text as U+FFFD: another input
			}
		}
		tk := Ticket{ID: id, GroupID: group, Name: name}
		if email != "" {
			tk.Email = &email
		}
		if number != "" {
			tk.TicketNumber = &number
		}
		sameAsDecode(t, op, []Ticket{tk})
	})
}
