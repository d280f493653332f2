package core_test

import (
	"slices"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// NewIDs makes valid UUIDv7s of the given millisecond, all different, in
// increasing order, up to MaxIDs at once.
func TestNewIDsIncrease(t *testing.T) {
	now := time.UnixMilli(1763700000123)
	one := core.NewID(now)
	ids := core.NewIDs(core.MaxIDs, now)
	if len(ids) != core.MaxIDs || !slices.IsSorted(ids) {
		t.Fatalf("%d ids, sorted %v", len(ids), slices.IsSorted(ids))
	}
	if len(slices.Compact(slices.Clone(ids))) != len(ids) {
		t.Error("two ids are equal")
	}
	for _, id := range []string{ids[0], ids[63], ids[64], ids[4095], ids[4096], ids[len(ids)-1]} {
		if !protocol.IsUUIDv7(id) || id[:13] != one[:13] {
			t.Errorf("%s: not a UUIDv7 of the millisecond of %s", id, one)
		}
	}
	if other := core.NewIDs(2, now); other[0] == ids[0] {
		t.Error("two calls made the same first id: no random bits")
	}
}

func TestNewIDsRefusesMoreThanItsCounter(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for MaxIDs+1 ids")
		}
	}()
	core.NewIDs(core.MaxIDs+1, time.Now())
}
