package protocol

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The text rule's promises hold for any input: a kept text is NFC, has no
// forbidden or edge-invisible character, and cleaning it again changes
// nothing.
func FuzzCleanText(f *testing.F) {
	for _, s := range []string{"Rifa", " Jose\u0301 ", "\u200bAna\u200b", "A\x00", "\x1b[8m", "\u202e", "a\nb", "\ufffd", "\xff"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, multiline bool) {
		out, ok := cleanText(s, multiline)
		if !ok {
			return
		}
		if !utf8.ValidString(out) || !norm.NFC.IsNormalString(out) {
			t.Fatalf("%q -> %q: not valid NFC", s, out)
		}
		for _, r := range out {
			if forbiddenRune(r, multiline) {
				t.Fatalf("%q -> %q keeps %U", s, out, r)
			}
		}
		if out != strings.TrimFunc(out, isEdge) {
			t.Fatalf("%q -> %q keeps an edge character", s, out)
		}
		if again, ok := cleanText(out, multiline); !ok || again != out {
			t.Fatalf("%q -> %q -> %q (%v): not a fixed point", s, out, again, ok)
		}
	})
}

// Decode never panics, and what it accepts is safe to store and print: its
// JSON has no raw control character and every text in it passes the rule.
func FuzzDecode(f *testing.F) {
	raw, _ := json.Marshal(map[string]any{"id": "0192f0c1-0000-7000-8000-00000000a001", "code": "K7P2QX", "title": "Rifa",
		"description": "", "type": "tickets", "winners_count": 1, "countdown_seconds": 0, "created_at": 1763700000000})
	f.Add(TypeRaffleCreate, string(raw), int64(1))
	f.Add(TypeRaffleUpdate, `{"title":"Nova\u0000"}`, int64(2))
	f.Add(TypeRaffleUpdate, `{"description":"a\nb","title":"x","title":"y"}`, int64(2))
	f.Add(TypeParticipantsAdd, `{"tickets":[{"id":"0192f0c1-0000-7000-8000-00000000c001","group_id":"0192f0c1-0000-7000-8000-00000000c001","name":"Ana\u202e","email":"a@b.co","ticket_number":"001"}]}`, int64(3))
	f.Add(TypeWinnerInvalidate, `{"winner_id":"0192f0c1-0000-7000-8000-00000000d001:1","reason":"\u001b[8m"}`, int64(4))
	f.Add(TypeDrawComplete, `{"draw_id":"0192f0c1-0000-7000-8000-00000000d001","client_seed":"`+strings.Repeat("ab", 32)+`","offline":false}`, int64(1<<62))
	f.Add("x.y", `[]`, int64(-1))
	f.Fuzz(func(t *testing.T, typ, payload string, mutation int64) {
		op := Op{OpID: "0192f0c1-0000-7000-8000-0000000000f1", MutationID: mutation,
			RaffleID: "0192f0c1-0000-7000-8000-00000000a001", Type: typ, Payload: json.RawMessage(payload)}
		m, rej := Decode(op)
		if rej != nil {
			if Message(rej.Reason) == Message("no such reason") {
				t.Fatalf("reason %q has no message", rej.Reason)
			}
			return
		}
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("accepted %s but cannot encode it: %v", payload, err)
		}
		if !utf8.Valid(out) || strings.ContainsAny(string(out), "\x00\x1b") {
			t.Fatalf("accepted %s as %s", payload, out)
		}
		var texts []string
		switch m := m.(type) {
		case RaffleCreate:
			texts = append(texts, m.Raffle.Title)
		case RaffleUpdate:
			if m.Title != nil {
				texts = append(texts, *m.Title)
			}
		case ParticipantsAdd:
			for _, tk := range m.Tickets {
				texts = append(texts, tk.Name)
			}
		}
		for _, s := range texts {
			if again, ok := CleanLine(s); !ok || again != s {
				t.Fatalf("accepted text %q fails the rule", s)
			}
		}
	})
}

// What SafeForTerminal prints holds no control, bidi, format or invisible
// character and no broken UTF-8, whatever the record held.
func FuzzSafeForTerminal(f *testing.F) {
	for _, s := range []string{"Rifa\n1. CONFERE\x1b[8m", "\u202eabc", "\xff\xfe", `a\b`, "Ação 🎉", "\u061c", "\U000e0041"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := SafeForTerminal(s)
		if !utf8.ValidString(out) {
			t.Fatalf("%q -> %q: broken UTF-8", s, out)
		}
		for _, r := range out {
			if forbiddenRune(r, false) || isInvisible(r) || unicode.Is(unicode.Cf, r) {
				t.Fatalf("%q -> %q keeps %U", s, out, r)
			}
		}
	})
}

// A ticket number kept is in its normal form: NFKC, no format character,
// within the limit, and the rule leaves it as it is, so two spellings that
// read alike meet on one stored text.
func FuzzTicketNumber(f *testing.F) {
	for _, s := range []string{"001", "\uff10\uff101", "0\u200b01", "00\u200d1", "\u2473", "\u00a8", " 7 ", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, rej := TicketNumber(s)
		if rej != nil || out == "" {
			return
		}
		if !norm.NFKC.IsNormalString(out) || utf8.RuneCountInString(out) > MaxTicketNumber {
			t.Fatalf("%q -> %q: not NFKC or too long", s, out)
		}
		for _, r := range out {
			if unicode.Is(unicode.Cf, r) {
				t.Fatalf("%q -> %q keeps %U", s, out, r)
			}
		}
		if again, rej := TicketNumber(out); rej != nil || again != out {
			t.Fatalf("%q -> %q -> %q (%v): not a fixed point", s, out, again, rej)
		}
	})
}
