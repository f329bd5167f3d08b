package communities

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// moderationTarget resolves an item (404 when there is none).
func (h *Handlers) moderationTarget(ctx context.Context, typ string, id int64) (*db.ModTarget, error) {
	if !oneOf(ReportTargets, typ) || id <= 0 {
		return nil, web.NotFound()
	}
	t, err := h.Store.ModerationTarget(ctx, typ, id)
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	return t, err
}

// canSee reports whether u can see the item as anyone does (not as its moderator): it is
// shown, u may read its community, and neither blocked the other.
func (h *Handlers) canSee(ctx context.Context, u *db.User, t *db.ModTarget) (bool, error) {
	if !shown(t) {
		return false, nil
	}
	acc, err := h.access(ctx, u, t.AccessID)
	if err != nil {
		if web.AsError(err).Status == 404 {
			return false, nil
		}
		return false, err
	}
	if !acc.Read {
		return false, nil
	}
	blocked, err := h.Store.BlockedEither(ctx, u.ID, t.AuthorID)
	return !blocked, err
}

// moderatorOf checks that u moderates the item's reports (its community's moderators and
// admins; platform admins for items outside communities and everywhere else). Others get 404
// when they cannot see the item, else 403.
func (h *Handlers) moderatorOf(ctx context.Context, u *db.User, t *db.ModTarget) (Access, error) {
	acc, err := h.access(ctx, u, t.Route)
	if err != nil {
		return acc, err
	}
	if acc.Moderate {
		return acc, nil
	}
	if ok, err := h.canSee(ctx, u, t); err != nil {
		return acc, err
	} else if !ok {
		return acc, web.NotFound()
	}
	return acc, web.Forbidden()
}

// CreateReport is POST /api/reports.
func (h *Handlers) CreateReport(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req ReportRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Note = strings.TrimSpace(req.Note)
	c := &web.Checker{}
	c.OneOf("targetType", req.TargetType, true, ReportTargets...)
	c.OneOf("reason", req.Reason, true, ReportReasons...)
	c.Text("note", req.Note, false, maxNote)
	if req.TargetID <= 0 {
		c.Add("targetId", web.M("validation.required"))
	}
	if err := c.Err(); err != nil {
		return err
	}
	if err := h.limit(u, "report"); err != nil {
		return err
	}
	ctx := r.Context()
	t, err := h.moderationTarget(ctx, req.TargetType, req.TargetID)
	if err != nil {
		return err
	}
	if ok, err := h.canSee(ctx, u, t); err != nil {
		return err
	} else if !ok {
		return web.NotFound()
	}
	if t.AuthorID == u.ID {
		return web.Invalid(map[string]web.Msg{"targetId": web.M("moderation.server.errors.own")})
	}
	threshold := platformAutoHide
	if t.Route != 0 {
		g, err := h.Store.CommunityGateOf(ctx, t.Route)
		if err != nil {
			return err
		}
		threshold = g.AutoHide
	}
	now := h.Now()
	rep := db.Report{TargetType: t.Type, TargetID: t.ID, CommunityID: t.Route, TargetUserID: t.AuthorID, ReporterID: u.ID,
		Reason: req.Reason, Note: req.Note, Status: "open", CreatedAt: now, DueAt: now.Add(reportDue)}
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		id, err := tx.InsertReport(ctx, rep)
		if errors.Is(err, db.ErrConflict) {
			return web.Conflict(web.M("moderation.server.errors.alreadyReported"))
		}
		if err != nil {
			return err
		}
		rep.ID = id
		// Auto-hide: enough independent people reported it; it waits for a moderator.
		if threshold == 0 || t.ContentType == "" || t.Status == "hidden" || t.Status == "removed" {
			return nil
		}
		n, err := tx.OpenReporters(ctx, t.Type, t.ID)
		if err != nil || n < threshold {
			return err
		}
		if err := tx.SetContentStatus(ctx, t.ContentType, t.ContentID, "hidden", "", now); err != nil {
			return err
		}
		_, err = tx.InsertModAction(ctx, db.ModAction{CommunityID: t.Route, TargetType: t.Type, TargetID: t.ID, TargetUserID: t.AuthorID,
			Action: "auto_hide", Reason: strconv.Itoa(n), CreatedAt: now})
		return err
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, myReportOf(rep, t, ""))
	return nil
}

