package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

func seedAna(t *testing.T, e *env) { mustSignUp(t, e, "ana@example.com", "segredo1") }

func TestAuthScenarios(t *testing.T) {
	t.Parallel()
	signup := func(body string) request { return request{method: "POST", path: "/api/auth/signup", body: body} }
	signin := func(body string) request { return request{method: "POST", path: "/api/auth/signin", body: body} }

	runScenarios(t, []scenario{
		{
			name:   "sign-up creates the account and signs it in",
			req:    signup(`{"email":"  Nova@Example.com ","password":"segredo1"}`),
			status: http.StatusCreated,
			want:   []string{`"email":"nova@example.com"`, `"id":"`},
			after: func(t *testing.T, e *env, res *http.Response) {
				c := sessionCookie(t, res)
				raw := res.Header.Get("Set-Cookie")
				for _, attr := range []string{"HttpOnly", "SameSite=Lax", "Path=/", "Max-Age="} {
					if !strings.Contains(raw, attr) {
						t.Errorf("cookie %q lacks %s", raw, attr)
					}
				}
				if strings.Contains(raw, "Secure") {
					t.Errorf("cookie %q is Secure over plain HTTP", raw)
				}
				wantCounts(1, 1)(t, e, res)
				body := readBody(t, e.do(t, request{method: "GET", path: "/api/auth/session", cookie: c}))
				if !strings.Contains(body, `"email":"nova@example.com"`) {
					t.Errorf("session after sign-up: %s", body)
				}
			},
		},
		{name: "sign-up: empty e-mail", req: signup(`{"email":"","password":"segredo1"}`), status: 400,
			want: []string{`"code":"invalid_input"`, `"field":"email"`, "Informe o e-mail."}, after: wantCounts(0, 0)},
		{name: "sign-up: malformed e-mail", req: signup(`{"email":"ana@@x","password":"segredo1"}`), status: 400,
			want: []string{`"field":"email"`, "Informe um e-mail válido."}, after: wantCounts(0, 0)},
		{name: "sign-up: short password", req: signup(`{"email":"a@example.com","password":"12345"}`), status: 400,
			want: []string{`"field":"password"`, "A senha deve ter pelo menos 6 caracteres."}, after: wantCounts(0, 0)},
		{name: "sign-up: duplicate e-mail", setup: seedAna, req: signup(`{"email":"ANA@example.com","password":"outra123"}`),
			status: 409, want: []string{`"code":"email_taken"`, "Este e-mail já está cadastrado."}, after: wantCounts(1, 1)},
		{name: "sign-up: malformed JSON", req: signup(`{"email":"a@example.com",`), status: 400,
			want: []string{`"code":"invalid_json"`, "não é um JSON válido"}, after: wantCounts(0, 0)},
		{name: "sign-up: wrong field type", req: signup(`{"email":42,"password":"segredo1"}`), status: 400,
			want: []string{`"code":"invalid_json"`, `"field":"email"`}, after: wantCounts(0, 0)},
		{name: "sign-up: unknown field", req: signup(`{"email":"a@example.com","password":"segredo1","admin":true}`), status: 400,
			want: []string{`"code":"invalid_json"`}, after: wantCounts(0, 0)},
		{name: "sign-up: two JSON values", req: signup(`{"email":"a@example.com","password":"segredo1"}{}`), status: 400,
			want: []string{`"code":"invalid_json"`, "um único objeto"}, after: wantCounts(0, 0)},
		{name: "sign-up: wrong content type", status: 415, after: wantCounts(0, 0),
			req: request{method: "POST", path: "/api/auth/signup", body: `{"email":"a@example.com","password":"segredo1"}`,
				headers: map[string]string{"Content-Type": "text/plain"}},
			want: []string{`"code":"unsupported_media_type"`, "Content-Type: application/json"}},
		{name: "sign-up: oversized body", status: 413, after: wantCounts(0, 0),
			req:  signup(`{"email":"a@example.com","password":"` + strings.Repeat("x", 70<<10) + `"}`),
			want: []string{`"code":"body_too_large"`, "grande demais"}},
		{name: "sign-up: cross-origin browser request", status: 403, after: wantCounts(0, 0),
			req: request{method: "POST", path: "/api/auth/signup", body: `{"email":"a@example.com","password":"segredo1"}`,
				headers: map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}},
			want: []string{`"code":"forbidden_origin"`}},
		{name: "sign-up: same-origin browser request", status: 201, after: wantCounts(1, 1),
			req: request{method: "POST", path: "/api/auth/signup", body: `{"email":"a@example.com","password":"segredo1"}`,
				headers: map[string]string{"Origin": "http://example.com", "Sec-Fetch-Site": "same-origin"}}},
		{name: "sign-in: right password", setup: seedAna, req: signin(`{"email":" ana@EXAMPLE.com","password":"segredo1"}`),
			status: 200, want: []string{`"email":"ana@example.com"`}, after: wantCounts(1, 2),
			headers: map[string]string{"Set-Cookie": "sorteio_session=", "Cache-Control": "no-store"}},
		{name: "sign-in: wrong password", setup: seedAna, req: signin(`{"email":"ana@example.com","password":"errada1"}`),
			status: 401, want: []string{`"code":"invalid_credentials"`, "E-mail ou senha incorretos."}, after: wantCounts(1, 1)},
		{name: "sign-in: unknown e-mail answers like a wrong password", req: signin(`{"email":"x@example.com","password":"segredo1"}`),
			status: 401, want: []string{"E-mail ou senha incorretos."}, after: wantCounts(0, 0)},
		{name: "sign-in: empty password", setup: seedAna, req: signin(`{"email":"ana@example.com","password":""}`),
			status: 400, want: []string{`"field":"password"`, "Informe a senha."}, after: wantCounts(1, 1)},
		{name: "session without cookie", req: request{method: "GET", path: "/api/auth/session"},
			status: 200, want: []string{`{"user":null}`}},
		{name: "session with a forged cookie is cleared", req: request{method: "GET", path: "/api/auth/session",
			cookie: &http.Cookie{Name: "sorteio_session", Value: "forjado"}},
			status: 200, want: []string{`{"user":null}`}, headers: map[string]string{"Set-Cookie": "Max-Age=0"}},
		{name: "sign-out ends the session", setup: seedAna, req: request{method: "POST", path: "/api/auth/signout"},
			status: 204, headers: map[string]string{"Set-Cookie": "Max-Age=0"}},
	})
}

