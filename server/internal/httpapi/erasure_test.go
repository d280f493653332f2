package httpapi_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// markedPhones numbers the marked people's phones.
var markedPhones atomic.Int64

// marked is a person whose name, e-mail and phone appear nowhere else, so
// that finding any in the database's bytes can only be this person's data.
func marked(name string, n int) []ticket {
	tickets := person(name, n)
	mail := strings.ToLower(strings.ReplaceAll(name, " ", ".")) + "@erasure.example.com"
	phone := fmt.Sprintf("+55479%08d", 13572468+markedPhones.Add(1))
	for i := range tickets {
		tickets[i].Email = &mail
		tickets[i].Phone = &phone
	}
	return tickets
}

func emailOf(p []ticket) string { return *p[0].Email }

func phoneOf(p []ticket) string { return *p[0].Phone }

// storedAt says, for each text, which parts of the database's storage
// (storetest.StoredBytes) hold it, as written or in the lower case of a
// search key (participants.name_key); texts found nowhere are left out.
func storedAt(t *testing.T, dsn string, texts []string) map[string][]string {
	t.Helper()
	found := map[string][]string{}
	for part, b := range storetest.StoredBytes(t, dsn) {
		for _, s := range texts {
			if bytes.Contains(b, []byte(s)) || bytes.Contains(b, []byte(strings.ToLower(s))) {
				found[s] = append(found[s], part)
			}
		}
	}
	return found
}

// Deleting a raffle, and then the account, leaves no participant e-mail and
// no name outside the kept public record anywhere the database keeps bytes:
// rows, the change log's payloads, invalidation reasons, recorded answers,
// SQLite's free pages and WAL, PostgreSQL's statistics.
func TestDeletionErasesPersonalData(t *testing.T) {
	t.Parallel()
	storetest.EachDSN(t, func(t *testing.T, db *store.DB, dsn string) {
		e := newEnv(t, db, httpapi.Config{})
		const organiser = "organizadora.quixaba@erasure.example.com"
		cookie := mustSignUp(t, e, organiser, "segredo1")
		c := newClient(cookie)

		// A pending raffle deleted by the live account.
		quirino := marked("Quirino Zabumbeiro", 2)
		gone := drawRaffle(t, e, c, 1, false, quirino)
		// A refused add (an id the raffle holds) is recorded, its payload never.
		yolanda := marked("Yolanda Recusada", 1)
		yolanda[0].ID = quirino[0].ID
		wantStatuses(t, c.push(t, e, c.op(gone, "participants.add", addPayload(yolanda))), "rejected:participant_exists")
		// A pending raffle left to the account's deletion.
		ursula := marked("Ursula Pendurada", 3)
		drawRaffle(t, e, c, 1, false, ursula)
		// A drawn raffle: one person removed before the draw, the winner
		// invalidated with a reason that names someone.
		valdo, wanda, xenia := marked("Valdo Sorteado", 2), marked("Wanda Removida", 1), marked("Xenia Premiada", 1)
		drawn := drawRaffle(t, e, c, 1, false, valdo, wanda, xenia)
		rd := newRound()
		const reason = "Zacarias Fiscal viu fraude"
		wantStatuses(t, c.push(t, e, c.op(drawn, "participants.remove_group", map[string]any{"group_id": wanda[0].GroupID}),
			c.op(drawn, "draw.start", rd.start(poolOf(valdo, xenia))), c.op(drawn, "draw.complete", rd.complete()),
			c.op(drawn, "winner.invalidate", map[string]any{"winner_id": protocol.WinnerID(rd.id, 1), "reason": reason})),
			"applied", "applied", "applied", "applied")
		code := c.snapshot(t, e, drawn).Raffle.Code
		storetest.Analyze(t, dsn) // as autovacuum would: statistics sample the columns

		// Sanity: the scan finds each of them while they are stored.
		erasedFirst := []string{quirino[0].Name, emailOf(quirino), phoneOf(quirino), yolanda[0].Name, emailOf(yolanda), phoneOf(yolanda)}
		erasedLater := []string{ursula[0].Name, emailOf(ursula), phoneOf(ursula), emailOf(valdo), phoneOf(valdo), wanda[0].Name,
			emailOf(wanda), phoneOf(wanda), emailOf(xenia), phoneOf(xenia), reason, organiser}
		stored := append([]string{quirino[0].Name, emailOf(quirino), phoneOf(quirino)}, erasedLater...) // Yolanda's op was refused
		if found := storedAt(t, dsn, stored); len(found) != len(stored) {
			t.Fatalf("before the deletions the scan finds only %v of %q: it cannot see what it looks for", found, stored)
		}

		wantStatuses(t, c.push(t, e, c.op(gone, "raffle.delete", map[string]any{})), "applied")
		for s, where := range storedAt(t, dsn, erasedFirst) {
			t.Errorf("after the raffle's deletion %q is still in %v", s, where)
		}
		// Other devices still learn of the deletion as before.
		for _, path := range []string{"/changes", "/snapshot"} {
			if s := c.getJSON(t, e, "/api/sync/raffles/"+gone+path, nil); s != http.StatusNotFound {
				t.Errorf("%s of the deleted raffle: %d, want 404", path, s)
			}
		}
		var feed struct {
			Raffles []store.FeedEntry `json:"raffles"`
		}
		c.getJSON(t, e, "/api/sync/raffles", &feed)
		deleted := 0
		for _, r := range feed.Raffles {
			if r.Deleted {
				deleted++
			}
		}
		if len(feed.Raffles) != 3 || deleted != 1 {
			t.Errorf("feed lists %d raffles, %d deleted; want 3, 1 deleted", len(feed.Raffles), deleted)
		}

		res := e.do(t, request{method: "POST", path: "/api/account/delete", body: fmt.Sprintf(`{"email":%q}`, organiser), cookie: cookie})
		if res.StatusCode != http.StatusNoContent {
			t.Fatalf("account deletion: %d %s", res.StatusCode, readBody(t, res))
		}
		for s, where := range storedAt(t, dsn, append(erasedFirst, erasedLater...)) {
			t.Errorf("after the account's deletion %q is still in %v", s, where)
		}
		// The drawn raffle's public record stays, with its names.
		res = e.do(t, request{method: "GET", path: "/api/public/raffles/" + code + "/audit"})
		if body := readBody(t, res); res.StatusCode != http.StatusOK || !strings.Contains(body, valdo[0].Name) {
			t.Errorf("public record after the deletions: %d %s", res.StatusCode, body)
		}
	})
}
