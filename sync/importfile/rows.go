package importfile

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/sorteio/sorteio/sync/protocol"
)

// Format is how the first line reads.
type Format string

const (
	FormatHeader   Format = "header"
	FormatQuantity Format = "quantity"
	FormatNames    Format = "names"
)

// Target is the raffle before the import: whether its tickets are numbered,
// what it holds, its highest all-digit ticket number and its ticket numbers
// (the file's clash with them; in their normal form).
type Target struct {
	Numbered bool     `json:"numbered"`
	People   int      `json:"people"`
	Tickets  int      `json:"tickets"`
	Highest  int      `json:"highest"`
	Taken    []string `json:"taken,omitempty"`
}

// Row is a row's cells and its line in the file (1-based).
type Row struct {
	Line  int
	Cells []string
}

// Plan is the tickets to add, column by column; Person[i] is the index of
// ticket i's person (one group each).
type Plan struct {
	Format  Format
	People  int
	Tickets int
	Names   []string
	Emails  []*string
	Numbers []*string
	Person  []int
	// Phones is each ticket's phone in E.164 (nil when none or refused), the
	// same for all of a person's tickets.
	Phones []*string
	// A header file's first row and the columns read (the guess or the choice).
	Header  []string
	Columns *Columns
	// Grouped counts rows that joined an earlier row's person by their e-mail.
	Grouped int
	// Skipped, Warnings: 'Linha 14: sem nome', in file order. SkippedRows
	// is Skipped as line and reason, for answers that list them apart.
	Skipped     []string
	SkippedRows []SkippedRow
	Warnings    []string
	// Clashes are the file's tickets the raffle holds (ClashAsk only).
	Clashes []Clash
	LeftOut []string
}

// SkippedRow is a row the plan left out: its line and why ('sem nome').
type SkippedRow struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// Clash is a file's ticket number the raffle already holds.
type Clash struct {
	Line   int    `json:"line"`
	Number string `json:"number"`
}

var (
	numeric = regexp.MustCompile(`^[+-]?\d+([.,]\d+)?$`)
	// A quantity is a whole number, perhaps written with zero decimals as a
	// number format shows it (3.00, 3,00).
	quantityText = regexp.MustCompile(`^(\d+)(?:[.,]0+)?$`)
)

// quantityOf is a quantity cell's number (math.MaxInt past int's digits).
func quantityOf(v string) (int, bool) {
	m := quantityText.FindStringSubmatch(v)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		n = math.MaxInt // too many digits: too high, as the PWA says
	}
	return n, true
}

// fold is lower case without accents: 'NOME' and 'Nóme' read 'nome'.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if r < 0x300 || r > 0x36f {
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(strings.ToLower(b.String()))
}

func cell(r Row, i int) string {
	if i < 0 || i >= len(r.Cells) {
		return ""
	}
	return strings.TrimSpace(r.Cells[i])
}

func width(cells []string) int {
	n := len(cells)
	for n > 0 && strings.TrimSpace(cells[n-1]) == "" {
		n--
	}
	return n
}

func detectFormat(first Row) (Format, error) {
	if isHeader(first.Cells) {
		return FormatHeader, nil
	}
	switch w := width(first.Cells); {
	case w == 2 && numeric.MatchString(cell(first, 1)):
		return FormatQuantity, nil
	case w == 1:
		return FormatNames, nil
	}
	return "", refuse("%s", msgUnrecognised)
}

func badRow(line int, reason string) *Refusal {
	return refuse("Linha %d: %s", line, protocol.Message(reason))
}

// checkName, checkEmail and checkNumber are the rules of a participants.add
// ticket (sync/protocol), the text rule first as on the device, with the
// row's line in the message.
func checkName(line int, s string) (string, error) {
	// The text rule first, as on the device: a NUL or a bidi override never
	// reaches the database.
	s, ok := protocol.CleanLine(s)
	if !ok {
		return "", badRow(line, protocol.ReasonTextInvalid)
	}
	if s == "" {
		return "", badRow(line, protocol.ReasonNameRequired)
	}
	if utf8.RuneCountInString(s) > protocol.MaxName {
		return "", badRow(line, protocol.ReasonNameTooLong)
	}
	return s, nil
}

func checkEmail(line int, s string) (*string, error) {
	return optionalCell(line, s, protocol.ParticipantEmail)
}

func checkNumber(line int, s string) (*string, error) {
	return optionalCell(line, s, protocol.TicketNumber)
}

// optionalCell is an optional cell through its rule, the one a pushed
// ticket's field goes through: nil when the rule leaves it empty.
func optionalCell(line int, s string, rule func(string) (string, *protocol.Rejection)) (*string, error) {
	s, rej := rule(s)
	if rej != nil {
		return nil, badRow(line, rej.Reason)
	}
	if s == "" {
		return nil, nil
	}
	return &s, nil
}

