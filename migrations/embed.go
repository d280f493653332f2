// Package migrations embeds the SQL migrations of both dialects so the binary
// can migrate its database at start-up.
package migrations

import (
	"embed"
	"io/fs"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

// FS returns the migrations of one dialect ("sqlite" or "postgres"), files
// named NNNN_description.sql, applied in name order.
func FS(dialect string) (fs.FS, error) {
	return fs.Sub(files, dialect)
}
