package communities

// The moderation part: reports with the 24-hour clock, the review queue, decisions and their
// history, appeals, blocks and mutes (docs/communities/moderation.md).

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/web"
)

func (h *Handlers) mountModeration(r *authz.Router, reg *authz.Registry) {
	p := authz.CommunitiesParticipate
	// Anyone signed in: report, follow one's reports, appeal decisions about oneself.
	r.Post("/reports", p, h.CreateReport, authz.Doc{ID: "createReport", Req: ReportRequest{}, Resp: MyReport{}, Status: 201,
		Summary: "Report a post, comment, topic, poll, profile, community or opportunity; one open report per person per item (409 for a second); answered within 24 hours"})
	r.Get("/me/reports", p, h.MyReports, authz.Doc{ID: "listMyReports", Query: ModPageQuery{}, Resp: MyReports{},
		Summary: "The person's reports, newest first, with the outcome of those answered"})
	r.Get("/me/moderation", p, h.MyDecisions, authz.Doc{ID: "listDecisionsAboutMe", Resp: MyDecisions{},
		Summary: "Moderation decisions about the person's content or membership, and whether each can still be appealed"})
	r.Post("/moderation/appeals", p, h.CreateAppeal, authz.Doc{ID: "createAppeal", Req: AppealRequest{}, Resp: DecisionAboutMe{}, Status: 201,
		Summary: "Appeal a removal, hiding, suspension or ban of one's own, once (409 for a second)"})

	// Moderators of a community, its admins, platform admins (checked per community).
	r.Get("/moderation/summary", p, h.GetModSummary, authz.Doc{ID: "getModerationSummary", Resp: ModerationSummary{},
		Summary: "The queues the person works on with their open, escalated and late counts, and the appeals they may decide"})
	r.Get("/moderation/queue", p, h.GetModQueue, authz.Doc{ID: "getModerationQueue", Query: ModQueueQuery{}, Resp: ModQueue{},
		Summary: "A review queue: one row per reported item, the oldest clock first, with its report count, reasons and due time (keyset paging)"})
	r.Get("/moderation/item", p, h.GetModItem, authz.Doc{ID: "getModerationItem", Query: ModItemQuery{}, Resp: ModItem{},
		Summary: "A reported item for its moderators: a preview (hidden items too), its reports and its history"})
	r.Post("/moderation/actions", p, h.Moderate, authz.Doc{ID: "moderate", Req: ActionRequest{}, Resp: ActionResult{},
		Summary: "Decide about an item with a reason: hide, remove, warn, suspend (days), ban, dismiss, restore; answers its open reports and tells the reporters and the author"})
	r.Post("/moderation/appeals/{id}/decision", p, h.DecideAppeal, authz.Doc{ID: "decideAppeal", Req: AppealDecision{}, Resp: AppealView{},
		Summary: "Uphold or overturn an appeal with a reason (another moderator than the one who decided, or an admin); overturning restores"})
	r.Get("/moderation/stats", authz.CommunitiesAdmin, h.GetModStats, authz.Doc{ID: "getModerationStats", Query: ModStatsQuery{}, Resp: ModStats{},
		Summary: "Per community: reports answered, the share answered within 24 hours, open and late"})

	// Blocking and muting.
	r.Get("/me/blocks", p, h.ListBlocks, authz.Doc{ID: "listBlocks", Resp: BlockList{},
		Summary: "The people the person blocked and muted"})
	r.Put("/me/blocks/{userId}", p, h.BlockPerson, authz.Doc{ID: "blockPerson", Req: struct{}{}, Status: 204,
		Summary: "Block a person: neither sees the other's posts, comments or profile, nor can mention or reply to them; they are not told"})
	r.Delete("/me/blocks/{userId}", p, h.UnblockPerson, authz.Doc{ID: "unblockPerson", Status: 204, Summary: "Undo a block"})
	r.Put("/me/mutes/{userId}", p, h.MutePerson, authz.Doc{ID: "mutePerson", Req: struct{}{}, Status: 204,
		Summary: "Mute a person: their content is hidden from the person only"})
	r.Delete("/me/mutes/{userId}", p, h.UnmutePerson, authz.Doc{ID: "unmutePerson", Status: 204, Summary: "Undo a mute"})

	reg.AddPage(authz.Page{Key: "moderation", Path: "/dashboard/moderation", Perm: p, Order: 31})
}

// ModPageQuery pages a list by its cursor.
type ModPageQuery struct {
	After string `query:"after" description:"the next cursor of the page before"`
}

// moderationJobs: the clock. Every five minutes, reports unanswered for 12 hours are told to
// their community's admins, and reports past 24 hours to the platform's admins (marked late).
func (h *Handlers) moderationJobs() []jobs.Job {
	return []jobs.Job{{Name: "communities.moderation.clock", Every: 5 * time.Minute, Run: h.escalate}}
}

// pathUserID reads {userId}.
func pathUserID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "userId"), 10, 64)
	if err != nil || id <= 0 {
		return 0, web.NotFound()
	}
	return id, nil
}
