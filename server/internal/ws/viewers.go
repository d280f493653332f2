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
	// Total and PerIP cap the viewers of raffles, in all and per address
	// group.
	Total, PerIP int
	// WaitingTotal and WaitingPerIP cap, apart, the viewers waiting for a
	// code no raffle has (viewers_wait.go): they never take a raffle
	// viewer's place. Defaults: a tenth of Total, and DefaultWaitingPerIP.
	WaitingTotal, WaitingPerIP int
	// WaitingFor is how long a viewer may wait before it is closed
	// (DefaultWaitingFor); the page reconnects and waits again.
	WaitingFor time.Duration
	// Queue is how many frames may wait behind a write the kernel could
	// not take at once; one more drops the viewer.
	Queue int
}

// Viewers fans raffles' public states out to anonymous viewers. On a change
// it loads the state once, frames it once and writes it to every viewer of
// that raffle without waiting (viewers_write.go): a viewer whose small queue
// is full is closed, and reconnects to catch up.
type Viewers struct {
	log    *slog.Logger
	load   Loader
	limits ViewerLimits

	// observe, when set, hears each broadcast's viewers and time (metrics).
	observe func(viewers int, d time.Duration)

	mu    sync.Mutex
	rooms map[string]*room // by raffle id
	perIP map[string]int
	total int
	// waiting are the viewers of codes no raffle had when they connected,
	// by code (viewers_wait.go); codes caches raffle ids' codes meanwhile.
	// They are counted apart: waitingPerIP, waitingTotal.
	waiting      map[string]map[*Viewer]struct{}
	codes        map[string]string
	waitingPerIP map[string]int
	waitingTotal int
}

type room struct {
	viewers map[*Viewer]struct{}
	list    []*Viewer // viewers as a list, nil when one joined or left
	heard   int64     // the highest seq a change event named
	sent    int64     // the seq of the last state broadcast
	last    frame     // that state, framed
	loading bool
}

// Viewer is one public connection. After Serve starts, only send writes to
// it (viewers_write.go), under mu; its one goroutine reads pongs and the close.
type Viewer struct {
	ws    *websocket.Conn
	sock  *socket
	ip    string
	queue int
	// room is the raffle id it watches, code the code it waits for while
	// room is empty, since when it waits; all under Viewers.mu.
	room, code string
	since      time.Time

	mu       sync.Mutex
	seq      int64   // the newest state sent to it
	backlog  []frame // what waits behind a write the kernel could not take
	flushing bool
	closed   bool
}

// NewViewers returns an empty fan-out that loads states with load.
func NewViewers(log *slog.Logger, load Loader, limits ViewerLimits) *Viewers {
	if limits.Queue <= 0 {
		limits.Queue = 8
	}
	if limits.WaitingTotal <= 0 {
		limits.WaitingTotal = max(limits.Total/10, 1)
	}
	if limits.WaitingPerIP <= 0 {
		limits.WaitingPerIP = min(DefaultWaitingPerIP, max(limits.PerIP, 1))
	}
	if limits.WaitingFor <= 0 {
		limits.WaitingFor = DefaultWaitingFor
	}
	return &Viewers{log: log, load: load, limits: limits, rooms: map[string]*room{}, perIP: map[string]int{},
		waiting: map[string]map[*Viewer]struct{}{}, codes: map[string]string{}, waitingPerIP: map[string]int{}}
}

// Observe makes every broadcast report its viewers and the time from
// framing the state to the last viewer's write. Call it before Serve.
func (vs *Viewers) Observe(fn func(viewers int, d time.Duration)) { vs.observe = fn }

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

// AdmitWaiting reserves a place among the waiting viewers for ip (Await),
// unless that address or this instance holds its cap of them already: a
// separate count, so waiting viewers never take a raffle viewer's place.
// ReleaseWaiting gives back one that was not served.
func (vs *Viewers) AdmitWaiting(ip string) Admission {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	switch {
	case vs.waitingPerIP[ip] >= vs.limits.WaitingPerIP:
		return FullAddress
	case vs.waitingTotal >= vs.limits.WaitingTotal:
		return FullInstance
	}
	vs.waitingTotal++
	vs.waitingPerIP[ip]++
	return Admitted
}

