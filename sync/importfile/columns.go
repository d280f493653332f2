package importfile

import (
	"strings"
)

// Columns is the column step's choice for a header file: each role's column
// (0-based), -1 for none. Name may hold two columns ('Nome' + 'Sobrenome'),
// joined with a space. The PWA sends the person's choice; the server guesses
// the same way unless the request names them (docs/import.md, "Columns").
type Columns struct {
	Name     []int `json:"name"`
	Email    int   `json:"email"`
	Ticket   int   `json:"ticket"`
	Quantity int   `json:"quantity"`
	Phone    int   `json:"phone"`
}

// Clash policies: what to do with a file's ticket number the raffle holds.
const (
	ClashAsk      = ""         // list them in the plan (the server refuses)
	ClashRenumber = "renumber" // number every ticket of the file after the raffle's highest
	ClashSkip     = "skip"     // leave the clashing rows out
)

// Choice is what the person chose in the preview; the zero value is the guess.
type Choice struct {
	Columns *Columns `json:"columns,omitempty"`
	Clashes string   `json:"clashes,omitempty"`
}

// The header words of each role, folded (lower case, no accents). A column
// takes the first role whose words it holds, in this order: 'Sobrenome'
// holds 'nome', 'Quantos números?' holds 'numero'.
var roleWords = []struct {
	role  string
	words []string
}{
	{"email", []string{"email", "e-mail", "e mail", "correio eletronico"}},
	{"phone", []string{"telefone", "celular", "whatsapp", "fone", "zap", "tel."}},
	{"quantity", []string{"quantidade", "quantos", "quantas", "qtd", "qtde", "quant."}},
	{"ticket", []string{"bilhete", "ingresso", "cupom", "rifa", "ticket", "numero", "nº", "n°"}},
	{"surname", []string{"sobrenome", "ultimo nome", "last name"}},
	{"name", []string{"nome", "name", "comprador", "cliente"}},
}

// orderWords name an order's column ('Nº do pedido'), which a ticket-sale
// export repeats for each ticket of one order; a cell with one of them and
// none of ticketWords is no ticket column.
var (
	orderWords  = []string{"pedido", "order", "transacao", "venda"}
	ticketWords = []string{"bilhete", "ingresso", "cupom", "rifa", "ticket"}
)

func orderColumn(folded string) bool {
	return containsAny(folded, orderWords) && !containsAny(folded, ticketWords)
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// roleOf is the role a header cell's words give, "" for none. The export's
// person column ('Participante' exactly) is none: it only groups rows.
func roleOf(header string) string {
	h := fold(header)
	if h == PersonHeader || h == "" {
		return ""
	}
	if orderColumn(h) {
		return ""
	}
	for _, r := range roleWords {
		for _, w := range r.words {
			if strings.Contains(h, w) {
				return r.role
			}
		}
	}
	return ""
}

// isHeader reports whether a first row is a header: a cell naming a name or
// an e-mail column.
func isHeader(cells []string) bool {
	for _, c := range cells {
		switch roleOf(c) {
		case "name", "surname", "email":
			return true
		}
	}
	return false
}

// GuessColumns is the reader's guess from the header's words: the first
// column of each role; a surname column is joined to the name. Ticket
// numbers only in ticket raffles.
func GuessColumns(header []string, numbered bool) Columns {
	c := Columns{Email: -1, Ticket: -1, Quantity: -1, Phone: -1}
	name, surname := -1, -1
	for i, h := range header {
		first := func(at *int) {
			if *at < 0 {
				*at = i
			}
		}
		switch roleOf(h) {
		case "email":
			first(&c.Email)
		case "phone":
			first(&c.Phone)
		case "quantity":
			first(&c.Quantity)
		case "ticket":
			if numbered {
				first(&c.Ticket)
			}
		case "surname":
			first(&surname)
		case "name":
			first(&name)
		}
	}
	switch {
	case name >= 0 && surname >= 0:
		c.Name = []int{name, surname}
	case name >= 0:
		c.Name = []int{name}
	case surname >= 0:
		c.Name = []int{surname}
	}
	return c
}

// within is c with every column outside the header dropped, and no ticket
// column in a raffle without numbers: a choice remembered for another file
// or sent by a client never reads past the row.
func (c Columns) within(width int, numbered bool) Columns {
	in := func(i int) int {
		if i < 0 || i >= width {
			return -1
		}
		return i
	}
	out := Columns{Email: in(c.Email), Ticket: in(c.Ticket), Quantity: in(c.Quantity), Phone: in(c.Phone)}
	if !numbered {
		out.Ticket = -1
	}
	for _, n := range c.Name {
		if in(n) >= 0 && len(out.Name) < 2 {
			out.Name = append(out.Name, n)
		}
	}
	return out
}

// leftOut is the header's columns the import does not save.
func leftOut(header []string, c Columns, personAt int) []string {
	used := map[int]bool{c.Email: true, c.Ticket: true, c.Quantity: true, c.Phone: true, personAt: true}
	for _, n := range c.Name {
		used[n] = true
	}
	var out []string
	for i, h := range header {
		if h = strings.TrimSpace(h); !used[i] && h != "" {
			out = append(out, h)
		}
	}
	return out
}
