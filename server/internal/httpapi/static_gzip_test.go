package httpapi_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"testing"
)

// The built app's larger text files go out gzip-compressed to browsers that accept it, and as
// they are to the others; caches are told the answer depends on Accept-Encoding.
func TestStaticCompression(t *testing.T) {
	t.Parallel()
	get := func(path, accept string) request {
		return request{method: "GET", path: path, headers: map[string]string{"Accept-Encoding": accept}}
	}
	encoding := func(want string) func(t *testing.T, e *env, res *http.Response) {
		return func(t *testing.T, e *env, res *http.Response) {
			if got := res.Header.Get("Content-Encoding"); got != want {
				t.Errorf("Content-Encoding = %q, want %q", got, want)
			}
		}
	}
	runScenarios(t, []scenario{
		{name: "a script is sent compressed, as the same bytes once decompressed", req: get("/assets/screen-Ef34Gh.js", "gzip, deflate, br"),
			status: 200, notWant: []string{"export const"},
			headers: map[string]string{"Vary": "Accept-Encoding", "Content-Type": "javascript", "Cache-Control": "immutable"},
			after: func(t *testing.T, e *env, res *http.Response) {
				encoding("gzip")(t, e, res)
				zr, err := gzip.NewReader(res.Body)
				if err != nil {
					t.Fatal(err)
				}
				plain, err := io.ReadAll(zr)
				if err != nil {
					t.Fatal(err)
				}
				if string(plain) != bigScript {
					t.Errorf("decompressed body differs from the file (%d bytes, want %d)", len(plain), len(bigScript))
				}
			}},
		{name: "without gzip in Accept-Encoding the script is sent as it is", req: get("/assets/screen-Ef34Gh.js", "br"),
			status: 200, want: []string{bigScript}, headers: map[string]string{"Vary": "Accept-Encoding"}, after: encoding("")},
		{name: "gzip refused with q=0 is not used", req: get("/assets/screen-Ef34Gh.js", "gzip;q=0, identity"),
			status: 200, want: []string{bigScript}, after: encoding("")},
		{name: "a file under the size threshold is sent as it is", req: get("/assets/index-Ab12Cd.js", "gzip"),
			status: 200, want: []string{"console.log('app')"}, after: encoding("")},
	})
}
