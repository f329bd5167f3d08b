package web

import (
	"math"
	"sync"
	"time"
)

// Rate is "N events per Per".
type Rate struct {
	N   int
	Per time.Duration
}

// Limiter is an in-memory token-bucket rate limiter keyed by strings such as
// "login:ip:203.0.113.5". One process serves the platform, so memory is the right place;
// limits reset on restart.
type Limiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	now     func() time.Time
	swept   time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
	rate   Rate
}

// NewLimiter returns a Limiter reading time from now.
func NewLimiter(now func() time.Time) *Limiter {
	return &Limiter{buckets: map[string]*bucket{}, now: now}
}

// Allow takes one token from key's bucket. When none is left it returns false and how long
// until one is.
func (l *Limiter) Allow(key string, r Rate) (bool, time.Duration) {
	if r.N <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: float64(r.N), last: now, rate: r}
		l.buckets[key] = b
	}
	perToken := r.Per.Seconds() / float64(r.N)
	b.tokens = math.Min(float64(r.N), b.tokens+now.Sub(b.last).Seconds()/perToken)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) * perToken * float64(time.Second))
	return false, wait
}

// Reset forgets key (for example after a successful sign-in).
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	delete(l.buckets, key)
	l.mu.Unlock()
}

// sweep drops buckets that have refilled completely, at most once a minute.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	for k, b := range l.buckets {
		if now.Sub(b.last) >= b.rate.Per {
			delete(l.buckets, k)
		}
	}
}

// Limit answers 429 with Retry-After (whole seconds, at least 1) when key is over r.
func (l *Limiter) Limit(key string, r Rate) error {
	if ok, wait := l.Allow(key, r); !ok {
		return TooManyRequests(int(math.Ceil(math.Max(wait.Seconds(), 1))))
	}
	return nil
}
