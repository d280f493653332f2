package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/public"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/sync/protocol"
)

// PublicStore is what the public page's endpoints need from storage.
type PublicStore interface {
	PublicByCode(ctx context.Context, code string) (store.PublicView, error)
	PublicPeople(ctx context.Context, code, q string, offset, limit int) (store.PublicPeoplePage, error)
	PublicTicketsOf(ctx context.Context, code, email string) ([]*string, error)
	PublicTicketsOfPhone(ctx context.Context, code, phone string) ([]*string, error)
}

// publicCode reads the {code} of a public URL: upper-cased; outside the
// code alphabet it is an unknown raffle, like a missing one.
func publicCode(r *http.Request) (string, error) {
	code := strings.ToUpper(chi.URLParam(r, "code"))
	if !protocol.IsCode(code) {
		return "", &core.Error{Code: core.CodeRaffleNotFound}
	}
	return code, nil
}

// handlePublicState answers a raffle's public state by code, for anyone.
func handlePublicState(st PublicStore, limit Limiter, cfg Config, now func() time.Time, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := publicCode(r)
		if err == nil {
			err = allow(limit, "ip:"+addressGroup(r, cfg))
		}
		var v store.PublicView
		if err == nil {
			v, err = st.PublicByCode(r.Context(), code)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		state := public.Project(v, now())
		if state.Raffle.Status == protocol.StatusCompleted && state.Round == nil && cacheSettled(w, r, code, state.Seq) {
			return
		}
		writeJSON(w, http.StatusOK, state)
	})
}

// settledMaxAge is how long a cache may serve a settled raffle's answer
// without asking: an invalidation or a deletion shows there that much later
// at most (the WebSocket tells live viewers at once).
const settledMaxAge = 5 * time.Second

// cacheSettled marks an answer about a settled raffle (completed, no round
// open) as cacheable by anyone for settledMaxAge, validated by the raffle's
// log position, and answers 304 when the client holds that version already.
// Everything else stays no-store: a pending raffle gains people and an open
// round's countdown and result must never come from a cache.
func cacheSettled(w http.ResponseWriter, r *http.Request, code string, seq int64) (notModified bool) {
	version := code + "-" + strconv.FormatInt(seq, 10)
	w.Header().Set("ETag", etag(version))
	w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(int(settledMaxAge.Seconds())))
	w.Header().Set("Vary", "Accept-Encoding")
	if tags := r.Header.Get("If-None-Match"); tags != "" && matchesETag(tags, version) {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	return false
}

// maxPeoplePage caps a page of the participants list.
const maxPeoplePage = 100

// handlePublicPeople answers a page of a raffle's people, searched by name or
// ticket number (never by e-mail).
func handlePublicPeople(st PublicStore, limit Limiter, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := publicCode(r)
		if err == nil {
			err = allow(limit, "ip:"+addressGroup(r, cfg))
		}
		qs := r.URL.Query()
		offset, limitN := 0, maxPeoplePage
		if err == nil {
			offset, err = intParam(qs.Get("offset"), 0, 0, 1<<30, "offset", "O deslocamento deve ser um inteiro de 0 em diante.")
		}
		if err == nil {
			limitN, err = intParam(qs.Get("limit"), maxPeoplePage, 1, maxPeoplePage, "limit", "O limite deve estar entre 1 e 100.")
		}
		// A search goes through the text rule like the names it is compared
		// with: a NUL or a broken byte never reaches a query (PostgreSQL
		// refuses them with an error).
		q, clean := protocol.CleanLine(qs.Get("q"))
		switch {
		case err != nil:
		case !clean:
			err = core.FieldError("q", "A busca tem caracteres inválidos.")
		case utf8.RuneCountInString(q) > 100:
			err = core.FieldError("q", "A busca deve ter no máximo 100 caracteres.")
		}
		var page store.PublicPeoplePage
		if err == nil {
			page, err = st.PublicPeople(r.Context(), code, q, offset, limitN)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		// Nobody joins a completed raffle: its pages stay as they are.
		if page.Status == protocol.StatusCompleted && cacheSettled(w, r, code, page.Seq) {
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"total": page.Total, "offset": offset, "people": public.People(page.People)})
	})
}

func intParam(v string, def, lo, hi int, field, message string) (int, error) {
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, core.FieldError(field, message)
	}
	return n, nil
}

// checkRequest names the entrant by e-mail or by phone, one of them.
type checkRequest struct {
	Email string `json:"email"`
	Phone string `json:"phone"`
}

type checkAnswer struct {
	Found   bool      `json:"found"`
	Tickets []*string `json:"tickets"`
}

// handlePublicCheck tells an entrant whether their e-mail holds tickets in
// the raffle, and which; nothing about anyone else. A hit and a miss run the
// same query and the same encoding, and the answer leaves no sooner than
// cfg.CheckTime after the request came, so its timing tells nothing either.
func handlePublicCheck(st PublicStore, limits Limits, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		floor := time.NewTimer(cfg.CheckTime)
		defer floor.Stop()
		code, err := publicCode(r)
		if err == nil {
			err = allowCheck(limits, addressGroup(r, cfg), code)
		}
		var in checkRequest
		if err == nil {
			in, err = decodeJSON[checkRequest](w, r, 4096)
		}
		var tickets []*string
		if err == nil {
			tickets, err = checkTickets(r.Context(), st, code, in)
		}
		select {
		case <-floor.C:
		case <-r.Context().Done():
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusOK, checkAnswer{Found: len(tickets) > 0, Tickets: tickets})
	})
}

// allowCheck takes the self-check's limits before anything is read: the
// address group's over every raffle, then the group's own checks of this
// raffle; past those, the raffle's budget, shared by every address. An
// answer names a person (its tickets lead to a name on the public list:
// docs/security.md), so a client learns few names however many addresses
// it has within its group, and a raffle few however many groups check
// it, while a person's first checks of a raffle are answered at once even
// when others have spent its budget.
func allowCheck(l Limits, group, code string) error {
	if err := allow(l.PublicCheckIP, "ip:"+group); err != nil {
		return err
	}
	if l.PublicCheckOwn != nil {
		if ok, _ := l.PublicCheckOwn.Allow("own:" + group + " " + code); ok {
			return nil
		}
	}
	return allow(l.PublicCheckRaffle, "raffle:"+code)
}

// checkTickets looks the entrant up by phone when one was sent, else by
// e-mail, each in the form it is stored: through its rule (a NUL, an
// invisible character or a look-alike letter is refused, never sent to the
// database).
func checkTickets(ctx context.Context, st PublicStore, code string, in checkRequest) ([]*string, error) {
	if strings.TrimSpace(in.Phone) != "" {
		phone, rej := protocol.ParticipantPhone(in.Phone)
		if rej != nil || phone == "" {
			return nil, core.FieldError("phone", "Informe um telefone válido, com DDD.")
		}
		return st.PublicTicketsOfPhone(ctx, code, phone)
	}
	email, rej := protocol.ParticipantEmail(in.Email)
	if rej != nil || email == "" {
		return nil, core.FieldError("email", "Informe um e-mail válido.")
	}
	return st.PublicTicketsOf(ctx, code, email)
}
