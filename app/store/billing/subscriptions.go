package billing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/mail"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// Payment purposes: a subscription's invoices (first month, renewals, upgrades) and manual
// invoices. A payment's ref is the billing invoice it pays.
const (
	purposeSubscription = payments.PurposeSubscription
	purposeInvoice      = payments.PurposeInvoice
)

func (h *Handlers) mountSubscriptions(r *authz.Router, reg *authz.Registry) {
	if h.Payments != nil {
		h.Payments.OnPaid(purposeSubscription, h.invoicePaid)
		h.Payments.OnPaid(purposeInvoice, h.invoicePaid)
		h.Payments.SaveCardsFor(purposeSubscription) // renewals are charged to the card (renewals.go)
	}
	p := authz.BillingAccount
	r.Get("/billing/subscription", p, h.Account, authz.Doc{ID: "getBillingAccount", Resp: AccountView{},
		Summary: "The organisation's plan, subscription, unpaid and latest invoices (owner)"})
	r.Post("/billing/subscribe", p, h.Subscribe, authz.Doc{ID: "subscribeBilling", Req: SubscribeRequest{}, Resp: SubscribeResult{},
		Status: 201, Summary: "Subscribe the organisation to a plan: accepts the no-refund terms (stored with version, time and IP), issues the first invoice and starts its payment; the plan applies once paid"})
	r.Post("/billing/subscription/cancel", p, h.Cancel, authz.Doc{ID: "cancelBillingSubscription", Req: struct{}{}, Resp: AccountView{},
		Summary: "Cancel at the end of the paid month (no refunds, no partial credits)"})
	r.Post("/billing/subscription/change", p, h.Change, authz.Doc{ID: "changeBillingPlan", Req: ChangeRequest{}, Resp: ChangeResult{},
		Summary: "Upgrade at once (the difference for the rest of the month is invoiced and applies when paid) or downgrade from the next renewal"})
	r.Post("/billing/invoices/{id}/pay", p, h.PayInvoice, authz.Doc{ID: "payBillingInvoice", Req: PayRequest{}, Resp: PaymentStep{},
		Summary: "Start (again) paying one of the organisation's unpaid invoices: what to do next (transfer details, a redirect, a QR)"})
	r.Delete("/billing/card", p, h.RemoveCard, authz.Doc{ID: "removeBillingCard", Resp: AccountView{},
		Summary: "Forget the organisation's saved card: renewals are then invoiced to be paid by hand (owner)"})
	reg.AddPage(authz.Page{Key: "subscription", Path: "/dashboard/subscription", Perm: p, Order: 69})
}

// invoicePaid is the PaidFunc of both purposes: inside the settling transaction the invoice
// becomes paid and what it pays for applies (a subscription starts or renews, an upgrade
// switches the plan). A card or QPay payment of a void invoice (p.PaidLate, or an invoice an
// admin voided) is settled with a refund owed instead (voidInvoicePaid, late.go).
func (h *Handlers) invoicePaid(ctx context.Context, tx *db.Store, p db.Payment) error {
	v, err := tx.BillingInvoice(ctx, p.RefID)
	if err != nil {
		return fmt.Errorf("billing: payment %d pays no invoice: %w", p.ID, err)
	}
	if v.Total != p.Amount || v.Currency != p.Currency {
		return fmt.Errorf("billing: payment %d does not match invoice %d", p.ID, v.ID)
	}
	if v.Status == "void" && p.Provider != payments.ProviderBank {
		return h.voidInvoicePaid(ctx, tx, v, p)
	}
	now := h.Now()
	if err := tx.SetBillingInvoiceStatus(ctx, v.ID, "issued", "paid", now); err != nil {
		return fmt.Errorf("billing: invoice %d is not waiting for payment: %w", v.ID, err)
	}
	if v.SubscriptionID == 0 {
		return nil
	}
	s, err := tx.BillingSubscription(ctx, v.SubscriptionID)
	if err != nil {
		return err
	}
	switch v.Purpose {
	case "subscribe":
		s.Status, s.PlanID, s.Price, s.NextPlanID, s.CancelAtPeriodEnd = "active", v.PlanID, v.Total, 0, false
		s.PeriodStart, s.PeriodEnd = now, addMonth(now)
		s.Attempts, s.NextAttemptAt, s.RenewalInvoiceID = 0, time.Time{}, 0
	case "renewal":
		if s.Status == "ended" { // paid after falling back: a new month from now
			s.PeriodStart, s.PeriodEnd = now, addMonth(now)
		} else {
			s.PeriodStart, s.PeriodEnd = v.PeriodStart, v.PeriodEnd
		}
		s.Status, s.PlanID, s.Attempts, s.NextAttemptAt, s.RenewalInvoiceID = "active", v.PlanID, 0, time.Time{}, 0
		if err := h.emailCardPaid(ctx, tx, s, v, p); err != nil {
			return err
		}
	case "upgrade":
		plan, err := tx.BillingPlan(ctx, v.PlanID)
		if err != nil {
			return err
		}
		if s.Status == "active" || s.Status == "past_due" {
			s.PlanID, s.Price, s.NextPlanID = plan.ID, plan.Price(s.Currency), 0
		}
	}
	_, err = tx.SaveBillingSubscription(ctx, s, now)
	return err
}

