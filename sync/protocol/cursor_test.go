package protocol

import "testing"

func TestCursorRoundTrip(t *testing.T) {
	for _, c := range []Cursor{{}, {Epoch: 1, Seq: 1}, {Epoch: 3, Seq: 1 << 40}} {
		got, err := ParseCursor(c.String())
		if err != nil || got != c {
			t.Fatalf("ParseCursor(%q) = %+v, %v; want %+v", c.String(), got, err, c)
		}
	}
	if c, err := ParseCursor(""); err != nil || c != (Cursor{}) {
		t.Fatalf("empty cursor = %+v, %v", c, err)
	}
	for _, bad := range []string{"x", "AAAA", "!!!!!!!!!!!!!!!!!!!!!!", Cursor{Seq: 1}.String() + "A", "_____________________w"} {
		if _, err := ParseCursor(bad); err == nil {
			t.Errorf("ParseCursor(%q) accepted", bad)
		}
	}
}
