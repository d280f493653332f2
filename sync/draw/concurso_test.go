package draw

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

// concursos.json is written by concursos.py with Python's own calendar.
type concursoVectors struct {
	Reference struct {
		Concurso int    `json:"concurso"`
		Date     string `json:"date"`
	} `json:"reference"`
	Message string `json:"message"`
	Dates   []struct {
		Name         string `json:"name"`
		ExtractionAt int64  `json:"extraction_at"`
		Expected     int    `json:"expected"`
		Margin       int    `json:"margin"`
	} `json:"dates"`
	Concursos []struct {
		Concurso int    `json:"concurso"`
		Date     string `json:"date"`
		Text     string `json:"text"`
	} `json:"concursos"`
	Checks []struct {
		Name         string `json:"name"`
		Concurso     int    `json:"concurso"`
		ExtractionAt int64  `json:"extraction_at"`
		Error        *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	} `json:"checks"`
}

// The concurso a date expects, the margin, the date of a concurso and the
// refusal of a concurso drawn before its extraction's date, including the
// boundary dates (Brasília's midnight, a year after the reference).
func TestConcursoVectors(t *testing.T) {
	raw, err := os.ReadFile("../testdata/draw/concursos.json")
	if err != nil {
		t.Fatal(err)
	}
	var v concursoVectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if v.Reference.Concurso != RefConcurso || DayText(RefDay) != "18/01/2023" || v.Message != FederalReasons["federal_concurso_past"] {
		t.Fatalf("reference %+v, message %q", v.Reference, v.Message)
	}
	if len(v.Dates) < 8 || len(v.Checks) < 8 {
		t.Fatalf("%d dates, %d checks", len(v.Dates), len(v.Checks))
	}
	for _, c := range v.Dates {
		if got, m := ExpectedConcurso(c.ExtractionAt), ConcursoMargin(c.ExtractionAt); got != c.Expected || m != c.Margin {
			t.Errorf("%s: concurso %d margin %d, want %d %d", c.Name, got, m, c.Expected, c.Margin)
		}
	}
	for _, c := range v.Concursos {
		// The date is ISO (yyyy-mm-dd); DayText writes DD/MM/AAAA.
		want := c.Date[8:10] + "/" + c.Date[5:7] + "/" + c.Date[0:4]
		if got := DayText(ConcursoDay(c.Concurso)); got != want {
			t.Errorf("concurso %d: %s, want %s", c.Concurso, got, want)
		}
	}
	for _, c := range v.Checks {
		err := CheckConcurso(c.Concurso, c.ExtractionAt)
		if c.Error == nil {
			if err != nil {
				t.Errorf("%s: refused: %v", c.Name, err)
			}
			continue
		}
		var fe *FederalError
		if !errors.As(err, &fe) || fe.Code != c.Error.Code || err.Error() != c.Error.Message {
			t.Errorf("%s: got %v, want %q", c.Name, err, c.Error.Message)
		}
	}
}