// Account is GET /api/billing/subscription.
func (h *Handlers) Account(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	if u.OrgID == 0 || u.OrgRole != "owner" {
		return errNoOrg
	}
	a, err := h.account(r.Context(), u.OrgID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, a)
	return nil
}

var (
	errNoOrg = &web.Error{Status: http.StatusForbidden, Code: "billing_no_organization", Message: web.M("storeBilling.errors.noOrganization")}
	errNoSub = &web.Error{Status: http.StatusConflict, Code: "billing_not_subscribed", Message: web.M("storeBilling.errors.notSubscribed")}
)

func (h *Handlers) providers() []string {
	if h.Payments == nil {
		return []string{}
	}
	return h.Payments.Available()
}

// account is the organisation's billing as its owner sees it.
func (h *Handlers) account(ctx context.Context, orgID int64) (AccountView, error) {
	a := AccountView{Status: "none", Currency: "MNT", Unpaid: []InvoiceSummary{}, Invoices: []InvoiceSummary{}, Notices: []NoticeView{},
		Providers: h.providers(), TermsVersion: TermsVersion}
	free, err := h.Store.BillingPlanByCode(ctx, FreePlan)
	if err != nil {
		return a, err
	}
	a.Plan = planView(free)
	s, err := h.Store.BillingSubscriptionOfOrg(ctx, orgID)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return a, err
	}
	if err == nil {
		a.Status, a.Currency, a.Price, a.CancelAtPeriodEnd = s.Status, s.Currency, s.Price, s.CancelAtPeriodEnd
		plan, err := h.Store.BillingPlan(ctx, s.PlanID)
		if err != nil {
			return a, err
		}
		switch s.Status {
		case "active", "past_due":
			a.Plan = planView(plan)
			a.PeriodStart, a.PeriodEnd = tp(s.PeriodStart), tp(s.PeriodEnd)
		case "pending":
			pv := planView(plan)
			a.PendingPlan = &pv
		}
		if s.NextPlanID != 0 && s.Status != "ended" {
			if np, err := h.Store.BillingPlan(ctx, s.NextPlanID); err == nil {
				nv := planView(np)
				a.NextPlan = &nv
			}
		}
		ns, err := h.Store.BillingPriceNotices(ctx, s.ID)
		if err != nil {
			return a, err
		}
		for _, n := range ns {
			a.Notices = append(a.Notices, NoticeView{Currency: n.Currency, OldPrice: n.OldPrice, NewPrice: n.NewPrice, SentAt: n.SentAt,
				DeliveredAt: tp(n.DeliveredAt), EffectiveFrom: n.EffectiveFrom, Applied: !n.AppliedAt.IsZero()})
		}
	}
	if h.Payments != nil {
		card, ok, err := h.Payments.SavedCard(ctx, orgID)
		if err != nil {
			return a, err
		}
		if ok {
			_, chargeable, err := h.Payments.ChargeableCard(ctx, nil, orgID)
			if err != nil {
				return a, err
			}
			a.Card = &CardView{Brand: card.Brand, Last4: card.Last4, ExpMonth: card.ExpMonth, ExpYear: card.ExpYear, AutoRenew: chargeable}
		}
	}
	vs, err := h.Store.BillingInvoices(ctx, orgID, 0, 20)
	if err != nil {
		return a, err
	}
	for _, v := range vs {
		sum := InvoiceSummary{ID: v.ID, Kind: v.Kind, Status: v.Status, Number: v.Number, Buyer: v.BuyerName, Currency: v.Currency,
			Total: v.Total, CreatedAt: v.CreatedAt, IssuedAt: tp(v.IssuedAt)}
		a.Invoices = append(a.Invoices, sum)
		if v.Status == "issued" && v.Kind == "invoice" {
			a.Unpaid = append(a.Unpaid, sum)
		}
	}
	return a, nil
}

