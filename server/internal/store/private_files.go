package store

import (
	"fmt"
	"os"
)

// The SQLite database holds password and session hashes and the server's
// secrets: only its owner may read it. SQLite creates a new database file
// 0644 less the umask, and its -wal and -shm with the mode of the database
// file; so the server creates the file 0600 itself before SQLite opens it,
// and takes group and world access away from a database, WAL or shm an
// older version left readable. A backup's temporary file is created the
// same way (Backup); restore's copy is made 0600 (copyFile).
const privateMode os.FileMode = 0o600

// privateDatabase makes path (and its -wal and -shm, when they exist)
// readable by the owner only, creating path empty when missing: SQLite
// takes an empty file for a new database.
func privateDatabase(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, privateMode) //nolint:gosec // the operator's SQLITE_PATH or backup name
	if err != nil {
		return fmt.Errorf("abrir o banco %s: %w", path, err)
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		st, err := os.Stat(p)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return err
		}
		if st.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(p, privateMode); err != nil {
				return fmt.Errorf("restringir as permissões de %s a 0600: %w", p, err)
			}
		}
	}
	return nil
}
