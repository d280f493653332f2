package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// loadedRaffle is a raffle of the test: its drawn one is left alone during
// the load, its busy one takes adds throughout.
type loadedRaffle struct {
	dev      *device
	id, code string
	// added maps each applied add's log position to its tickets' ids.
	mu    sync.Mutex
	added map[int64][]string
	setup []string // tickets added before the load
}

// TestBackupUnderLoadRestoresTheBackupsMoment makes a backup while four
// devices push, restores it to a fresh server, and checks every raffle,
// participant, winner, round and public record against the source at the
// backup's moment: each raffle's log in the restored database is the
// source's log up to the restored head, its tickets exactly those that log
// added, and the drawn raffles' rounds, winners and public records equal.
func TestBackupUnderLoadRestoresTheBackupsMoment(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	srcPath, dstPath, file := filepath.Join(dir, "fonte.db"), filepath.Join(dir, "restaurado.db"), filepath.Join(dir, "backup.db")
	env := map[string]string{"SQLITE_PATH": srcPath, "PUSHES_PER_MINUTE": "0", "RATE_LIMIT_SCALE": "100"}
	src := startInstance(t, env)

	var drawn, busy []*loadedRaffle
	for i := range 4 {
		d := signUp(t, src.base, fmt.Sprintf("organizador%d@exemplo.com", i), "segredo123")
		for j, into := range []*[]*loadedRaffle{&drawn, &busy} {
			r := &loadedRaffle{dev: d, id: core.NewID(time.Now()), code: protocol.NewCode(), added: map[int64][]string{}}
			d.mustPush(t, d.op(r.id, protocol.TypeRaffleCreate, raffleCreate(r.id, r.code)))
			add, pool := tickets(1, 20, fmt.Sprintf("r%d-%d.exemplo.com", i, j))
			d.mustPush(t, d.op(r.id, protocol.TypeParticipantsAdd, add))
			for _, p := range pool {
				r.setup = append(r.setup, p.ID)
			}
			if into == &drawn {
				d.drawOnce(t, r.id, pool)
			}
			*into = append(*into, r)
		}
	}

	// The load: each device adds five people at a time to its busy raffle.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var failed sync.Once
	var loadErr error
	var stalled atomic.Bool
	loadFailed := stalled.Load
	for _, r := range busy {
		wg.Go(func() {
			for n := 21; ; n += 5 {
				select {
				case <-stop:
					return
				default:
				}
				add, pool := tickets(n, 5, "carga.exemplo.com")
				status, res, body := r.dev.push(r.dev.op(r.id, protocol.TypeParticipantsAdd, add))
				if status != 200 || len(res) != 1 || res[0].Status != "applied" {
					failed.Do(func() { loadErr = fmt.Errorf("push under load: %d %s", status, body); stalled.Store(true) })
					return
				}
				r.mu.Lock()
				for _, p := range pool {
					r.added[res[0].Seq] = append(r.added[res[0].Seq], p.ID)
				}
				r.mu.Unlock()
			}
		})
	}
	// Pushes under way before the backup and after it: counted, not timed.
	applied := func() int {
		n := 0
		for _, r := range busy {
			r.mu.Lock()
			n += len(r.added)
			r.mu.Unlock()
		}
		return n
	}
	waitApplied := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(time.Minute); applied() < n; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) || loadFailed() {
				t.Fatalf("the load stalled at %d adds: %v", applied(), loadErr)
			}
		}
	}
	waitApplied(20)
	var out bytes.Buffer
	if err := run(context.Background(), []string{"sorteio", "backup", file}, mapEnv(env), &out, &out); err != nil {
		t.Fatalf("backup: %v", err)
	}
	waitApplied(applied() + 20)
	close(stop)
	wg.Wait()
	if loadErr != nil {
		t.Fatal(loadErr)
	}

	// A restore never replaces the file of a running server.
	if err := run(context.Background(), []string{"sorteio", "restore", file}, mapEnv(env), &out, &out); err == nil || !strings.Contains(err.Error(), "pare-o") {
		t.Fatalf("restore over a running server: %v", err)
	}
	if err := run(context.Background(), []string{"sorteio", "restore", file}, mapEnv(map[string]string{"SQLITE_PATH": dstPath}), &out, &out); err != nil {
		t.Fatalf("restore: %v\n%s", err, out.String())
	}
	dst := startInstance(t, map[string]string{"SQLITE_PATH": dstPath, "RATE_LIMIT_SCALE": "100"})

	before, after := 0, 0
	for _, r := range append(drawn, busy...) {
		// The sessions are in the backup too: the devices' cookies work there.
		there := &device{base: dst.base, http: r.dev.http}
		var snap snapshot
		if status := there.get("/api/sync/raffles/"+r.id+"/snapshot", &snap); status != 200 {
			t.Fatalf("restored snapshot of %s: %d", r.id, status)
		}
		restoredLog, sourceLog := changes(t, there, r.id), changes(t, r.dev, r.id)
		var upTo []change
		for _, c := range sourceLog {
			if c.Seq <= snap.HeadSeq {
				upTo = append(upTo, c)
			}
		}
		if !jsonEqual(restoredLog, upTo) {
			t.Errorf("raffle %s: the restored log (%d changes) is not the source's up to seq %d (%d changes)", r.id, len(restoredLog), snap.HeadSeq, len(upTo))
		}
		want := slices.Clone(r.setup)
		r.mu.Lock()
		for seq, ids := range r.added {
			if seq <= snap.HeadSeq {
				want = append(want, ids...)
				before++
			} else {
				after++
			}
		}
		r.mu.Unlock()
		got := snap.ticketIDs()
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("raffle %s: %d tickets restored, want the %d its log added up to seq %d", r.id, len(got), len(want), snap.HeadSeq)
		}
		var source snapshot
		r.dev.get("/api/sync/raffles/"+r.id+"/snapshot", &source)
		if !jsonEqual(snap.Draws, source.Draws) || !jsonEqual(snap.Winners, source.Winners) {
			t.Errorf("raffle %s: rounds or winners differ from the source's", r.id)
		}
		if slices.Contains(drawn, r) {
			if len(snap.Winners) != 2 {
				t.Errorf("drawn raffle %s: %d winners restored, want 2", r.id, len(snap.Winners))
			}
			for _, path := range []string{"", "/audit", "/participants"} {
				var a, b any
				there.get("/api/public/raffles/"+r.code+path, &a)
				r.dev.get("/api/public/raffles/"+r.code+path, &b)
				for _, m := range []any{a, b} {
					if m, ok := m.(map[string]any); ok {
						delete(m, "server_time") // the answer's time, not the record's
					}
				}
				if a == nil || !jsonEqual(a, b) {
					x, _ := json.Marshal(a)
					y, _ := json.Marshal(b)
					t.Errorf("public record %s%s differs from the source's:\n%.600s\n%.600s", r.code, path, x, y)
				}
			}
		}
	}
	// The backup fell within the load: some adds are in it, some came after.
	if before == 0 || after == 0 {
		t.Errorf("adds before the backup %d, after %d: the backup was not made under load", before, after)
	}
	t.Logf("%s; adds in the backup %d, after it %d", strings.TrimSpace(out.String()), before, after)
}

