package importfile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The shared XML vectors (sync/testdata/import/xml-vectors.json), which the
// PWA's xml-scan.ts runs too: well-formed parts pass, the rest are corrupt.
func TestXMLVectors(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(fixtures, "xml-vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Vectors []struct {
			Name string `json:"name"`
			XML  string `json:"xml"`
			OK   bool   `json:"ok"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil || len(doc.Vectors) < 20 {
		t.Fatalf("%d vectors, %v", len(doc.Vectors), err)
	}
	for _, v := range doc.Vectors {
		t.Run(v.Name, func(t *testing.T) {
			err := scanXML([]byte(v.XML), nopHandler{})
			if (err == nil) != v.OK {
				t.Fatalf("%q: err %v, want ok=%v", v.XML, err, v.OK)
			}
		})
	}
}
