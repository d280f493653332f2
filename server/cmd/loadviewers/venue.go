package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// venueHold is how long the room watches before the blip: past the
// server's ViewerHold (30 s), after which a viewer's connection token
// comes back as it leaves.
const venueHold = 31 * time.Second

// venueLoad is a venue's room behind one address (127.0.0.2), with the
// server's default limits: n viewers connect together, watch for venueHold,
// all drop at once and connect again. Refused viewers retry as the page does
// (0.5 s doubling to 15 s). It prints how long each wave took to be whole.
func venueLoad(ctx context.Context, bin string, n int, stdout, stderr io.Writer) error {
	srv, err := startServer(ctx, bin, "", []string{"RATE_LIMIT_SCALE=1", fmt.Sprintf("PUBLIC_VIEWERS_PER_IP=%d", n)}, stderr)
	if err != nil {
		return err
	}
	defer srv.done()
	org, err := newOrganiser(srv.base)
	if err != nil {
		return err
	}
	code, _, err := org.newRaffle(25)
	if err != nil {
		return err
	}
	url := "ws://" + srv.addr + "/ws/public?code=" + code
	fmt.Fprintf(stdout, "| viewers behind one address | first wave: all connected | refusals | after all dropped: all connected | refusals |\n|---|---|---|---|---|\n")
	first, conns, refused1, err := venueWave(ctx, url, n)
	if err != nil {
		return err
	}
	time.Sleep(venueHold)
	for _, c := range conns {
		c.Close()
	}
	again, conns, refused2, err := venueWave(ctx, url, n)
	for _, c := range conns {
		if c != nil {
			c.Close()
		}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "| %d | %.2f s | %d | %.2f s | %d |\n", n, first.Seconds(), refused1, again.Seconds(), refused2)
	benchLine(stdout, map[string]any{"venue": n, "slowerWaveS": math.Round(max(first, again).Seconds()*100) / 100})
	return nil
}

// venueWave connects n viewers at once from 127.0.0.2 and returns when
// each has its hello, with the time it took and the refusals on the way.
func venueWave(ctx context.Context, url string, n int) (time.Duration, []*websocket.Conn, int, error) {
	d := websocket.Dialer{HandshakeTimeout: 30 * time.Second, NetDialContext: (&net.Dialer{
		LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}}).DialContext}
	conns := make([]*websocket.Conn, n)
	var mu sync.Mutex
	refused := 0
	var firstErr error
	began := time.Now()
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			wait := 500 * time.Millisecond
			for ctx.Err() == nil {
				c, res, err := d.DialContext(ctx, url, nil)
				if err == nil {
					_, msg, err := c.ReadMessage()
					if err == nil && strings.Contains(string(msg), `"hello"`) {
						conns[i] = c
						return
					}
					c.Close()
				}
				mu.Lock()
				if res == nil || res.StatusCode != http.StatusTooManyRequests {
					if firstErr == nil {
						firstErr = fmt.Errorf("espectador %d: %v", i, err)
					}
					mu.Unlock()
					return
				}
				refused++
				mu.Unlock()
				time.Sleep(wait)
				wait = min(2*wait, 15*time.Second)
			}
		})
	}
	wg.Wait()
	return time.Since(began), conns, refused, firstErr
}