// ReleaseWaiting gives back a waiting reservation that was not served.
func (vs *Viewers) ReleaseWaiting(ip string) {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	vs.releaseWaiting(ip)
}

func (vs *Viewers) releaseWaiting(ip string) {
	vs.waitingTotal--
	if vs.waitingPerIP[ip]--; vs.waitingPerIP[ip] <= 0 {
		delete(vs.waitingPerIP, ip)
	}
}

// Waiting says how many viewers wait for a code on this instance.
func (vs *Viewers) Waiting() int {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	return vs.waitingTotal
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

// Total says how many viewers this instance holds, waiting ones included.
func (vs *Viewers) Total() int {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	return vs.total + vs.waitingTotal
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
// hello has been written: it sends the raffle's state when newer than
// after, then every newer state, until the connection ends. The room keeps
// its last state, so a crowd connecting at once costs one load. It blocks,
// reading only pongs and the close.
func (vs *Viewers) Serve(conn *websocket.Conn, ip, raffleID string, after int64) {
	v := newViewer(conn, ip, after, vs.limits.Queue)
	vs.mu.Lock()
	last, sent := vs.joinLocked(v, raffleID)
	vs.mu.Unlock()
	vs.welcome(v, raffleID, last, sent)
	vs.run(v)
}

func newViewer(conn *websocket.Conn, ip string, after int64, queue int) *Viewer {
	v := &Viewer{ws: conn, sock: newSocket(conn.NetConn()), ip: ip, seq: after, queue: queue}
	// The hello's deadline would fail every later write, waiting or not.
	_ = v.sock.nc.SetWriteDeadline(time.Time{})
	return v
}

// joinLocked puts v in raffleID's room and answers the room's last state.
func (vs *Viewers) joinLocked(v *Viewer, raffleID string) (frame, int64) {
	r := vs.rooms[raffleID]
	if r == nil {
		r = &room{viewers: map[*Viewer]struct{}{}}
		vs.rooms[raffleID] = r
	}
	r.viewers[v] = struct{}{}
	r.list = nil
	v.room, v.code = raffleID, ""
	return r.last, r.sent
}

// welcome sends a joined viewer the room's last state, if any.
func (vs *Viewers) welcome(v *Viewer, raffleID string, last frame, sent int64) {
	if last != nil {
		v.deliver(last, sent)
	}
	// A new room loads through the change path, so a change committed
	// meanwhile is not missed: it makes the load run again.
	vs.Changed(raffleID, 1)
}

// run reads v until its connection ends, then takes it out of its room or
// waiting list.
func (vs *Viewers) run(v *Viewer) {
	v.readLoop()
	v.mu.Lock()
	v.closeLocked(awayFrame)
	v.mu.Unlock()

	vs.mu.Lock()
	if r := vs.rooms[v.room]; v.room != "" && r != nil {
		delete(r.viewers, v)
		r.list = nil
		if len(r.viewers) == 0 {
			delete(vs.rooms, v.room)
		}
	} else {
		if w := vs.waiting[v.code]; w != nil {
			delete(w, v)
			if len(w) == 0 {
				delete(vs.waiting, v.code)
			}
			if len(vs.waiting) == 0 {
				clear(vs.codes)
			}
		}
		vs.releaseWaiting(v.ip)
		vs.mu.Unlock()
		return
	}
	vs.release(v.ip)
	vs.mu.Unlock()
}

// deliver sends the state f of seq unless the viewer has it or a newer one:
// a viewer's seq only grows, whoever sends.
func (v *Viewer) deliver(f frame, seq int64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if seq > v.seq {
		v.seq = seq
		v.send(f)
	}
}

func (v *Viewer) readLoop() {
	v.ws.SetReadLimit(512)
	_ = v.ws.SetReadDeadline(time.Now().Add(PongWait))
	v.ws.SetPongHandler(func(string) error { return v.ws.SetReadDeadline(time.Now().Add(PongWait)) })
	// gorilla's own handlers would answer pings and the close with writes of
	// their own, beside send's: the close is answered by Serve's end. (A
	// protocol error, such as a frame over the limit, still gets gorilla's
	// close frame; that connection ends right after.)
	v.ws.SetPingHandler(func(string) error { return nil })
	v.ws.SetCloseHandler(func(int, string) error { return nil })
	for {
		if _, _, err := v.ws.NextReader(); err != nil {
			return
		}
	}
}
