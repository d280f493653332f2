package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/sync/protocol"
)

// SyncStore is what the sync handlers need from storage.
type SyncStore interface {
	Push(ctx context.Context, userID, clientID string, ops []protocol.Op, now func() time.Time) ([]store.OpResult, error)
	Changes(ctx context.Context, ownerID, raffleID string, after protocol.Cursor, limit int) (store.ChangesPage, error)
	Snapshot(ctx context.Context, ownerID, raffleID string) (store.Snapshot, error)
	Feed(ctx context.Context, ownerID string, after protocol.Cursor, limit int) (store.FeedPage, error)
}

// UserTopic is the hub topic of an organiser's devices.
func UserTopic(userID string) string { return "user:" + userID }

type pushRequest struct {
	ClientID string `json:"client_id"`
	// UserID is the account the ops were made under. A device whose cookie
	// now belongs to another account (signed in from another tab) must not
	// push them there; an unknown client id would otherwise be registered to
	// whoever holds the cookie.
	UserID        string        `json:"user_id"`
	SchemaVersion int           `json:"schema_version"`
	Ops           []protocol.Op `json:"ops"`
}

// handlePush applies a push. The store pokes the account's devices once the
// ops are committed; the handler only answers.
func handlePush(st SyncStore, perAccount Limiter, maxBody int64, now func() time.Time, obs Observer, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		u := userFrom(r.Context())
		if err := allow(perAccount, "user:"+u.ID); err != nil {
			// The device keeps its outbox and pushes again after Retry-After.
			writeError(w, r, log, err)
			return
		}
		in, err := decodeJSON[pushRequest](w, r, maxBody)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		switch {
		case !protocol.IsUUIDv7(in.ClientID):
			err = core.FieldError("client_id", "Identificador do dispositivo inválido.")
		case in.UserID != "" && in.UserID != u.ID:
			err = &core.Error{Code: core.CodeForbiddenClient, Message: "Estas alterações são de outra conta: entre com ela para enviá-las."}
		case in.SchemaVersion < protocol.MinSchemaVersion || in.SchemaVersion > protocol.SchemaVersion:
			err = core.FieldError("schema_version", "Versão do aplicativo não suportada. Atualize a página.")
		case len(in.Ops) > protocol.MaxOpsPerPush:
			err = core.FieldError("ops", fmt.Sprintf("Envie no máximo %d alterações por vez.", protocol.MaxOpsPerPush))
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		for i := range in.Ops {
			in.Ops[i].SchemaVersion = in.SchemaVersion
		}
		results, err := st.Push(r.Context(), u.ID, in.ClientID, in.Ops, now)
		if err != nil {
			// Results so far are lost to this client, but each is
			// recorded: its retry gets them back as duplicates.
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"results": results, "server_time": now().UnixMilli()})
		countOps(obs, results)
		obs.Push(time.Since(start))
	})
}

// countOps records a push's answers, one counter update per (status, reason).
func countOps(obs Observer, results []store.OpResult) {
	type key struct{ status, reason string }
	n := map[key]int{}
	for _, res := range results {
		n[key{res.Status, res.Reason}]++
	}
	for k, c := range n {
		obs.Ops(k.status, k.reason, c)
	}
}

// timePull records a pull's time (feed, changes or snapshot).
func timePull(obs Observer, kind string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		next.ServeHTTP(w, r)
		obs.Pull(kind, time.Since(start))
	})
}

// handleChanges answers a page of the log. Like push and snapshot answers it
// carries server_time (Unix ms): devices estimate their clock's offset from
// the server's, whose clock ends every draw's countdown.
func handleChanges(st SyncStore, now func() time.Time, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := raffleParam(r)
		var after protocol.Cursor
		var limit int
		if err == nil {
			after, limit, err = pageParams(r, 500)
		}
		var page store.ChangesPage
		if err == nil {
			page, err = st.Changes(r.Context(), userFrom(r.Context()).ID, id, after, limit)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		if page.Refetch || (olderThanFederal(r) && hasFederalDraw(page.Changes)) {
			writeJSON(w, http.StatusOK, map[string]any{"refetch": true, "server_time": now().UnixMilli()})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"changes": page.Changes, "cursor": page.Cursor.String(), "more": page.More,
			"server_time": now().UnixMilli()})
	})
}