// safeReturn keeps a return URL to a path of this site ("" otherwise).
func safeReturn(s string) string {
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || strings.ContainsAny(s, "\\\r\n") || len(s) > 300 {
		return ""
	}
	return s
}

// Subscribe is POST /api/billing/subscribe.
func (h *Handlers) Subscribe(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	if u.OrgID == 0 || u.OrgRole != "owner" {
		return errNoOrg
	}
	if err := h.rate(u, "subscribe"); err != nil {
		return err
	}
	var in SubscribeRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	c := &web.Checker{}
	c.OneOf("currency", in.Currency, true, "MNT", "USD")
	if !in.AcceptTerms {
		c.Add("acceptTerms", web.M("storeBilling.errors.terms"))
	} else if in.TermsVersion != TermsVersion {
		c.Add("acceptTerms", web.M("storeBilling.errors.termsVersion"))
	}
	if in.Provider == "" {
		in.Provider = payments.ProviderBank
	}
	if !slices.Contains(h.providers(), in.Provider) {
		c.Add("provider", web.M("storeBilling.errors.provider"))
	}
	plan, err := h.Store.BillingPlan(ctx, in.PlanID)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	if err != nil || !plan.Active || plan.Code == FreePlan || plan.Price(in.Currency) <= 0 {
		c.Add("planId", web.M("storeBilling.errors.plan"))
	}
	if err := c.Err(); err != nil {
		return err
	}
	owner, err := h.Store.UserByID(ctx, u.ID)
	if err != nil {
		return err
	}
	now := h.Now()
	var step PaymentStep
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		s, err := tx.BillingSubscriptionOfOrg(ctx, u.OrgID)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			return err
		}
		exists := err == nil
		if exists {
			switch s.Status {
			case "active", "past_due":
				return &web.Error{Status: http.StatusConflict, Code: "billing_already_subscribed", Message: web.M("storeBilling.errors.alreadySubscribed")}
			case "pending":
				// A double-click, or the page sent again: the same plan answers the same invoice.
				if s.PlanID == plan.ID && s.Currency == in.Currency && s.RenewalInvoiceID != 0 {
					v, err := tx.BillingInvoice(ctx, s.RenewalInvoiceID)
					if err != nil {
						return err
					}
					if v.Status == "issued" {
						step = PaymentStep{InvoiceID: v.ID, PaymentID: v.PaymentID}
						return nil
					}
				}
				if err := h.dropPending(ctx, tx, s); err != nil {
					return err
				}
			}
		}
		price := plan.Price(in.Currency)
		s = db.BillingSubscription{ID: s.ID, OrgID: u.OrgID, OwnerID: u.ID, PlanID: plan.ID, Currency: in.Currency, Price: price,
			Status: "pending", Provider: in.Provider}
		if s.ID, err = tx.SaveBillingSubscription(ctx, s, now); err != nil {
			return err
		}
		if err := tx.AddBillingTermsAcceptance(ctx, db.BillingTermsAcceptance{OrgID: u.OrgID, UserID: u.ID, PlanID: plan.ID,
			TermsVersion: in.TermsVersion, AcceptedAt: now, IP: web.ClientIP(r)}); err != nil {
			return err
		}
		inv, err := h.subscriptionInvoice(ctx, tx, s, plan, owner, "subscribe", price, now, addMonth(now), now.Add(7*24*time.Hour))
		if err != nil {
			return err
		}
		s.RenewalInvoiceID = inv.ID
		if _, err := tx.SaveBillingSubscription(ctx, s, now); err != nil {
			return err
		}
		step = PaymentStep{InvoiceID: inv.ID, PaymentID: inv.PaymentID}
		return h.audit(ctx, tx, web.ClientIP(r), "billing.subscribed", u.ID, u.ID, db.Detail(plan.Code, in.Currency, itoa(price)))
	})
	if err != nil {
		return err
	}
	if step.Next, err = h.begin(ctx, step.PaymentID, in.ReturnURL); err != nil {
		return err
	}
	a, err := h.account(ctx, u.OrgID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, SubscribeResult{Account: a, Payment: step})
	return nil
}

