package ws

import (
	"context"
	"encoding/json"
	"time"

	"github.com/gorilla/websocket"
)

// WaitingMsg tells a viewer that no raffle has its code yet: the connection
// stays open and its state comes as soon as one does (a big screen opened
// before the organiser's device synced the raffle).
var WaitingMsg, _ = Prepare(map[string]string{"type": "waiting"})

// Await runs an admitted, upgraded connection waiting for code, whose hello
// and waiting message have been written: when a raffle with that code
// changes (its creation reaching the server is a change), the viewer joins
// its room and gets its state, as Serve's viewers do. lookup answers the
// raffle id of code, or "" while none: asked once the viewer waits, so a
// raffle created since the caller looked is not missed. It blocks.
func (vs *Viewers) Await(conn *websocket.Conn, ip, code string, after int64, lookup func() string) {
	v := newViewer(conn, ip, after, vs.limits.Queue)
	vs.mu.Lock()
	w := vs.waiting[code]
	if w == nil {
		w = map[*Viewer]struct{}{}
		vs.waiting[code] = w
	}
	w[v] = struct{}{}
	v.code = code
	vs.mu.Unlock()
	if id := lookup(); id != "" {
		vs.adopt(code, id)
	}
	vs.run(v)
}

// match looks up the code of a raffle without viewers here that changed
// while some wait, and hands it those waiting for it. Codes never change,
// so each raffle's is loaded once while anyone waits.
func (vs *Viewers) match(raffleID string) {
	vs.mu.Lock()
	code, known := vs.codes[raffleID]
	vs.mu.Unlock()
	if !known {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, body, err := vs.load(ctx, raffleID)
		cancel()
		if err != nil {
			return // gone, or the next change tries again
		}
		var s struct {
			Raffle struct {
				Code string `json:"code"`
			} `json:"raffle"`
		}
		if json.Unmarshal(body, &s) != nil {
			return
		}
		code = s.Raffle.Code
		vs.mu.Lock()
		if len(vs.waiting) > 0 {
			vs.codes[raffleID] = code
		}
		vs.mu.Unlock()
	}
	vs.adopt(code, raffleID)
}

// adopt moves the viewers waiting for code into raffleID's room.
func (vs *Viewers) adopt(code, raffleID string) {
	vs.mu.Lock()
	w := vs.waiting[code]
	if len(w) == 0 {
		vs.mu.Unlock()
		return
	}
	delete(vs.waiting, code)
	if len(vs.waiting) == 0 {
		clear(vs.codes)
	}
	var last frame
	var sent int64
	joined := make([]*Viewer, 0, len(w))
	for v := range w {
		last, sent = vs.joinLocked(v, raffleID)
		joined = append(joined, v)
	}
	vs.mu.Unlock()
	for _, v := range joined {
		if last != nil {
			v.deliver(last, sent)
		}
	}
	vs.Changed(raffleID, 1)
}
