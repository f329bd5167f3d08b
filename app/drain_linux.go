package app

import (
	"net"
	"syscall"

	"golang.org/x/sys/unix"
)

func rawFD(v any, fn func(fd int)) {
	sc, ok := v.(syscall.Conn)
	if !ok {
		return
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return
	}
	_ = raw.Control(func(fd uintptr) { fn(int(fd)) })
}

// shrinkQueue lets the kernel queue no new connection while one is waiting to be accepted.
func shrinkQueue(ln net.Listener) {
	rawFD(ln, func(fd int) { _ = unix.Listen(fd, 0) })
}

// queued is the number of connections the kernel accepted that the server has not yet
// (TCP_INFO of a listening socket reports its accept queue in tcpi_unacked).
func queued(ln net.Listener) int {
	n := 0
	rawFD(ln, func(fd int) {
		if info, err := unix.GetsockoptTCPInfo(fd, unix.IPPROTO_TCP, unix.TCP_INFO); err == nil {
			n = int(info.Unacked)
		}
	})
	return n
}

// pending reports whether bytes wait unread on c (a request on its way in).
func pending(c net.Conn) bool {
	n := 0
	rawFD(c, func(fd int) { n, _ = unix.IoctlGetInt(fd, unix.SIOCINQ) })
	return n > 0
}
