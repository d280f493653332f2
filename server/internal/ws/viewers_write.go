package ws

import (
	"encoding/binary"
	"net"
	"syscall"
	"time"
)

// A viewer's frames are written by whoever has one to send (the fan-out's
// shard, the pinger), under the viewer's lock, straight to the socket without
// waiting: no writer goroutine per viewer, no wake-up, no timer. A write the
// kernel cannot take whole (its send buffer is full: the viewer reads slowly)
// leaves the rest to a flusher goroutine that waits for the socket, while up
// to Queue further frames wait behind it; one more drops the viewer.

// frame is one encoded server frame (servers do not mask), sent as is.
type frame []byte

// textFrame frames a text message.
func textFrame(payload []byte) frame {
	var head []byte
	switch n := len(payload); {
	case n < 126:
		head = []byte{0x81, byte(n)}
	case n < 1<<16:
		head = []byte{0x81, 126, 0, 0}
		binary.BigEndian.PutUint16(head[2:], uint16(n))
	default:
		head = make([]byte, 10)
		head[0], head[1] = 0x81, 127
		binary.BigEndian.PutUint64(head[2:], uint64(n))
	}
	return append(head, payload...)
}

var (
	pingFrame = frame{0x89, 0}
	awayFrame = frame{0x88, 2, 0x03, 0xe9} // close 1001, going away
	// The gone message, then close 1000 (normal closure).
	goneFrame = append(textFrame([]byte(`{"type":"gone"}`)), 0x88, 2, 0x03, 0xe8)
)

// socket writes without waiting when the connection allows it. Its writes
// are serialised by the viewer's lock.
type socket struct {
	nc  net.Conn
	raw syscall.RawConn // nil: every frame goes to the flusher
	// The write in progress, for writeFD: one method value made with the
	// socket rather than a closure per write (a broadcast to 10,000 viewers
	// made 25,000 allocations of them).
	b     []byte
	n     int
	err   error
	write func(fd uintptr) bool
}

func newSocket(nc net.Conn) *socket {
	s := &socket{nc: nc}
	if sc, ok := nc.(syscall.Conn); ok {
		s.raw, _ = sc.SyscallConn()
	}
	s.write = s.writeFD
	return s
}

// tryWrite writes what the kernel takes at once: n < len(b) with a nil error
// means the rest would block.
func (s *socket) tryWrite(b []byte) (n int, err error) {
	if s.raw == nil {
		return 0, nil
	}
	s.b, s.n, s.err = b, 0, nil
	werr := s.raw.Write(s.write)
	n, err = s.n, s.err
	s.b = nil
	if err == nil {
		err = werr
	}
	return n, err
}

func (s *socket) writeFD(fd uintptr) bool {
	for s.n < len(s.b) {
		m, e := syscall.Write(int(fd), s.b[s.n:])
		if e == syscall.EINTR {
			continue
		}
		switch {
		case e == syscall.EAGAIN:
			return true // would block: the flusher waits instead
		case e != nil:
			s.err = e
			return true
		case m <= 0:
			return true
		}
		s.n += m
	}
	return true
}

// send writes f now, or queues it behind a write in progress; a full queue or
// a broken socket drops the viewer. Called with v.mu held.
func (v *Viewer) send(f frame) {
	if v.closed {
		return
	}
	if v.flushing {
		if len(v.backlog) > v.queue {
			v.dropLocked()
			return
		}
		v.backlog = append(v.backlog, f)
		return
	}
	n, err := v.sock.tryWrite(f)
	switch {
	case err != nil:
		v.dropLocked()
	case n < len(f):
		v.backlog, v.flushing = append(v.backlog[:0], f[n:]), true
		go v.flush()
	}
}

// flush writes the backlog, waiting for the socket up to writeWait a frame.
func (v *Viewer) flush() {
	for {
		v.mu.Lock()
		if v.closed || len(v.backlog) == 0 {
			// A deadline left behind would fail send's next write.
			_ = v.sock.nc.SetWriteDeadline(time.Time{})
			v.flushing = false
			v.backlog = nil
			v.mu.Unlock()
			return
		}
		b := v.backlog[0]
		v.mu.Unlock()
		_ = v.sock.nc.SetWriteDeadline(time.Now().Add(writeWait))
		_, err := v.sock.nc.Write(b)
		v.mu.Lock()
		v.backlog = v.backlog[1:]
		if err != nil {
			v.dropLocked()
		}
		v.mu.Unlock()
	}
}

// dropLocked closes the connection at once (which also ends a write or read
// blocked on it); the viewer reconnects and catches up from its last seq.
func (v *Viewer) dropLocked() {
	if v.closed {
		return
	}
	v.closed = true
	_ = v.sock.nc.Close()
}

// closeLocked writes bye (ending with a close frame) when nothing is half
// written, then closes.
func (v *Viewer) closeLocked(bye frame) {
	if v.closed {
		return
	}
	if !v.flushing {
		_, _ = v.sock.tryWrite(bye)
	}
	v.dropLocked()
}
