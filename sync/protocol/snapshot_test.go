package protocol

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// The vectors are shared with the PWA, which reads the columns into its chunks.
func TestSnapshotColumnVectors(t *testing.T) {
	raw, err := os.ReadFile("../testdata/snapshot/columns.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name    string
			Objects []SnapshotTicket
			Columns json.RawMessage
		}
		Invalid []struct {
			Name    string
			Columns json.RawMessage
		}
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 4 || len(file.Invalid) < 6 {
		t.Fatalf("only %d cases and %d invalid ones", len(file.Cases), len(file.Invalid))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			// Built from the objects, the columns are exactly the vector's.
			built, err := json.Marshal(ColumnsOf(c.Objects))
			if err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, built, c.Columns) {
				t.Fatalf("columns\n got %s\nwant %s", built, c.Columns)
			}
			// Read back, the vector's columns are the objects.
			var cols TicketColumns
			if err := json.Unmarshal(c.Columns, &cols); err != nil {
				t.Fatal(err)
			}
			got, err := cols.Tickets()
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.Objects) || (len(got) > 0 && !reflect.DeepEqual(got, c.Objects)) {
				t.Fatalf("tickets\n got %+v\nwant %+v", got, c.Objects)
			}
		})
	}
	// Refused when read (a value of the wrong type) or when put together.
	for _, c := range file.Invalid {
		t.Run(c.Name, func(t *testing.T) {
			var columns TicketColumns
			if err := json.Unmarshal(c.Columns, &columns); err != nil {
				return
			}
			if got, err := columns.Tickets(); err == nil {
				t.Fatalf("accepted: %+v", got)
			}
		})
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}
