package protocol

import (
	"encoding/json"
	"os"
	"testing"
)

// EmailVector is one case of sync/testdata/text/emails.json.
type EmailVector struct {
	Name        string  `json:"name"`
	Input       string  `json:"input"`
	Output      *string `json:"output"`
	Fault       string  `json:"fault"`
	Participant string  `json:"participant"`
}

var faultNames = map[EmailFault]string{EmailOK: "", EmailEmpty: "empty", EmailInvalid: "invalid",
	EmailInvisible: "invisible", EmailLocal: "local", EmailDomain: "domain"}

func readVectors[V any](t *testing.T, path string, atLeast int) []V {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Cases []V }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < atLeast {
		t.Fatalf("only %d cases in %s", len(file.Cases), path)
	}
	return file.Cases
}

// The e-mail rule, for an account and for a participant.
func TestEmailVectors(t *testing.T) {
	for _, v := range readVectors[EmailVector](t, "../testdata/text/emails.json", 30) {
		t.Run(v.Name, func(t *testing.T) {
			got, fault := NormalizeEmail(v.Input)
			part, rej := ParticipantEmail(v.Input)
			if v.Output != nil {
				if fault != EmailOK || got != *v.Output || rej != nil || part != *v.Output {
					t.Fatalf("%q -> %q (%s), participant %q %v; want %q", v.Input, got, faultNames[fault], part, rej, *v.Output)
				}
				return
			}
			if faultNames[fault] != v.Fault {
				t.Fatalf("%q -> %q, fault %q; want %q", v.Input, got, faultNames[fault], v.Fault)
			}
			switch {
			case v.Participant == "none" && (rej != nil || part != ""):
				t.Fatalf("participant %q %v; want none", part, rej)
			case v.Participant != "none" && (rej == nil || rej.Reason != v.Participant):
				t.Fatalf("participant %q %v; want %s", part, rej, v.Participant)
			}
		})
	}
}
