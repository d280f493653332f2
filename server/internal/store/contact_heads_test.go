package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// numbersOf flattens a self-check's answer.
func numbersOf(t *testing.T, got []*string, err error) []string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, n := range got {
		out = append(out, *n)
	}
	return out
}

// The e-mail and phone indexes hold one ticket of each run of a group's
// tickets with one e-mail and phone (contact_head), and the self-check still
// finds every ticket of an e-mail or a phone: tickets of one person with
// different e-mails or phones, in any order, two people with one e-mail,
// and tickets added to a person by a later op.
func TestSelfCheckThroughContactHeads(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u := mustUser(t, db, "ana@example.com")
		rid := core.NewID(time.Now())
		mutation := int64(0)
		push := func(typ string, payload any) {
			t.Helper()
			body, _ := json.Marshal(payload)
			mutation++
			op := protocol.Op{OpID: core.NewID(time.Now()), MutationID: mutation, RaffleID: rid, Type: typ, Payload: body}
			res, err := db.Push(ctx, u.ID, "c1", []protocol.Op{op}, time.Now)
			if err != nil || res[0].Status != store.StatusApplied {
				t.Fatalf("%s: %+v %v", typ, res, err)
			}
		}
		push(protocol.TypeRaffleCreate, map[string]any{"id": rid, "code": "K7P2QX", "title": "Rifa", "type": "tickets",
			"winners_count": 1, "countdown_seconds": 0, "created_at": 1763700000000})
		ids := core.NewIDs(20, time.Now())
		ana, bia, caio := ids[0], ids[1], ids[2]
		n := 0
		ticket := func(group, email, phone string) map[string]any {
			n++
			t := map[string]any{"id": ids[2+n], "group_id": group, "name": "Pessoa", "ticket_number": fmt.Sprintf("%03d", n)}
			if email != "" {
				t["email"] = email
			}
			if phone != "" {
				t["phone"] = phone
			}
			return t
		}
		const a, b, c = "a@exemplo.com", "b@exemplo.com", "c@exemplo.com"
		const p1, p2 = "+5511912345678", "+5511987654321"
		push(protocol.TypeParticipantsAdd, map[string]any{"tickets": []map[string]any{
			ticket(ana, a, ""), ticket(ana, a, ""), ticket(ana, a, p1), // 001–003
			ticket(ana, b, p1), ticket(ana, a, ""), ticket(ana, "", ""), // 004–006
			ticket(bia, a, ""), ticket(bia, a, ""), ticket(bia, "", p2), // 007–009
			ticket(caio, "", ""), ticket(caio, "", ""), // 010–011
		}})
		push(protocol.TypeParticipantsAdd, map[string]any{"tickets": []map[string]any{
			ticket(caio, c, ""), ticket(caio, c, ""), ticket(ana, a, ""), // 012–014
		}})
		for _, cs := range []struct {
			by, value string
			want      []string
		}{
			{"e-mail", a, []string{"001", "002", "003", "005", "007", "008", "014"}},
			{"e-mail", b, []string{"004"}},
			{"e-mail", c, []string{"012", "013"}},
			{"e-mail", "d@exemplo.com", []string{}},
			{"phone", p1, []string{"003", "004"}},
			{"phone", p2, []string{"009"}},
		} {
			check := db.PublicTicketsOf
			if cs.by == "phone" {
				check = db.PublicTicketsOfPhone
			}
			got, err := check(ctx, "K7P2QX", cs.value)
			if got := numbersOf(t, got, err); !slices.Equal(got, cs.want) {
				t.Errorf("by %s %s: %v, want %v", cs.by, cs.value, got, cs.want)
			}
		}
		// Indexed: each run's first ticket (001, 003, 004, 005, 007, 009,
		// 012, 014), not the 12 tickets with an e-mail or a phone.
		if got := storetest.CountContactHeads(t, db, rid); got != 8 {
			t.Errorf("%d contact heads, want 8", got)
		}
	})
}

// 0035 indexes the first stored ticket of each group, e-mail and phone, and
// the self-check finds the tickets stored before it.
func TestMigration0035ContactHeads(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			db, dsn, owner, exec := atVersion(t, dialect, 34)
			rid, code := seedAt(t, db, 34, owner) // 001 and 002, no e-mail
			ids := core.NewIDs(6, time.Now())
			now := time.Now().UnixMilli()
			for i, tk := range []struct{ group, email, phone any }{
				{ids[0], "a@exemplo.com", nil}, {ids[0], "a@exemplo.com", nil}, {ids[0], "b@exemplo.com", "+5511912345678"},
				{ids[3], "a@exemplo.com", "+5511912345678"}, {ids[3], nil, nil},
			} {
				exec(`INSERT INTO participants (id, raffle_id, group_id, name, name_key, person_head, email, phone, ticket_number, created_at)
					VALUES (?, ?, ?, 'Caio', 'caio', ?, ?, ?, ?, ?)`, ids[i], rid, tk.group, i%3, tk.email, tk.phone, fmt.Sprintf("1%02d", i), now)
			}
			db = upgraded(t, db, dsn)
			got, err := db.PublicTicketsOf(ctx, code, "a@exemplo.com")
			if got := numbersOf(t, got, err); !slices.Equal(got, []string{"100", "101", "103"}) {
				t.Errorf("by e-mail: %v", got)
			}
			got, err = db.PublicTicketsOfPhone(ctx, code, "+5511912345678")
			if got := numbersOf(t, got, err); !slices.Equal(got, []string{"102", "103"}) {
				t.Errorf("by phone: %v", got)
			}
			if got := storetest.CountContactHeads(t, db, rid); got != 3 {
				t.Errorf("%d contact heads, want 3", got)
			}
		})
	}
}
