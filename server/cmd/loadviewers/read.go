package main

import (
	"bytes"
	"encoding/binary"
	"strconv"
	"syscall"
	"time"
	"unsafe"
)

// readLoop reads the sockets of one epoll set until close: one recvmsg per
// ready socket, stamped with the kernel's arrival time and this process's.
func (vs *viewers) readLoop(ep int) {
	events := make([]syscall.EpollEvent, 256)
	buf := make([]byte, 64<<10)
	oob := make([]byte, 64)
	for !vs.stop.Load() {
		n, err := syscall.EpollWait(ep, events, 100)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return
		}
		for _, ev := range events[:n] {
			v := vs.conns[ev.Fd]
			m, oobn, _, _, err := syscall.Recvmsg(v.fd, buf, oob, 0)
			read := time.Now()
			switch {
			case err == syscall.EAGAIN || err == syscall.EINTR:
			case err != nil || m == 0:
				// Closed by the server: a missing state shows in wait.
				_ = syscall.EpollCtl(ep, syscall.EPOLL_CTL_DEL, v.fd, nil)
			default:
				v.feed(vs, buf[:m], kernelTime(oob[:oobn]), read)
			}
		}
	}
}

// kernelTime is the SCM_TIMESTAMPNS of a recvmsg: when the last segment read
// reached the socket.
func kernelTime(oob []byte) time.Time {
	for len(oob) >= syscall.SizeofCmsghdr {
		h := (*syscall.Cmsghdr)(unsafe.Pointer(&oob[0]))
		if h.Len < syscall.SizeofCmsghdr || int(h.Len) > len(oob) {
			break
		}
		if h.Level == syscall.SOL_SOCKET && h.Type == syscall.SCM_TIMESTAMPNS && int(h.Len) >= syscall.SizeofCmsghdr+16 {
			ts := (*syscall.Timespec)(unsafe.Pointer(&oob[syscall.SizeofCmsghdr]))
			return time.Unix(ts.Sec, ts.Nsec)
		}
		oob = oob[min(len(oob), int(h.Len+7)&^7):]
	}
	return time.Time{}
}

// feed parses what a read brought: the server's frames (unmasked, one frame
// per message). States are recorded, pings answered; a frame cut by the read
// waits in pending for the rest.
func (v *viewer) feed(vs *viewers, b []byte, kernel, read time.Time) {
	if len(v.pending) > 0 {
		v.pending = append(v.pending, b...)
		b = v.pending
	}
	for {
		op, payload, rest, ok := nextFrame(b)
		if !ok {
			break
		}
		switch op {
		case 0x1:
			v.state(vs, payload, kernel, read)
		case 0x9: // ping: a pong, masked with a zero key as a client must
			_, _ = syscall.Write(v.fd, append([]byte{0x8a, 0x80 | byte(len(payload)), 0, 0, 0, 0}, payload...))
		}
		b = rest
	}
	v.pending = append(v.pending[:0], b...)
}

// nextFrame splits the first whole frame off b.
func nextFrame(b []byte) (op byte, payload, rest []byte, ok bool) {
	if len(b) < 2 {
		return 0, nil, b, false
	}
	n, head := int(b[1]&0x7f), 2
	switch n {
	case 126:
		if len(b) < 4 {
			return 0, nil, b, false
		}
		n, head = int(binary.BigEndian.Uint16(b[2:])), 4
	case 127:
		if len(b) < 10 {
			return 0, nil, b, false
		}
		n, head = int(binary.BigEndian.Uint64(b[2:])), 10
	}
	if len(b)-head < n {
		return 0, nil, b, false
	}
	return b[0] & 0x0f, b[head : head+n], b[head+n:], true
}

// state records a state message's arrival.
func (v *viewer) state(vs *viewers, payload []byte, kernel, read time.Time) {
	a, ok := readState(payload)
	if !ok {
		return
	}
	a.kernel, a.read = kernel, read
	v.mu.Lock()
	first := len(v.seen) == 0
	v.seen = append(v.seen, a)
	v.mu.Unlock()
	if a.seq > v.top.Load() {
		v.top.Store(a.seq) // one reader per viewer writes it
	}
	if first {
		vs.first.Add(1)
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
