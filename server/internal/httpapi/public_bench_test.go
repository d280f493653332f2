package httpapi_test

import (
	"fmt"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// The public page's reads at 100,000 tickets (10,000 people of 10), real
// HTTP: the state, pages of people with and without search, the self-check.
func BenchmarkPublic100k(b *testing.B) {
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			base := benchServer(b, dialect)
			c := newBenchClient(b, base, "org@example.com", true)
			people := make([][]ticket, 10_000)
			for i := range people {
				people[i] = person(fmt.Sprintf("Participante %d Conceição", i), 10)
				mail := fmt.Sprintf("pessoa%d@exemplo.com.br", i)
				for j := range people[i] {
					people[i][j].Email = &mail
				}
			}
			c.raffleOf(3, people)
			for _, q := range []struct{ name, method, path, body string }{
				{"state", "GET", "/api/public/raffles/K7P2QX", ""},
				{"people-first-page", "GET", "/api/public/raffles/K7P2QX/participants?limit=100", ""},
				{"people-last-page", "GET", "/api/public/raffles/K7P2QX/participants?limit=100&offset=9900", ""},
				{"search-name-1-person", "GET", "/api/public/raffles/K7P2QX/participants?q=participante%209876%20conceicao", ""},
				{"search-name-all", "GET", "/api/public/raffles/K7P2QX/participants?q=CONCEI", ""},
				{"search-ticket-all", "GET", "/api/public/raffles/K7P2QX/participants?q=01", ""},
				{"check-hit", "POST", "/api/public/raffles/K7P2QX/check", `{"email":"pessoa4321@exemplo.com.br"}`},
				{"check-miss", "POST", "/api/public/raffles/K7P2QX/check", `{"email":"ninguem@exemplo.com.br"}`},
			} {
				b.Run(q.name, func(b *testing.B) {
					for b.Loop() {
						c.send(q.method, q.path, q.body)
					}
				})
			}
		})
	}
}
