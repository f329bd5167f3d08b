package web

import (
	"net"
	"net/http"
	"net/netip"
)

// ClientIP is the peer address without the port ("192.0.2.1", "2001:db8::1"). Behind a proxy
// it is the proxy's: rate limits then apply to the proxy, which is the safe failure; trusting
// X-Forwarded-For blindly would let anyone pick their IP.
func ClientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// RateKey is the caller's key for per-IP rate limits: the IPv4 address, or the /64 an IPv6
// address belongs to (one subscriber usually holds a whole /64, so per-address limits would
// not limit anyone).
func RateKey(r *http.Request) string {
	ip := ClientIP(r)
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
