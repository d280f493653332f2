//go:build embedpwa

// Package pwa exposes the built React app (pwa/dist) to the Go binary. The
// build tag keeps `go build ./...` and `go test ./...` working before the
// PWA is built; `make build` compiles with -tags embedpwa.
package pwa

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built PWA, rooted at dist/.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // "dist" is a valid path; fs.Sub cannot fail here
	}
	return sub
}
