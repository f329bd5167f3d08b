// Package plans enforces the limits of the organisations' plans (issue #16: open postings,
// staff seats, communities; the plans themselves are app/store/billing's data). A module calls
// Check inside the transaction that would open one more of them, before the change, so the
// count and the change are one step of the single writer; Of reads the usage for a page.
//
// Falling back to the free plan keeps everything: nothing is closed or deleted when a plan
// ends; only new openings are refused while the organisation is at or over its limit.
package plans

import (
	"context"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
)

// What the plans limit.
const (
	Postings    = db.LimitPostings
	Staff       = db.LimitStaff
	Communities = db.LimitCommunities
)

// Code is the machine code of the refusal.
const Code = "plan_limit"

// Usage is how much of one of its plan's limits an organisation uses.
type Usage struct {
	Plan string `json:"plan" description:"the plan's name in the request's language"`
	Code string `json:"code" description:"the plan's code"`
	Used int    `json:"used"`
	Max  int    `json:"max" description:"-1: no limit"`
}

// Unlimited reports whether the plan sets no limit.
func (u Usage) Unlimited() bool { return u.Max < 0 }

// Of reads an organisation's usage of what ("postings", "staff", "communities") at now. On a
// store bound to a transaction it reads inside it.
func Of(ctx context.Context, st *db.Store, orgID int64, what string, now time.Time) (Usage, error) {
	p, err := st.OrgPlan(ctx, orgID)
	if err != nil {
		return Usage{}, err
	}
	max, err := p.Max(what)
	if err != nil {
		return Usage{}, err
	}
	u := Usage{Plan: p.NameEN, Code: p.Code, Max: max}
	if web.LangOf(ctx) == "mn" {
		u.Plan = p.NameMN
	}
	if u.Unlimited() {
		return u, nil
	}
	u.Used, err = st.PlanUsed(ctx, orgID, what, now)
	return u, err
}

// Check refuses one more of what when the organisation's plan has no room left: a 409 with
// the code "plan_limit" and a message naming the plan and its limit in the request's
// language (storeBilling.errors.limit.*). Call it with the store bound to the transaction
// that makes the change.
func Check(ctx context.Context, tx *db.Store, orgID int64, what string, now time.Time) error {
	u, err := Of(ctx, tx, orgID, what, now)
	if err != nil {
		return err
	}
	if u.Unlimited() || u.Used < u.Max {
		return nil
	}
	return Refusal(u, what)
}

// Refusal is the error Check answers for a usage with no room left.
func Refusal(u Usage, what string) *web.Error {
	key := "storeBilling.errors.limit." + what
	if u.Max == 0 {
		key += "None"
	}
	return &web.Error{Status: 409, Code: Code, Message: web.M(key, "plan", u.Plan, "count", u.Max)}
}
