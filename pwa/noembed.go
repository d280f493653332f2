//go:build !embedpwa

package pwa

import "io/fs"

// Dist returns nil: this binary was built without the PWA (no embedpwa tag).
func Dist() fs.FS { return nil }
