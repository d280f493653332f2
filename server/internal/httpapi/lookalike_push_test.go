package httpapi_test

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// readCases reads the cases of a shared vector file under sync/testdata.
func readCases[V any](t *testing.T, path string) []V {
	t.Helper()
	raw, err := os.ReadFile("../../../sync/testdata/" + path)
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Cases []V }
	if err := json.Unmarshal(raw, &file); err != nil || len(file.Cases) < 20 {
		t.Fatalf("%s: %d cases, %v", path, len(file.Cases), err)
	}
	return file.Cases
}

// pushOne pushes one participants.add of one ticket and returns its answer
// and the ticket as the snapshot then holds it (nil when not stored).
func pushOne(t *testing.T, e *env, c *client, rid string, tk ticket) (opResult, *ticket) {
	t.Helper()
	res := c.push(t, e, c.op(rid, "participants.add", addPayload([]ticket{tk})))[0]
	for _, p := range c.snapshot(t, e, rid).Participants {
		if p.ID == tk.ID {
			return res, &ticket{ID: p.ID, Name: p.Name, Email: p.Email, TicketNumber: p.TicketNumber}
		}
	}
	return res, nil
}

// fields shows a stored ticket's e-mail and number.
func fields(tk *ticket) string {
	if tk == nil {
		return "nothing"
	}
	show := func(s *string) string {
		if s == nil {
			return "none"
		}
		return strconv.Quote(*s)
	}
	return "e-mail " + show(tk.Email) + ", number " + show(tk.TicketNumber)
}

// The look-alikes of "001" name one ticket, on both databases: pushed into
// a raffle that holds 001, each normal-form vector is stored in its normal
// form, taken when that form is held, or refused, never a 500 and nothing
// stored when refused.
func TestTicketNumberLookAlikesThroughPush(t *testing.T) {
	t.Parallel()
	type vector struct {
		Name, Input, Reason string
		Output              *string
	}
	vectors := readCases[vector](t, "tickets/normal-form.json")
	for _, want := range []string{"001", "\uff10\uff101", "0\u200b01", "00\u200d1"} {
		if !slices.ContainsFunc(vectors, func(v vector) bool { return v.Input == want }) {
			t.Fatalf("the vectors lost the look-alike %q", want)
		}
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(numbered("Ana", "001")))), "applied", "applied")
		held := map[string]bool{"001": true}
		for _, v := range vectors {
			t.Run(v.Name, func(t *testing.T) {
				tk := numbered("Bia", v.Input)[0]
				res, stored := pushOne(t, e, c, rid, tk)
				want := "applied"
				switch {
				case v.Output == nil:
					want = "rejected:" + v.Reason
				case held[*v.Output]:
					want = "rejected:ticket_number_taken"
				}
				wantStatuses(t, []opResult{res}, want)
				if want != "applied" {
					if stored != nil {
						t.Fatalf("a refused ticket was stored: %q", *stored.TicketNumber)
					}
					return
				}
				if stored == nil || stored.TicketNumber == nil || *stored.TicketNumber != *v.Output {
					t.Fatalf("stored %s, want number %q", fields(stored), *v.Output)
				}
				held[*v.Output] = true
			})
		}
		// One ticket reads 001, and no stored number hides a format character.
		count := 0
		for _, p := range c.snapshot(t, e, rid).Participants {
			if *p.TicketNumber == "001" {
				count++
			}
			for _, r := range *p.TicketNumber {
				if unicode.Is(unicode.Cf, r) {
					t.Errorf("stored number %q holds %U", *p.TicketNumber, r)
				}
			}
		}
		if count != 1 {
			t.Fatalf("%d tickets numbered 001", count)
		}
	})
}

// Participants' e-mails follow the account e-mail rule, on both databases:
// stored in its normal form, or the op is refused and nothing is stored.
func TestParticipantEmailsThroughPush(t *testing.T) {
	t.Parallel()
	type vector struct {
		Name, Input, Fault, Participant string
		Output                          *string
	}
	vectors := readCases[vector](t, "text/emails.json")
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))), "applied")
		for _, v := range vectors {
			t.Run(v.Name, func(t *testing.T) {
				tk := person("Ana", 1)[0]
				tk.Email = &v.Input
				res, stored := pushOne(t, e, c, rid, tk)
				switch {
				case v.Output != nil:
					wantStatuses(t, []opResult{res}, "applied")
					if stored == nil || stored.Email == nil || *stored.Email != *v.Output {
						t.Fatalf("stored %s, want e-mail %q", fields(stored), *v.Output)
					}
				case v.Participant == "none":
					wantStatuses(t, []opResult{res}, "applied")
					if stored == nil || stored.Email != nil {
						t.Fatalf("stored %s, want no e-mail", fields(stored))
					}
				default:
					wantStatuses(t, []opResult{res}, "rejected:"+v.Participant)
					if stored != nil {
						t.Fatalf("a refused ticket was stored: %s", fields(stored))
					}
				}
			})
		}
	})
}

// What the entrant's self-check finds: a participant typed with full-width
// letters and capitals is found by the plain address, and a look-alike
// address is refused, not looked up.
func TestSelfCheckFindsNormalisedEmails(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		ana := numbered("Ana", "007")
		typed := "ANA@\uff25\uff38\uff25\uff2d\uff30\uff2c\uff2f.com"
		ana[0].Email = &typed
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(ana))), "applied", "applied")
		for i, cs := range []struct {
			email  string
			status int
			want   string
		}{
			{"ana@exemplo.com", 200, `{"found":true,"tickets":["007"]}` + "\n"},
			{"\uff41na@exemplo.com", 200, `{"found":true,"tickets":["007"]}` + "\n"},
			{"\u0430na@exemplo.com", 400, "Informe um e-mail válido."},
			{"an\u200ba@exemplo.com", 400, "Informe um e-mail válido."},
		} {
			body, _ := json.Marshal(map[string]string{"email": cs.email})
			res := e.do(t, request{method: "POST", path: "/api/public/raffles/K7P2QX/check", body: string(body),
				remote: "10.4.0." + string(rune('1'+i)) + ":9"})
			got := readBody(t, res)
			if res.StatusCode != cs.status || (cs.status == 200 && got != cs.want) || (cs.status != 200 && !strings.Contains(got, cs.want)) {
				t.Errorf("%q: %d %s, want %d %s", cs.email, res.StatusCode, got, cs.status, cs.want)
			}
		}
	})
}
