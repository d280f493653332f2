package ws

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// viewersServer serves viewers of raffle "r" whose hello deadline has passed
// before Serve starts, as a slow start under load makes it; states are
// {"seq":N} for the seq the test sets.
func viewersServer(t *testing.T, seq *atomic.Int64) (*Viewers, string) {
	t.Helper()
	load := func(context.Context, string) (int64, []byte, error) {
		n := seq.Load()
		return n, fmt.Appendf(nil, `{"seq":%d,"pad":%q}`, n, strings.Repeat("x", 300)), nil
	}
	vs := NewViewers(slog.New(slog.NewTextHandler(io.Discard, nil)), load, ViewerLimits{Total: 10, PerIP: 10})
	up := websocket.Upgrader{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		_ = conn.SetWriteDeadline(time.Now().Add(time.Millisecond))
		_ = conn.WriteMessage(websocket.TextMessage, []byte(`{"seq":0}`)) // the hello
		time.Sleep(5 * time.Millisecond)
		if vs.Admit("ip") != Admitted {
			conn.Close()
			return
		}
		go vs.Serve(conn, "ip", "r", 0)
	}))
	t.Cleanup(srv.Close)
	return vs, "ws" + strings.TrimPrefix(srv.URL, "http")
}

func readSeq(t *testing.T, c *websocket.Conn) string {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, b, err := c.ReadMessage()
	if err != nil {
		t.Fatal(err)
	}
	seq, _, _ := strings.Cut(strings.TrimPrefix(string(b), `{"seq":`), ",")
	return strings.TrimSuffix(seq, "}")
}

// Every viewer gets each newer state once, in order, framed as gorilla reads
// it, though the deadline the handler left on its socket has passed; pings
// come from the one ticker.
func TestViewersBroadcast(t *testing.T) {
	var seq atomic.Int64
	seq.Store(1)
	vs, url := viewersServer(t, &seq)
	var conns []*websocket.Conn
	for range 3 {
		c, _, err := websocket.DefaultDialer.Dial(url, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if got := readSeq(t, c); got != "0" {
			t.Fatalf("hello %s", got)
		}
		if got := readSeq(t, c); got != "1" {
			t.Fatalf("first state %s, want 1", got)
		}
		conns = append(conns, c)
	}
	for want := int64(2); want <= 4; want++ {
		seq.Store(want)
		vs.Changed("r", want)
		for i, c := range conns {
			if got := readSeq(t, c); got != fmt.Sprint(want) {
				t.Fatalf("viewer %d: state %s, want %d", i, got, want)
			}
		}
	}
	vs.Changed("r", 4) // already sent: nothing

	pinged := make(chan struct{}, 1)
	conns[0].SetPingHandler(func(string) error { pinged <- struct{}{}; return nil })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go vs.Run(ctx, 10*time.Millisecond)
	go func() { _, _, _ = conns[0].ReadMessage() }()
	select {
	case <-pinged:
	case <-time.After(5 * time.Second):
		t.Fatal("no ping")
	}
	for _, c := range conns[1:] {
		_ = c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		if _, b, err := c.ReadMessage(); err == nil {
			t.Fatalf("a state that was sent already came again: %s", b)
		}
	}
}