func mapEnv(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

type change struct {
	Seq     int64           `json:"seq"`
	OpID    string          `json:"op_id"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
	At      int64           `json:"at"`
}

type snapshot struct {
	HeadSeq      int64             `json:"head_seq"`
	Draws        json.RawMessage   `json:"draws"`
	Winners      []json.RawMessage `json:"winners"`
	Participants []draw.Ticket     `json:"participants"`
}

func (s snapshot) ticketIDs() []string {
	ids := make([]string, len(s.Participants))
	for i, p := range s.Participants {
		ids[i] = p.ID
	}
	return ids
}

// changes reads a raffle's whole log, page by page.
func changes(t *testing.T, d *device, raffle string) []change {
	t.Helper()
	var all []change
	cursor := ""
	for {
		var page struct {
			Changes []change `json:"changes"`
			Cursor  string   `json:"cursor"`
			More    bool     `json:"more"`
		}
		if status := d.get("/api/sync/raffles/"+raffle+"/changes?limit=1000&after="+url.QueryEscape(cursor), &page); status != 200 {
			t.Fatalf("changes of %s: %d", raffle, status)
		}
		all = append(all, page.Changes...)
		if !page.More {
			return all
		}
		cursor = page.Cursor
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// TestRestoreRefusesBadBackups: a file that is not a whole Sorteio database
// at a schema this build knows, with exactly the schema its migrations make
// (no extra trigger, view, index or table, none missing or changed), is
// refused with a message naming the difference, and the database in place
// stays.
func TestRestoreRefusesBadBackups(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "sorteio.db")
	env := mapEnv(map[string]string{"SQLITE_PATH": dbPath})
	in := startInstance(t, map[string]string{"SQLITE_PATH": dbPath})
	signUp(t, in.base, "ana@exemplo.com", "segredo123")
	good := filepath.Join(dir, "bom.db")
	if err := run(context.Background(), []string{"sorteio", "backup", good}, env, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"sorteio", "backup", good}, env, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "já existe") {
		t.Errorf("backup over an existing file: %v", err)
	}
	if err := in.stop(); err != nil {
		t.Fatal(err)
	}
	original, _ := os.ReadFile(dbPath)

	raw, _ := os.ReadFile(good)
	corrupt := slices.Clone(raw)
	for i := 4096; i < len(corrupt) && i < 4096*3; i++ {
		corrupt[i] ^= 0x5a // the pages after the header
	}
	newer := filepath.Join(dir, "novo.db")
	if err := os.WriteFile(newer, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	ndb, err := sql.Open("sqlite", newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ndb.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999999, '9999_futuro.sql', 0)`); err != nil {
		t.Fatal(err)
	}
	ndb.Close()
	for _, tc := range []struct {
		name, want string
		body       []byte
		// alter is run on a copy of the good backup: a schema the migrations do not make.
		alter string
	}{
		{"corrupt", "", corrupt, ""},
		{"not a database", "não é um banco SQLite", []byte("planilha,de,participantes\n"), ""},
		{"missing", "não encontrado", nil, ""},
		{"newer schema", "mais novo", nil, ""},
		{"extra trigger on sessions", "a mais: gatilho copia_sessao (em sessions), tabela copia", raw,
			`CREATE TABLE copia (h BLOB); CREATE TRIGGER copia_sessao AFTER INSERT ON sessions BEGIN INSERT INTO copia VALUES (NEW.token_hash); END`},
		{"extra view", "a mais: visão pessoas", raw, `CREATE VIEW pessoas AS SELECT email, password_hash FROM users`},
		{"dropped index", "faltando: índice sessions_expires_at (em sessions)", raw, `DROP INDEX sessions_expires_at`},
		{"changed table", "alterado: tabela sessions", raw, `ALTER TABLE sessions ADD COLUMN copia BLOB`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".db")
			if tc.body != nil {
				if err := os.WriteFile(path, tc.body, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if tc.alter != "" {
				adb, err := sql.Open("sqlite", path)
				if err != nil {
					t.Fatal(err)
				}
				_, err = adb.Exec(tc.alter)
				adb.Close()
				if err != nil {
					t.Fatal(err)
				}
			}
			if tc.name == "newer schema" {
				path = newer
			}
			err := run(context.Background(), []string{"sorteio", "restore", path}, env, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("restore %s: %v, want an error with %q", tc.name, err, tc.want)
			}
			if now, _ := os.ReadFile(dbPath); !bytes.Equal(now, original) {
				t.Fatal("a refused restore changed the database")
			}
		})
	}
}

