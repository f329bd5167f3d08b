//go:build !linux

package app

import "net"

// Elsewhere the listen queue cannot be inspected: the listener is closed at once.
func shrinkQueue(net.Listener) {}
func queued(net.Listener) int  { return 0 }
func pending(net.Conn) bool    { return false }