func (h *Handlers) begin(ctx context.Context, paymentID int64, returnURL string) (payments.Next, error) {
	if h.Payments == nil {
		return payments.Next{}, errors.New("billing: no payments service")
	}
	ret := safeReturn(returnURL)
	if ret == "" {
		ret = "/dashboard/subscription"
	}
	return h.Payments.Begin(ctx, paymentID, h.link(ret))
}

// dropPending voids the unpaid first invoice of a pending subscription (and cancels its
// payment) before another plan is chosen.
func (h *Handlers) dropPending(ctx context.Context, tx *db.Store, s db.BillingSubscription) error {
	if s.RenewalInvoiceID == 0 {
		return nil
	}
	v, err := tx.BillingInvoice(ctx, s.RenewalInvoiceID)
	if err != nil {
		return err
	}
	if v.Status != "issued" {
		return nil
	}
	if err := tx.SetBillingInvoiceStatus(ctx, v.ID, "issued", "void", h.Now()); err != nil {
		return err
	}
	if v.PaymentID != 0 && h.Payments != nil {
		if err := h.Payments.Cancel(ctx, tx, v.PaymentID); err != nil && !errors.Is(err, payments.ErrNotPending) {
			return err
		}
	}
	return nil
}

// subscriptionInvoice issues an invoice of a subscription (first month, renewal, upgrade) in
// tx, with the year's next number, creates its pending payment and emails it to the owner.
func (h *Handlers) subscriptionInvoice(ctx context.Context, tx *db.Store, s db.BillingSubscription, plan db.BillingPlan,
	owner *db.User, purpose string, amount int64, from, to, due time.Time) (db.BillingInvoice, error) {
	lang := owner.Language
	if lang != "en" && lang != "mn" {
		lang = "mn"
	}
	lines := []Line{{Description: tr(lang, "storeBilling.invoice.line."+purpose, "plan", planName(plan, lang)), Quantity: 1, UnitPrice: amount}}
	seller, _, err := h.sellerDetails(ctx, tx)
	if err != nil {
		return db.BillingInvoice{}, err
	}
	rate := VATRateBP // a seller who is not a VAT payer charges none
	if !seller.VATPayer {
		rate = 0
	}
	v := db.BillingInvoice{Kind: "invoice", Purpose: purpose, OrgID: s.OrgID, SubscriptionID: s.ID, PlanID: plan.ID, Lang: lang,
		Currency: s.Currency, SellerName: h.Seller.Name, SellerAddress: h.Seller.Address, SellerTaxID: h.Seller.TaxID,
		BuyerName: owner.OrgName, BuyerEmail: owner.Email, Lines: encodeLines(lines), VATRateBP: rate, Total: amount,
		VAT: vatOf(amount, rate), PeriodStart: from, PeriodEnd: to, DueAt: due, CreatedBy: 0}
	id, err := tx.CreateBillingInvoice(ctx, v, h.Now())
	if err != nil {
		return v, err
	}
	if _, err := h.issue(ctx, tx, id, h.Now()); err != nil {
		return v, err
	}
	if err := h.collect(ctx, tx, id, purposeSubscription, owner.ID, s.Provider); err != nil {
		return v, err
	}
	if v, err = tx.BillingInvoice(ctx, id); err != nil {
		return v, err
	}
	return v, h.emailInvoice(ctx, tx, v)
}

// collect creates the pending payment of an issued invoice (its key is the invoice: asking
// twice gives the same payment) and links it.
func (h *Handlers) collect(ctx context.Context, tx *db.Store, invoiceID int64, purpose string, payer int64, provider string) error {
	if h.Payments == nil {
		return nil
	}
	v, err := tx.BillingInvoice(ctx, invoiceID)
	if err != nil {
		return err
	}
	if provider == "" {
		provider = payments.ProviderBank
	}
	p, err := h.Payments.Create(ctx, tx, payments.NewPayment{Purpose: purpose, RefID: v.ID, PayerUserID: payer, OrgID: v.OrgID,
		Payee: payments.PayeePlatform, Money: payments.Money{Amount: v.Total, Currency: v.Currency}, Provider: provider,
		Key: "billing:invoice:" + itoa(v.ID)})
	if err != nil {
		return err
	}
	return tx.SetBillingInvoicePayment(ctx, v.ID, p.ID)
}

