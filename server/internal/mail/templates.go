// Package mail writes the server's e-mails and sends them from the outbox:
// through an SMTP server (SMTP_URL) or, without one, into the log.
package mail

import (
	"bytes"
	"html/template"
	"strings"

	"github.com/sorteio/sorteio/server/internal/core"
)

// Links builds the addresses e-mails point to from the configured public
// URL (PUBLIC_URL), never from a request: a forged Host header must not
// send someone's reset link to another site.
type Links struct{ base string }

// NewLinks returns links under base (a trailing slash is dropped).
func NewLinks(base string) Links { return Links{base: strings.TrimRight(base, "/")} }

// The token goes in the fragment: browsers send neither it to the server
// nor it in a Referer, so it stays out of access logs.
func (l Links) token(path, token string) string { return l.base + path + "#token=" + token }

// Confirm is the link that proves the account's address.
func (l Links) Confirm(token string) string { return l.token("/confirmar-email", token) }

// Reset is the link that sets a new password.
func (l Links) Reset(token string) string { return l.token("/redefinir-senha", token) }

// Change is the link that moves the account to a new address.
func (l Links) Change(token string) string { return l.token("/confirmar-novo-email", token) }

// Forgot is the page that asks for a new reset link.
func (l Links) Forgot() string { return l.base + "/esqueci-senha" }

// body is one e-mail's text: paragraphs, then an optional button.
type body struct {
	Title      string
	Paragraphs []string
	Link       string
	Button     string
	Footer     string
}

// The HTML is simple on purpose: inline styles, the app's violet, no
// images, no tracking, a plain link beside the button.
var page = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>{{.Title}}</title></head>
<body style="margin:0;padding:24px;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#5b21b6">Sorteio</p>
<h1 style="margin:0 0 16px;font-size:18px">{{.Title}}</h1>
{{range .Paragraphs}}<p style="margin:0 0 12px;line-height:1.5">{{.}}</p>
{{end}}{{if .Link}}<p style="margin:20px 0"><a href="{{.Link}}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">{{.Button}}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#475569">Se o botão não funcionar, copie este endereço no navegador:<br><a href="{{.Link}}" style="color:#5b21b6;word-break:break-all">{{.Link}}</a></p>
{{end}}<p style="margin:16px 0 0;font-size:13px;color:#475569">{{.Footer}}</p>
</div></body></html>
`))

func (b body) mail(to string) core.Mail {
	var text strings.Builder
	text.WriteString(b.Title + "\n\n")
	for _, p := range b.Paragraphs {
		text.WriteString(p + "\n\n")
	}
	if b.Link != "" {
		text.WriteString(b.Button + ": " + b.Link + "\n\n")
	}
	text.WriteString(b.Footer + "\n\n-- \nSorteio\n")
	var html bytes.Buffer
	if err := page.Execute(&html, b); err != nil {
		panic(err) // the template and its data are ours: a failure is a bug
	}
	return core.Mail{Kind: core.MailMessage, To: to, Subject: b.Title + " · Sorteio", Text: text.String(), HTML: html.String()}
}

const ignore = "Se você não pediu isto, ignore esta mensagem: nada muda na sua conta."

// ConfirmMail asks to prove the address of a new account.
func ConfirmMail(to, link string) core.Mail {
	return body{Title: "Confirme seu e-mail",
		Paragraphs: []string{"Você criou uma conta no Sorteio com este endereço. Confirme que ele é seu para poder recuperar a conta se esquecer a senha.",
			"O link vale por 48 horas e pode ser usado uma vez."},
		Link: link, Button: "Confirmar e-mail", Footer: ignore}.mail(to)
}

// ResetMail carries a link that sets a new password.
func ResetMail(to, link string) core.Mail {
	return body{Title: "Redefinir sua senha",
		Paragraphs: []string{"Recebemos um pedido para redefinir a senha da sua conta no Sorteio.",
			"O link vale por 30 minutos e pode ser usado uma vez. Ao criar a nova senha, todos os outros aparelhos saem da conta."},
		Link: link, Button: "Criar nova senha", Footer: ignore}.mail(to)
}

// ChangeMail asks the new address to confirm that the account moves to it.
func ChangeMail(to, link string) core.Mail {
	return body{Title: "Confirme seu novo e-mail",
		Paragraphs: []string{"Pediram para usar este endereço na sua conta do Sorteio. A troca só acontece quando você abrir o link.",
			"O link vale por 48 horas e pode ser usado uma vez."},
		Link: link, Button: "Usar este e-mail", Footer: ignore}.mail(to)
}

// ChangedNotice tells the old address that the account moved away from it.
func ChangedNotice(to, next string) core.Mail {
	return body{Title: "O e-mail da sua conta mudou",
		Paragraphs: []string{"A sua conta no Sorteio agora usa o endereço " + next + ". Este endereço não recebe mais mensagens da conta.",
			"Se não foi você, fale com quem administra este Sorteio."},
		Footer: "Esta mensagem é só um aviso."}.mail(to)
}
