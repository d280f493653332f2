package auth

import (
	"unicode/utf8"

	"github.com/sorteio/sorteio/server/internal/core"
)

const (
	minPasswordLen = 6
	maxPasswordLen = 256 // bytes; argon2 takes any length, but huge inputs are abuse
	maxEmailLen    = 254
)

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
