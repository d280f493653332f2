package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/oidctest"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// startAs presses the provider button with the request's Host and
// forwarding headers chosen by the caller.
func startAs(t *testing.T, o *oidcEnv, host string, headers map[string]string) *http.Response {
	t.Helper()
	r := httptest.NewRequest("GET", "/api/auth/oidc/start", nil)
	r.Host = host
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	o.handler.ServeHTTP(w, r)
	return w.Result()
}

func redirectURI(t *testing.T, res *http.Response) string {
	t.Helper()
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return loc.Query().Get("redirect_uri")
}

// The URL the provider sends the browser back to comes from the
// configuration: a request's Host would hand the code to whoever named it.
func TestOIDCRedirectFromConfig(t *testing.T) {
	t.Parallel()
	forged := map[string]string{"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", "Forwarded": "host=evil.example"}
	tests := []struct {
		name  string
		cfg   httpapi.Config
		check func(t *testing.T, o *oidcEnv, res *http.Response)
	}{
		{"PUBLIC_URL, whatever Host the request names", httpapi.Config{PublicURL: testPublicURL}, func(t *testing.T, o *oidcEnv, res *http.Response) {
			if got := redirectURI(t, res); got != testPublicURL+"/api/auth/oidc/callback" {
				t.Errorf("redirect_uri %q, want %q", got, testPublicURL+"/api/auth/oidc/callback")
			}
		}},
		{"PUBLIC_URL behind a trusted proxy that forwards a forged host", httpapi.Config{PublicURL: "https://sorteio.example.com", TrustProxy: true},
			func(t *testing.T, o *oidcEnv, res *http.Response) {
				if got := redirectURI(t, res); got != "https://sorteio.example.com/api/auth/oidc/callback" {
					t.Errorf("redirect_uri %q", got)
				}
			}},
		{"OIDC_REDIRECT_URL wins over PUBLIC_URL", httpapi.Config{PublicURL: testPublicURL, OIDCRedirectURL: "https://login.example.com/cb"},
			func(t *testing.T, o *oidcEnv, res *http.Response) {
				if got := redirectURI(t, res); got != "https://login.example.com/cb" {
					t.Errorf("redirect_uri %q", got)
				}
			}},
		{"neither configured: no sign-in, not the Host", httpapi.Config{}, func(t *testing.T, o *oidcEnv, res *http.Response) {
			wantRedirect(t, res, "/auth?erro=oidc_unavailable")
			for _, c := range res.Cookies() {
				if c.Name == "sorteio_oidc" {
					t.Errorf("flow cookie set: %+v", c)
				}
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				o := newOIDCEnvWith(t, db, tc.cfg)
				tc.check(t, o, startAs(t, o, "evil.example", forged))
				wantCounts(0, 0)(t, o.env, nil)
			})
		})
	}
}

// A whole sign-in reached through a forged Host still gives the provider
// the configured URL on both legs (the code exchange repeats it).
func TestOIDCSignInThroughForgedHost(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		o := newOIDCEnv(t, db)
		o.provider.Auto = &oidctest.User{Subject: "ana-123", Email: "ana@example.com", EmailVerified: true}
		res := startAs(t, o, "evil.example", nil)
		if got := redirectURI(t, res); got != testPublicURL+"/api/auth/oidc/callback" {
			t.Fatalf("redirect_uri %q", got)
		}
		loc, _ := url.Parse(res.Header.Get("Location"))
		var flow *http.Cookie
		for _, c := range res.Cookies() {
			if c.Name == "sorteio_oidc" {
				flow = c
			}
		}
		cb := o.authorize(t, loc)
		if cb.Host != "sorteio.test" {
			t.Errorf("the provider sent the browser to %q", cb.String())
		}
		wantRedirect(t, o.callback(t, cb, flow), "/dashboard")
		wantCounts(1, 1)(t, o.env, nil)
	})
}
