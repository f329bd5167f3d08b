package billing

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"time"

	"gerege/app/platform/mail"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// FreePlan is the code of the plan every organisation without a live subscription is on.
const FreePlan = "free"

// NoticePeriod is how long before a new price may be charged that subscribers are told.
const NoticePeriod = 30 * 24 * time.Hour

// PublicPlans is GET /api/billing/plans.
func (h *Handlers) PublicPlans(w http.ResponseWriter, r *http.Request) error {
	return h.plans(w, r, false)
}

// AllPlans is GET /api/billing/admin/plans.
func (h *Handlers) AllPlans(w http.ResponseWriter, r *http.Request) error {
	return h.plans(w, r, true)
}

func (h *Handlers) plans(w http.ResponseWriter, r *http.Request, all bool) error {
	ps, err := h.Store.BillingPlans(r.Context(), all)
	if err != nil {
		return err
	}
	out := PlanList{Plans: make([]PlanView, 0, len(ps))}
	for _, p := range ps {
		out.Plans = append(out.Plans, planView(p))
	}
	if !all {
		w.Header().Set("Cache-Control", "public, max-age=60")
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

var codeRE = regexp.MustCompile(`^[a-z][a-z0-9-]{1,39}$`)

// maxPrice bounds a price (a typo of extra zeros is refused): 1 000 000 000₮, $1,000,000.00.
const maxPrice = 1_000_000_000

func checkPlan(in *PlanRequest) error {
	c := &web.Checker{}
	in.Code = strings.TrimSpace(in.Code)
	if !codeRE.MatchString(in.Code) {
		c.Add("code", web.M("storeBilling.errors.code"))
	}
	c.Text("nameEn", in.NameEN, true, 80)
	c.Text("nameMn", in.NameMN, true, 80)
	c.Text("summaryEn", in.SummaryEN, false, 300)
	c.Text("summaryMn", in.SummaryMN, false, 300)
	for field, v := range map[string]int{"limits.postings": in.Limits.Postings, "limits.staff": in.Limits.Staff,
		"limits.communities": in.Limits.Communities} {
		if v < -1 || v > 1_000_000 {
			c.Add(field, web.M("storeBilling.errors.limit"))
		}
	}
	if in.PriceMNT < 0 || in.PriceMNT > maxPrice {
		c.Add("priceMnt", web.M("storeBilling.errors.price"))
	}
	if in.PriceUSD < 0 || in.PriceUSD > maxPrice/10 {
		c.Add("priceUsd", web.M("storeBilling.errors.price"))
	}
	if in.Sort < 0 || in.Sort > 1000 {
		c.Add("sort", web.M("storeBilling.errors.sort"))
	}
	return c.Err()
}

func planRow(in PlanRequest) db.BillingPlan {
	return db.BillingPlan{Code: in.Code, NameEN: strings.TrimSpace(in.NameEN), NameMN: strings.TrimSpace(in.NameMN),
		SummaryEN: strings.TrimSpace(in.SummaryEN), SummaryMN: strings.TrimSpace(in.SummaryMN), MaxPostings: in.Limits.Postings,
		MaxStaff: in.Limits.Staff, MaxCommunities: in.Limits.Communities, PriceMNT: in.PriceMNT, PriceUSD: in.PriceUSD,
		Active: in.Active, Sort: in.Sort}
}

// CreatePlan is POST /api/billing/plans.
func (h *Handlers) CreatePlan(w http.ResponseWriter, r *http.Request) error {
	var in PlanRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	if err := checkPlan(&in); err != nil {
		return err
	}
	u := h.user(r)
	var p db.BillingPlan
	err := h.Store.InTx(r.Context(), func(tx *db.Store) error {
		var err error
		if p, err = tx.SaveBillingPlan(r.Context(), planRow(in), h.Now()); err != nil {
			return err
		}
		return h.audit(r.Context(), tx, web.ClientIP(r), "billing.plan_created", u.ID, 0, db.Detail(p.Code))
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Invalid(map[string]web.Msg{"code": web.M("storeBilling.errors.codeTaken")})
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, planView(p))
	return nil
}

// UpdatePlan is PUT /api/billing/plans/{id}. A changed price is the plan's price for new
// subscriptions at once; every live subscriber of that currency is sent a notice (in their
// language, with the old and new price and the date of the renewal it applies from) and
// keeps their price until their first renewal at least NoticePeriod after the notice.
func (h *Handlers) UpdatePlan(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var in PlanRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	if err := checkPlan(&in); err != nil {
		return err
	}
	u := h.user(r)
	ctx := r.Context()
	var out PlanUpdated
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		old, err := tx.BillingPlan(ctx, id)
		if err != nil {
			return err
		}
		if old.Code == FreePlan && (in.PriceMNT != 0 || in.PriceUSD != 0 || in.Code != FreePlan || !in.Active) {
			return web.Invalid(map[string]web.Msg{"code": web.M("storeBilling.errors.freePlan")})
		}
		row := planRow(in)
		row.ID = id
		p, err := tx.SaveBillingPlan(ctx, row, h.Now())
		if err != nil {
			return err
		}
		out.Plan = planView(p)
		for _, cur := range []string{"MNT", "USD"} {
			if old.Price(cur) == p.Price(cur) {
				continue
			}
			n, err := h.notifyPriceChange(ctx, tx, p, cur, old.Price(cur), p.Price(cur))
			if err != nil {
				return err
			}
			out.Notified += n
			if err := h.audit(ctx, tx, web.ClientIP(r), "billing.price_changed", u.ID, 0,
				db.Detail(p.Code, cur, itoa(old.Price(cur)), itoa(p.Price(cur)))); err != nil {
				return err
			}
		}
		return h.audit(ctx, tx, web.ClientIP(r), "billing.plan_updated", u.ID, 0, db.Detail(p.Code))
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Invalid(map[string]web.Msg{"code": web.M("storeBilling.errors.codeTaken")})
	}
	if errors.Is(err, db.ErrNotFound) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// notifyPriceChange sends the notice of a new price to every live subscriber of p in cur and
// stores each notice (its text, the outbox row) as proof. It runs inside the plan's change.
func (h *Handlers) notifyPriceChange(ctx context.Context, tx *db.Store, p db.BillingPlan, cur string, oldPrice, newPrice int64) (int, error) {
	subs, err := tx.BillingSubscribersOf(ctx, p.ID, cur)
	if err != nil {
		return 0, err
	}
	now := h.Now()
	effective := now.Add(NoticePeriod)
	for _, s := range subs {
		if s.OwnerEmail == "" {
			continue
		}
		lang := s.OwnerLang
		applies := firstRenewalFrom(s.PeriodEnd, effective)
		m := mail.Message{To: s.OwnerEmail, Lang: lang, Kind: "billingPriceChange", Name: s.OwnerName,
			Vars: []any{"plan", planName(p, lang), "oldPrice", payments.FormatMoney(oldPrice, cur, lang),
				"newPrice", payments.FormatMoney(newPrice, cur, lang), "date", FormatDate(applies, lang)}}
		emails := h.Mailer.Compose(m)
		oid, err := h.Mailer.QueueOne(ctx, tx, emails[0])
		if err != nil {
			return 0, err
		}
		if err := tx.AddBillingPriceNotice(ctx, db.BillingPriceNotice{SubscriptionID: s.ID, PlanID: p.ID, Currency: cur,
			OldPrice: oldPrice, NewPrice: newPrice, EmailTo: s.OwnerEmail, EmailLang: lang, EmailSubject: emails[0].Subject,
			EmailText: emails[0].Text, OutboxID: oid, SentAt: now, EffectiveFrom: effective}); err != nil {
			return 0, err
		}
	}
	return len(subs), nil
}

// firstRenewalFrom is the first renewal date (a period end, then monthly) at or after from.
// A subscription without a period yet (pending) renews a month after it starts: from itself.
func firstRenewalFrom(periodEnd, from time.Time) time.Time {
	if periodEnd.IsZero() {
		return from
	}
	d := periodEnd
	for d.Before(from) {
		d = addMonth(d)
	}
	return d
}

func planName(p db.BillingPlan, lang string) string {
	if lang == "mn" {
		return p.NameMN
	}
	return p.NameEN
}
