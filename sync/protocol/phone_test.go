package protocol

import "testing"

// PhoneVector is one case of sync/testdata/text/phones.json.
type PhoneVector struct {
	Name        string  `json:"name"`
	Input       string  `json:"input"`
	Output      *string `json:"output"`
	Display     string  `json:"display"`
	Fault       string  `json:"fault"`
	Participant string  `json:"participant"`
}

var phoneFaults = map[PhoneFault]string{PhoneOK: "", PhoneEmpty: "empty", PhoneInvalid: "invalid",
	PhoneArea: "area", PhoneNumber: "number"}

// The phone rule, for a participant.
func TestPhoneVectors(t *testing.T) {
	for _, v := range readVectors[PhoneVector](t, "../testdata/text/phones.json", 40) {
		t.Run(v.Name, func(t *testing.T) {
			got, fault := NormalizePhone(v.Input)
			part, rej := ParticipantPhone(v.Input)
			if v.Output != nil {
				if fault != PhoneOK || got != *v.Output || rej != nil || part != *v.Output {
					t.Fatalf("%q -> %q (%s), participant %q %v; want %q", v.Input, got, phoneFaults[fault], part, rej, *v.Output)
				}
				if v.Display != "" && FormatPhone(got) != v.Display {
					t.Fatalf("%q shown as %q; want %q", got, FormatPhone(got), v.Display)
				}
				return
			}
			if phoneFaults[fault] != v.Fault {
				t.Fatalf("%q -> %q, fault %q; want %q", v.Input, got, phoneFaults[fault], v.Fault)
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