// TestDatabaseFilesPrivate: under a umask of 022 the database, its WAL and
// shm, a backup and a restored database are 0600 (they hold password and
// session hashes and the server's secrets); a database an older version
// left 0644 is made 0600 when the server opens it.
func TestDatabaseFilesPrivate(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "dados", "sorteio.db")
	env := mapEnv(map[string]string{"SQLITE_PATH": dbPath})
	wantPrivate := func(paths ...string) {
		t.Helper()
		for _, p := range paths {
			st, err := os.Stat(p)
			if err != nil {
				t.Errorf("%s: %v", filepath.Base(p), err)
				continue
			}
			if st.Mode().Perm() != 0o600 {
				t.Errorf("%s is %#o, want 0600", filepath.Base(p), st.Mode().Perm())
			}
		}
	}
	in := startInstance(t, map[string]string{"SQLITE_PATH": dbPath})
	signUp(t, in.base, "ana@exemplo.com", "segredo123")
	wantPrivate(dbPath, dbPath+"-wal", dbPath+"-shm")
	copyPath := filepath.Join(dir, "copia.db")
	if err := run(context.Background(), []string{"sorteio", "backup", copyPath}, env, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	wantPrivate(copyPath)
	if err := in.stop(); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"sorteio", "restore", copyPath}, env, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	wantPrivate(dbPath)

	// As an older version left it (the -wal and -shm, when the last close kept them, too).
	for _, p := range []string{dbPath, dbPath + "-wal", dbPath + "-shm"} {
		if err := os.Chmod(p, 0o644); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	in = startInstance(t, map[string]string{"SQLITE_PATH": dbPath})
	signUp(t, in.base, "bia@exemplo.com", "segredo123")
	wantPrivate(dbPath, dbPath+"-wal", dbPath+"-shm")
}
