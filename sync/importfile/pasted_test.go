package importfile

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The pasted lists' people (pasted-lists.json, read by the PWA, which turns
// a paste into people) are what the server's import rules take unchanged:
// written as a quantity file ('name;quantity'), each case reads back as the
// same names, quantities and order. A case whose name the server's rules
// would clean or refuse fails here.
func TestPastedListsPassTheImportRules(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(fixtures, "pasted-lists.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Name   string `json:"name"`
			People []struct {
				Name     string `json:"name"`
				Quantity int    `json:"quantity"`
			} `json:"people"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	read := 0
	for _, c := range doc.Cases {
		if len(c.People) == 0 {
			continue // a refused paste: its message is the PWA's, per line
		}
		read++
		var csv, want strings.Builder
		for _, p := range c.People {
			fmt.Fprintf(&csv, "%s;%d\r\n", p.Name, p.Quantity)
			fmt.Fprintf(&want, "%s×%d|", p.Name, p.Quantity)
		}
		got, err := ReadFile("colado.csv", []byte(csv.String()), Target{}, Choice{})
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		var people strings.Builder
		for i, name := range got.Plan.Names {
			if i == 0 || got.Plan.Person[i] != got.Plan.Person[i-1] {
				n := 0
				for j := i; j < len(got.Plan.Person) && got.Plan.Person[j] == got.Plan.Person[i]; j++ {
					n++
				}
				fmt.Fprintf(&people, "%s×%d|", name, n)
			}
		}
		if people.String() != want.String() {
			t.Errorf("%s:\n got %s\nwant %s", c.Name, people.String(), want.String())
		}
	}
	if read < 8 {
		t.Fatalf("only %d pasted lists with people", read)
	}
}
