package httpapi

import (
	"bytes"
	"compress/gzip"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
)

// The built app's text files (scripts, styles, HTML, SVG, the manifest) go
// out gzip-compressed to browsers that accept it: the first screen's script
// shrinks to about a third, which is most of a phone's first load on a slow
// network. Embedded files never change while the process runs, so each is
// compressed once, at its first request, and kept.

// gzipMinSize: smaller files gain less than the header costs.
const gzipMinSize = 1024

var compressibleExt = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".html": true, ".svg": true,
	".json": true, ".webmanifest": true, ".txt": true, ".ico": true,
}

// gzipCache holds the compressed form of each file served so far, by name.
type gzipCache struct{ files sync.Map }

// compressed answers name's gzip form, compressing data the first time.
func (c *gzipCache) compressed(name string, data []byte) []byte {
	if v, ok := c.files.Load(name); ok {
		return v.([]byte)
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid: no error
	_, _ = zw.Write(data)                                    // a bytes.Buffer does not fail
	_ = zw.Close()
	v, _ := c.files.LoadOrStore(name, buf.Bytes())
	return v.([]byte)
}

// acceptsGzip: the request's Accept-Encoding lists gzip (without q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// encodeStatic chooses the body of a static file: its gzip form (with the
// headers saying so) when worth it and accepted, else the file as it is.
func (c *gzipCache) encodeStatic(w http.ResponseWriter, r *http.Request, name string, data []byte) []byte {
	ext := path.Ext(name)
	if !compressibleExt[ext] || len(data) < gzipMinSize {
		return data
	}
	// Caches keep the two forms apart.
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r) {
		return data
	}
	// The type comes from the name: sniffing the compressed bytes would not find it.
	if w.Header().Get("Content-Type") == "" {
		if t := mime.TypeByExtension(ext); t != "" {
			w.Header().Set("Content-Type", t)
		}
	}
	w.Header().Set("Content-Encoding", "gzip")
	return c.compressed(name, data)
}
