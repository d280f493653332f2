package draw

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"
)

// federalRecordCase is one case of sync/testdata/draw/federal-records.json:
// a Loteria Federal round as the public record holds it, whether it checks
// out, and (genuine ones) the lines every verifier shows.
type federalRecordCase struct {
	Name    string   `json:"name"`
	About   string   `json:"about"`
	Verdict string   `json:"verdict"`
	Lines   []string `json:"lines,omitempty"`
	Record  Record   `json:"record"`
}

const federalRecordsFile = "../testdata/draw/federal-records.json"

// genuineFederal is concurso 5732's round over eight numbered tickets of
// five people, two winners without repeating people.
func genuineFederal() Record {
	names := []string{"Ana", "Bia", "Caio", "Duda", "Eva"}
	numbers := []string{"012", "300", "366", "367", "370", "512", "800", "999"}
	var pool []Ticket
	for i, n := range numbers {
		pool = append(pool, Ticket{ID: fmt.Sprintf("0192f0c1-0000-7000-8000-0000000c%04d", i+1),
			GroupID: fmt.Sprintf("0192f0c1-0000-7000-8000-0000000b%04d", i%5+1), TicketNumber: &n, Name: names[i%5]})
	}
	pool = Canonical(pool)
	d := Digest(pool)
	prizes := []string{"50366", "33514", "45504", "94365", "51105"}
	rule := FederalRule{Kind: RuleFinal}
	res, err := Federal(rule, prizes, pool, 2, false)
	if err != nil {
		panic(err)
	}
	r := Record{DrawID: "0192f0c1-0000-7000-8000-00000000d001", Round: 1, Kind: "draw", Positions: []int{1, 2},
		Pool: pool, PoolSize: len(pool), PoolDigest: hex.EncodeToString(d[:]), WinnersCount: 2, Winners: []string{},
		StartedAt: 1674070000000, CompletedAt: 1674080000000,
		Federal: &FederalRecord{Algorithm: FederalAlgorithm, Concurso: 5732, ExtractionAt: 1674079200000, Rule: rule, Prizes: prizes}}
	for _, s := range res.Steps {
		r.Winners = append(r.Winners, s.Ticket.ID)
		r.Federal.Steps = append(r.Federal.Steps, s.Line)
	}
	return r
}

func federalRecordCases() []federalRecordCase {
	genuine := genuineFederal()
	clone := func(edit func(r *Record)) Record {
		b, _ := json.Marshal(genuine)
		var r Record
		_ = json.Unmarshal(b, &r)
		edit(&r)
		return r
	}
	return []federalRecordCase{
		{Name: "genuine", About: "Concurso 5732, 'Final do 1º prêmio': 366, then the next person's ticket.", Verdict: "CONFERE",
			Lines: genuine.Federal.Steps, Record: genuine},
		{Name: "wrong winner", About: "The 2nd place names the ticket after the real one.", Verdict: "NÃO CONFERE",
			Record: clone(func(r *Record) { r.Winners[1] = r.Pool[5].ID })},
		{Name: "winners swapped", About: "The 1st and 2nd places swapped.", Verdict: "NÃO CONFERE",
			Record: clone(func(r *Record) { r.Winners[0], r.Winners[1] = r.Winners[1], r.Winners[0] })},
		{Name: "1st prize changed", About: "50366 became 50512: the record's winners no longer follow.", Verdict: "NÃO CONFERE",
			Record: clone(func(r *Record) { r.Federal.Prizes[0] = "50512" })},
		{Name: "a prize of four digits", About: "The 3rd prize lost a digit.", Verdict: "NÃO CONFERE",
			Record: clone(func(r *Record) { r.Federal.Prizes[2] = "4550" })},
		{Name: "rule changed", About: "The rule became 'Unidades dos cinco prêmios'.", Verdict: "NÃO CONFERE",
			Record: clone(func(r *Record) { r.Federal.Rule = FederalRule{Kind: RuleUnits} })},
		{Name: "a ticket renamed", About: "The pool no longer has the digest published when the list closed.", Verdict: "NÃO CONFERE",
			Record: clone(func(r *Record) { r.Pool[0].Name = "Outra" })},
		{Name: "unknown algorithm", About: "A Loteria Federal record of another algorithm.", Verdict: "NÃO CONFERE",
			Record: clone(func(r *Record) { r.Federal.Algorithm = "loteria-federal-v9" })},
	}
}

// TestWriteFederalRecords writes the vectors (FEDERAL_RECORDS_WRITE=1); the
// PWA's verifier reads the same file.
func TestWriteFederalRecords(t *testing.T) {
	if os.Getenv("FEDERAL_RECORDS_WRITE") == "" {
		t.Skip("set FEDERAL_RECORDS_WRITE=1 to rewrite " + federalRecordsFile)
	}
	out, err := json.MarshalIndent(map[string]any{"about": "Loteria Federal rounds as the public record holds them (docs/draw-algorithm.md §12.6): " +
		"the verdict every verifier must give and, for genuine ones, the lines it shows. Written by TestWriteFederalRecords (sync/draw); " +
		"read by TestFederalRecords and the verification page's Vitest test.", "cases": federalRecordCases()}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(federalRecordsFile, append(out, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFederalRecords(t *testing.T) {
	raw, err := os.ReadFile(federalRecordsFile)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []federalRecordCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 8 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			problems := VerifyExport(Export{Algorithm: Algorithm, Draws: []Record{c.Record}})[0]
			verdict := "CONFERE"
			if len(problems) > 0 {
				verdict = "NÃO CONFERE"
			}
			if verdict != c.Verdict {
				t.Fatalf("verdict %s (%v), want %s", verdict, problems, c.Verdict)
			}
			if c.Lines != nil && !slices.Equal(FederalLines(c.Record), c.Lines) {
				t.Fatalf("lines %v, want %v", FederalLines(c.Record), c.Lines)
			}
		})
	}
}
