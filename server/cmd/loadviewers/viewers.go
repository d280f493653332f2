package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// viewers are the public connections; each keeps when each state arrived.
type viewers struct {
	conns []*websocket.Conn
	mu    []sync.Mutex
	seen  [][]arrival
	first atomic.Int64 // viewers that got their first state
}

type arrival struct {
	seq     int64
	encoded int64 // the state's server_time: when the server encoded it (Unix ms)
	// applied is when the server began the op (Unix ms), before its
	// transaction: the open round's started_at, or the raffle's drawn_at once
	// completed; 0 in other states.
	applied int64
	at      time.Time
}

// connect opens n viewers, 100 at a time, from source addresses 127.0.0.2 to
// 127.0.0.101 (ephemeral ports stay far from exhaustion), and waits until
// each has its first state.
func connect(ctx context.Context, base, code string, n int) (*viewers, error) {
	vs := &viewers{conns: make([]*websocket.Conn, n), mu: make([]sync.Mutex, n), seen: make([][]arrival, n)}
	url := "ws" + base[len("http"):] + "/ws/public?code=" + code
	jobs := make(chan int)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				d := websocket.Dialer{ReadBufferSize: 4096, WriteBufferSize: 256, HandshakeTimeout: 30 * time.Second,
					NetDialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i%100))}}).DialContext}
				c, _, err := d.DialContext(ctx, url, nil)
				if err != nil {
					errs <- fmt.Errorf("espectador %d: %w", i, err)
					continue
				}
				vs.conns[i] = c
				go vs.read(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	select {
	case err := <-errs:
		return vs, err
	default:
	}
	for vs.first.Load() < int64(n) {
		if ctx.Err() != nil {
			return vs, fmt.Errorf("%d de %d espectadores com o primeiro estado", vs.first.Load(), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return vs, nil
}

func (vs *viewers) read(i int) {
	c := vs.conns[i]
	var buf bytes.Buffer
	for {
		_, r, err := c.NextReader()
		at := time.Now()
		if err != nil {
			return
		}
		buf.Reset()
		if _, err := buf.ReadFrom(r); err != nil {
			return
		}
		a, ok := readState(buf.Bytes())
		if !ok {
			continue
		}
		a.at = at
		vs.mu[i].Lock()
		if len(vs.seen[i]) == 0 {
			vs.first.Add(1)
		}
		vs.seen[i] = append(vs.seen[i], a)
		vs.mu[i].Unlock()
	}
}

// readState reads what the measure needs from a state message, which begins
// {"type":"state","seq":N,"server_time":T, without decoding it all (this
// process's CPU is for receiving).
func readState(b []byte) (arrival, bool) {
	rest, ok := bytes.CutPrefix(b, []byte(`{"type":"state","seq":`))
	if !ok {
		return arrival{}, false
	}
	seq, ok1 := number(rest, nil)
	encoded, ok2 := number(rest, []byte(`"server_time":`))
	applied, found := number(b, []byte(`"started_at":`))
	if !found {
		applied, _ = number(b, []byte(`"drawn_at":`)) // the raffle's, first
	}
	return arrival{seq: seq, encoded: encoded, applied: applied}, ok1 && ok2
}

// number reads the integer after key in b (at its start when key is nil).
func number(b, key []byte) (int64, bool) {
	if key != nil {
		i := bytes.Index(b, key)
		if i < 0 {
			return 0, false
		}
		b = b[i+len(key):]
	}
	end := 0
	for end < len(b) && b[end] >= '0' && b[end] <= '9' {
		end++
	}
	n, err := strconv.ParseInt(string(b[:end]), 10, 64)
	return n, err == nil
}

// broadcast is one state's way to every viewer.
type broadcast struct {
	// fromPush is from sending the push to each arrival, an upper bound of
	// commit → arrival; fromEncode from the state's encoding, after the
	// commit, the change event and the state's load (the server's clock, in
	// ms: both processes run on this machine).
	fromPush, fromEncode latencies
	// The median viewer's steps: push sent → op begun → state encoded (the
	// op's transaction and commit, the event, the load).
	pushToApply, applyToEncode time.Duration
}

// wait collects, for every viewer, the first state at or past seq; pushed
// is when its push was sent. It waits up to 30 s for all.
func (vs *viewers) wait(ctx context.Context, seq int64, pushed time.Time) (broadcast, error) {
	deadline := time.Now().Add(30 * time.Second)
	for {
		var b broadcast
		var toApply, toEncode latencies
		for i := range vs.conns {
			vs.mu[i].Lock()
			for _, a := range vs.seen[i] {
				if a.seq >= seq {
					b.fromPush = append(b.fromPush, a.at.Sub(pushed))
					b.fromEncode = append(b.fromEncode, a.at.Sub(time.UnixMilli(a.encoded)))
					toApply = append(toApply, time.UnixMilli(a.applied).Sub(pushed))
					toEncode = append(toEncode, time.Duration(a.encoded-a.applied)*time.Millisecond)
					break
				}
			}
			vs.mu[i].Unlock()
		}
		if len(b.fromPush) == len(vs.conns) {
			b.pushToApply, b.applyToEncode = toApply.at(0.5), toEncode.at(0.5)
			return b, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return b, fmt.Errorf("%w: %d de %d", errMissed, len(vs.conns)-len(b.fromPush), len(vs.conns))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (vs *viewers) close() {
	if vs == nil {
		return
	}
	for _, c := range vs.conns {
		if c != nil {
			c.Close()
		}
	}
}
