package chat_test

import (
	"bufio"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"gerege/app/workspace/chat"
)

// readChunk reads one chunk of an HTTP/1.1 chunked body.
func readChunk(t *testing.T, br *bufio.Reader) string {
	t.Helper()
	line, err := br.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(line), 16, 64)
	if err != nil {
		t.Fatalf("chunk size %q: %v", line, err)
	}
	buf := make([]byte, n+2)
	if _, err := io.ReadFull(br, buf); err != nil {
		t.Fatal(err)
	}
	if string(buf[n:]) != "\r\n" {
		t.Fatalf("chunk not ended by CRLF: %q", buf)
	}
	return string(buf[:n])
}

// A detached stream: what waited in its channel while the handler replayed goes first (minus
// what the replay already sent), then live events in order, each a chunk; idle, it is pinged;
// when the client has gone, a ping fails and the stream is closed and forgotten.
func TestDetachedStream(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	server, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	hub := chat.NewHub()
	defer hub.Close()
	s := hub.Subscribe(7, false)
	hub.Publish([]int64{7}, false, chat.Event{ID: 3, Type: "message"}) // the replay sent it
	hub.Publish([]int64{7}, false, chat.Event{ID: 5, Type: "message"})
	hub.Detach(s, server, 4, 100*time.Millisecond)
	if hub.Detached() != 1 || hub.Count() != 1 {
		t.Fatalf("detached %d of %d", hub.Detached(), hub.Count())
	}
	hub.Publish([]int64{7}, false, chat.Event{ID: 6, Type: "read", ConversationID: 1})
	hub.Publish([]int64{8}, false, chat.Event{ID: 7, Type: "message"}) // someone else's

	br := bufio.NewReader(client)
	_ = client.SetReadDeadline(time.Now().Add(5 * time.Second))
	if got := readChunk(t, br); !strings.HasPrefix(got, "id: 5\ndata: {") || !strings.HasSuffix(got, "\n\n") {
		t.Errorf("first chunk %q", got)
	}
	if got := readChunk(t, br); !strings.HasPrefix(got, "id: 6\n") || !strings.Contains(got, `"type":"read"`) {
		t.Errorf("second chunk %q", got)
	}
	if got := readChunk(t, br); got != ": ping\n\n" {
		t.Errorf("idle: %q", got)
	}
	client.Close()
	deadline := time.Now().Add(5 * time.Second)
	for hub.Count() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("a stream whose client left is still open (%d)", hub.Count())
		}
		time.Sleep(20 * time.Millisecond)
	}
	select {
	case <-s.Done():
	default:
		t.Error("the gone stream is not done")
	}
	if hub.Detached() != 0 {
		t.Errorf("detached after the client left: %d", hub.Detached())
	}
}

// A stream opened for mail only hears the mailbox's arrivals and none of the chat's events,
// and does not make its person "online" for the chat (whose notices go to people with no chat
// stream open); a chat stream does not hear the mail.
func TestMailTopic(t *testing.T) {
	t.Parallel()
	hub := chat.NewHub()
	defer hub.Close()
	mail := hub.SubscribeTopics(7, true, false, true)
	if hub.Online(7) {
		t.Error("a mail-only stream counts as online for the chat")
	}
	both := hub.SubscribeTopics(8, false, true, true)
	plain := hub.Subscribe(9, false)
	hub.Publish([]int64{7, 8, 9}, true, chat.Event{ID: 1, Type: "message"})
	hub.PublishMail([]int64{7, 8, 9}, 42)
	got := func(s interface{ C() <-chan chat.Event }) []string {
		var out []string
		for {
			select {
			case ev := <-s.C():
				out = append(out, ev.Type+":"+strconv.FormatInt(ev.ThreadID, 10))
			default:
				return out
			}
		}
	}
	if g := strings.Join(got(mail), ","); g != "mail:42" {
		t.Errorf("the mail-only stream: %s", g)
	}
	if g := strings.Join(got(both), ","); g != "message:0,mail:42" {
		t.Errorf("the stream of both: %s", g)
	}
	if g := strings.Join(got(plain), ","); g != "message:0" {
		t.Errorf("the chat stream: %s", g)
	}
}
