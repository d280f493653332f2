package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// TestChangeEmail: the current password, a link to the new address, the
// change only when it is followed, a notice to the old one.
func TestChangeEmail(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMailEnv(t, db, looseLimits())
		cookie := mustSignUp(t, e.env, "gil@example.com", "senha-longa-1")
		mustSignUp(t, e.env, "outro@example.com", "senha-longa-1")
		e.deliver(t)

		for _, bad := range []struct{ body, want string }{
			{`{"current":"errada-123","email":"novo@example.com"}`, "Senha atual incorreta."},
			{`{"current":"senha-longa-1","email":"gil@example.com"}`, "Este já é o e-mail da conta."},
			{`{"current":"senha-longa-1","email":"não é e-mail"}`, `"invalid_input"`},
		} {
			if res, body := e.post(t, "/api/account/email", bad.body, cookie); res.StatusCode != http.StatusBadRequest || !strings.Contains(body, bad.want) {
				t.Errorf("%s: %d %s, want 400 %s", bad.body, res.StatusCode, body, bad.want)
			}
		}
		if got := e.deliver(t); len(got) != 0 {
			t.Errorf("refused requests sent %d messages", len(got))
		}
		if res, body := e.post(t, "/api/account/email", `{"current":"senha-longa-1","email":"Novo@Example.com"}`, cookie); res.StatusCode != http.StatusAccepted {
			t.Fatalf("change: %d %s", res.StatusCode, body)
		}
		token := e.link(t, "novo@example.com", "Confirme seu novo e-mail")
		if _, body := e.get(t, "/api/account/email", cookie); !strings.Contains(body, `"email":"gil@example.com"`) {
			t.Errorf("before the link: %s, want the old address", body)
		}
		if res, body := e.post(t, "/api/auth/confirm-new-email", `{"token":"`+token+`"}`, nil); res.StatusCode != http.StatusNoContent {
			t.Fatalf("confirm: %d %s", res.StatusCode, body)
		}
		if _, body := e.get(t, "/api/account/email", cookie); !strings.Contains(body, `"email":"novo@example.com","verified":true`) {
			t.Errorf("after the link: %s, want the new address, proven", body)
		}
		notice := e.deliver(t)
		if len(notice) != 1 || notice[0].To != "gil@example.com" || !strings.Contains(notice[0].Text, "novo@example.com") {
			t.Errorf("notice %+v, want one to gil@example.com naming the new address", notice)
		}
		if res, _ := e.post(t, "/api/auth/signin", `{"email":"novo@example.com","password":"senha-longa-1"}`, nil); res.StatusCode != http.StatusOK {
			t.Errorf("sign-in with the new address: %d", res.StatusCode)
		}

		// An address another account took meanwhile is refused and changes nothing.
		e.post(t, "/api/account/email", `{"current":"senha-longa-1","email":"taken@example.com"}`, cookie)
		late := e.link(t, "taken@example.com", "Confirme seu novo e-mail")
		mustSignUp(t, e.env, "taken@example.com", "senha-longa-1")
		if res, body := e.post(t, "/api/auth/confirm-new-email", `{"token":"`+late+`"}`, nil); res.StatusCode != http.StatusConflict {
			t.Errorf("a taken address: %d %s, want 409", res.StatusCode, body)
		}
		if _, body := e.get(t, "/api/account/email", cookie); !strings.Contains(body, `"email":"novo@example.com"`) {
			t.Errorf("after the refused change: %s", body)
		}
	})
}
