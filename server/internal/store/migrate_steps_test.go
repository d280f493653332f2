package store_test

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sorteio/sorteio/migrations"
	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// migrationSteps lists the dialect's migrations in order, each with the
// files a build that shipped up to it had.
func migrationSteps(t *testing.T, dialect string) (versions []int64, upTo []fstest.MapFS) {
	t.Helper()
	files, err := migrations.FS(dialect)
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	acc := fstest.MapFS{}
	for _, name := range names {
		body, err := fs.ReadFile(files, name)
		if err != nil {
			t.Fatal(err)
		}
		acc[name] = &fstest.MapFile{Data: body}
		step := fstest.MapFS{}
		for k, v := range acc {
			step[k] = v
		}
		v, err := strconv.ParseInt(strings.SplitN(name, "_", 2)[0], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		versions, upTo = append(versions, v), append(upTo, step)
	}
	return versions, upTo
}

// atVersion opens a fresh database of the dialect migrated up to version
// only, as a build that shipped up to it would, with one account (owner).
// exec runs a statement written with ? placeholders on it.
func atVersion(t *testing.T, dialect string, version int64) (db *store.DB, dsn, owner string, exec func(query string, args ...any)) {
	t.Helper()
	dsn = storetest.DSN(t, dialect)
	versions, upTo := migrationSteps(t, dialect)
	db, err := store.OpenWith(context.Background(), dsn, storetest.Logger(t), upTo[slices.Index(versions, version)])
	if err != nil {
		t.Fatal(err)
	}
	pool, q := db.Raw()
	exec = func(query string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(q(query), args...); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
	}
	owner = core.NewID(time.Now())
	exec(`INSERT INTO users (id, email, password_hash, created_at) VALUES (?, 'ana@example.com', 'x', ?)`, owner, time.Now().UnixMilli())
	return db, dsn, owner, exec
}

// upgraded closes db, migrated up to an older version, and opens its
// database again with every migration, as a new build starts on it.
func upgraded(t *testing.T, db *store.DB, dsn string) *store.DB {
	t.Helper()
	db.Close()
	db, err := store.Open(context.Background(), dsn, storetest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// seedAt writes, with the columns the schema has at version v, a raffle with
// two tickets and its log, and from 0003 on a completed draw with a winner.
// Ticket ids are shared between raffles once 0006 allows it, draw ids once
// 0013 does.
func seedAt(t *testing.T, db *store.DB, v int64, owner string) (raffleID, code string) {
	t.Helper()
	pool, q := db.Raw()
	exec := func(query string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(q(query), args...); err != nil {
			t.Fatalf("version %d: %s: %v", v, query, err)
		}
	}
	raffleID, code = core.NewID(time.Now()), fmt.Sprintf("K7P%03d", v)
	code = strings.NewReplacer("0", "A", "1", "B").Replace(code)
	now := time.Now().UnixMilli()
	status := protocol.StatusPending
	if v >= 3 {
		status = protocol.StatusCompleted
	}
	cols, vals := "id, owner_id, code, title, type, status, winners_count, countdown_seconds, created_at, updated_at, head_seq, feed_seq, tickets, groups_count",
		[]any{raffleID, owner, code, "Rifa " + code, protocol.RaffleTickets, status, 1, 0, now, now, 1, v, 2, 2}
	if v >= 12 {
		cols, vals = cols+", local_id", append(vals, raffleID)
	}
	exec(`INSERT INTO raffles (`+cols+`) VALUES (?`+strings.Repeat(", ?", len(vals)-1)+`)`, vals...)
	exec(`INSERT INTO changes (raffle_id, seq, op_id, type, payload, user_id, at) VALUES (?, 1, ?, 'raffle.create', '{}', ?, ?)`,
		raffleID, core.NewID(time.Now()), owner, now)

	ticket := func(n int) string {
		if v >= 6 {
			return fmt.Sprintf("0190a000-0000-7000-8000-00000000000%d", n)
		}
		return fmt.Sprintf("%s-%d", raffleID, n)
	}
	for n, name := range []string{"Ana Lúcia", "Bruno"} {
		cols, vals := "id, raffle_id, group_id, name, ticket_number, created_at",
			[]any{ticket(n + 1), raffleID, ticket(n + 1), name, fmt.Sprintf("%03d", n+1), now + int64(n)}
		if v >= 7 {
			cols, vals = cols+", name_key, person_head", append(vals, store.NameKey(name), 1)
		}
		exec(`INSERT INTO participants (`+cols+`) VALUES (?`+strings.Repeat(", ?", len(vals)-1)+`)`, vals...)
	}
	if v < 3 {
		return raffleID, code
	}
	drawID := core.NewID(time.Now())
	if v >= 13 {
		drawID = "0190a000-0000-7000-8000-0000000000dd"
	}
	exec(`INSERT INTO draws (id, raffle_id, round_no, kind, positions, client_commitment, server_commitment, server_seed,
		client_seed, seed, offline, pool_digest, pool_size, winners_count, allow_duplicate_wins, countdown_seconds,
		started_at, completed_at) VALUES (?, ?, 1, 'draw', '[1]', 'cc', 'sc', 'ss', 'cs', 'sd', ?, 'pd', 2, 1, ?, 0, ?, ?)`,
		drawID, raffleID, false, false, now, now)
	exec(`INSERT INTO winners (id, raffle_id, draw_id, position, ticket_id, is_valid, created_at) VALUES (?, ?, ?, 1, ?, ?, ?)`,
		drawID+":1", raffleID, drawID, ticket(1), true, now)
	return raffleID, code
}

// A database upgraded through every shipped version, holding data written at
// each, keeps all of it readable and writable at the last one.
func TestMigrationsStepByStepKeepData(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			dsn := storetest.DSN(t, dialect)
			owner := core.NewID(time.Now())
			type seeded struct {
				version  int64
				id, code string
			}
			var raffles []seeded
			versions, upTo := migrationSteps(t, dialect)
			for i, files := range upTo {
				db, err := store.OpenWith(ctx, dsn, storetest.Logger(t), files)
				if err != nil {
					t.Fatalf("up to %04d: %v", versions[i], err)
				}
				if i == 0 {
					pool, q := db.Raw()
					if _, err := pool.Exec(q(`INSERT INTO users (id, email, password_hash, created_at) VALUES (?, 'ana@example.com', 'x', ?)`),
						owner, time.Now().UnixMilli()); err != nil {
						t.Fatal(err)
					}
				} else {
					id, code := seedAt(t, db, versions[i], owner)
					raffles = append(raffles, seeded{versions[i], id, code})
				}
				db.Close()
			}

			db, err := store.Open(ctx, dsn, storetest.Logger(t))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			client, mutation := core.NewID(time.Now()), int64(0)
			for _, r := range raffles {
				snap, err := db.Snapshot(ctx, owner, r.id)
				if err != nil || snap.Raffle.ID != r.id || len(snap.Tickets.IDs) != 2 {
					t.Fatalf("raffle of %04d: %+v %v", r.version, snap, err)
				}
				drawn := r.version >= 3
				if drawn != (len(snap.Draws) == 1 && len(snap.Winners) == 1 && snap.Winners[0].TicketID == snap.Tickets.IDs[0]) {
					t.Errorf("raffle of %04d: draws %+v winners %+v", r.version, snap.Draws, snap.Winners)
				}
				view, err := db.PublicByCode(ctx, r.code)
				if err != nil || view.Tickets != 2 || (drawn && (len(view.Winners) != 1 || view.Winners[0].Name != "Ana Lúcia")) {
					t.Errorf("public raffle of %04d: %+v %v", r.version, view, err)
				}
				if page, err := db.PublicPeople(ctx, r.code, "lucia", 0, 10); err != nil || page.Total != 1 {
					t.Errorf("public search in the raffle of %04d: %d %v", r.version, page.Total, err)
				}
				mutation++
				op := protocol.Op{OpID: core.NewID(time.Now()), MutationID: mutation, RaffleID: r.id, Type: protocol.TypeParticipantsAdd,
					Payload: []byte(`{"tickets":[{"id":"0190a000-0000-7000-8000-0000000000ff","group_id":"0190a000-0000-7000-8000-0000000000ff","name":"Caio"}]}`)}
				if drawn {
					op.Type, op.Payload = protocol.TypeWinnerInvalidate, []byte(`{"winner_id":"`+snap.Winners[0].ID+`"}`)
				}
				res, err := db.Push(ctx, owner, client, []protocol.Op{op}, time.Now)
				if err != nil || res[0].Status != store.StatusApplied {
					t.Errorf("%s on the raffle of %04d: %+v %v", op.Type, r.version, res, err)
				}
			}
		})
	}
}