func TestSignOutThenSessionIsGone(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		c := mustSignUp(t, e, "bia@example.com", "segredo1")
		if res := e.do(t, request{method: "POST", path: "/api/auth/signout", cookie: c}); res.StatusCode != 204 {
			t.Fatalf("sign-out: %d", res.StatusCode)
		}
		body := readBody(t, e.do(t, request{method: "GET", path: "/api/auth/session", cookie: c}))
		if body != "{\"user\":null}\n" {
			t.Fatalf("session after sign-out: %q", body)
		}
		wantCounts(1, 0)(t, e, nil)
	})
}

func TestSecureCookieOverHTTPS(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t, "sqlite")
	e := newEnv(t, db, httpapi.Config{TrustProxy: true})
	res := e.do(t, request{method: "POST", path: "/api/auth/signup", body: `{"email":"c@example.com","password":"segredo1"}`,
		headers: map[string]string{"X-Forwarded-Proto": "https"}})
	if raw := res.Header.Get("Set-Cookie"); !strings.Contains(raw, "Secure") {
		t.Fatalf("cookie over HTTPS lacks Secure: %q", raw)
	}
}

func TestRateLimits(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		mustSignUp(t, e, "ana@example.com", "segredo1")

		// Wrong passwords per e-mail (limit 4), from a new IP each time.
		for i := 0; i < 4; i++ {
			res := e.do(t, request{method: "POST", path: "/api/auth/signin", remote: "10.0.0." + string(rune('1'+i)) + ":5",
				body: `{"email":"ana@example.com","password":"errada1"}`})
			if res.StatusCode != 401 {
				t.Fatalf("attempt %d: %d, want 401", i+1, res.StatusCode)
			}
		}
		// Under attack now: an address gets 1 more attempt (test limit), then
		// waits, even with the right password.
		for i, want := range []int{401, 429, 429} {
			password := []string{"errada1", "errada1", "segredo1"}[i]
			res := e.do(t, request{method: "POST", path: "/api/auth/signin", remote: "10.0.1.1:5",
				body: `{"email":"ANA@example.com","password":"` + password + `"}`})
			body := readBody(t, res)
			if res.StatusCode != want || want == 429 && (!strings.Contains(body, "Muitas tentativas. Tente de novo em 10 minutos ou use Esqueci minha senha.") ||
				res.Header.Get("Retry-After") == "") {
				t.Fatalf("attempt %d from one address under attack: %d %s (Retry-After %q); want %d",
					i+1, res.StatusCode, body, res.Header.Get("Retry-After"), want)
			}
		}
		wantCounts(1, 1)(t, e, nil) // the right password did not sign in while limited
		// The owner, from another address, signs in.
		if res := e.do(t, request{method: "POST", path: "/api/auth/signin", remote: "10.0.1.2:5",
			body: `{"email":"ana@example.com","password":"segredo1"}`}); res.StatusCode != 200 {
			t.Fatalf("the owner from a new address under attack: %d, want 200", res.StatusCode)
		}

		// Per IP (limit 8), a new e-mail each time.
		for i := 0; i < 8; i++ {
			res := e.do(t, request{method: "POST", path: "/api/auth/signin", remote: "10.0.2.2:5",
				body: `{"email":"u` + string(rune('a'+i)) + `@example.com","password":"errada1"}`})
			if res.StatusCode != 401 {
				t.Fatalf("IP attempt %d: %d, want 401", i+1, res.StatusCode)
			}
		}
		res := e.do(t, request{method: "POST", path: "/api/auth/signin", remote: "10.0.2.2:5",
			body: `{"email":"zz@example.com","password":"errada1"}`})
		if res.StatusCode != 429 {
			t.Fatalf("9th attempt from one IP: %d, want 429", res.StatusCode)
		}

		// Sign-up per IP (limit 6; mustSignUp used one from another IP).
		for i := 0; i < 6; i++ {
			res := e.do(t, request{method: "POST", path: "/api/auth/signup", remote: "10.0.3.3:5",
				body: `{"email":"n` + string(rune('a'+i)) + `@example.com","password":"segredo1"}`})
			if res.StatusCode != 201 {
				t.Fatalf("sign-up %d: %d, want 201", i+1, res.StatusCode)
			}
		}
		res = e.do(t, request{method: "POST", path: "/api/auth/signup", remote: "10.0.3.3:5",
			body: `{"email":"nz@example.com","password":"segredo1"}`})
		if res.StatusCode != 429 {
			t.Fatalf("7th sign-up from one IP: %d, want 429", res.StatusCode)
		}
		wantCounts(7, 8)(t, e, nil)
	})
}
