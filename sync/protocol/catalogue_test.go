package protocol

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"testing"

	"github.com/sorteio/sorteio/sync/draw"
)

// sync/testdata/catalogue.json is the one list that Go and the PWA must both
// match; each side's tests load it and fail when that side drifts. Its shape:
//
//	{
//	  "schema_version": 2,            // the version this code speaks
//	  "min_schema_version": 1,        // the oldest the server accepts
//	  "reasons": {"code": "pt-BR message", ...},                // every reason code of a rejected op
//	  "round_reasons": {"code": "pt-BR line", ...},             // why a refused offline round did not count
//	  "federal_reasons": {"code": "pt-BR {param}", ...},        // why a Loteria Federal draw is refused
//	  "errors": {"code": {"status": 400, "message": "pt-BR"}, ...}, // every API error code
//	  "limits": {"name": number, ...}  // named as the PWA's LIMITS (src/protocol/rules.ts), plus
//	                                   // maxOpsPerPush and maxPushBytes (the server's default body cap)
//	}
//
// The errors are checked by server/internal/core's tests.
type catalogue struct {
	SchemaVersion    int               `json:"schema_version"`
	MinSchemaVersion int               `json:"min_schema_version"`
	Reasons          map[string]string `json:"reasons"`
	RoundReasons     map[string]string `json:"round_reasons"`
	FederalReasons   map[string]string `json:"federal_reasons"`
	Errors           json.RawMessage   `json:"errors"`
	Limits           map[string]int    `json:"limits"`
}

// goLimits are the Go constants behind the catalogue's limits.
var goLimits = map[string]int{
	"minWinners": MinWinners, "maxWinners": MaxWinners, "maxCountdown": MaxCountdown,
	"maxTitle": MaxTitle, "maxDescription": MaxDescription, "maxName": MaxName, "maxEmail": MaxEmail,
	"maxTicketNumber": MaxTicketNumber, "maxBatch": MaxBatch, "maxTickets": MaxTickets, "maxPeople": MaxPeople,
	"maxTicketsPerPerson": MaxTicketsPerOne, "maxReason": MaxReason, "maxOpsPerPush": MaxOpsPerPush,
	"maxPushBytes": MaxPushBytes, "maxMutationId": MaxSafeInteger, "minCreatedAt": MinCreatedAt,
	"maxCreatedAt": MaxCreatedAt, "maxClockAheadMs": MaxClockAhead, "maxImportBytes": MaxImportBytes,
	"maxPrize": MaxPrize, "maxAlternates": MaxAlternates, "maxDeviceClockSkewMs": MaxDeviceClockSkew,
}

func loadCatalogue(t *testing.T) catalogue {
	t.Helper()
	raw, err := os.ReadFile("../testdata/catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	var c catalogue
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("catalogue.json: %v", err)
	}
	return c
}

func TestCatalogueReasons(t *testing.T) {
	c := loadCatalogue(t)
	for _, r := range Reasons() {
		want, ok := c.Reasons[r]
		switch {
		case !ok:
			t.Errorf("reason %s is missing from catalogue.json", r)
		case Message(r) != want:
			t.Errorf("reason %s: Go says %q, catalogue.json says %q", r, Message(r), want)
		}
	}
	for r := range c.Reasons {
		if !slices.Contains(Reasons(), r) {
			t.Errorf("reason %s of catalogue.json is missing from Go", r)
		}
	}
}

// The closed set of reasons a refused offline round is kept for, each with
// its line (the public record's and the device's), and each a reason code.
func TestCatalogueRoundReasons(t *testing.T) {
	c := loadCatalogue(t)
	if !maps.Equal(c.RoundReasons, draw.RefusedReasons) {
		t.Errorf("round reasons: catalogue.json %v, Go %v", c.RoundReasons, draw.RefusedReasons)
	}
	for r := range draw.RefusedReasons {
		if !slices.Contains(Reasons(), r) {
			t.Errorf("round reason %s is not a reason code", r)
		}
	}
}

// The reasons a Loteria Federal draw is refused, with their messages; a code
// the seeded draw has too keeps that code's message.
func TestCatalogueFederalReasons(t *testing.T) {
	c := loadCatalogue(t)
	if !maps.Equal(c.FederalReasons, draw.FederalReasons) {
		t.Errorf("federal reasons: catalogue.json %v, Go %v", c.FederalReasons, draw.FederalReasons)
	}
	for r, msg := range draw.FederalReasons {
		if slices.Contains(Reasons(), r) && Message(r) != msg {
			t.Errorf("federal reason %s: %q, but the reason code says %q", r, msg, Message(r))
		}
	}
}

func TestCatalogueLimitsAndVersions(t *testing.T) {
	c := loadCatalogue(t)
	if c.SchemaVersion != SchemaVersion || c.MinSchemaVersion != MinSchemaVersion {
		t.Errorf("schema versions: catalogue.json %d/%d, Go %d/%d", c.SchemaVersion, c.MinSchemaVersion, SchemaVersion, MinSchemaVersion)
	}
	for name, v := range goLimits {
		got, ok := c.Limits[name]
		switch {
		case !ok:
			t.Errorf("limit %s is missing from catalogue.json", name)
		case got != v:
			t.Errorf("limit %s: Go %d, catalogue.json %d", name, v, got)
		}
	}
	for name := range c.Limits {
		if _, ok := goLimits[name]; !ok {
			t.Errorf("limit %s of catalogue.json has no Go constant", name)
		}
	}
}