// A migration older than one the database already has is refused, and
// nothing is applied: a table rebuild written for an older schema would drop
// the columns added since.
func TestMigrationsRefuseAnOlderVersionAfterANewerOne(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			dsn := storetest.DSN(t, dialect)
			first := fstest.MapFS{"0001_a.sql": {Data: []byte(`CREATE TABLE a (x INTEGER);`)},
				"0003_c.sql": {Data: []byte(`CREATE TABLE c (x INTEGER);`)}}
			db, err := store.OpenWith(ctx, dsn, storetest.Logger(t), first)
			if err != nil {
				t.Fatal(err)
			}
			db.Close()
			later := fstest.MapFS{"0002_b.sql": {Data: []byte(`CREATE TABLE b (x INTEGER);`)},
				"0004_d.sql": {Data: []byte(`CREATE TABLE d (x INTEGER);`)}}
			for k, v := range first {
				later[k] = v
			}
			if _, err := store.OpenWith(ctx, dsn, storetest.Logger(t), later); err == nil || !strings.Contains(err.Error(), "0002_b.sql") {
				t.Fatalf("an older migration after a newer one: %v", err)
			}
			// Nothing of the refused run was applied: 0004 waits too.
			db, err = store.OpenWith(ctx, dsn, storetest.Logger(t), first)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			pool, _ := db.Raw()
			for _, table := range []string{"b", "d"} {
				if _, err := pool.Exec(`SELECT x FROM ` + table); err == nil {
					t.Errorf("table %s was created", table)
				}
			}
		})
	}
}

