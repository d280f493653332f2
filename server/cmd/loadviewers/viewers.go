package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net"
	"net/url"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The viewers are plain sockets read by a few epoll loops (read.go), not a
// WebSocket client and a goroutine each: the generator shares the server's
// cores, and its own wake-ups, goroutine switches and decoding would show up
// in the figures as the server's lateness. Each socket asks the kernel for
// the time each segment reached it (SO_TIMESTAMPNS), so an arrival is timed
// where it happened, whenever the generator gets round to reading it.

// viewers are the public connections and the epoll loops that read them.
type viewers struct {
	conns []*viewer
	polls []int // epoll descriptors, one per reader
	first atomic.Int64
	stop  atomic.Bool
	wg    sync.WaitGroup
}

// viewer is one connection. Only its reader touches fd's input and pending;
// wait reads seen under mu.
type viewer struct {
	fd      int
	pending []byte // the start of a frame not yet read whole
	top     atomic.Int64
	mu      sync.Mutex
	seen    []arrival
}

type arrival struct {
	seq     int64
	encoded int64 // the state's server_time: when the server encoded it (Unix ms)
	// applied is when the server began the op (Unix ms), before its
	// transaction: the open round's started_at, or the raffle's drawn_at once
	// completed; 0 in other states.
	applied int64
	// kernel is when the last byte reached the viewer's socket; read, when
	// this process read it.
	kernel, read time.Time
}

// connect opens n viewers, 100 at a time, from source addresses 127.0.0.2 to
// 127.0.0.101 (ephemeral ports stay far from exhaustion), read by readers
// epoll loops, and waits until each has its first state.
func connect(ctx context.Context, base, code string, n, readers int) (*viewers, error) {
	vs := &viewers{conns: make([]*viewer, n)}
	for range readers {
		ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
		if err != nil {
			vs.close()
			return nil, err
		}
		vs.polls = append(vs.polls, ep)
	}
	for _, ep := range vs.polls {
		vs.wg.Go(func() { vs.readLoop(ep) })
	}
	u, err := url.Parse(base)
	if err != nil {
		return vs, err
	}
	jobs := make(chan int)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			for i := range jobs {
				if err := vs.open(ctx, i, u.Host, code); err != nil {
					errs <- fmt.Errorf("espectador %d: %w", i, err)
				}
			}
		})
	}
	for i := range n {
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

// open dials viewer i, upgrades it to a WebSocket and hands its socket to a
// reader. The socket leaves Go's poller (a duplicate descriptor is kept and
// the net.Conn closed), so only the reader's epoll watches it.
func (vs *viewers) open(ctx context.Context, i int, host, code string) error {
	d := net.Dialer{Timeout: 30 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i%100))}}
	c, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	var key [16]byte
	_, _ = rand.Read(key[:])
	if _, err := fmt.Fprintf(c, "GET /ws/public?code=%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", code, host, base64.StdEncoding.EncodeToString(key[:])); err != nil {
		return err
	}
	buf := make([]byte, 0, 4096)
	end := -1
	for end < 0 {
		if len(buf) == cap(buf) {
			return fmt.Errorf("resposta do upgrade longa demais")
		}
		m, err := c.Read(buf[len(buf):cap(buf)])
		if err != nil {
			return err
		}
		buf = buf[:len(buf)+m]
		end = bytes.Index(buf, []byte("\r\n\r\n"))
	}
	if !bytes.HasPrefix(buf, []byte("HTTP/1.1 101 ")) {
		line, _, _ := bytes.Cut(buf, []byte("\r\n"))
		return fmt.Errorf("upgrade recusado: %s", line)
	}
	fd, err := dupSocket(c)
	if err != nil {
		return err
	}
	v := &viewer{fd: fd}
	vs.conns[i] = v
	// What came with the upgrade's answer (the hello, perhaps the state) is
	// read before the reader may see the socket.
	v.feed(vs, buf[end+4:], time.Time{}, time.Now())
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP, Fd: int32(i)}
	return syscall.EpollCtl(vs.polls[i%len(vs.polls)], syscall.EPOLL_CTL_ADD, fd, &ev)
}

// dupSocket returns a second descriptor of c's socket, asking the kernel to
// timestamp what it receives.
func dupSocket(c net.Conn) (int, error) {
	raw, err := c.(*net.TCPConn).SyscallConn()
	if err != nil {
		return -1, err
	}
	fd := -1
	var derr error
	if err := raw.Control(func(s uintptr) {
		if fd, derr = syscall.Dup(int(s)); derr == nil {
			derr = syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_TIMESTAMPNS, 1)
		}
	}); err != nil {
		return -1, err
	}
	if derr != nil {
		if fd >= 0 {
			syscall.Close(fd)
		}
		return -1, derr
	}
	return fd, nil
}

// broadcast is one state's way to every viewer.
type broadcast struct {
	// From the state's encoding (the server's clock, in ms: both processes
	// run on this machine) to its arrival in each viewer's socket (kernel)
	// and to this process's read of it (read); from sending the push to that
	// read (an upper bound of commit → arrival).
	kernel, read, fromPush latencies
	// The median viewer's steps: push sent → op begun → state encoded (the
	// op's transaction and commit, the event, the load).
	pushToApply, applyToEncode time.Duration
}

// wait collects, for every viewer, the first state at or past seq; pushed
// is when its push was sent. It waits up to 30 s for all.
func (vs *viewers) wait(ctx context.Context, seq int64, pushed time.Time) (broadcast, error) {
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		missing := 0
		for _, v := range vs.conns {
			if v.top.Load() < seq {
				missing++
			}
		}
		if missing == 0 {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return broadcast{}, fmt.Errorf("%w: %d de %d", errMissed, missing, len(vs.conns))
		}
	}
	var b broadcast
	var toApply, toEncode latencies
	for _, v := range vs.conns {
		v.mu.Lock()
		for _, a := range v.seen {
			if a.seq >= seq {
				enc := time.UnixMilli(a.encoded)
				b.kernel = append(b.kernel, a.kernel.Sub(enc))
				b.read = append(b.read, a.read.Sub(enc))
				b.fromPush = append(b.fromPush, a.read.Sub(pushed))
				toApply = append(toApply, time.UnixMilli(a.applied).Sub(pushed))
				toEncode = append(toEncode, time.Duration(a.encoded-a.applied)*time.Millisecond)
				break
			}
		}
		v.mu.Unlock()
	}
	b.pushToApply, b.applyToEncode = toApply.at(0.5), toEncode.at(0.5)
	return b, nil
}

// close stops the readers and closes every socket.
func (vs *viewers) close() {
	if vs == nil {
		return
	}
	vs.stop.Store(true)
	vs.wg.Wait()
	for _, v := range vs.conns {
		if v != nil {
			syscall.Close(v.fd)
		}
	}
	for _, ep := range vs.polls {
		syscall.Close(ep)
	}
}
