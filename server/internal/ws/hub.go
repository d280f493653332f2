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
// devices; later "raffle:<id>" for public viewers).
type Hub struct {
	log    *slog.Logger
	mu     sync.RWMutex
	topics map[string]map[*conn]struct{}
}

// NewHub returns an empty hub.
func NewHub(log *slog.Logger) *Hub {
	return &Hub{log: log, topics: map[string]map[*conn]struct{}{}}
}

type conn struct {
	ws        *websocket.Conn
	send      chan []byte
	closeOnce sync.Once
	done      chan struct{}
}

func (c *conn) close() {
	c.closeOnce.Do(func() { close(c.done) })
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

// Count says how many connections listen on topic.
func (h *Hub) Count(topic string) int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.topics[topic])
}

// Serve runs an upgraded connection on topic until it closes. It blocks.
func (h *Hub) Serve(wsConn *websocket.Conn, topic string) {
	c := &conn{ws: wsConn, send: make(chan []byte, queueSize), done: make(chan struct{})}
	h.mu.Lock()
	if h.topics[topic] == nil {
		h.topics[topic] = map[*conn]struct{}{}
	}
	h.topics[topic][c] = struct{}{}
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.topics[topic], c)
		if len(h.topics[topic]) == 0 {
			delete(h.topics, topic)
		}
		h.mu.Unlock()
		wsConn.Close()
	}()

	go c.readLoop()
	c.writeLoop()
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
			_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, ""), time.Now().Add(time.Second))
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
