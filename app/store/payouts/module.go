// Package payouts pays organisations what their sales earned (issue #16). The ledger credits
// org:<id>:balance when a buyer's payment settles (less the platform's fee); here an
// organisation's owner says where its money goes (its payout details, on the banking page), and
// platform admins record the bank transfers they sent it: one transaction writes the payout,
// the ledger movement org:<id>:balance → org:<id>:payouts, the audit entry and the owner's
// notification (in-app and email). Money held back for refunds still owed on its sales is not
// payable.
package payouts

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/mail"
	"gerege/app/platform/notify"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// Handlers serves payout details and payouts. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Mailer  *mail.Mailer
	Limiter *web.Limiter
	BaseURL string
	Now     func() time.Time
}

// Rates: an owner changes the details a few times (each sends an email), an admin records payouts.
var (
	DetailsRate = web.Rate{N: 20, Per: time.Hour}
	PayoutRate  = web.Rate{N: 300, Per: time.Hour}
)

// Sent tells an organisation's owner that a payout was sent (in-app, and by email at once
// unless they chose otherwise): the amount, the reference and the day.
var Sent = notify.Register(notify.Kind{
	Name: "payouts.sent", Title: "payouts.notify.sent.title", Body: "payouts.notify.sent.body",
	Label: "payouts.notify.sent.label", DefaultEmail: notify.Immediate,
})

// Returned tells an organisation's owner that a payout was marked returned (the transfer came
// back): the amount is on its balance again.
var Returned = notify.Register(notify.Kind{
	Name: "payouts.returned", Title: "payouts.notify.returned.title", Body: "payouts.notify.returned.body",
	Label: "payouts.notify.returned.label", DefaultEmail: notify.Immediate,
})

// Errors of payouts.
var (
	ErrNoDetails = &web.Error{Status: 409, Code: "payout_no_details", Message: web.M("payouts.errors.noDetails")}
)

const pageSize = 50

// Mount declares the routes.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/banking/payout-details", authz.OrganizationManage, h.getDetails, authz.Doc{ID: "getPayoutDetails", Resp: DetailsAnswer{},
		Summary: "Where the organisation's money goes: bank, account holder and account — whole for its owner, masked but for the last four digits for its managers"})
	r.Put("/banking/payout-details", authz.BankingOrg, h.putDetails, authz.Doc{ID: "setPayoutDetails", Req: DetailsBody{}, Resp: DetailsAnswer{},
		Summary: "The owner sets where the organisation's money goes; the change is audited and the owner is emailed (a changed bank account is the classic fraud)"})
	r.Get("/banking/payouts", authz.BankingOrg, h.orgPayouts, authz.Doc{ID: "listOrgPayouts", Query: PayoutsQuery{}, Resp: OrgPayoutsView{},
		Summary: "The organisation's payouts, newest first (keyset paged), and its balance, held and available amounts per currency"})
	r.Get("/banking/owed", authz.BankingPayout, h.owed, authz.Doc{ID: "listOwedToOrgs", Query: OwedQuery{}, Resp: OwedView{},
		Summary: "Owed to organisations: each organisation with a positive balance, per currency, what is available to pay out and its payout details"})
	r.Post("/banking/orgs/{id}/payouts", authz.BankingPayout, h.record, authz.Doc{ID: "recordPayout", Req: PayoutBody{}, Resp: PayoutView{},
		Status: http.StatusCreated, Also: map[int]any{http.StatusOK: PayoutView{}},
		Summary: "Record a bank transfer sent to an organisation: the payout, its ledger movement, the audit entry and the owner's notification, in one transaction; the same reference again answers the same payout (200)"})
	r.Get("/banking/payouts/recent", authz.BankingPayout, h.recent, authz.Doc{ID: "listRecentPayouts", Query: PayoutsQuery{}, Resp: RecentView{},
		Summary: "Every organisation's payouts, newest first (keyset paged), for platform admins"})
	r.Post("/banking/payouts/{id}/return", authz.BankingPayout, h.markReturned, authz.Doc{ID: "returnPayout", Req: struct{}{}, Resp: PayoutView{},
		Summary: "A payout's transfer came back (or was a mistake): it is marked returned and its ledger movement reversed, once; the owner is told. A payout is never deleted"})
}