func myReportOf(r db.Report, t *db.ModTarget, outcome string) MyReport {
	out := MyReport{ID: r.ID, TargetType: r.TargetType, TargetID: r.TargetID, Reason: r.Reason, Note: r.Note, Status: r.Status,
		Outcome: outcome, CreatedAt: r.CreatedAt, AnsweredAt: timePtr(r.AnsweredAt)}
	if t != nil {
		out.Title, out.Link = t.Title, itemLink(t)
	}
	return out
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// MyReports is GET /api/me/reports.
func (h *Handlers) MyReports(w http.ResponseWriter, r *http.Request) error {
	var after int64
	if s := r.URL.Query().Get("after"); s != "" {
		c, err := decodeQueueCursor(s)
		if err != nil {
			return err
		}
		after = c.I
	}
	ctx := r.Context()
	list, err := h.Store.ReportsBy(ctx, h.user(r).ID, after, queuePage+1)
	if err != nil {
		return err
	}
	out := MyReports{Items: []MyReport{}}
	for i, rep := range list {
		if i == queuePage {
			out.Next = encodeQueueCursor(queueCursor{I: list[i-1].ID})
			break
		}
		t, err := h.Store.ModerationTarget(ctx, rep.TargetType, rep.TargetID)
		if err != nil && !db.IsNotFound(err) {
			return err
		}
		outcome := ""
		if rep.DecisionID != 0 {
			if a, err := h.Store.ModActionByID(ctx, rep.DecisionID); err == nil {
				outcome = a.Action
			} else if !db.IsNotFound(err) {
				return err
			}
		}
		out.Items = append(out.Items, myReportOf(rep, t, outcome))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// moderatedScopes are the queues u works on: the communities u moderates, and for platform
// admins the items outside communities.
func (h *Handlers) moderatedScopes(ctx context.Context, u *db.User) ([]db.CommunityRef, error) {
	return h.Store.ModeratedCommunities(ctx, u.ID, h.Now())
}

// GetModSummary is GET /api/moderation/summary.
func (h *Handlers) GetModSummary(w http.ResponseWriter, r *http.Request) error {
	ctx, u, lang := r.Context(), h.user(r), web.Lang(r)
	list, err := h.moderatedScopes(ctx, u)
	if err != nil {
		return err
	}
	ids := make([]int64, len(list))
	for i, c := range list {
		ids[i] = c.ID
	}
	counts, err := h.Store.QueueCounts(ctx, ids, u.IsAdmin)
	if err != nil {
		return err
	}
	byID := map[int64]db.QueueCount{}
	for _, c := range counts {
		byID[c.CommunityID] = c
	}
	out := ModerationSummary{Now: h.Now(), Queues: []QueueCommunity{}, PlatformAdmin: u.IsAdmin}
	if u.IsAdmin {
		c := byID[0]
		out.Queues = append(out.Queues, QueueCommunity{ID: 0, Slug: "", Name: web.TLang(lang, "moderation.server.platform"),
			Role: "platform", Open: c.Open, Escalated: c.Escalated, Late: c.Late})
		if out.LateEverywhere, err = h.Store.LateCount(ctx); err != nil {
			return err
		}
	}
	for _, cm := range list {
		c := byID[cm.ID]
		out.Queues = append(out.Queues, QueueCommunity{ID: cm.ID, Slug: cm.Slug, Name: pickName(lang, cm.NameEn, cm.NameMn), Role: cm.Role,
			Open: c.Open, Escalated: c.Escalated, Late: c.Late})
	}
	appeals, err := h.Store.OpenAppeals(ctx, ids, u.IsAdmin, 100)
	if err != nil {
		return err
	}
	out.Appeals = []AppealView{}
	for _, p := range appeals {
		v := appealView(p)
		acc, err := h.access(ctx, u, p.Action.CommunityID)
		if err != nil && web.AsError(err).Status != 404 {
			return err
		}
		v.CanDecide = mayDecideAppeal(u, acc, &p)
		out.Appeals = append(out.Appeals, v)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func pickName(lang, en, mn string) string {
	if lang == "mn" && mn != "" || en == "" {
		return mn
	}
	return en
}

// GetModQueue is GET /api/moderation/queue.
func (h *Handlers) GetModQueue(w http.ResponseWriter, r *http.Request) error {
	ctx, u := r.Context(), h.user(r)
	q := r.URL.Query()
	var scope db.QueueScope
	switch s := q.Get("community"); s {
	case "platform", "late":
		if !u.IsAdmin {
			return web.Forbidden()
		}
		scope.Platform, scope.Late = s == "platform", s == "late"
	default:
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			return web.Invalid(map[string]web.Msg{"community": web.M("validation.choice")})
		}
		acc, err := h.access(ctx, u, id)
		if err != nil {
			return err
		}
		if !acc.Moderate {
			if !acc.Read {
				return web.NotFound()
			}
			return web.Forbidden()
		}
		scope.CommunityID = id
	}
	var cur queueCursor
	if s := q.Get("after"); s != "" {
		var err error
		if cur, err = decodeQueueCursor(s); err != nil {
			return err
		}
	}
	rows, err := h.Store.Queue(ctx, scope, cur.D, cur.I, queuePage+1)
	if err != nil {
		return err
	}
	out := ModQueue{Now: h.Now(), Items: []QueueItem{}}
	for i, row := range rows {
		if i == queuePage {
			last := rows[i-1]
			out.Next = encodeQueueCursor(queueCursor{D: last.DueAt, I: last.FirstID})
			break
		}
		item := QueueItem{TargetType: row.TargetType, TargetID: row.TargetID, CommunityID: row.CommunityID, Reports: row.Count,
			Reasons: row.Reasons, FirstAt: row.CreatedAt, DueAt: row.DueAt, Escalated: row.Escalated, Late: row.Late, Status: "gone"}
		t, err := h.Store.ModerationTarget(ctx, row.TargetType, row.TargetID)
		if err == nil {
			item.Title, item.Excerpt, item.Status = t.Title, excerpt(t.Body, 160), t.Status
		} else if !db.IsNotFound(err) {
			return err
		}
		out.Items = append(out.Items, item)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// GetModItem is GET /api/moderation/item.
func (h *Handlers) GetModItem(w http.ResponseWriter, r *http.Request) error {
	ctx, u := r.Context(), h.user(r)
	id, _ := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	t, err := h.moderationTarget(ctx, r.URL.Query().Get("type"), id)
	if err != nil {
		return err
	}
	if _, err := h.moderatorOf(ctx, u, t); err != nil {
		return err
	}
	v, err := h.itemView(ctx, t)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

func (h *Handlers) itemView(ctx context.Context, t *db.ModTarget) (ModItem, error) {
	v := ModItem{Now: h.Now(), TargetType: t.Type, TargetID: t.ID, CommunityID: t.Route, Title: t.Title, Body: t.Body, Status: t.Status,
		Link: itemLink(t), Actions: actionsFor(t), Reports: []ReportView{}, History: []ModActionView{}}
	if t.AuthorID != 0 {
		if a, err := h.Store.UserByID(ctx, t.AuthorID); err == nil {
			v.Author = strings.TrimSpace(a.FirstName + " " + a.LastName)
		} else if !db.IsNotFound(err) {
			return v, err
		}
	}
	reports, err := h.Store.ItemReports(ctx, t.Type, t.ID, 200)
	if err != nil {
		return v, err
	}
	for _, rep := range reports {
		v.Reports = append(v.Reports, ReportView{ID: rep.ID, Reporter: rep.ReporterName, Reason: rep.Reason, Note: rep.Note, Status: rep.Status,
			CreatedAt: rep.CreatedAt, DueAt: rep.DueAt, AnsweredAt: timePtr(rep.AnsweredAt), Late: rep.Late})
	}
	hist, err := h.Store.ItemActions(ctx, t.Type, t.ID, 200)
	if err != nil {
		return v, err
	}
	for _, a := range hist {
		v.History = append(v.History, actionView(a))
	}
	return v, nil
}

func actionView(a db.ModAction) ModActionView {
	return ModActionView{ID: a.ID, Action: a.Action, Actor: a.ActorName, Reason: a.Reason, Until: timePtr(a.Until), CreatedAt: a.CreatedAt,
		AppealStatus: a.AppealStatus}
}

// Moderate is POST /api/moderation/actions: one decision, in one transaction with its history
// line, the answers to the item's open reports and the notifications.
func (h *Handlers) Moderate(w http.ResponseWriter, r *http.Request) error {
	ctx, u := r.Context(), h.user(r)
	var req ActionRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Reason = strings.TrimSpace(req.Reason)
	c := &web.Checker{}
	c.OneOf("targetType", req.TargetType, true, ReportTargets...)
	c.OneOf("action", req.Action, true, Decisions...)
	checkReason(c, "reason", req.Reason)
	if req.Action == "suspend" && (req.Days < 1 || req.Days > maxSuspendDays) {
		c.Add("days", web.M("moderation.server.errors.days", "max", maxSuspendDays))
	}
	if req.TargetID <= 0 {
		c.Add("targetId", web.M("validation.required"))
	}
	if err := c.Err(); err != nil {
		return err
	}
	t, err := h.moderationTarget(ctx, req.TargetType, req.TargetID)
	if err != nil {
		return err
	}
	acc, err := h.moderatorOf(ctx, u, t)
	if err != nil {
		return err
	}
	if !oneOf(actionsFor(t), req.Action) {
		return web.Invalid(map[string]web.Msg{"action": web.M("moderation.server.errors.notApplicable")})
	}
	if req.Action == "suspend" || req.Action == "ban" {
		// Only admins suspend or ban a community's moderators and admins.
		m, err := h.Store.CommunityMemberOf(ctx, t.Route, t.AuthorID)
		if err != nil && !db.IsNotFound(err) {
			return err
		}
		if m != nil && (m.Role == "admin" || m.Role == "moderator") && !acc.Admin || t.AuthorID == u.ID {
			return web.Forbidden()
		}
	}
	now := h.Now()
	var result ActionResult
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		a, answered, err := h.decide(ctx, tx, u, t, req.Action, req.Reason, req.Days, now)
		if err != nil {
			return err
		}
		result.Action, result.Answered = actionView(a), answered
		return nil
	})
	if err != nil {
		return err
	}
	if t, err = h.moderationTarget(ctx, t.Type, t.ID); err != nil {
		return err
	}
	if result.Item, err = h.itemView(ctx, t); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, result)
	return nil
}

// decide applies a decision in tx: the change itself, its history line, the answers to the
// item's open reports, and the notifications to the reporters and the author.
func (h *Handlers) decide(ctx context.Context, tx *db.Store, u *db.User, t *db.ModTarget, action, reason string, days int, now time.Time) (db.ModAction, int, error) {
	a := db.ModAction{CommunityID: t.Route, TargetType: t.Type, TargetID: t.ID, TargetUserID: t.AuthorID, ActorID: u.ID,
		ActorName: strings.TrimSpace(u.FirstName + " " + u.LastName), Action: action, Reason: reason, CreatedAt: now}
	var err error
	switch action {
	case "hide", "remove":
		err = tx.SetContentStatus(ctx, t.ContentType, t.ContentID, map[string]string{"hide": "hidden", "remove": "removed"}[action], reason, now)
	case "restore":
		err = tx.SetContentStatus(ctx, t.ContentType, t.ContentID, visibleStatus(t.ContentType), "", now)
	case "dismiss":
		// Reports found unfounded: an item the platform hid after them is shown again.
		if t.ContentType != "" && t.Status == "hidden" {
			last, lerr := tx.LastAction(ctx, t.Type, t.ID)
			if lerr == nil && last.Action == "auto_hide" {
				err = tx.SetContentStatus(ctx, t.ContentType, t.ContentID, visibleStatus(t.ContentType), "", now)
			} else if lerr != nil && !db.IsNotFound(lerr) {
				err = lerr
			}
		}
	case "warn":
		if t.Route != 0 {
			err = tx.WarnMember(ctx, t.Route, t.AuthorID)
		}
	case "suspend":
		a.Until = now.Add(time.Duration(days) * 24 * time.Hour)
		err = tx.SanctionMember(ctx, t.Route, t.AuthorID, "suspended", a.Until, now)
	case "ban":
		err = tx.SanctionMember(ctx, t.Route, t.AuthorID, "banned", time.Time{}, now)
	}
	if err != nil {
		return a, 0, err
	}
	if a.ID, err = tx.InsertModAction(ctx, a); err != nil {
		return a, 0, err
	}
	status := "actioned"
	if action == "dismiss" || action == "restore" {
		status = "dismissed"
	}
	answered, err := tx.AnswerReports(ctx, t.Type, t.ID, status, a.ID, now)
	if err != nil {
		return a, 0, err
	}
	title := excerpt(t.Title, 80)
	for _, rep := range answered {
		if rep.ReporterID == 0 {
			continue
		}
		if err := notify.Send(ctx, tx, notify.Notification{UserID: rep.ReporterID, Kind: ReportAnswered.Name, At: now,
			Params: map[string]string{"target": t.Type, "title": title, "outcome": status}, Link: "/dashboard/moderation"}); err != nil {
			return a, 0, err
		}
	}
	if t.AuthorID != 0 && t.AuthorID != u.ID && action != "dismiss" {
		if err := notify.Send(ctx, tx, notify.Notification{UserID: t.AuthorID, Kind: ModeratedYou.Name, At: now,
			Params: map[string]string{"target": t.Type, "title": title, "action": action, "reason": reason}, Link: "/dashboard/moderation"}); err != nil {
			return a, 0, err
		}
	}
	return a, len(answered), nil
}

// GetModStats is GET /api/moderation/stats.
func (h *Handlers) GetModStats(w http.ResponseWriter, r *http.Request) error {
	ctx, lang := r.Context(), web.Lang(r)
	days := 30
	if s := r.URL.Query().Get("days"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 365 {
			return web.Invalid(map[string]web.Msg{"days": web.M("moderation.server.errors.days", "max", 365)})
		}
		days = n
	}
	list, err := h.Store.ModerationStats(ctx, h.Now().Add(-time.Duration(days)*24*time.Hour))
	if err != nil {
		return err
	}
	ids := []int64{}
	for _, s := range list {
		if s.CommunityID != 0 {
			ids = append(ids, s.CommunityID)
		}
	}
	names, err := h.Store.CommunityRefs(ctx, ids)
	if err != nil {
		return err
	}
	out := ModStats{Days: days, Items: []ModCommunityStat{}}
	for _, s := range list {
		v := ModCommunityStat{CommunityID: s.CommunityID, Answered: s.Answered, OnTime: s.OnTime, Open: s.Open, Late: s.Late, Share: 1}
		if s.Answered > 0 {
			v.Share = float64(s.OnTime) / float64(s.Answered)
		}
		if s.CommunityID == 0 {
			v.Name = web.TLang(lang, "moderation.server.platform")
		} else {
			c := names[s.CommunityID]
			v.Slug, v.Name = c.Slug, pickName(lang, c.NameEn, c.NameMn)
		}
		out.Items = append(out.Items, v)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// escalate is the clock's job: reports unanswered for 12 hours go to their community's
// admins, reports past their 24 hours to the platform's admins and are marked late; each once.
func (h *Handlers) escalate(ctx context.Context, now time.Time) error {
	return h.Store.InTx(ctx, func(tx *db.Store) error {
		admins, err := tx.EscalateAdmins(ctx, now.Add(-escalateAdmins), now)
		if err != nil {
			return err
		}
		ids := []int64{}
		for id := range admins {
			ids = append(ids, id)
		}
		names, err := tx.CommunityRefs(ctx, ids)
		if err != nil {
			return err
		}
		for id, n := range admins {
			to, err := tx.CommunityAdminIDs(ctx, id)
			if err != nil {
				return err
			}
			c := names[id]
			if err := notifyAll(ctx, tx, to, notify.Notification{Kind: KindEscalated.Name, At: now,
				Params: map[string]string{"count": strconv.Itoa(n), "community.en": c.NameEn, "community.mn": c.NameMn},
				Link:   "/dashboard/moderation?community=" + strconv.FormatInt(id, 10)}); err != nil {
				return err
			}
		}
		late, err := tx.EscalatePlatform(ctx, now)
		if err != nil || len(late) == 0 {
			return err
		}
		total := 0
		for _, n := range late {
			total += n
		}
		to, err := tx.PlatformAdminIDs(ctx)
		if err != nil {
			return err
		}
		return notifyAll(ctx, tx, to, notify.Notification{Kind: KindLate.Name, At: now,
			Params: map[string]string{"count": strconv.Itoa(total)}, Link: "/dashboard/moderation?community=late"})
	})
}
