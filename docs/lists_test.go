// Package docs_test checks the lists the documentation keeps of what the code holds: the fuzz
// targets, the make targets, the server's environment variables, its Go packages and the files the docs point at.
// A target or a variable added to the code without its line in the docs, or one the docs still name after it
// went, fails here.
package docs_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// root is the repository, one folder up from this package.
const root = ".."

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docFiles returns README.md, the pages under docs/ and the list of benches beside the dated
// history in docs/bench (the history keeps the names of its day).
func docFiles(t *testing.T) []string {
	t.Helper()
	docs := []string{"README.md", "docs/bench/README.md"}
	entries, err := os.ReadDir(filepath.Join(root, "docs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".md") {
			docs = append(docs, "docs/"+e.Name())
		}
	}
	return docs
}

// goSources returns the text of every .go file under dirs whose name test accepts.
func goSources(t *testing.T, test func(name string) bool, dirs ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, dir := range dirs {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || !test(d.Name()) {
				return err
			}
			b, err := os.ReadFile(path)
			out[path] = string(b)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// matches returns the first group of every match of re in the texts, sorted, once each.
func matches(re *regexp.Regexp, texts ...string) []string {
	var out []string
	for _, text := range texts {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func values(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// missing returns the names that text holds neither as `name` nor as `name=value`.
func missing(names []string, text string) []string {
	var out []string
	for _, n := range names {
		if !strings.Contains(text, "`"+n+"`") && !strings.Contains(text, "`"+n+"=") {
			out = append(out, n)
		}
	}
	return out
}

func TestFuzzTargetsInMakefileAndDevelopment(t *testing.T) {
	isTest := func(name string) bool { return strings.HasSuffix(name, "_test.go") }
	inCode := matches(regexp.MustCompile(`(?m)^func (Fuzz\w+)\(f \*testing\.F\)`), values(goSources(t, isTest, "server", "sync"))...)
	inMakefile := matches(regexp.MustCompile(`-fuzz '\^(Fuzz\w+)\$\$'`), read(t, "Makefile"))
	if len(inCode) < 10 {
		t.Fatalf("found only %d fuzz targets in the code: %v", len(inCode), inCode)
	}
	if !slices.Equal(inCode, inMakefile) {
		t.Errorf("fuzz targets in the code %v, in the Makefile %v: each must be fuzzed by make test or make fuzz", inCode, inMakefile)
	}
	if m := missing(inCode, read(t, "docs/development.md")); m != nil {
		t.Errorf("docs/development.md (Fuzzing) does not name %v", m)
	}
}

// make test fuzzes only packages whose test files open no database: a fuzzing build instruments
// every package of its test binary, and SQLite's driver takes minutes to build so. (make fuzz's
// handler-level targets are meant to run on the database.)
func TestQuickFuzzTargetsOpenNoDatabase(t *testing.T) {
	makefile := read(t, "Makefile")
	recipe := makefile[strings.Index(makefile, "\ntest-fuzz:"):]
	recipe = recipe[:strings.Index(recipe, "\n\n")]
	dirs := matches(regexp.MustCompile(`-fuzztime \S+ \./(\S+?)/?\n`), recipe+"\n")
	if len(dirs) < 4 {
		t.Fatalf("found only %d packages fuzzed by make test: %v", len(dirs), dirs)
	}
	isTest := func(name string) bool { return strings.HasSuffix(name, "_test.go") }
	for _, dir := range dirs {
		entries, err := os.ReadDir(filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !isTest(e.Name()) {
				continue
			}
			if strings.Contains(read(t, filepath.Join(dir, e.Name())), "/store/storetest\"") {
				t.Errorf("%s/%s opens databases: the fuzz targets of make test belong in a package without them", dir, e.Name())
			}
		}
	}
}

func TestMakeTargetsInDocs(t *testing.T) {
	makefile := read(t, "Makefile")
	targets := matches(regexp.MustCompile(`(?m)^([a-z][a-z-]*):`), makefile)
	for _, d := range docFiles(t) {
		text := read(t, d)
		for _, named := range matches(regexp.MustCompile("`make ([a-z][a-z-]*)"), text) {
			if !slices.Contains(targets, named) {
				t.Errorf("%s names `make %s`, which the Makefile does not have (targets: %v)", d, named, targets)
			}
		}
	}
	// The targets the Makefile describes with a `## name:` line are the ones a reader runs.
	described := matches(regexp.MustCompile(`(?m)^## ([a-z][a-z-]*):`), makefile)
	if len(described) < 5 {
		t.Fatalf("found only %d described targets in the Makefile: %v", len(described), described)
	}
	readme := read(t, "README.md") + read(t, "docs/development.md")
	for _, d := range described {
		if !strings.Contains(readme, "`make "+d) && !regexp.MustCompile(`(?m)^make `+d+`\b`).MatchString(readme) {
			t.Errorf("README.md and docs/development.md do not name `make %s`", d)
		}
	}
}

func TestEnvironmentVariablesInOperations(t *testing.T) {
	isServer := func(name string) bool { return !strings.HasSuffix(name, "_test.go") }
	sources := goSources(t, isServer, "server")
	// Tools beside the server read their own: the development identity provider, the load
	// benchmark and the tests' database helper (docs/development.md has them).
	for path := range sources {
		if strings.Contains(path, "cmd/oidc-dev") || strings.Contains(path, "cmd/loadviewers") || strings.Contains(path, "storetest") {
			delete(sources, path)
		}
	}
	getenv := regexp.MustCompile(`[gG]etenv\("([A-Z][A-Z0-9_]+)"\)`)
	// config.go reads some through tables of {name, destination}.
	tabled := regexp.MustCompile(`\{"([A-Z][A-Z0-9_]+)", &`)
	vars := matches(getenv, values(sources)...)
	vars = append(vars, matches(tabled, values(sources)...)...)
	if len(vars) < 20 {
		t.Fatalf("found only %d environment variables in the server: %v", len(vars), vars)
	}
	if m := missing(vars, read(t, "docs/operations.md")); m != nil {
		t.Errorf("docs/operations.md does not name %v", m)
	}
}

func TestGoPackagesInDevelopmentLayout(t *testing.T) {
	layout := read(t, "docs/development.md")
	for _, parent := range []string{"server/cmd", "server/internal"} {
		entries, err := os.ReadDir(filepath.Join(root, parent))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := parent + "/" + e.Name()
			if e.IsDir() && !regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(name)+`\s`).MatchString(layout) {
				t.Errorf("docs/development.md (Layout) has no line for %s", name)
			}
		}
	}
}

// pathRoots are the folders a doc's path may be relative to. The docs shorten paths by their
// context: `components/...` and `features/...` mean pwa/src, `src/...` and `scripts/...` pwa,
// `manage-raffle/...` pwa/src/features, `bench/...` docs (the history beside benchmarks.md),
// `store/...` and `ws/...` server/internal, `ops/...` and `tickets/...` sync/testdata.
var pathRoots = []string{"", "pwa", "pwa/src", "pwa/src/features", "docs", "server/internal", "sync/testdata"}

// writtenAtRunTime are the ignored folders the tools write into (the server's SQLite file, the
// bench log): the docs name files there that no checkout holds.
var writtenAtRunTime = []string{"bin/", "data/"}

// docPath picks the backticked words that read as repository paths: with a slash, and either a
// file extension or one of the top folders. URLs and the server's URL paths (a leading slash) are not.
var (
	backticked = regexp.MustCompile("`([^`\\s]+)`")
	extension  = regexp.MustCompile(`\.[A-Za-z0-9]+$`)
	topFolder  = regexp.MustCompile(`^(pwa|server|sync|e2e|docs|migrations|deploy)/`)
)

func docPaths(text string) []string {
	var out []string
	for _, m := range backticked.FindAllStringSubmatch(text, -1) {
		p := m[1]
		if !strings.Contains(p, "/") || strings.Contains(p, "://") || strings.HasPrefix(p, "/") {
			continue
		}
		if extension.MatchString(p) || topFolder.MatchString(p) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// resolves reports whether path (a glob like `sync/testdata/ops/*.json` included) names at least
// one file or folder under one of the roots.
func resolves(path string) bool {
	for _, r := range pathRoots {
		found, err := filepath.Glob(filepath.Join(root, r, path))
		if err == nil && len(found) > 0 {
			return true
		}
	}
	return false
}

func TestPathsInDocsExist(t *testing.T) {
	checked := 0
	for _, d := range docFiles(t) {
		for _, p := range docPaths(read(t, d)) {
			if slices.ContainsFunc(writtenAtRunTime, func(dir string) bool { return strings.HasPrefix(p, dir) }) {
				continue
			}
			checked++
			if !resolves(p) {
				t.Errorf("%s names `%s`, which is in none of %q", d, p, pathRoots)
			}
		}
	}
	// The pattern must keep finding the paths the docs hold.
	t.Logf("%d paths checked", checked)
	if checked < 200 {
		t.Fatalf("found only %d paths in the docs", checked)
	}
}
