// Package ws fans events out to WebSocket connections: pokes that tell a
// client a raffle's log advanced, so it pulls. Each connection has a bounded
// send queue; one that falls behind is closed rather than slowing the rest
// (its client reconnects and pulls what it missed).
package ws

import (
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Event is one message to clients.
type Event struct {
	Type     string `json:"type"`
	RaffleID string `json:"raffle_id,omitempty"`
	Seq      int64  `json:"seq,omitempty"`
}

// Timing of the keepalive; a connection silent for PongWait is dropped.
const (
	PingEvery = 30 * time.Second
	PongWait  = 60 * time.Second
	writeWait = 10 * time.Second
	queueSize = 64
)

// Hub keeps the live connections by topic ("user:<id>" for an organiser's
// devices) and by the session that opened them, so ending a session closes
// its connections (CloseSession, CloseSessionsOf).
type Hub struct {
	log      *slog.Logger
	mu       sync.RWMutex
	topics   map[string]map[*conn]struct{}
	sessions map[string]map[*conn]struct{}
}

// NewHub returns an empty hub.
func NewHub(log *slog.Logger) *Hub {
	return &Hub{log: log, topics: map[string]map[*conn]struct{}{}, sessions: map[string]map[*conn]struct{}{}}
}

// CloseSessionEnded is the close code a connection gets when its session
// ends (sign-out, a password change, the account's deletion): 4001, in the
// range kept for applications.
const CloseSessionEnded = 4001

type conn struct {
	ws        *websocket.Conn
	session   string
	send      chan []byte
	closeOnce sync.Once
	done      chan struct{}
	// code is the close frame's code, set before done closes.
	code int
}

func (c *conn) close() { c.closeWith(websocket.CloseGoingAway) }

func (c *conn) closeWith(code int) {
	c.closeOnce.Do(func() {
		c.code = code
		close(c.done)
	})
}

// Publish sends ev to every connection of topic without blocking.
func (h *Hub) Publish(topic string, ev Event) {
	msg, err := json.Marshal(ev)
	if err != nil {
		return
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	for c := range h.topics[topic] {
		select {
		case c.send <- msg:
		default:
			h.log.Warn("conexão lenta encerrada", "topic", topic)
			c.close()
		}
	}
}

// Total says how many connections the hub holds (metrics).
func (h *Hub) Total() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	n := 0
	for _, cs := range h.sessions {
		n += len(cs)
	}
	return n
}

// Count says how many connections listen on topic.
func (h *Hub) Count(topic string) int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.topics[topic])
}

// CloseSession closes every connection that the session whose token hash
// is session opened.
func (h *Hub) CloseSession(session []byte) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for c := range h.sessions[string(session)] {
		c.closeWith(CloseSessionEnded)
	}
}

// CloseSessionsOf closes every connection on topic but those of the session
// whose token hash is keep (none kept when keep is empty).
func (h *Hub) CloseSessionsOf(topic string, keep []byte) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for c := range h.topics[topic] {
		if len(keep) == 0 || c.session != string(keep) {
			c.closeWith(CloseSessionEnded)
		}
	}
}

// Serve runs an upgraded connection on topic until it closes; session is
// the token hash of the session that opened it. It blocks.
func (h *Hub) Serve(wsConn *websocket.Conn, topic string, session []byte) {
	c := &conn{ws: wsConn, session: string(session), send: make(chan []byte, queueSize), done: make(chan struct{})}
	h.mu.Lock()
	add(h.topics, topic, c)
	add(h.sessions, c.session, c)
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		remove(h.topics, topic, c)
		remove(h.sessions, c.session, c)
		h.mu.Unlock()
		wsConn.Close()
	}()

	go c.readLoop()
	c.writeLoop()
}

func add(m map[string]map[*conn]struct{}, key string, c *conn) {
	if m[key] == nil {
		m[key] = map[*conn]struct{}{}
	}
	m[key][c] = struct{}{}
}

func remove(m map[string]map[*conn]struct{}, key string, c *conn) {
	delete(m[key], c)
	if len(m[key]) == 0 {
		delete(m, key)
	}
}

// readLoop discards what the client sends (it only listens) and notices when
// the connection goes away or stops answering pings.
func (c *conn) readLoop() {
	defer c.close()
	c.ws.SetReadLimit(4096)
	_ = c.ws.SetReadDeadline(time.Now().Add(PongWait))
	c.ws.SetPongHandler(func(string) error {
		return c.ws.SetReadDeadline(time.Now().Add(PongWait))
	})
	for {
		if _, _, err := c.ws.ReadMessage(); err != nil {
			return
		}
	}
}

func (c *conn) writeLoop() {
	ping := time.NewTicker(PingEvery)
	defer ping.Stop()
	for {
		select {
		case <-c.done:
			_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(c.code, ""), time.Now().Add(time.Second))
			return
		case msg := <-c.send:
			_ = c.ws.SetWriteDeadline(time.Now().Add(writeWait))
			if err := c.ws.WriteMessage(websocket.TextMessage, msg); err != nil {
				return
			}
		case <-ping.C:
			if err := c.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(writeWait)); err != nil {
				return
			}
		}
	}
}
