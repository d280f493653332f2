package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Two accounts whose devices made the same raffle id each get a raffle: the
// first keeps the id as its server key, the second gets a fresh key. Pokes
// carry both: the owner's id for the owner's devices, the key for public
// pages, which find the raffle by its code.
func TestSameRaffleIDInTwoAccounts(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		got := listenPokes(t, db)
		now := time.Now()
		rid := core.NewID(now)
		keys := map[string]string{}
		for i, email := range []string{"bia@example.com", "ana@example.com"} {
			u := mustUser(t, db, email)
			code := fmt.Sprintf("K7P2Q%d", i+2)
			op := protocol.Op{OpID: core.NewID(now), MutationID: 1, RaffleID: rid, Type: protocol.TypeRaffleCreate,
				Payload: json.RawMessage(fmt.Sprintf(`{"id":%q,"code":%q,"title":"Rifa","type":"simple","winners_count":1,"countdown_seconds":0,"created_at":1763700000000}`, rid, code))}
			res, err := db.Push(ctx, u.ID, core.NewID(now), []protocol.Op{op}, time.Now)
			if err != nil || res[0].Status != store.StatusApplied {
				t.Fatalf("%s: %+v %v", email, res, err)
			}
			for p := range got {
				if p.UserID == u.ID { // NOTIFY is database-wide
					if p.RaffleID != rid {
						t.Errorf("%s's poke names %s, want the device's id %s", email, p.RaffleID, rid)
					}
					keys[email] = p.Key
					break
				}
			}
			if key, err := db.PublicRaffleID(ctx, code); err != nil || key != keys[email] {
				t.Errorf("%s: public key %q %v, poke key %q", email, key, err, keys[email])
			}
		}
		if keys["bia@example.com"] != rid || keys["ana@example.com"] == rid || !protocol.IsUUIDv7(keys["ana@example.com"]) {
			t.Errorf("keys %v for id %s", keys, rid)
		}
	})
}
