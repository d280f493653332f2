package draw

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// readTestdata decodes a shared vector file of sync/testdata (a path under
// it, "draw/vectors.json") into v: every vector test of this package reads
// its file the same way.
func readTestdata(t testing.TB, name string, v any) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}
