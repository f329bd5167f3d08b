package chat

import (
	"sync"
	"sync/atomic"
)

// Hub is the server's one switchboard of live streams: each open GET /api/chat/events is a
// subscription of its account (a person may have several: phone and browser), support staff's
// also receive every support conversation's events. Publishing never blocks: a subscriber
// whose buffer is full is dropped (its stream ends, the client reconnects with Last-Event-ID
// and catches up from the database), so one slow client cannot hold up the others.
type Hub struct {
	mu      sync.RWMutex
	users   map[int64]map[*sub]struct{}
	support map[*sub]struct{}
	closed  bool
	n       atomic.Int64
}

// sub is one open stream.
type sub struct {
	user    int64
	support bool
	ch      chan Event
	once    sync.Once
	gone    chan struct{} // closed when the hub dropped it
}

// subBuffer is how many events may wait for a slow stream before it is dropped.
const subBuffer = 64

// NewHub returns an empty hub.
func NewHub() *Hub {
	return &Hub{users: map[int64]map[*sub]struct{}{}, support: map[*sub]struct{}{}}
}

// Subscribe opens a subscription for user (support: also every support conversation).
func (h *Hub) Subscribe(user int64, support bool) *sub {
	s := &sub{user: user, support: support, ch: make(chan Event, subBuffer), gone: make(chan struct{})}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		s.drop()
		return s
	}
	if h.users[user] == nil {
		h.users[user] = map[*sub]struct{}{}
	}
	h.users[user][s] = struct{}{}
	if support {
		h.support[s] = struct{}{}
	}
	h.mu.Unlock()
	h.n.Add(1)
	return s
}

// Close ends every stream and every later one at once (the server is shutting down).
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for _, m := range h.users {
		for s := range m {
			s.drop()
		}
	}
}

// Unsubscribe closes s (the stream ended).
func (h *Hub) Unsubscribe(s *sub) {
	h.mu.Lock()
	if m := h.users[s.user]; m != nil {
		if _, ok := m[s]; ok {
			h.n.Add(-1)
		}
		delete(m, s)
		if len(m) == 0 {
			delete(h.users, s.user)
		}
	}
	delete(h.support, s)
	h.mu.Unlock()
	s.drop()
}

func (s *sub) drop() { s.once.Do(func() { close(s.gone) }) }

// Online reports whether user has at least one open stream.
func (h *Hub) Online(user int64) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.users[user]) > 0
}

// Count is the number of open streams.
func (h *Hub) Count() int { return int(h.n.Load()) }

// Publish sends ev to every stream of users and, when support is true, to every support
// staff's stream (each stream once).
func (h *Hub) Publish(users []int64, support bool, ev Event) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	seen := map[*sub]bool{}
	send := func(s *sub) {
		if seen[s] {
			return
		}
		seen[s] = true
		select {
		case s.ch <- ev:
		default:
			s.drop() // too slow: it catches up from the database when it reconnects
		}
	}
	for _, u := range users {
		for s := range h.users[u] {
			send(s)
		}
	}
	if support {
		for s := range h.support {
			send(s)
		}
	}
}

// C is the stream's events; Done is closed when the hub dropped it (too slow, or shutting down).
func (s *sub) C() <-chan Event { return s.ch }

// Done is closed when the hub dropped the stream.
func (s *sub) Done() <-chan struct{} { return s.gone }