func (h *Handlers) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// Mask hides an account number but for its last four digits: "•••• 5678".
func Mask(account string) string {
	digits := []rune{}
	for _, c := range account {
		if c >= '0' && c <= '9' {
			digits = append(digits, c)
		}
	}
	if len(digits) > 4 {
		digits = digits[len(digits)-4:]
	}
	return "•••• " + string(digits)
}

func detailsView(d db.PayoutDetails, whole bool) *DetailsView {
	v := &DetailsView{BankName: d.BankName, Holder: d.Holder, Account: d.Account, UpdatedAt: d.UpdatedAt}
	if !whole {
		v.Account, v.Masked = Mask(d.Account), true
	}
	return v
}

func (h *Handlers) getDetails(w http.ResponseWriter, r *http.Request) error {
	u := authn.UserOf(r)
	if u.OrgID == 0 {
		return web.Forbidden()
	}
	owner := authz.Can(u, authz.BankingOrg)
	out := DetailsAnswer{CanEdit: owner}
	d, err := h.Store.PayoutDetailsOf(r.Context(), u.OrgID)
	switch {
	case err == nil:
		out.Details = detailsView(d, owner)
	case !errors.Is(err, db.ErrNotFound):
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// checkDetails validates and tidies the owner's details: each bad field is a field error.
func checkDetails(in *DetailsBody) error {
	fields := map[string]web.Msg{}
	in.BankName = strings.Join(strings.Fields(in.BankName), " ")
	in.Holder = strings.Join(strings.Fields(in.Holder), " ")
	in.Account = strings.Join(strings.Fields(in.Account), " ")
	if in.BankName == "" || utf8.RuneCountInString(in.BankName) > 100 {
		fields["bankName"] = web.M("payouts.errors.bankName")
	}
	if in.Holder == "" || utf8.RuneCountInString(in.Holder) > 200 {
		fields["holder"] = web.M("payouts.errors.holder")
	}
	if !ValidAccount(in.Account) {
		fields["account"] = web.M("payouts.errors.account")
	} else if strings.HasPrefix(strings.ToUpper(in.Account), "MN") {
		in.Account = "MN" + in.Account[2:]
	}
	if len(fields) > 0 {
		return web.Invalid(fields)
	}
	return nil
}

// ValidAccount: digits and spaces, 8 to 34 digits; an IBAN's country code "MN" may lead (a
// Mongolian IBAN is MN, two check digits and 16 digits: 18 digits).
func ValidAccount(s string) bool {
	if len(s) >= 2 && strings.EqualFold(s[:2], "MN") {
		s = s[2:]
	}
	n := 0
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			n++
		case c == ' ':
		default:
			return false
		}
	}
	return n >= 8 && n <= 34
}

func (h *Handlers) putDetails(w http.ResponseWriter, r *http.Request) error {
	u := authn.UserOf(r)
	if u.OrgID == 0 {
		return web.Forbidden()
	}
	if h.Limiter != nil {
		if err := h.Limiter.Limit("payouts:details:"+strconv.FormatInt(u.ID, 10), DetailsRate); err != nil {
			return err
		}
	}
	var in DetailsBody
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	if err := checkDetails(&in); err != nil {
		return err
	}
	ctx, now := r.Context(), h.now()
	owner, err := h.Store.OwnerOfOrg(ctx, u.OrgID)
	if err != nil {
		return err
	}
	// The email is rendered before the transaction (the single writer is not held while
	// templates run) and queued inside it: it exists exactly when the change does.
	var emails []db.Email
	if h.Mailer != nil && owner.Email != "" {
		lang := owner.Lang
		emails = h.Mailer.Compose(mail.Message{To: owner.Email, Lang: lang, Kind: "payoutDetailsChanged", Name: owner.FirstName,
			Link: h.BaseURL + "/" + lang + "/dashboard/banking",
			Vars: []any{"org", owner.OrgName, "bank", in.BankName, "account", Mask(in.Account),
				"when", now.In(ubZone).Format("2006-01-02 15:04")}})
	}
	var d db.PayoutDetails
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		before, err := tx.PayoutDetailsOf(ctx, u.OrgID)
		if err == nil && before.BankName == in.BankName && before.Holder == in.Holder && before.Account == in.Account {
			d = before // nothing changed: no audit entry, no email
			return nil
		}
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			return err
		}
		d = db.PayoutDetails{OrgID: u.OrgID, BankName: in.BankName, Holder: in.Holder, Account: in.Account, UpdatedBy: u.ID, UpdatedAt: now}
		if err := tx.SetPayoutDetails(ctx, d); err != nil {
			return err
		}
		if err := tx.Audit(ctx, db.AuditEvent{At: now, Event: "payout_details_changed", ActorID: u.ID, SubjectID: owner.UserID,
			IP: web.ClientIP(r), Detail: db.Detail(db.DetailPayoutDetails, strconv.FormatInt(u.OrgID, 10), Mask(in.Account))}); err != nil {
			return err
		}
		if len(emails) > 0 {
			return h.Mailer.Queue(ctx, tx, emails...)
		}
		return nil
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, DetailsAnswer{Details: detailsView(d, true), CanEdit: true})
	return nil
}