// olderThanFederal says whether a pull comes from a device before the
// Loteria Federal: the PWA names its schema version in every pull
// (?schema=5), and versions before that name none.
func olderThanFederal(r *http.Request) bool {
	v, err := strconv.Atoi(r.URL.Query().Get("schema"))
	return err != nil || v < protocol.FederalSchemaVersion
}

// hasFederalDraw says whether a page holds a Loteria Federal draw op: such a
// device gets "refetch", and its snapshot leaves the open list out.
func hasFederalDraw(changes []store.Change) bool {
	for _, c := range changes {
		if protocol.FederalDrawChange(c.Type, c.Payload) {
			return true
		}
	}
	return false
}

// handleSnapshot answers the raffle whole. A device that asks for
// ?format=columns gets its tickets column by column ("tickets", "format":
// "columns"); any other request gets one object per ticket ("participants"),
// the shape every earlier version reads (docs/sync-protocol.md).
func handleSnapshot(st SyncStore, now func() time.Time, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := raffleParam(r)
		var snap store.Snapshot
		if err == nil {
			snap, err = st.Snapshot(r.Context(), userFrom(r.Context()).ID, id)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		head := snapshotHead{Raffle: snap.Raffle, HeadSeq: snap.HeadSeq, Draws: snap.Draws, Winners: snap.Winners, Cursor: snap.Cursor,
			ServerTime: now().UnixMilli()}
		if olderThanFederal(r) {
			head.Draws = protocol.RoundsForOlder(head.Draws)
		}
		if r.URL.Query().Get("format") == protocol.SnapshotColumns {
			writeJSON(w, http.StatusOK, struct {
				snapshotHead
				Format  string                 `json:"format"`
				Tickets protocol.TicketColumns `json:"tickets"`
			}{head, protocol.SnapshotColumns, snap.Tickets})
			return
		}
		participants, err := snap.Tickets.Tickets()
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusOK, struct {
			snapshotHead
			Participants []protocol.SnapshotTicket `json:"participants"`
		}{head, participants})
	})
}

// snapshotHead is what both snapshot formats carry besides the tickets.
type snapshotHead struct {
	Raffle     protocol.Raffle   `json:"raffle"`
	HeadSeq    int64             `json:"head_seq"`
	Draws      []protocol.Round  `json:"draws"`
	Winners    []protocol.Winner `json:"winners"`
	Cursor     string            `json:"cursor"`
	ServerTime int64             `json:"server_time"`
}

func handleFeed(st SyncStore, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		after, limit, err := pageParams(r, 200)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		page, err := st.Feed(r.Context(), userFrom(r.Context()).ID, after, limit)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		setDatabaseCookie(w, r, cfg)
		writeJSON(w, http.StatusOK, map[string]any{"raffles": page.Raffles, "cursor": page.Cursor.String(), "more": page.More})
	})
}

// raffleParam reads the {id} of a raffle's URL. Anything but a UUID is an
// unknown raffle, answered like one, and never reaches a query: PostgreSQL
// refuses a NUL or a byte that is not UTF-8 with an error.
func raffleParam(r *http.Request) (string, error) {
	id := chi.URLParam(r, "id")
	if !protocol.IsUUID(id) {
		return "", &core.Error{Code: core.CodeNotFound}
	}
	return id, nil
}

// pageParams reads ?after= (a cursor) and ?limit= (1 to 1000).
func pageParams(r *http.Request, def int) (protocol.Cursor, int, error) {
	after, err := protocol.ParseCursor(r.URL.Query().Get("after"))
	if err != nil {
		return after, 0, core.FieldError("after", "Cursor inválido.")
	}
	limit := def
	if v := r.URL.Query().Get("limit"); v != "" {
		limit, err = strconv.Atoi(v)
		if err != nil || limit < 1 || limit > 1000 {
			return after, 0, core.FieldError("limit", "O limite deve estar entre 1 e 1000.")
		}
	}
	return after, limit, nil
}
