package chat_test

import (
	"context"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"gerege/app/workspace/chat"
	"gerege/db"
	"gerege/db/dbtest"
)

// benchMessages is how many messages the store holds for BenchmarkLast50Messages
// (CHAT_BENCH_MESSAGES; the target is at 10,000,000).
func benchMessages() int {
	if n, err := strconv.Atoi(os.Getenv("CHAT_BENCH_MESSAGES")); err == nil && n > 0 {
		return n
	}
	return 200_000
}

// BenchmarkLast50Messages: a conversation's last 50 messages (what opening it loads) with many
// messages stored across 100 conversations. Target: < 5 ms at 10,000,000 messages.
func BenchmarkLast50Messages(b *testing.B) {
	ctx := context.Background()
	store, err := db.Open(ctx, dbtest.Path(b))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	u, err := store.CreateUser(ctx, db.NewUser{Email: "bench@example.mn", PasswordHash: "x", FirstName: "B", LastName: "B",
		AccountType: "individual", Language: "en"}, now)
	if err != nil {
		b.Fatal(err)
	}
	total := benchMessages()
	const convs = 100
	ids := make([]int64, convs)
	start := time.Now()
	for i := range convs {
		if ids[i], err = store.CreateChatConversation(ctx, "group", "bench", "", u.ID, []db.ChatMemberRole{{UserID: u.ID, Role: "member"}}, now); err != nil {
			b.Fatal(err)
		}
		if err := store.ChatSeedMessages(ctx, ids[i], u.ID, total/convs, now); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("seeded %d messages in %d conversations in %s", total, convs, time.Since(start).Round(time.Millisecond))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		list, err := store.ChatMessages(ctx, ids[i%convs], 0, 50)
		if err != nil || len(list) != 50 {
			b.Fatal(len(list), err)
		}
	}
}

// BenchmarkHubDelivery: one event published to N open streams of the hub (N = 5,000 by
// default, CHAT_BENCH_STREAMS), each read by its own goroutine as a stream's handler does;
// reports the p99 delay from publishing to the last stream receiving it, and the memory the
// subscriptions hold (the hub's part of an open stream, without the HTTP connection).
func BenchmarkHubDelivery(b *testing.B) {
	n := 5000
	if v, err := strconv.Atoi(os.Getenv("CHAT_BENCH_STREAMS")); err == nil && v > 0 {
		n = v
	}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	hub := chat.NewHub()
	users := make([]int64, n)
	var wg sync.WaitGroup
	got := make(chan time.Duration, n)
	var sent sync.Map
	for i := range n {
		users[i] = int64(i + 1)
		s := hub.Subscribe(users[i], false)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case ev := <-s.C():
					if t0, ok := sent.Load(ev.ID); ok {
						got <- time.Since(t0.(time.Time))
					}
				case <-s.Done():
					return
				}
			}
		}()
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	perStream := (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / float64(n)
	var p99s []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		id := int64(i + 1)
		sent.Store(id, time.Now())
		hub.Publish(users, false, chat.Event{ID: id, Type: "message"})
		lat := make([]time.Duration, 0, n)
		for range n {
			lat = append(lat, <-got)
		}
		slices.Sort(lat)
		p99s = append(p99s, lat[len(lat)*99/100])
	}
	b.StopTimer()
	hub.Close()
	wg.Wait()
	slices.Sort(p99s)
	b.ReportMetric(float64(p99s[len(p99s)/2].Microseconds()), "p99-µs")
	b.ReportMetric(perStream, "heap-B/stream")
}