// PlanImport builds the plan, or returns the Refusal of the first problem in
// file order, then the raffle's limits (people, then tickets).
func PlanImport(rows []Row, t Target, c Choice) (*Plan, error) {
	var data []Row
	for _, r := range rows {
		if width(r.Cells) > 0 {
			data = append(data, r)
		}
	}
	if len(data) == 0 {
		return nil, refuse("%s", msgNoRows)
	}
	start := headerAt(data)
	format, err := detectFormat(data[start])
	if err != nil {
		return nil, err
	}
	p := &Plan{Format: format}
	for _, r := range data[:start] {
		p.skip(r.Line, reasonTitle)
	}
	data = data[start:]
	var pending []int
	highest := t.Highest
	add := func(name string, email, number, phone *string, person int) {
		p.Names = append(p.Names, name)
		p.Emails = append(p.Emails, email)
		p.Numbers = append(p.Numbers, number)
		p.Phones = append(p.Phones, phone)
		p.Person = append(p.Person, person)
		if number == nil && t.Numbered {
			pending = append(pending, len(p.Names)-1)
		}
	}
	if format == FormatHeader {
		if err := planHeader(p, data, t, c, &highest, add); err != nil {
			return nil, err
		}
	} else if err := planList(p, data, format, add); err != nil {
		return nil, err
	}
	if p.People == 0 {
		return nil, &Refusal{Message: msgNoRows, Skipped: p.Skipped, SkippedRows: p.SkippedRows}
	}
	if n := t.People + p.People; n > protocol.MaxPeople {
		return nil, refuse("Total de participantes únicos excede o limite: o sorteio ficaria com %s. Máximo: %s", thousands(n), thousands(protocol.MaxPeople))
	}
	if n := t.Tickets + p.Tickets; n > protocol.MaxTickets {
		return nil, refuse("Total de bilhetes excede o limite: o sorteio ficaria com %s. Máximo: %s", thousands(n), thousands(protocol.MaxTickets))
	}
	if p.Grouped > 0 {
		pending = p.byPerson(t.Numbered)
	}
	for _, i := range pending {
		highest++
		s := pad3(highest)
		p.Numbers[i] = &s
	}
	return p, nil
}

// maxTitleRows is how many rows above a header may be titles (an event's
// name, the export's date, a filter).
const maxTitleRows = 9

// reasonTitle is why a title row above the header is left out.
const reasonTitle = "título acima do cabeçalho"

// headerAt is where a header under title rows is (0 when the first row is
// one, or none is found): the first of the next rows that names a name or
// an e-mail column in two filled cells or more, every row above it holding
// fewer filled cells than it.
func headerAt(data []Row) int {
	if isHeader(data[0].Cells) {
		return 0
	}
	for i := 1; i < len(data) && i <= maxTitleRows; i++ {
		n := filled(data[i].Cells)
		if n < 2 || !isHeader(data[i].Cells) {
			continue
		}
		for _, r := range data[:i] {
			if filled(r.Cells) >= n {
				return 0
			}
		}
		return i
	}
	return 0
}

func filled(cells []string) int {
	n := 0
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			n++
		}
	}
	return n
}

// adder appends one ticket: name, e-mail, number, phone and person.
type adder func(name string, email, number, phone *string, person int)

func pad3(n int) string {
	s := strconv.Itoa(n)
	for len(s) < 3 {
		s = "0" + s
	}
	return s
}

func planList(p *Plan, data []Row, format Format, add adder) error {
	for _, r := range data {
		raw := cell(r, 0)
		if raw == "" {
			continue
		}
		name, err := checkName(r.Line, raw)
		if err != nil {
			return err
		}
		quantity := 1
		if format == FormatQuantity {
			v := cell(r, 1)
			n, ok := quantityOf(v)
			if !ok || n < 1 {
				return refuse("Quantidade inválida para %s: %s", name, v)
			}
			if n > protocol.MaxTicketsPerOne {
				return refuse("Quantidade muito alta para %s: %s. Máximo: %d bilhetes por pessoa", name, v, protocol.MaxTicketsPerOne)
			}
			quantity = n
		}
		// Past the limit the import fails anyway: count the rest without building it.
		if p.Tickets+quantity <= protocol.MaxTickets {
			for range quantity {
				add(name, nil, nil, nil, p.People)
			}
		}
		p.Tickets += quantity
		p.People++
	}
	return nil
}

// byPerson puts each person's tickets together, people in the order they
// first appear, tickets in file order: rows grouped by e-mail come spread
// through a ticket-sale export, and the ops of 5,000 tickets then hold
// whole people (the store checks a person's tickets once). It returns the
// tickets still to number, in the new order.
func (p *Plan) byPerson(numbered bool) []int {
	start := make([]int, p.People+1)
	for _, person := range p.Person {
		start[person+1]++
	}
	for i := 1; i <= p.People; i++ {
		start[i] += start[i-1]
	}
	n := len(p.Names)
	names, emails, numbers, phones, persons := make([]string, n), make([]*string, n), make([]*string, n), make([]*string, n), make([]int, n)
	for i, person := range p.Person {
		j := start[person]
		start[person]++
		names[j], emails[j], numbers[j], phones[j], persons[j] = p.Names[i], p.Emails[i], p.Numbers[i], p.Phones[i], person
	}
	p.Names, p.Emails, p.Numbers, p.Phones, p.Person = names, emails, numbers, phones, persons
	var pending []int
	for i, number := range numbers {
		if number == nil && numbered {
			pending = append(pending, i)
		}
	}
	return pending
}
