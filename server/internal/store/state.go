package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/sorteio/sorteio/sync/protocol"
)

// loadState reads what the rules need, locking the raffle's row. raffleID is
// the owner's id (local_id); what is read under the raffle uses its key.
func (db *DB) loadState(ctx context.Context, tx *sql.Tx, userID string, op protocol.Op, m protocol.Mutation, now time.Time) (protocol.State, error) {
	raffleID := op.RaffleID
	st := protocol.State{Now: millis(now), AbandonGrace: db.abandonGrace.Milliseconds()}
	if _, ok := m.(protocol.RaffleCreate); ok {
		var one int
		// Only the owner's own ids exist for a create: another account's are
		// as free as unused ones (createRaffle).
		err := tx.QueryRowContext(ctx, db.q(`SELECT 1 FROM raffles WHERE owner_id = ? AND local_id = ?`), userID, raffleID).Scan(&one)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return st, err
		}
		st.Exists = err == nil
		st.MaxRaffles = db.maxRaffles
		st.OwnerRaffles, err = db.liveRaffles(ctx, tx, userID)
		return st, err
	}
	r, err := scanRaffle(tx.QueryRowContext(ctx, db.q(`SELECT `+raffleColumns+` FROM raffles WHERE local_id = ? AND owner_id = ?`+db.forUpdate()),
		raffleID, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return st, nil
	}
	if err != nil {
		return st, err
	}
	st.Raffle = &r.Raffle
	st.Tickets, st.Groups = r.Tickets, r.Groups
	raffleID = r.ID
	if st.GroupTickets, err = db.groupTickets(ctx, tx, raffleID, protocol.GroupIDs(m)); err != nil {
		return st, err
	}
	if add, ok := m.(protocol.ParticipantsAdd); ok {
		if st.RemovedGroups, err = db.removedGroups(ctx, tx, raffleID, op.BaseSeq, add, st.GroupTickets); err != nil {
			return st, err
		}
	}
	if r.Type == protocol.RaffleTickets {
		st.Later = laterOf(ctx, op.RaffleID)
		if err = db.loadTicketNumbers(ctx, tx, raffleID, m, &st); err != nil {
			return st, err
		}
	}
	if err = db.loadHeldNumbers(ctx, tx, raffleID, m, &st); err != nil {
		return st, err
	}
	if protocol.IsDrawOp(m) {
		err = db.loadDrawState(ctx, tx, raffleID, m, &st)
	} else if protocol.FederalPoolNeeded(m, st) {
		// The Loteria Federal's settings are checked against every ticket.
		st.Pool, err = db.readPool(ctx, tx, raffleID, st.Tickets, true)
	}
	return st, err
}

// removedGroups lists the groups an add names, holding no ticket now, that a
// participants.remove_group logged after baseSeq removed: the device that
// sent the add had not seen the removal. The log keeps every removal's
// payload while its raffle lives, and only the ops after baseSeq are read.
func (db *DB) removedGroups(ctx context.Context, tx *sql.Tx, raffleID string, baseSeq int64, add protocol.ParticipantsAdd, current map[string]int) (map[string]bool, error) {
	absent := map[string]bool{}
	for _, t := range add.Tickets {
		if current[t.GroupID] == 0 {
			absent[t.GroupID] = true
		}
	}
	if len(absent) == 0 {
		return nil, nil
	}
	rows, err := tx.QueryContext(ctx, db.q(`SELECT payload FROM changes WHERE raffle_id = ? AND seq > ? AND type = ?`),
		raffleID, baseSeq, protocol.TypeParticipantsDrop)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var payload string
		if err := rows.Scan(&payload); err != nil {
			return nil, err
		}
		var removal struct {
			GroupID string `json:"group_id"`
		}
		if json.Unmarshal([]byte(payload), &removal) == nil && absent[removal.GroupID] {
			out[removal.GroupID] = true
		}
	}
	return out, rows.Err()
}

// forUpdate locks the rows a PostgreSQL SELECT reads until commit; SQLite's
// immediate transactions already hold the one write lock.
func (db *DB) forUpdate() string {
	if db.dialect == postgresDialect {
		return " FOR UPDATE"
	}
	return ""
}

// groupTickets counts the current tickets of each named group.
func (db *DB) groupTickets(ctx context.Context, tx *sql.Tx, raffleID string, groups []string) (map[string]int, error) {
	out := make(map[string]int, len(groups))
	err := db.inChunks(groups, func(in string, args []any) error {
		rows, err := tx.QueryContext(ctx, db.q(`SELECT group_id, COUNT(*) FROM participants WHERE raffle_id = ? AND group_id `+in+
			` GROUP BY group_id`), append([]any{raffleID}, args...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g string
			var n int
			if err := rows.Scan(&g, &n); err != nil {
				return err
			}
			out[g] = n
		}
		return rows.Err()
	})
	return out, err
}

// inChunks calls fn with an "IN (...)" condition and its arguments for each
// chunk of values. PostgreSQL gets one array parameter (= ANY): a long IN
// list there makes its cached generic plan scan the table.
func (db *DB) inChunks(values []string, fn func(in string, args []any) error) error {
	if db.dialect == postgresDialect {
		if len(values) == 0 {
			return nil
		}
		return fn("= ANY(?)", []any{values})
	}
	const chunk = 500
	for start := 0; start < len(values); start += chunk {
		part := values[start:min(start+chunk, len(values))]
		args := make([]any, len(part))
		for i, v := range part {
			args[i] = v
		}
		if err := fn("IN (?"+strings.Repeat(", ?", len(part)-1)+")", args); err != nil {
			return err
		}
	}
	return nil
}
