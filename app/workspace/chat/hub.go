package chat

import (
	"encoding/json"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Hub is the server's one switchboard of live streams: each open GET /api/chat/events is a
// subscription of its account (a person may have several: phone and browser), support staff's
// also receive every support conversation's events. Publishing never blocks: a subscriber
// whose buffer is full is dropped (its stream ends, the client reconnects with Last-Event-ID
// and catches up from the database), so one slow client cannot hold up the others.
//
// A stream lives in one of two ways. While its handler replays what the client missed, and
// for the whole stream where the connection cannot be taken over (HTTP/2, or a writer that
// does not allow it), the handler's goroutine reads the subscription's channel and writes to
// the response. Once an HTTP/1.1 stream is live, the handler hands its connection to the hub
// (Detach) and returns: the hub's few writer goroutines write events to it and a heartbeat
// goroutine pings it. A detached stream then holds no goroutine, no net/http buffers and no
// request state — a few hundred bytes beside the socket — so one server holds thousands.
type Hub struct {
	mu       sync.RWMutex
	users    map[int64]map[*sub]struct{}
	support  map[*sub]struct{}
	closed   bool
	stopped  atomic.Bool // closed, for the writers and the pinger
	n        atomic.Int64
	detached atomic.Int64

	// The detached streams' writers: subs with frames waiting, each queued once.
	qmu     sync.Mutex
	qcond   *sync.Cond
	runq    []*sub
	start   sync.Once
	workers sync.WaitGroup
}

// sub is one open stream.
type sub struct {
	user    int64
	support bool
	chat    bool       // the chat's events (the default); false for a stream that asked for mail only
	mail    bool       // the mailbox's "a letter arrived" (PublishMail)
	ch      chan Event // while the handler writes the stream itself; nil once detached
	once    sync.Once
	gone    chan struct{} // closed when the hub dropped it

	// Detached: the hub writes to conn. Guarded by mu.
	mu        sync.Mutex
	conn      net.Conn
	queue     [][]byte // chunk-framed events waiting, oldest first
	scheduled bool     // in the hub's run queue
}

const (
	// subBuffer is how many events may wait for a slow stream before it is dropped.
	subBuffer = 64
	// writers is how many goroutines write to the detached streams.
	writers = 4
	// writeTimeout is how long a write to a detached stream may block (its socket buffer is
	// full: the client stopped reading) before the stream is dropped.
	writeTimeout = 5 * time.Second
)

// NewHub returns an empty hub.
func NewHub() *Hub {
	h := &Hub{users: map[int64]map[*sub]struct{}{}, support: map[*sub]struct{}{}}
	h.qcond = sync.NewCond(&h.qmu)
	return h
}

// Subscribe opens a subscription for user to the chat's events (support: also every support
// conversation).
func (h *Hub) Subscribe(user int64, support bool) *sub {
	return h.SubscribeTopics(user, support, true, false)
}

// SubscribeTopics opens a subscription for user to the chat's events (chat; support: also
// every support conversation), the mailbox's (mail), or both.
func (h *Hub) SubscribeTopics(user int64, support, chat, mail bool) *sub {
	support = support && chat
	s := &sub{user: user, support: support, chat: chat, mail: mail, ch: make(chan Event, subBuffer), gone: make(chan struct{})}
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
	h.closed = true
	h.stopped.Store(true)
	var all []*sub
	for _, m := range h.users {
		for s := range m {
			all = append(all, s)
		}
	}
	h.mu.Unlock()
	for _, s := range all {
		h.Unsubscribe(s)
	}
	h.qmu.Lock()
	h.qcond.Broadcast()
	h.qmu.Unlock()
}

// Unsubscribe closes s (the stream ended); a detached stream's connection is closed.
func (h *Hub) Unsubscribe(s *sub) {
	h.mu.Lock()
	if m := h.users[s.user]; m != nil {
		if _, ok := m[s]; ok {
			h.n.Add(-1)
			if s.conn != nil {
				h.detached.Add(-1)
			}
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

// drop ends the stream: Done is closed, a detached stream's connection too.
func (s *sub) drop() {
	s.once.Do(func() { close(s.gone) })
	s.mu.Lock()
	c := s.conn
	s.mu.Unlock()
	if c != nil {
		_ = c.Close()
	}
}

// Online reports whether user has at least one open stream of the chat's events (a stream
// for mail only does not count: the chat's messages do not reach it).
func (h *Hub) Online(user int64) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for s := range h.users[user] {
		if s.chat {
			return true
		}
	}
	return false
}

// Count is the number of open streams.
func (h *Hub) Count() int { return int(h.n.Load()) }

// Detached is the number of open streams the hub writes itself.
func (h *Hub) Detached() int { return int(h.detached.Load()) }

// Publish sends ev (a chat event) to every chat stream of users and, when support is true, to
// every support staff's stream (each stream once).
func (h *Hub) Publish(users []int64, support bool, ev Event) {
	h.publish(users, support, ev, func(s *sub) bool { return s.chat })
}

// PublishMail tells the mail streams of users that a letter arrived in thread (an event that
// is not kept: a page that reconnects loads its mailbox again).
func (h *Hub) PublishMail(users []int64, thread int64) {
	h.publish(users, false, Event{Type: "mail", ThreadID: thread}, func(s *sub) bool { return s.mail })
}

// PublishMailChanged tells the mail streams of users that their mailbox changed without a
// letter arriving: thread's people changed (someone left or was removed), or the person did
// something on another device (thread 0: sent, read, moved…). Their open mailbox reloads its
// lists and counts, and the thread when one is named (not kept, like "mail").
func (h *Hub) PublishMailChanged(users []int64, thread int64) {
	h.publish(users, false, Event{Type: "mailChanged", ThreadID: thread}, func(s *sub) bool { return s.mail })
}

func (h *Hub) publish(users []int64, support bool, ev Event, wants func(*sub) bool) {
	var frame []byte // the event framed once for every detached stream
	h.mu.RLock()
	defer h.mu.RUnlock()
	seen := map[*sub]bool{}
	send := func(s *sub) {
		if seen[s] || !wants(s) {
			return
		}
		seen[s] = true
		if s.conn != nil { // set under h.mu's write lock: stable while it is read-locked
			if frame == nil {
				frame = chunk(eventBytes(ev))
			}
			h.enqueue(s, frame)
			return
		}
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

// Detach hands a live stream's connection to the hub: from now on the hub writes s's events
// to conn, framed as the chunks of the HTTP/1.1 response already begun on it. Events that
// reached s's channel meanwhile and are not after replayed (the handler sent them from the
// database) go first. heartbeat is how often an idle stream is pinged (the first Detach sets
// it for the hub).
func (h *Hub) Detach(s *sub, conn net.Conn, replayed int64, heartbeat time.Duration) {
	h.start.Do(func() {
		for range writers {
			h.workers.Add(1)
			go h.writer()
		}
		go h.pinger(heartbeat)
	})
	h.mu.Lock()
	if _, ok := h.users[s.user][s]; !ok || h.closed {
		h.mu.Unlock()
		_ = conn.Close()
		s.drop()
		return
	}
	var pending [][]byte
	for more := true; more; {
		select {
		case ev := <-s.ch:
			if ev.ID == 0 || ev.ID > replayed {
				pending = append(pending, chunk(eventBytes(ev)))
			}
		default:
			more = false
		}
	}
	s.mu.Lock()
	s.conn, s.ch = conn, nil
	s.mu.Unlock()
	h.detached.Add(1)
	h.mu.Unlock()
	select {
	case <-s.gone: // dropped while detaching
		_ = conn.Close()
		return
	default:
	}
	for _, f := range pending {
		h.enqueue(s, f)
	}
}

// enqueue adds one framed event to a detached stream and schedules it for a writer; a stream
// whose queue is full is dropped (the writer that takes it closes it).
func (h *Hub) enqueue(s *sub, frame []byte) {
	s.mu.Lock()
	if len(s.queue) < subBuffer {
		s.queue = append(s.queue, frame)
	} else {
		s.once.Do(func() { close(s.gone) }) // too slow: the writer that takes it closes it
	}
	schedule := !s.scheduled
	s.scheduled = true
	s.mu.Unlock()
	if schedule {
		h.qmu.Lock()
		h.runq = append(h.runq, s)
		h.qmu.Unlock()
		h.qcond.Signal()
	}
}

// writer writes the queued events of the scheduled streams until the hub closes.
func (h *Hub) writer() {
	defer h.workers.Done()
	for {
		h.qmu.Lock()
		for len(h.runq) == 0 {
			if h.stopped.Load() { // not h.mu: Publish holds it while it takes qmu
				h.qmu.Unlock()
				return
			}
			h.qcond.Wait()
		}
		s := h.runq[0]
		h.runq[0] = nil
		h.runq = h.runq[1:]
		h.qmu.Unlock()
		h.flush(s)
	}
}

// flush writes everything queued for s, in order; a stream that was dropped or whose write
// fails is unsubscribed (its connection closed: the client reconnects and catches up).
func (h *Hub) flush(s *sub) {
	for {
		select {
		case <-s.gone:
			h.Unsubscribe(s)
			return
		default:
		}
		s.mu.Lock()
		batch, conn := s.queue, s.conn
		s.queue = nil
		if len(batch) == 0 {
			s.scheduled = false
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		var out []byte
		if len(batch) == 1 {
			out = batch[0]
		} else {
			for _, f := range batch {
				out = append(out, f...)
			}
		}
		_ = conn.SetWriteDeadline(time.Now().Add(writeTimeout))
		if _, err := conn.Write(out); err != nil {
			h.Unsubscribe(s)
			return
		}
	}
}

// pingFrame is a comment line: it keeps proxies from closing an idle stream and finds
// connections whose client went away (the write fails).
var pingFrame = chunk([]byte(": ping\n\n"))

// pinger pings every detached stream each heartbeat until the hub closes.
func (h *Hub) pinger(every time.Duration) {
	if every <= 0 {
		every = 25 * time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for range t.C {
		if h.stopped.Load() {
			return
		}
		h.mu.RLock()
		var subs []*sub
		for _, m := range h.users {
			for s := range m {
				if s.conn != nil {
					subs = append(subs, s)
				}
			}
		}
		h.mu.RUnlock()
		for _, s := range subs {
			h.enqueue(s, pingFrame)
		}
	}
}

// eventBytes is one event as the stream sends it: its id (kept events), and its JSON on one
// data line.
func eventBytes(ev Event) []byte {
	b, err := json.Marshal(ev)
	if err != nil {
		return nil
	}
	out := make([]byte, 0, len(b)+32)
	if ev.ID != 0 {
		out = append(out, "id: "...)
		out = strconv.AppendInt(out, ev.ID, 10)
		out = append(out, '\n')
	}
	out = append(out, "data: "...)
	out = append(out, b...)
	return append(out, "\n\n"...)
}

// chunk frames p as one chunk of an HTTP/1.1 chunked body.
func chunk(p []byte) []byte {
	out := make([]byte, 0, len(p)+12)
	out = strconv.AppendInt(out, int64(len(p)), 16)
	out = append(out, "\r\n"...)
	out = append(out, p...)
	return append(out, "\r\n"...)
}

// C is the stream's events while its handler writes it; Done is closed when the hub dropped it.
func (s *sub) C() <-chan Event { return s.ch }

// Done is closed when the hub dropped the stream (too slow, or shutting down).
func (s *sub) Done() <-chan struct{} { return s.gone }
