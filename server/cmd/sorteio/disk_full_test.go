package main

import (
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// mountTmpfs mounts a tmpfs of size bytes on a new folder: a real disk
// that fills up. It needs root (CAP_SYS_ADMIN), which CI has; elsewhere the
// test is skipped and says why. Not ulimit -f: it limits the whole test
// process's files, and SQLite's write would meet EFBIG, not a full disk.
func mountTmpfs(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+itoa(size)); err != nil {
		t.Skipf("a tmpfs cannot be mounted here (%v): run as root to test a full disk", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestSQLiteDiskFull fills the disk under SQLite while a device pushes: the
// push that does not fit answers 503 with a clear message and the device's
// op stays unapplied; nothing half-written is left (the log and the tickets
// hold exactly the applied adds); once space is freed the same op applies
// once, and the file passes integrity_check.
func TestSQLiteDiskFull(t *testing.T) {
	t.Parallel()
	dir := mountTmpfs(t, 8<<20)
	dbPath := filepath.Join(dir, "sorteio.db")
	in := startInstance(t, map[string]string{"SQLITE_PATH": dbPath, "PUSHES_PER_MINUTE": "0"})
	d := signUp(t, in.base, "ana@exemplo.com", "segredo123")
	raffle := core.NewID(time.Now())
	d.mustPush(t, d.op(raffle, protocol.TypeRaffleCreate, raffleCreate(raffle, protocol.NewCode())))

	// Fill the disk, leaving SQLite a few pages.
	filler := filepath.Join(dir, "enchimento")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 64<<10)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	f.Close()

	applied := 0
	var full op
	for n := 1; full == nil; n += 200 {
		if n > 20000 {
			t.Fatal("the disk never filled")
		}
		add, _ := tickets(n, 200, "exemplo.com")
		o := d.op(raffle, protocol.TypeParticipantsAdd, add)
		status, res, body := d.push(o)
		switch {
		case status == 200 && len(res) == 1 && res[0].Status == "applied":
			applied += 200
		case status == 503:
			var e struct{ Code, Message string }
			_ = json.Unmarshal(body, &e)
			if e.Code != "unavailable" || !strings.Contains(e.Message, "sem espaço") {
				t.Fatalf("a full disk answered %s", body)
			}
			full = o
		default:
			t.Fatalf("push on a filling disk: %d %s", status, body)
		}
	}
	checkTickets := func(want int) {
		t.Helper()
		var snap snapshot
		if status := d.get("/api/sync/raffles/"+raffle+"/snapshot", &snap); status != 200 {
			t.Fatalf("snapshot: %d", status)
		}
		if len(snap.Participants) != want {
			t.Fatalf("%d tickets stored, want %d: an add was half-written", len(snap.Participants), want)
		}
		if log := changes(t, d, raffle); int64(len(log)) != snap.HeadSeq || log[len(log)-1].Seq != snap.HeadSeq {
			t.Fatalf("the log has %d changes for head %d", len(log), snap.HeadSeq)
		}
	}
	checkTickets(applied)

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	status, res, body := d.push(full)
	if status != 200 || len(res) != 1 || res[0].Status != "applied" {
		t.Fatalf("the refused op after space was freed: %d %s", status, body)
	}
	if _, res, _ := d.push(full); len(res) != 1 || res[0].Status != "duplicate" {
		t.Fatalf("sent again, the op is %v, want duplicate", res)
	}
	checkTickets(applied + 200)
	if err := in.stop(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check: %q %v", check, err)
	}
}
