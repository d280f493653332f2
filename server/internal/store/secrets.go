package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"time"
)

// Names of the server's stored secrets (docs/operations.md, "Server secrets").
const (
	// SecretKnownDevice signs the known-device cookie of the sign-in limits.
	SecretKnownDevice = "known_device"
	// SecretOIDCState signs the provider sign-in's state cookie.
	SecretOIDCState = "oidc_state"
)

// Secret returns the server secret called name, making and storing it the
// first time: every restart and every instance sharing the database get the
// same one. Two instances asking at once both read the one that was stored.
func (db *DB) Secret(ctx context.Context, name string) ([]byte, error) {
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh) // never fails since Go 1.24
	var stored string
	err := db.tx(ctx, func(tx *sql.Tx) error {
		if err := db.exec(ctx, tx, `INSERT INTO server_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
			name, hex.EncodeToString(fresh), millis(time.Now())); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, db.q(`SELECT value FROM server_secrets WHERE name = ?`), name).Scan(&stored)
	})
	if err != nil {
		return nil, db.wrap(err)
	}
	key, err := hex.DecodeString(stored)
	if err != nil || len(key) < 32 {
		return nil, fmt.Errorf("segredo %s guardado no banco é inválido: apague a linha para gerar outro", name)
	}
	return key, nil
}
