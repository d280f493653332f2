// Package vectortest reads the shared vectors of sync/testdata for the
// server's tests, from any package: every test that checks Go against the
// vectors TypeScript reads too opens them the same way.
package vectortest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// dir is sync/testdata, found from this file rather than the test's working
// folder, which is each package's own.
func dir(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("vectortest: no source path")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "sync", "testdata")
}

// Read decodes sync/testdata/<name> (a slash path: "draw/alternates.json")
// into v.
func Read(t testing.TB, name string, v any) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir(t), filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// Cases reads the "cases" list of sync/testdata/<name>, the shape of every
// shared file of audit records.
func Cases[C any](t testing.TB, name string) []C {
	t.Helper()
	var file struct {
		Cases []C `json:"cases"`
	}
	Read(t, name, &file)
	return file.Cases
}

// Case is what every shared file of audit records gives each case: its
// name, the verdict `sorteio verify` must reach and the record itself (R:
// draw.Record decoded, or json.RawMessage to hand to the command as a file).
type Case[R any] struct {
	Name    string `json:"name"`
	Verdict string `json:"verdict"`
	Record  R      `json:"record"`
}
