package auth

import (
	"strings"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// The e-mail policy (docs/api.md, "E-mail addresses"): one mailbox, one
// account. The rule itself is pure and shared with participants' e-mails
// (protocol.NormalizeEmail); here each refusal gets its field message.

var emailErrors = map[protocol.EmailFault]error{
	protocol.EmailEmpty:     core.FieldError("email", "Informe o e-mail."),
	protocol.EmailInvalid:   core.FieldError("email", "Informe um e-mail válido."),
	protocol.EmailInvisible: core.FieldError("email", "O e-mail tem caracteres invisíveis ou de controle: digite-o de novo."),
	protocol.EmailLocal:     core.FieldError("email", "Antes do @, use só letras sem acento, números e . _ - +."),
	protocol.EmailDomain:    core.FieldError("email", "Domínio do e-mail inválido: use letras sem acento, números, - e . (domínios com acento na forma xn--)."),
}

// NormalizeEmail applies the e-mail policy, returning the one form an
// address is stored and looked up by.
func NormalizeEmail(email string) (string, error) {
	norm, fault := protocol.NormalizeEmail(email)
	if fault != protocol.EmailOK {
		return "", emailErrors[fault]
	}
	return norm, nil
}

// EmailKey is what rate limits count an e-mail under: its normal form, or
// the trimmed lower-case text when the policy refuses it.
func EmailKey(email string) string {
	if norm, err := NormalizeEmail(email); err == nil {
		return norm
	}
	return strings.ToLower(strings.TrimSpace(email))
}