// afterManualIssue: a manual invoice to an organisation with a positive total is collected
// by bank transfer (an admin marks it paid when the money arrives), and emailed to the buyer.
func (h *Handlers) afterManualIssue(ctx context.Context, tx *db.Store, id, actor int64) error {
	v, err := tx.BillingInvoice(ctx, id)
	if err != nil {
		return err
	}
	if v.OrgID != 0 && v.Total > 0 {
		payer := actor
		if owner, err := tx.BillingOrgOwner(ctx, v.OrgID); err == nil {
			payer = owner.ID
		}
		if err := h.collect(ctx, tx, id, purposeInvoice, payer, payments.ProviderBank); err != nil {
			return err
		}
	}
	return h.emailInvoice(ctx, tx, v)
}

// emailInvoice sends an issued invoice to its buyer's email, in the invoice's language.
func (h *Handlers) emailInvoice(ctx context.Context, tx *db.Store, v db.BillingInvoice) error {
	if v.BuyerEmail == "" || h.Mailer == nil {
		return nil
	}
	v, err := tx.BillingInvoice(ctx, v.ID)
	if err != nil {
		return err
	}
	return h.Mailer.Queue(ctx, tx, h.Mailer.Compose(mail.Message{To: v.BuyerEmail, Lang: v.Lang, Kind: "billingInvoice",
		Link: h.link("/" + v.Lang + "/dashboard/invoice/" + itoa(v.ID)),
		Vars: []any{"number", v.Number, "amount", payments.FormatMoney(v.Total, v.Currency, v.Lang), "buyer", v.BuyerName}})...)
}

// PayInvoice is POST /api/billing/invoices/{id}/pay.
func (h *Handlers) PayInvoice(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var in PayRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	v, err := h.Store.BillingInvoice(r.Context(), id)
	if errors.Is(err, db.ErrNotFound) || (err == nil && (u.OrgID == 0 || v.OrgID != u.OrgID || v.Status == "draft")) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	if v.Status != "issued" || v.PaymentID == 0 {
		return payments.ErrNotPending
	}
	next, err := h.begin(r.Context(), v.PaymentID, in.ReturnURL)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, PaymentStep{InvoiceID: v.ID, PaymentID: v.PaymentID, Next: next})
	return nil
}

// Cancel is POST /api/billing/subscription/cancel: the plan ends at the end of the paid month.
func (h *Handlers) Cancel(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	if u.OrgID == 0 || u.OrgRole != "owner" {
		return errNoOrg
	}
	ctx := r.Context()
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		s, err := tx.BillingSubscriptionOfOrg(ctx, u.OrgID)
		if errors.Is(err, db.ErrNotFound) {
			return errNoSub
		}
		if err != nil {
			return err
		}
		switch s.Status {
		case "active", "past_due":
		case "pending": // nothing was paid: the subscription simply does not start
			if err := h.dropPending(ctx, tx, s); err != nil {
				return err
			}
			s.Status, s.RenewalInvoiceID = "ended", 0
			if _, err := tx.SaveBillingSubscription(ctx, s, h.Now()); err != nil {
				return err
			}
			return h.audit(ctx, tx, web.ClientIP(r), "billing.cancelled", u.ID, u.ID, db.Detail("pending"))
		default:
			return errNoSub
		}
		if s.CancelAtPeriodEnd {
			return &web.Error{Status: http.StatusConflict, Code: "billing_already_cancelled", Message: web.M("storeBilling.errors.alreadyCancelled")}
		}
		s.CancelAtPeriodEnd, s.NextPlanID = true, 0
		if _, err := tx.SaveBillingSubscription(ctx, s, h.Now()); err != nil {
			return err
		}
		return h.audit(ctx, tx, web.ClientIP(r), "billing.cancelled", u.ID, u.ID, db.Detail(T(s.PeriodEnd)))
	})
	if err != nil {
		return err
	}
	a, err := h.account(ctx, u.OrgID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, a)
	return nil
}

// T is a time as the audit detail writes it.
func T(t time.Time) string { return db.T(t) }

