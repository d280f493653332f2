package httpapi

import (
	"testing"
	"testing/fstest"
)

// A table the server cannot use sends no Link header at all, rather than part of one.
func TestLoadPreloadsRefusesWhatItCannotUse(t *testing.T) {
	t.Parallel()
	for name, table := range map[string]string{
		"an older build's flat table": `{"dashboard": ["/assets/Dash-1a.js"]}`,
		"not JSON":                    `{"routes": `,
		"no routes":                   `{"entry": ["/assets/index-1a.js"], "styles": ["/assets/index-2b.css"]}`,
	} {
		t.Run(name, func(t *testing.T) {
			if got := loadPreloads(fstest.MapFS{preloadsFile: {Data: []byte(table)}}); got != nil {
				t.Errorf("loadPreloads = %+v, want nil", got)
			}
		})
	}
	got := loadPreloads(fstest.MapFS{preloadsFile: {Data: []byte(`{"entry": ["/assets/index-1a.js"], "styles": [], "routes": {}}`)}})
	if got == nil || got.landingLinks() != "</assets/index-1a.js>; rel=modulepreload; crossorigin, "+sessionPreload {
		t.Errorf("loadPreloads of a table with no routes = %+v", got)
	}
}
