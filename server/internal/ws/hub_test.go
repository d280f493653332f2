package ws

import (
	"io"
	"log/slog"
	"testing"
)

// A connection that does not keep up is closed instead of blocking Publish.
func TestSlowConnectionIsDropped(t *testing.T) {
	h := NewHub(slog.New(slog.NewTextHandler(io.Discard, nil)))
	slow := &conn{send: make(chan []byte, queueSize), done: make(chan struct{})}
	fast := &conn{send: make(chan []byte, queueSize), done: make(chan struct{})}
	h.topics["user:a"] = map[*conn]struct{}{slow: {}, fast: {}}

	for i := 0; i < queueSize; i++ {
		h.Publish("user:a", Event{Type: "poke", Seq: int64(i)})
		<-fast.send // the fast one drains
	}
	select {
	case <-slow.done:
		t.Fatal("closed before its queue was full")
	default:
	}
	h.Publish("user:a", Event{Type: "poke"})
	select {
	case <-slow.done:
	default:
		t.Fatal("a full queue did not close the slow connection")
	}
	select {
	case <-fast.done:
		t.Fatal("the fast connection was closed too")
	default:
	}
	h.Publish("user:b", Event{Type: "poke"}) // no listeners: no panic, no block
}