// Proration is what an upgrade costs for the rest of the period: the difference of the
// monthly prices times the share of the period left, rounded half up; 0 when nothing is left.
func Proration(oldPrice, newPrice int64, start, end, now time.Time) int64 {
	if newPrice <= oldPrice || !now.Before(end) || !start.Before(end) {
		return 0
	}
	if now.Before(start) {
		now = start
	}
	left, total := int64(end.Sub(now)/time.Second), int64(end.Sub(start)/time.Second)
	diff := newPrice - oldPrice
	return (2*diff*left + total) / (2 * total)
}

// Change is POST /api/billing/subscription/change.
func (h *Handlers) Change(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	if u.OrgID == 0 || u.OrgRole != "owner" {
		return errNoOrg
	}
	if err := h.rate(u, "change"); err != nil {
		return err
	}
	var in ChangeRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	plan, err := h.Store.BillingPlan(ctx, in.PlanID)
	if errors.Is(err, db.ErrNotFound) || (err == nil && (!plan.Active || plan.Code == FreePlan)) {
		return web.Invalid(map[string]web.Msg{"planId": web.M("storeBilling.errors.plan")})
	}
	if err != nil {
		return err
	}
	owner, err := h.Store.UserByID(ctx, u.ID)
	if err != nil {
		return err
	}
	now := h.Now()
	var step *PaymentStep
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		s, err := tx.BillingSubscriptionOfOrg(ctx, u.OrgID)
		if errors.Is(err, db.ErrNotFound) || (err == nil && s.Status != "active") {
			return errNoSub
		}
		if err != nil {
			return err
		}
		if s.PlanID == plan.ID {
			if s.NextPlanID != 0 { // changing one's mind about a downgrade
				s.NextPlanID = 0
				_, err := tx.SaveBillingSubscription(ctx, s, now)
				return err
			}
			return web.Invalid(map[string]web.Msg{"planId": web.M("storeBilling.errors.samePlan")})
		}
		newPrice := plan.Price(s.Currency)
		if newPrice <= s.Price { // a downgrade: from the next renewal
			s.NextPlanID, s.CancelAtPeriodEnd = plan.ID, false
			if _, err := tx.SaveBillingSubscription(ctx, s, now); err != nil {
				return err
			}
			return h.audit(ctx, tx, web.ClientIP(r), "billing.plan_changed", u.ID, u.ID, db.Detail(plan.Code, "next_renewal"))
		}
		amount := Proration(s.Price, newPrice, s.PeriodStart, s.PeriodEnd, now)
		if amount <= 0 {
			amount = 1 // the last second of a period: the smallest amount, so the change is still paid for
		}
		inv, err := h.subscriptionInvoice(ctx, tx, s, plan, owner, "upgrade", amount, now, s.PeriodEnd, now.Add(7*24*time.Hour))
		if err != nil {
			return err
		}
		step = &PaymentStep{InvoiceID: inv.ID, PaymentID: inv.PaymentID}
		return h.audit(ctx, tx, web.ClientIP(r), "billing.plan_changed", u.ID, u.ID, db.Detail(plan.Code, "now", itoa(amount)))
	})
	if err != nil {
		return err
	}
	if step != nil {
		if step.Next, err = h.begin(ctx, step.PaymentID, "/"+owner.Language+"/dashboard/subscription"); err != nil {
			return err
		}
	}
	a, err := h.account(ctx, u.OrgID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, ChangeResult{Account: a, Payment: step})
	return nil
}

var errNoCard = &web.Error{Status: http.StatusNotFound, Code: "billing_no_card", Message: web.M("storeBilling.errors.noCard")}

// RemoveCard is DELETE /api/billing/card: the saved card is forgotten (here and at Stripe);
// renewals go back to an invoice the owner pays by hand.
func (h *Handlers) RemoveCard(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	if u.OrgID == 0 || u.OrgRole != "owner" {
		return errNoOrg
	}
	if h.Payments == nil {
		return errNoCard
	}
	ctx := r.Context()
	ok, err := h.Payments.RemoveCard(ctx, u.OrgID, func(tx *db.Store, m db.PaymentMethod) error {
		return h.audit(ctx, tx, web.ClientIP(r), "billing.card_removed", u.ID, u.ID, db.Detail(m.Brand, m.Last4))
	})
	if err != nil {
		return err
	}
	if !ok {
		return errNoCard
	}
	a, err := h.account(ctx, u.OrgID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, a)
	return nil
}
