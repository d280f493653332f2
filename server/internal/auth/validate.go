package auth

import (
	"net/mail"
	"strings"
	"unicode/utf8"

	"github.com/sorteio/sorteio/server/internal/core"
)

const (
	minPasswordLen = 6
	maxPasswordLen = 256 // bytes; argon2 takes any length, but huge inputs are abuse
	maxEmailLen    = 254
)

// NormalizeEmail trims and lower-cases an e-mail address.
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// validateEmail checks an already normalised address.
func validateEmail(email string) error {
	if email == "" {
		return core.FieldError("email", "Informe o e-mail.")
	}
	if len(email) > maxEmailLen || !utf8.ValidString(email) {
		return core.FieldError("email", "Informe um e-mail válido.")
	}
	addr, err := mail.ParseAddress(email)
	// ParseAddress also accepts "Name <a@b>"; only a bare address is valid here.
	if err != nil || addr.Address != email || addr.Name != "" {
		return core.FieldError("email", "Informe um e-mail válido.")
	}
	at := strings.LastIndexByte(email, '@')
	domain := email[at+1:]
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") {
		return core.FieldError("email", "Informe um e-mail válido.")
	}
	return nil
}

func validatePassword(password string, signUp bool) error {
	if password == "" {
		return core.FieldError("password", "Informe a senha.")
	}
	if len(password) > maxPasswordLen {
		return core.FieldError("password", "A senha deve ter no máximo 256 caracteres.")
	}
	if signUp && utf8.RuneCountInString(password) < minPasswordLen {
		return core.FieldError("password", "A senha deve ter pelo menos 6 caracteres.")
	}
	return nil
}