// ubZone is Ulaanbaatar (UTC+8): transfer days are its days.
var ubZone = time.FixedZone("Asia/Ulaanbaatar", 8*3600)

func payoutView(p db.Payout) PayoutView {
	v := PayoutView{ID: p.ID, OrgID: p.OrgID, Amount: payments.Money{Amount: p.Amount, Currency: p.Currency}, Reference: p.Reference,
		TransferDate: p.TransferDate, Status: p.Status, BankName: p.BankName, Account: p.Account, CreatedAt: p.CreatedAt, OrgName: p.OrgName}
	if !p.ReturnedAt.IsZero() {
		t := p.ReturnedAt
		v.ReturnedAt = &t
	}
	return v
}

// available is an organisation's balance in a currency, what is held back for refunds still
// owed on its sales, and the rest (never below zero): what may be paid out.
func available(ctx context.Context, st *db.Store, orgID int64, currency string) (AvailableView, error) {
	bal, err := st.AccountsBalance(ctx, []string{payments.AccountOrgBalance(orgID)}, currency)
	if err != nil {
		return AvailableView{}, err
	}
	held, err := st.HeldForRefunds(ctx, orgID, currency)
	if err != nil {
		return AvailableView{}, err
	}
	return availableOf(currency, bal, held), nil
}

func availableOf(currency string, bal, held int64) AvailableView {
	held = max(held, 0)
	return AvailableView{Currency: currency, Balance: bal, Held: held, Available: max(bal-held, 0)}
}

func readCursor(r *http.Request, name string) (int64, error) {
	s := r.URL.Query().Get(name)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, web.Invalid(map[string]web.Msg{name: web.M("validation.choice")})
	}
	return n, nil
}

