package importfile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sorteio/sorteio/sync/protocol"
)

// PersonHeader is the export's column naming each ticket's person: rows with
// the same value are one person's tickets (docs/import.md, "Export").
const PersonHeader = "participante"

// person is one person of a header file whose rows are grouped, by the
// person column or by e-mail.
type person struct {
	index   int
	name    string
	email   *string
	tickets int
}

func sameEmail(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// rowName is the row's name columns joined with a space ('Ana' + 'Souza').
func rowName(r Row, cols []int) string {
	var parts []string
	for _, i := range cols {
		if s := cell(r, i); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// rowQuantity is the row's tickets: 1 without a quantity column or with a
// blank cell. A row naming its ticket number is one ticket.
func rowQuantity(r Row, at int, name string, number *string) (int, error) {
	v := cell(r, at)
	if v == "" {
		return 1, nil
	}
	n, ok := quantityOf(v)
	if !ok || n < 1 {
		return 0, refuse("Quantidade inválida para %s: %s", name, v)
	}
	if n > protocol.MaxTicketsPerOne {
		return 0, refuse("Quantidade muito alta para %s: %s. Máximo: %d bilhetes por pessoa", name, v, protocol.MaxTicketsPerOne)
	}
	if number != nil && n != 1 {
		return 0, refuse("Linha %d: o bilhete %s tem quantidade %s: uma linha com número de bilhete é um bilhete só", r.Line, *number, v)
	}
	return n, nil
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func planHeader(p *Plan, data []Row, t Target, c Choice, highest *int, add adder) error {
	header := make([]string, len(data[0].Cells))
	personAt := -1
	for i, h := range data[0].Cells {
		header[i] = strings.TrimSpace(h)
		if personAt < 0 && fold(h) == PersonHeader {
			personAt = i
		}
	}
	cols := GuessColumns(header, t.Numbered)
	if c.Columns != nil {
		cols = c.Columns.within(len(header), t.Numbered)
	}
	p.Header, p.Columns, p.LeftOut = header, &cols, leftOut(header, cols, personAt)
	taken := make(map[string]bool, len(t.Taken))
	for _, n := range t.Taken {
		taken[n] = true
	}
	seen := make(map[string]bool, len(data)) // a number a row, at most
	people := map[string]*person{}
	nameRule, emailRule := remembered(checkName), remembered(checkEmail)
	var phones []*string // each person's phone: the first valid one of their rows
	for _, r := range data[1:] {
		raw := rowName(r, cols.Name)
		if raw == "" {
			p.skip(r.Line, "sem nome")
			continue
		}
		name, err := nameRule(r.Line, raw)
		if err != nil {
			return err
		}
		email, err := emailRule(r.Line, cell(r, cols.Email))
		if err != nil {
			return err
		}
		var number *string
		if c.Clashes != ClashRenumber {
			if number, err = checkNumber(r.Line, cell(r, cols.Ticket)); err != nil {
				return err
			}
		}
		quantity, err := rowQuantity(r, cols.Quantity, name, number)
		if err != nil {
			return err
		}
		if number != nil {
			if taken[*number] {
				if c.Clashes == ClashSkip {
					p.skip(r.Line, fmt.Sprintf("o bilhete %s já existe no sorteio", *number))
					continue
				}
				p.Clashes = append(p.Clashes, Clash{Line: r.Line, Number: *number})
			}
			if seen[*number] {
				return refuse("Linha %d: o bilhete %s aparece mais de uma vez no arquivo", r.Line, *number)
			}
			seen[*number] = true
			// Atoi takes an optional sign and digits: without the sign,
			// digits alone (no regular expression on every row).
			if n, err := strconv.Atoi(*number); err == nil && (*number)[0] != '+' && (*number)[0] != '-' {
				*highest = max(*highest, n)
			}
		}
		phone := rowPhone(p, r, cols.Phone)
		// The export's person column groups its rows; without it, the e-mail does.
		key, byEmail := cell(r, personAt), false
		if personAt < 0 && email != nil {
			key, byEmail = *email, true
		}
		index := p.People
		if known := people[key]; key != "" && known != nil {
			switch {
			case byEmail && known.name != name:
				p.Warnings = append(p.Warnings, fmt.Sprintf("Linha %d: %s aparece com outro nome (%s); os bilhetes ficam com o nome %s", r.Line, key, name, known.name))
				name = known.name
			case !byEmail && (known.name != name || !sameEmail(known.email, email)):
				return refuse("Linha %d: o participante %s aparece com outro nome ou e-mail", r.Line, key)
			}
			known.tickets += quantity
			if known.tickets > protocol.MaxTicketsPerOne {
				return refuse("Quantidade muito alta para %s: %d. Máximo: %d bilhetes por pessoa", name, known.tickets, protocol.MaxTicketsPerOne)
			}
			if byEmail {
				p.Grouped++
			}
			index = known.index
		} else {
			if key != "" {
				people[key] = &person{index: p.People, name: name, email: email, tickets: quantity}
			}
			p.People++
			phones = append(phones, nil)
		}
		if phones[index] == nil {
			phones[index] = phone
		}
		// Past the limit the import fails anyway: count the rest without building it.
		if p.Tickets+quantity <= protocol.MaxTickets {
			for range quantity {
				add(name, email, number, phone, index)
			}
		}
		p.Tickets += quantity
	}
	// A person's tickets share one phone, as a person added by hand does.
	for i, who := range p.Person {
		p.Phones[i] = phones[who]
	}
	return nil
}

// remembered is a rule's answers by cell text: a ticket-sale export repeats
// each buyer's name and e-mail on every ticket's row (100,000 rows of 10,000
// people), and the rules are pure. A refusal is not kept, so it is made
// again with its own row's line.
func remembered[T any](rule func(line int, s string) (T, error)) func(line int, s string) (T, error) {
	known := map[string]T{}
	return func(line int, s string) (T, error) {
		if v, ok := known[s]; ok {
			return v, nil
		}
		v, err := rule(line, s)
		if err == nil {
			known[s] = v
		}
		return v, err
	}
}

// rowPhone is the row's phone in E.164 (nil when blank). One the phone rule
// refuses is a warning, and the person comes in without it: a phone is
// optional, so it never refuses the file (docs/import.md, "Phones").
func rowPhone(p *Plan, r Row, at int) *string {
	raw := cell(r, at)
	phone, rej := protocol.ParticipantPhone(raw)
	if rej == nil {
		return optional(phone)
	}
	shown := "caracteres não permitidos"
	if rej.Reason == protocol.ReasonInvalidPhone {
		shown = shortCell(raw)
	}
	p.Warnings = append(p.Warnings, fmt.Sprintf("Linha %d: telefone inválido (%s): a pessoa entra sem telefone", r.Line, shown))
	return nil
}

// shortCell is a cell as a message quotes it: at most 40 characters.
func shortCell(s string) string {
	if r := []rune(s); len(r) > maxQuoted {
		return string(r[:maxQuoted]) + "…"
	}
	return s
}

const maxQuoted = 40

// ClashRefusal is the refusal of a plan whose tickets the raffle holds, when
// no choice was made (the server's import is all or nothing), else nil.
func (p *Plan) ClashRefusal() error {
	if len(p.Clashes) == 0 {
		return nil
	}
	c := p.Clashes[0]
	return refuse("Linha %d: o bilhete %s já existe neste sorteio (%d bilhete(s) do arquivo já existem): envie clashes=renumber para renumerar os bilhetes do arquivo ou clashes=skip para ignorar as linhas repetidas", c.Line, c.Number, len(p.Clashes))
}

// skip leaves out the row at line for reason, listed as 'Linha 14: sem nome'.
func (p *Plan) skip(line int, reason string) {
	p.Skipped = append(p.Skipped, fmt.Sprintf("Linha %d: %s", line, reason))
	p.SkippedRows = append(p.SkippedRows, SkippedRow{Line: line, Reason: reason})
}