// 0017 gives every raffle the highest of its all-digit ticket numbers as its
// number bound (by value: "0100" is above "99"; "A7" is no number), and a
// raffle without any gets "". A number held then is still refused.
func TestMigration0017NumberBound(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			db, dsn, owner, exec := atVersion(t, dialect, 16)
			now := time.Now().UnixMilli()
			digits, _ := seedAt(t, db, 16, owner) // "001" and "002"
			none := core.NewID(time.Now())
			exec(`INSERT INTO raffles (id, local_id, owner_id, code, title, type, status, winners_count, countdown_seconds,
				created_at, updated_at, head_seq, feed_seq, tickets, groups_count) VALUES (?, ?, ?, 'K7P2QY', 'Rifa', 'tickets', 'pending', 1, 0, ?, ?, 1, 1, 2, 2)`,
				none, none, owner, now, now)
			for i, n := range []any{"0100", "99", "A7", nil, "007", "A1", nil} {
				raffle := digits
				if i >= 5 {
					raffle = none
				}
				id := fmt.Sprintf("0190a000-0000-7000-8000-0000000001%02d", i)
				exec(`INSERT INTO participants (id, raffle_id, group_id, name, name_key, person_head, ticket_number, created_at) VALUES (?, ?, ?, 'Caio', 'caio', 1, ?, ?)`,
					id, raffle, id, n, now)
			}
			db = upgraded(t, db, dsn)
			if got := storetest.NumberBound(t, db, digits); got != "0100" {
				t.Errorf("bound %q, want 0100", got)
			}
			if got := storetest.NumberBound(t, db, none); got != "" {
				t.Errorf("bound of a raffle without numbers %q, want none", got)
			}
			if got := storetest.TicketNumbers(t, db, digits); !slices.Equal(got, []string{"001", "002", "007", "0100", "99", "A7"}) {
				t.Errorf("numbers kept: %v", got)
			}
			storetest.SetRaffleStatus(t, db, digits, protocol.StatusPending) // seedAt drew it
			for i, n := range []string{"007", "99", "100"} {
				op := protocol.Op{OpID: core.NewID(time.Now()), MutationID: int64(i + 1), RaffleID: digits, Type: protocol.TypeParticipantsAdd,
					Payload: []byte(fmt.Sprintf(`{"tickets":[{"id":"0190a000-0000-7000-8000-0000000002%02d","group_id":"0190a000-0000-7000-8000-0000000002%02d","name":"Davi","ticket_number":%q}]}`, i, i, n))}
				res, err := db.Push(ctx, owner, "0190a000-0000-7000-8000-0000000000c1", []protocol.Op{op}, time.Now)
				want := protocol.ReasonTicketNumberTaken
				if n == "100" { // "0100" is held, "100" is not
					want = ""
				}
				if err != nil || res[0].Reason != want {
					t.Errorf("adding %s: %+v %v, want reason %q", n, res, err, want)
				}
			}
		})
	}
}