func (h *Handlers) orgPayouts(w http.ResponseWriter, r *http.Request) error {
	u := authn.UserOf(r)
	if u.OrgID == 0 {
		return web.Forbidden()
	}
	before, err := readCursor(r, "before")
	if err != nil {
		return err
	}
	ctx := r.Context()
	list, err := h.Store.PayoutsOfOrg(ctx, u.OrgID, before, pageSize+1)
	if err != nil {
		return err
	}
	v := OrgPayoutsView{Balances: []AvailableView{}, Items: []PayoutView{}}
	if len(list) > pageSize {
		list = list[:pageSize]
		v.Next = list[len(list)-1].ID
	}
	for _, p := range list {
		v.Items = append(v.Items, payoutView(p))
	}
	currencies, err := h.Store.LedgerCurrencies(ctx, []string{payments.AccountOrgBalance(u.OrgID)})
	if err != nil {
		return err
	}
	for _, c := range currencies {
		a, err := available(ctx, h.Store, u.OrgID, c)
		if err != nil {
			return err
		}
		v.Balances = append(v.Balances, a)
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

func (h *Handlers) owed(w http.ResponseWriter, r *http.Request) error {
	after, err := readCursor(r, "after")
	if err != nil {
		return err
	}
	ctx := r.Context()
	list, more, err := h.Store.OrgsOwed(ctx, after, pageSize)
	if err != nil {
		return err
	}
	v := OwedView{Items: []OwedItem{}}
	if more && len(list) > 0 {
		v.Next = list[len(list)-1].OrgID
	}
	for _, o := range list {
		it := OwedItem{OrgID: o.OrgID, OrgName: o.OrgName, Balance: availableOf(o.Currency, o.Balance, o.Held)}
		d, err := h.Store.PayoutDetailsOf(ctx, o.OrgID)
		switch {
		case err == nil:
			it.Details = detailsView(d, true) // platform admins see the whole account
		case !errors.Is(err, db.ErrNotFound):
			return err
		}
		if ps, err := h.Store.PayoutsOfOrg(ctx, o.OrgID, 0, 1); err != nil {
			return err
		} else if len(ps) == 1 {
			pv := payoutView(ps[0])
			it.LastPaid = &pv
		}
		v.Items = append(v.Items, it)
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// checkPayout validates an admin's payout: currency, amount (not negative), reference, day.
func (h *Handlers) checkPayout(in *PayoutBody) error {
	fields := map[string]web.Msg{}
	if _, ok := payments.Currencies[in.Currency]; !ok {
		fields["currency"] = web.M("validation.choice")
	}
	if in.Amount < 0 || in.Amount > payments.MaxAmount {
		fields["amount"] = web.M("payouts.errors.amount")
	}
	in.Reference = strings.TrimSpace(in.Reference)
	if in.Reference == "" || utf8.RuneCountInString(in.Reference) > 100 || strings.IndexFunc(in.Reference, unicode.IsControl) >= 0 {
		fields["reference"] = web.M("payouts.errors.reference")
	}
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(in.Date))
	today := h.now().In(ubZone).Format(time.DateOnly)
	if err != nil || d.Format(time.DateOnly) > today || d.Year() < 2020 {
		fields["date"] = web.M("payouts.errors.date")
	} else {
		in.Date = d.Format(time.DateOnly)
	}
	if len(fields) > 0 {
		return web.Invalid(fields)
	}
	return nil
}

func (h *Handlers) record(w http.ResponseWriter, r *http.Request) error {
	orgID, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || orgID <= 0 {
		return web.NotFound()
	}
	u := authn.UserOf(r)
	if h.Limiter != nil {
		if err := h.Limiter.Limit("payouts:record:"+strconv.FormatInt(u.ID, 10), PayoutRate); err != nil {
			return err
		}
	}
	var in PayoutBody
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	if err := h.checkPayout(&in); err != nil {
		return err
	}
	ctx := r.Context()
	owner, err := h.Store.OwnerOfOrg(ctx, orgID)
	if errors.Is(err, db.ErrNotFound) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	p, replay, err := h.recordPayout(ctx, orgID, owner, in, u.ID, web.ClientIP(r), web.Lang(r))
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if replay {
		status = http.StatusOK
	}
	web.JSON(w, status, payoutView(p))
	return nil
}

// recordPayout records a payout of in (checked) to orgID by adminID, exactly once per
// reference: the payout row, the ledger movement balance → payouts, the audit entry and the
// owner's notification in one transaction. replay: the reference was recorded before (the same
// payout is answered, nothing written).
func (h *Handlers) recordPayout(ctx context.Context, orgID int64, owner db.OrgOwner, in PayoutBody, adminID int64, ip, lang string) (p db.Payout, replay bool, err error) {
	now := h.now()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		// The same transfer recorded again (a double click, a retried request): the same payout.
		if prev, err := tx.PayoutByReference(ctx, orgID, in.Reference); err == nil {
			if prev.Currency != in.Currency || (in.Amount != 0 && in.Amount != prev.Amount) || prev.TransferDate != in.Date {
				return web.Invalid(map[string]web.Msg{"reference": web.M("payouts.errors.referenceUsed")})
			}
			p, replay = prev, true
			return nil
		} else if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		d, err := tx.PayoutDetailsOf(ctx, orgID)
		if errors.Is(err, db.ErrNotFound) {
			return ErrNoDetails
		}
		if err != nil {
			return err
		}
		a, err := available(ctx, tx, orgID, in.Currency)
		if err != nil {
			return err
		}
		amount := in.Amount
		if amount == 0 {
			amount = a.Available
		}
		switch {
		case a.Available <= 0:
			return web.Invalid(map[string]web.Msg{"amount": web.M("payouts.errors.nothingAvailable")})
		case amount > a.Available:
			return web.Invalid(map[string]web.Msg{"amount": web.M("payouts.errors.tooMuch",
				"available", payments.FormatMoney(a.Available, in.Currency, lang))})
		}
		txn, err := tx.PostLedger(ctx, "payout", 0, "payout:"+in.Reference, []db.LedgerEntry{
			{Account: payments.AccountOrgBalance(orgID), Currency: in.Currency, Amount: -amount, Memo: "payout"},
			{Account: payments.AccountOrgPayouts(orgID), Currency: in.Currency, Amount: amount, Memo: "payout"},
		}, now)
		if err != nil {
			return err
		}
		p, err = tx.InsertPayout(ctx, db.Payout{OrgID: orgID, Currency: in.Currency, Amount: amount, Reference: in.Reference,
			TransferDate: in.Date, BankName: d.BankName, Holder: d.Holder, Account: d.Account, LedgerTxnID: txn, CreatedBy: adminID, CreatedAt: now})
		if err != nil {
			return err
		}
		m := payments.Money{Amount: amount, Currency: in.Currency}
		if err := tx.Audit(ctx, db.AuditEvent{At: now, Event: "payout_recorded", ActorID: adminID, SubjectID: owner.UserID, IP: ip,
			Detail: db.Detail(db.DetailPayoutRecorded, strconv.FormatInt(orgID, 10), m.String(), in.Reference)}); err != nil {
			return err
		}
		return notify.Send(ctx, tx, notify.Notification{UserID: owner.UserID, Kind: Sent.Name, Link: "/dashboard/banking", At: now,
			Params: map[string]string{"amount.en": payments.FormatMoney(amount, in.Currency, "en"), "amount.mn": payments.FormatMoney(amount, in.Currency, "mn"),
				"reference": in.Reference, "date": in.Date, "account": Mask(d.Account)}})
	})
	return p, replay, err
}

func (h *Handlers) recent(w http.ResponseWriter, r *http.Request) error {
	before, err := readCursor(r, "before")
	if err != nil {
		return err
	}
	list, err := h.Store.RecentPayouts(r.Context(), before, pageSize+1)
	if err != nil {
		return err
	}
	v := RecentView{Items: []PayoutView{}}
	if len(list) > pageSize {
		list = list[:pageSize]
		v.Next = list[len(list)-1].ID
	}
	for _, p := range list {
		v.Items = append(v.Items, payoutView(p))
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// markReturned marks a payout returned: its movement reversed (org:<id>:payouts → balance),
// the audit entry and the owner's notification, in one transaction, once (a payout already
// returned is answered as it is).
func (h *Handlers) markReturned(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return web.NotFound()
	}
	u := authn.UserOf(r)
	if h.Limiter != nil {
		if err := h.Limiter.Limit("payouts:record:"+strconv.FormatInt(u.ID, 10), PayoutRate); err != nil {
			return err
		}
	}
	ctx, now := r.Context(), h.now()
	var p db.Payout
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if p, err = tx.PayoutByID(ctx, id); err != nil {
			if errors.Is(err, db.ErrNotFound) {
				return web.NotFound()
			}
			return err
		}
		if p.Status != db.PayoutPaid {
			return nil
		}
		txn, err := tx.PostLedger(ctx, "payout", 0, "returned:"+p.Reference, []db.LedgerEntry{
			{Account: payments.AccountOrgPayouts(p.OrgID), Currency: p.Currency, Amount: -p.Amount, Memo: "returned"},
			{Account: payments.AccountOrgBalance(p.OrgID), Currency: p.Currency, Amount: p.Amount, Memo: "returned"},
		}, now)
		if err != nil {
			return err
		}
		if ok, err := tx.MarkPayoutReturned(ctx, p.ID, u.ID, txn, now); err != nil || !ok {
			if err == nil {
				err = errors.New("payouts: payout changed under its transaction")
			}
			return err
		}
		owner, err := tx.OwnerOfOrg(ctx, p.OrgID)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			return err
		}
		m := payments.Money{Amount: p.Amount, Currency: p.Currency}
		if err := tx.Audit(ctx, db.AuditEvent{At: now, Event: "payout_returned", ActorID: u.ID, SubjectID: owner.UserID, IP: web.ClientIP(r),
			Detail: db.Detail(db.DetailPayoutReturned, strconv.FormatInt(p.OrgID, 10), m.String(), p.Reference)}); err != nil {
			return err
		}
		if p, err = tx.PayoutByID(ctx, id); err != nil {
			return err
		}
		if owner.UserID == 0 {
			return nil
		}
		return notify.Send(ctx, tx, notify.Notification{UserID: owner.UserID, Kind: Returned.Name, Link: "/dashboard/banking", At: now,
			Params: map[string]string{"amount.en": payments.FormatMoney(p.Amount, p.Currency, "en"), "amount.mn": payments.FormatMoney(p.Amount, p.Currency, "mn"),
				"reference": p.Reference}})
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, payoutView(p))
	return nil
}
