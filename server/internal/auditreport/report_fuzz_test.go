package auditreport

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/sorteio/sorteio/sync/draw"
)

// recordWith is a small record (not a true one: its checks fail, so problems
// are printed too) with s in every text the report prints: code, title, the
// kinds of a draw and of an abandoned round, a winner id and a ticket's name.
func recordWith(base draw.Export, s string) draw.Export {
	e := base
	e.Raffle.Code, e.Raffle.Title = s, s+" "+e.Raffle.Title
	deleted := int64(1763800000000)
	e.Raffle.DeletedAt = &deleted
	num := s
	pool := []draw.Ticket{{ID: s, GroupID: s, TicketNumber: &num, Name: s}, {ID: "b", GroupID: "g", Name: "B"}}
	e.Draws = append(append([]draw.Record{}, e.Draws...),
		draw.Record{Kind: "draw", Positions: []int{1}, ClientSeed: strings.Repeat("ab", 32), Pool: pool, PoolSize: 2, WinnersCount: 1, Winners: []string{s}},
		draw.Record{Kind: s, Positions: []int{1}, Online: true, ClientSeed: s, Winners: []string{s, s}},
		draw.Record{Kind: "redraw", Positions: []int{2}, ClientSeed: strings.Repeat("cd", 32), WinnersCount: 1, Winners: []string{s}})
	e.Abandoned = append(append([]draw.Abandoned{}, e.Abandoned...), draw.Abandoned{Round: 1, Kind: s, Positions: []int{1, 2}})
	e.Prizes = append(append([]draw.Prize{}, e.Prizes...), draw.Prize{Position: 1, Name: s})
	return e
}

// checkTerminalSafe fails when out holds anything that could steer a
// terminal: a control character other than the line feed (C0, DEL, C1),
// a format character (bidi overrides, isolates and marks, invisible ones) or
// broken UTF-8.
func checkTerminalSafe(t *testing.T, in string, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%q: broken UTF-8 printed", in)
	}
	for _, r := range out {
		if (r < 0x20 && r != '\n') || (0x7f <= r && r <= 0x9f) || unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029 {
			t.Fatalf("%q: %U printed raw in\n%q", in, r, out)
		}
	}
}

// Whatever a record holds, `sorteio verify` prints no control or format
// character but its own line feeds.
func FuzzReport(f *testing.F) {
	for _, s := range []string{"\x1b[1A\x1b[2K1. draw, posições [1 2 3]: CONFERE", "\r1. CONFERE", "\u202eERUFNOC", "\x9b2J",
		"\u2066x\u2069", "\u061c\u200e", "\xff\xfe", `a\u001b`, "linha\nnova", "Ação 🎉", "\U000e0041"} {
		f.Add(`{"algorithm":"sorteio-v1","raffle":{"code":"K7P2QX","title":"Rifa"}}`, s)
	}
	// A whole true record (the shared one), so mutations reach the story of its rounds too.
	if raw, err := os.ReadFile("../../../sync/testdata/draw/audit-export.json"); err == nil {
		f.Add(string(raw), "Rifa")
	}
	f.Add(`{"raffle":{"title":"\u001b[8m"},"abandoned":[{"kind":"\u001b[2J\u001b[H","round":1}],"draws":[{"kind":"\u009b1A"}]}`, "x")
	f.Fuzz(func(t *testing.T, raw, s string) {
		var base draw.Export
		_ = json.Unmarshal([]byte(raw), &base)
		var out bytes.Buffer
		Write(&out, recordWith(base, s))
		checkTerminalSafe(t, s, out.String())
	})
}
