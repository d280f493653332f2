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

// Defaults of ViewerLimits' waiting viewers: per address group, 20 (a
// venue's big screens and a few phones that scanned the code before the
// organiser's device synced it); each closed after 10 minutes, when the
// page reconnects and waits again.
const (
	DefaultWaitingPerIP = 20
	DefaultWaitingFor   = 10 * time.Minute
)

// Await runs a connection upgraded after AdmitWaiting, waiting for code,
// whose hello and waiting message have been written: when a raffle with
// that code changes (its creation reaching the server is a change), the
// viewer joins its room and gets its state, as Serve's viewers do, and
// counts as a raffle's viewer from then on. lookup answers the raffle id of
// code, or "" while none: asked once the viewer waits, so a raffle created
// since the caller looked is not missed. It blocks.
func (vs *Viewers) Await(conn *websocket.Conn, ip, code string, after int64, lookup func() string) {
	v := newViewer(conn, ip, after, vs.limits.Queue)
	vs.mu.Lock()
	w := vs.waiting[code]
	if w == nil {
		w = map[*Viewer]struct{}{}
		vs.waiting[code] = w
	}
	w[v] = struct{}{}
	v.code, v.since = code, time.Now()
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
		// From waiting to a raffle's viewer: counted there now, even past
		// its caps (it held its place already).
		vs.releaseWaiting(v.ip)
		vs.total++
		vs.perIP[v.ip]++
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

// CloseWaiting closes the viewers that have waited for a code since before
// now less WaitingFor (Run calls it on its ticker with the clock; tests
// with their own time). Their pages reconnect and wait again, so a
// made-up code holds no place for long.
func (vs *Viewers) CloseWaiting(now time.Time) int {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	closed := 0
	for _, w := range vs.waiting {
		for v := range w {
			if now.Sub(v.since) >= vs.limits.WaitingFor {
				// Under vs.mu, so no raffle adopts it meanwhile; the
				// write does not block (tryWrite).
				v.mu.Lock()
				v.closeLocked(awayFrame)
				v.mu.Unlock()
				closed++
			}
		}
	}
	return closed
}

// waiters are the viewers waiting for a code (Run pings them too).
func (vs *Viewers) waitersLocked() []*Viewer {
	var all []*Viewer
	for _, w := range vs.waiting {
		for v := range w {
			all = append(all, v)
		}
	}
	return all
}
