package ws

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// ErrGone is what a Loader answers for a raffle that is no longer public
// (deleted): its viewers get {"type":"gone"} and are closed.
var ErrGone = errors.New("raffle gone")

// Loader reads a raffle's public state by id and encodes it as the "state"
// message, with the log position it reflects.
type Loader func(ctx context.Context, raffleID string) (seq int64, msg []byte, err error)

// ViewerLimits bound the public connections of one instance.
type ViewerLimits struct {
	Total, PerIP int
	// Queue is each viewer's send queue; one that fills is dropped.
	Queue int
}

// Viewers fans raffles' public states out to anonymous viewers. On a change
// it loads the state once, encodes it once (a PreparedMessage) and queues it
// to every viewer of that raffle without waiting: a viewer whose small queue
// is full is closed, and reconnects to catch up.
type Viewers struct {
	log    *slog.Logger
	load   Loader
	limits ViewerLimits

	mu    sync.Mutex
	rooms map[string]*room // by raffle id
	perIP map[string]int
	total int
}

type room struct {
	viewers map[*Viewer]struct{}
	heard   int64 // the highest seq a change event named
	sent    int64 // the seq of the last state broadcast
	last    *websocket.PreparedMessage
	loading bool
}

// Viewer is one public connection.
type Viewer struct {
	ws   *websocket.Conn
	ip   string
	seq  int64 // the newest state queued to it (under Viewers.mu)
	send chan out
	done chan struct{}
	once sync.Once
}

// out is one queued frame: a prepared message, or a ping when msg is nil;
// last closes the connection once written.
type out struct {
	msg  *websocket.PreparedMessage
	last bool
}

// NewViewers returns an empty fan-out that loads states with load.
func NewViewers(log *slog.Logger, load Loader, limits ViewerLimits) *Viewers {
	if limits.Queue <= 0 {
		limits.Queue = 8
	}
	return &Viewers{log: log, load: load, limits: limits, rooms: map[string]*room{}, perIP: map[string]int{}}
}

// Admission is Admit's answer.
type Admission int

const (
	Admitted Admission = iota
	FullAddress
	FullInstance
)

// Admit reserves a connection for ip, unless that address or this instance
// holds its cap already. A reservation is released by Serve's end or by
// Release.
func (vs *Viewers) Admit(ip string) Admission {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	switch {
	case vs.perIP[ip] >= vs.limits.PerIP:
		return FullAddress
	case vs.total >= vs.limits.Total:
		return FullInstance
	}
	vs.total++
	vs.perIP[ip]++
	return Admitted
}

// Release gives back a reservation that was not served.
func (vs *Viewers) Release(ip string) {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	vs.release(ip)
}

func (vs *Viewers) release(ip string) {
	vs.total--
	if vs.perIP[ip]--; vs.perIP[ip] <= 0 {
		delete(vs.perIP, ip)
	}
}

// Count says how many viewers watch a raffle (tests, metrics).
func (vs *Viewers) Count(raffleID string) int {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if r := vs.rooms[raffleID]; r != nil {
		return len(r.viewers)
	}
	return 0
}

// Total says how many viewers this instance holds.
func (vs *Viewers) Total() int {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	return vs.total
}

// Prepare encodes a message once for every connection.
func Prepare(v any) (*websocket.PreparedMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return websocket.NewPreparedMessage(websocket.TextMessage, b)
}

// GoneMsg tells a viewer the raffle is not (or no longer) public.
var GoneMsg, _ = Prepare(map[string]string{"type": "gone"})

// Serve runs an admitted, upgraded connection watching raffleID, whose
// hello has been written: it queues the raffle's state when newer than
// after, then every newer state, until the connection ends. The room keeps
// its last state, so a crowd connecting at once costs one load. It blocks,
// reading only pongs and the close.
func (vs *Viewers) Serve(conn *websocket.Conn, ip, raffleID string, after int64) {
	v := &Viewer{ws: conn, ip: ip, seq: after, send: make(chan out, vs.limits.Queue), done: make(chan struct{})}
	vs.mu.Lock()
	r := vs.rooms[raffleID]
	if r == nil {
		r = &room{viewers: map[*Viewer]struct{}{}}
		vs.rooms[raffleID] = r
	}
	r.viewers[v] = struct{}{}
	if r.last != nil && r.sent > v.seq {
		v.seq = r.sent
		vs.queue(v, out{msg: r.last})
	}
	vs.mu.Unlock()
	// A new room loads through the change path, so a change committed
	// meanwhile is not missed: it makes the load run again.
	vs.Changed(raffleID, 1)

	go v.writeLoop()
	v.readLoop()
	v.close()

	vs.mu.Lock()
	delete(r.viewers, v)
	if len(r.viewers) == 0 && vs.rooms[raffleID] == r {
		delete(vs.rooms, raffleID)
	}
	vs.release(ip)
	vs.mu.Unlock()
}

// queue hands a frame to v without waiting; a full queue drops v. Called
// with vs.mu held.
func (vs *Viewers) queue(v *Viewer, o out) {
	select {
	case v.send <- o:
	default:
		// Closing the socket now also ends a write that is blocked on
		// it, so the viewer leaves at once rather than at its deadline.
		vs.log.Debug("espectador lento desconectado", "ip", v.ip)
		v.close()
		_ = v.ws.Close()
	}
}

func (v *Viewer) close() { v.once.Do(func() { close(v.done) }) }

func (v *Viewer) readLoop() {
	v.ws.SetReadLimit(512)
	_ = v.ws.SetReadDeadline(time.Now().Add(PongWait))
	v.ws.SetPongHandler(func(string) error { return v.ws.SetReadDeadline(time.Now().Add(PongWait)) })
	for {
		if _, _, err := v.ws.NextReader(); err != nil {
			return
		}
	}
}

// writeLoop writes queued frames; it alone writes after Serve starts.
func (v *Viewer) writeLoop() {
	defer v.ws.Close() // also ends readLoop
	for {
		select {
		case <-v.done:
			_ = v.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, ""),
				time.Now().Add(time.Second))
			return
		case o := <-v.send:
			var err error
			if o.msg == nil {
				err = v.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(writeWait))
			} else {
				_ = v.ws.SetWriteDeadline(time.Now().Add(writeWait))
				err = v.ws.WritePreparedMessage(o.msg)
			}
			if err != nil || o.last {
				v.close()
				_ = v.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
					time.Now().Add(time.Second))
				return
			}
		}
	}
}
