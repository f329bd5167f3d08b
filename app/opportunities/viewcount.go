package opportunities

import (
	"context"
	"hash/maphash"
	"net/http"
	"regexp"
	"strconv"
	"sync"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/web"
	"gerege/db"
)

// ViewCounter counts views of published postings for the organisations' analytics: a person
// opening a posting — its page, or GET /api/opportunities/{slug} (the mobile app, or the web
// page asking for a signed-in reader's own state) — counts once per Ulaanbaatar day.
// Search engines and other declared robots are not counted, nor are the posting
// organisation's own staff. Who viewed is never stored: the day's viewers are kept in memory
// as hashes with a seed made at start-up, and only the numbers reach the database
// (opportunity_views), added by the job opportunities.views about once a minute and when the
// server stops. A crash loses at most that minute's views.
type ViewCounter struct {
	mu      sync.Mutex
	seed    maphash.Seed
	day     string
	seen    map[uint64]struct{}
	pending map[db.ViewDay]int
}

// maxViewers bounds the day's set of viewers (about 40 bytes each); past it, views are counted
// without the once-a-day rule until the day ends.
const maxViewers = 200_000

// robots are user agents that say they are crawlers, link previewers or monitors.
var robots = regexp.MustCompile(`(?i)bot\b|bot/|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor|headless`)

// Count records r's view of o (published postings only) on day.
func (c *ViewCounter) Count(r *http.Request, o *db.Opportunity, day string) {
	ua := r.UserAgent()
	if o.Status != "published" || r.Method != http.MethodGet || ua == "" || robots.MatchString(ua) {
		return
	}
	who := "a:" + web.ClientIP(r) + "\x00" + ua
	if u := authn.UserOf(r); u != nil {
		if u.OrgID == o.OrgID {
			return // the organisation's own staff
		}
		who = "u:" + strconv.FormatInt(u.ID, 10)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen == nil || c.day != day {
		if c.seen == nil {
			c.seed = maphash.MakeSeed()
		}
		c.day, c.seen = day, map[uint64]struct{}{}
	}
	h := maphash.String(c.seed, strconv.FormatInt(o.ID, 10)+"\x00"+who)
	if _, ok := c.seen[h]; ok {
		return
	}
	if len(c.seen) < maxViewers {
		c.seen[h] = struct{}{}
	}
	if c.pending == nil {
		c.pending = map[db.ViewDay]int{}
	}
	c.pending[db.ViewDay{OpportunityID: o.ID, Day: day}]++
}

// Flush adds the views counted since the last flush to the database; on failure they are kept
// for the next one.
func (c *ViewCounter) Flush(ctx context.Context, store *db.Store) error {
	c.mu.Lock()
	batch := c.pending
	c.pending = nil
	c.mu.Unlock()
	if len(batch) == 0 {
		return nil
	}
	if err := store.AddOpportunityViews(ctx, batch); err != nil {
		c.mu.Lock()
		if c.pending == nil {
			c.pending = map[db.ViewDay]int{}
		}
		for k, n := range batch {
			c.pending[k] += n
		}
		c.mu.Unlock()
		return err
	}
	return nil
}

func (h *Handlers) flushViews(ctx context.Context, _ time.Time) error {
	return h.views.Flush(ctx, h.Store)
}

// Stop adds the views not yet stored (the server calls it when it stops, before the database
// closes).
func (h *Handlers) Stop(ctx context.Context) error { return h.flushViews(ctx, time.Time{}) }
