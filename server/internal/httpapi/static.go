package httpapi

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// Files that must be fetched fresh on every visit: they name the hashed
// assets, so caching them would pin users to an old version.
func neverCached(name string) bool {
	switch name {
	case "index.html", "sw.js", "registerSW.js", "manifest.webmanifest":
		return true
	}
	return strings.HasPrefix(name, "workbox-") && strings.HasSuffix(name, ".js")
}

// handleStatic serves the built PWA. Hashed files under assets/ are cached for
// a year; unknown paths outside assets/ get index.html so client-side routes
// survive a reload. assets may be nil when the binary was built without the
// PWA; then a short pt-BR page says so.
func handleStatic(assets fs.FS) http.Handler {
	gz := &gzipCache{}
	preloads := loadPreloads(assets)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Método não permitido.", http.StatusMethodNotAllowed)
			return
		}
		if assets == nil {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Sorteio</title>`+
				`<p>A interface do Sorteio não foi incluída neste binário. Compile com <code>make build</code>.</p></html>`)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if name == "index.html" && preloads != nil {
			w.Header().Set("Link", preloads.landingLinks())
		}
		if serveFile(w, r, assets, gz, name) {
			return
		}
		if isFileRequest(name) {
			// A missing file must not come back as HTML: the browser would run
			// index.html as a script (an old hashed asset, /registerSW.js) or
			// read it as a manifest.
			w.Header().Set("Cache-Control", "no-store")
			http.Error(w, "Arquivo não encontrado.", http.StatusNotFound)
			return
		}
		if preloads != nil {
			links, screen := preloads.preloadLinks(name, isNewDevice(r))
			w.Header().Set("Link", links)
			if _, ok := manageRaffleID(strings.Split(name, "/")); ok {
				// Its Link header depends on the cookies (isNewDevice).
				w.Header().Add("Vary", "Cookie")
			}
			if !screen {
				// The app shows its not-found screen; link checkers and crawlers get the status too.
				w = notFoundWriter{w}
			}
		}
		if !serveFile(w, r, assets, gz, "index.html") {
			http.Error(w, "index.html ausente.", http.StatusInternalServerError)
		}
	})
}

// notFoundWriter answers 404 where index.html would answer 200.
type notFoundWriter struct{ http.ResponseWriter }

func (w notFoundWriter) WriteHeader(code int) {
	if code == http.StatusOK {
		code = http.StatusNotFound
	}
	w.ResponseWriter.WriteHeader(code)
}

// isFileRequest: paths under assets/ and names with an extension are files;
// the app's own routes (/sorteio/K7P2QX, /gerenciar/{id}) have none.
func isFileRequest(name string) bool {
	return name == "assets" || strings.HasPrefix(name, "assets/") || path.Ext(name) != ""
}

// serveFile serves one regular file with its cache policy; false when there
// is no such file.
func serveFile(w http.ResponseWriter, r *http.Request, assets fs.FS, gz *gzipCache, name string) bool {
	f, err := assets.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || info.IsDir() {
		return false
	}
	switch {
	case neverCached(name):
		w.Header().Set("Cache-Control", "no-cache")
	case strings.HasPrefix(name, "assets/"):
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	default:
		w.Header().Set("Cache-Control", "public, max-age=3600")
	}
	if path.Ext(name) == ".webmanifest" {
		// Go's table has no type for it; sniffing would say text/plain.
		w.Header().Set("Content-Type", "application/manifest+json")
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return false
	}
	// Embedded files have no modification time; ETags come from the hash in
	// the name, so a zero time is fine.
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(gz.encodeStatic(w, r, name, data)))
	return true
}
