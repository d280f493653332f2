package httpapi

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/sync/protocol"
)

// wireFile is sync/testdata/wire.json: the op types and the JSON field
// names the device and the server exchange. The PWA's protocol tests read
// the same file, so a field renamed on one side fails the other's tests.
type wireFile struct {
	OpTypes []string            `json:"op_types"`
	Shapes  map[string][]string `json:"shapes"`
}

func readWire(t *testing.T) wireFile {
	t.Helper()
	raw, err := os.ReadFile("../../../sync/testdata/wire.json")
	if err != nil {
		t.Fatal(err)
	}
	var w wireFile
	if err := json.Unmarshal(raw, &w); err != nil {
		t.Fatalf("wire.json: %v", err)
	}
	return w
}

// jsonFields lists the names encoding/json gives a struct's fields, embedded
// structs flattened; a shallower field hides a deeper one of the same name.
func jsonFields(t reflect.Type) []string {
	seen := map[string]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		var embedded []reflect.Type
		for f := range t.Fields() {
			tag := f.Tag.Get("json")
			name, _, _ := strings.Cut(tag, ",")
			if name == "-" || (!f.IsExported() && !f.Anonymous) {
				continue
			}
			if f.Anonymous && name == "" {
				embedded = append(embedded, f.Type)
				continue
			}
			if name == "" {
				name = f.Name
			}
			seen[name] = true
		}
		for _, e := range embedded {
			walk(e)
		}
	}
	walk(t)
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func TestWireShapesMatchTheCatalogue(t *testing.T) {
	t.Parallel()
	w := readWire(t)
	shapes := map[string]reflect.Type{
		"push_request":    reflect.TypeFor[pushRequest](),
		"op":              reflect.TypeFor[protocol.Op](),
		"op_result":       reflect.TypeFor[store.OpResult](),
		"refused_ticket":  reflect.TypeFor[protocol.RefusedTicket](),
		"change":          reflect.TypeFor[store.Change](),
		"raffle":          reflect.TypeFor[protocol.Raffle](),
		"feed_entry":      reflect.TypeFor[store.FeedEntry](),
		"ticket":          reflect.TypeFor[protocol.Ticket](),
		"snapshot_ticket": reflect.TypeFor[protocol.SnapshotTicket](),
		"ticket_columns":  reflect.TypeFor[protocol.TicketColumns](),
		"people_columns":  reflect.TypeFor[protocol.PeopleColumns](),
		"snapshot_head":   reflect.TypeFor[snapshotHead](),
		"round":           reflect.TypeFor[protocol.Round](),
		"winner":          reflect.TypeFor[protocol.Winner](),
	}
	for name, typ := range shapes {
		want := slices.Sorted(slices.Values(w.Shapes[name]))
		if got := jsonFields(typ); !slices.Equal(got, want) {
			t.Errorf("%s: Go sends %v, wire.json says %v", name, got, want)
		}
	}
}

func TestWireOpTypesMatchTheCatalogue(t *testing.T) {
	t.Parallel()
	w := readWire(t)
	if got, want := protocol.OpTypes(), slices.Sorted(slices.Values(w.OpTypes)); !slices.Equal(got, want) {
		t.Fatalf("Go's op types %v, wire.json's %v", got, want)
	}
	// Each is one the decoder knows: an empty payload is refused for its
	// fields, never as an unknown type.
	for _, typ := range append(w.OpTypes, "raffle.rename") {
		_, rej := protocol.Decode(protocol.Op{OpID: "0190d3c4-0000-7000-8000-000000000001", MutationID: 1, RaffleID: "0190d3c4-0000-7000-8000-000000000002", Type: typ, Payload: json.RawMessage(`{}`)})
		unknown := rej != nil && rej.Reason == "unknown_type"
		if unknown != (typ == "raffle.rename") {
			t.Errorf("%s: decoded as unknown %v", typ, unknown)
		}
	}
}
