package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"modernc.org/sqlite"

	"github.com/sorteio/sorteio/migrations"
)

// A running server holds a shared flock on its SQLite file's lock file
// (lockPath); restore takes it exclusively, so it never replaces the
// file under a server that has it open. flock, not SQLite's own fcntl
// locks: those are released when any descriptor of the file closes, and a
// server holds none between transactions.
func lockPath(dbPath string) string { return dbPath + ".lock" }

func lockFile(dbPath string, how int) (*os.File, error) {
	f, err := os.OpenFile(lockPath(dbPath), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// BackupInfo describes a backup made.
type BackupInfo struct {
	Bytes  int64
	Schema int64
	// Copy is the time the source was read (one read transaction); Duration
	// the whole backup, the copy's check included.
	Copy, Duration time.Duration
}

// Backup writes a consistent copy of the SQLite database at dbPath to dest
// while servers keep writing: SQLite's online backup copies the pages of
// one WAL snapshot in a single step (a reader, which never blocks SQLite's
// writer). VACUUM INTO would do too, but it rebuilds every index where
// the backup only copies pages (docs/bench). The copy goes to a temporary name first and is checked before it takes
// dest's name, so dest is never a half-written backup.
func Backup(ctx context.Context, dbPath, dest string) (BackupInfo, error) {
	start := time.Now()
	var info BackupInfo
	if _, err := os.Stat(dbPath); err != nil {
		return info, fmt.Errorf("banco %s não encontrado: %w", dbPath, err)
	}
	if _, err := os.Stat(dest); err == nil {
		return info, fmt.Errorf("%s já existe: escolha outro nome (um backup nunca sobrescreve um arquivo)", dest)
	}
	tmp := dest + ".parcial"
	_ = os.Remove(tmp)
	// Created 0600 before SQLite writes the pages into it (private_files.go).
	if err := privateDatabase(tmp); err != nil {
		return info, err
	}
	if err := onlineBackup(ctx, dbPath, tmp); err != nil {
		_ = os.Remove(tmp)
		return info, fmt.Errorf("copiar o banco: %w", err)
	}
	info.Copy = time.Since(start)
	var err error
	if info.Schema, err = checkBackup(ctx, tmp, false); err != nil {
		_ = os.Remove(tmp)
		return info, err
	}
	if err := syncFile(tmp); err != nil {
		return info, err
	}
	if err := os.Rename(tmp, dest); err != nil {
		return info, err
	}
	st, _ := os.Stat(dest)
	info.Bytes, info.Duration = st.Size(), time.Since(start)
	return info, nil
}

// Restore puts the backup src in place of the SQLite database at dbPath,
// which no server may have open. src must pass integrity_check, be at a
// schema version this build knows (an older one is migrated when the
// server starts) and have exactly the schema the migrations make at that
// version (checkSchema). The database it replaces is kept beside it, renamed,
// never deleted. It returns that name ("" when there was none).
func Restore(ctx context.Context, src, dbPath string) (kept string, err error) {
	schema, err := checkBackup(ctx, src, true)
	if err != nil {
		return "", err
	}
	want, err := latestMigration()
	if err != nil {
		return "", err
	}
	if schema > want {
		return "", fmt.Errorf("o backup está no esquema %d, mais novo que o desta versão do servidor (%d): restaure com a versão que o fez", schema, want)
	}
	if err := checkSchema(ctx, src, schema); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(dbPath), 0o750); err != nil {
		return "", err
	}
	lock, err := lockFile(dbPath, syscall.LOCK_EX)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return "", fmt.Errorf("um servidor está usando %s: pare-o antes de restaurar", dbPath)
	}
	if err != nil {
		return "", err
	}
	defer lock.Close()

	tmp := dbPath + ".restaurando"
	if err := copyFile(src, tmp); err != nil {
		_ = os.Remove(tmp)
		return "", err
	}
	if _, err := os.Stat(dbPath); err == nil {
		kept = fmt.Sprintf("%s.antes-da-restauracao-%s", dbPath, time.Now().UTC().Format("20060102T150405Z"))
		// A WAL left by a crash belongs to the old file: it goes with it.
		for _, ext := range []string{"", "-wal", "-shm"} {
			if err := os.Rename(dbPath+ext, kept+ext); err != nil && !os.IsNotExist(err) {
				return "", err
			}
		}
	}
	return kept, os.Rename(tmp, dbPath)
}

// onlineBackup copies the database's pages to dest with sqlite3_backup,
// all in one step: one read transaction, so one moment of the database.
func onlineBackup(ctx context.Context, dbPath, dest string) error {
	src, err := sql.Open("sqlite", sqliteDSN(dbPath, "deferred"))
	if err != nil {
		return err
	}
	defer src.Close()
	conn, err := src.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		b, ok := dc.(interface {
			NewBackup(dstURI string) (*sqlite.Backup, error)
		})
		if !ok {
			return fmt.Errorf("o driver SQLite não faz backup online")
		}
		// The copy goes to a temporary file that is checked and synced
		// before it is named: it needs no journal of its own, which halves
		// the copy's time.
		bk, err := b.NewBackup("file:" + dest + "?_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)")
		if err != nil {
			return err
		}
		if _, err := bk.Step(-1); err != nil {
			_ = bk.Finish()
			return err
		}
		return bk.Finish()
	})
}

// checkBackup opens a backup read-only and returns its schema version when
// SQLite finds it whole and it is a Sorteio database. whole runs
// integrity_check, which reads every page and index: restore does; backup, whose copy is the pages of one
// consistent snapshot, checks only that it opens at a schema version.
func checkBackup(ctx context.Context, path string, whole bool) (int64, error) {
	if _, err := os.Stat(path); err != nil {
		return 0, fmt.Errorf("backup %s não encontrado: %w", path, err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return 0, err
	}
	defer db.Close()
	result := "ok"
	if whole {
		err = db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&result)
	}
	if err != nil {
		return 0, fmt.Errorf("%s não é um banco SQLite legível: %w", path, err)
	}
	if result != "ok" {
		return 0, fmt.Errorf("%s está corrompido: %s", path, result)
	}
	var version sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&version); err != nil || !version.Valid {
		return 0, fmt.Errorf("%s não é um banco do Sorteio (sem versão de esquema)", path)
	}
	return version.Int64, nil
}

// latestMigration is the newest SQLite migration this build has.
func latestMigration() (int64, error) {
	files, err := migrations.FS(string(sqliteDialect))
	if err != nil {
		return 0, err
	}
	names, err := fs.Glob(files, "*.sql")
	if err != nil || len(names) == 0 {
		return 0, fmt.Errorf("migrações: %v", err)
	}
	sort.Strings(names)
	return strconv.ParseInt(strings.SplitN(names[len(names)-1], "_", 2)[0], 10, 64)
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, privateMode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
