package banking

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// ubZone is Ulaanbaatar (UTC+8, no daylight saving): the page's days are its days.
var ubZone = time.FixedZone("Asia/Ulaanbaatar", 8*3600)

const pageSize = 50

// maxExport bounds one CSV (a bigger ledger is exported window by window).
const maxExport = 50_000

// ledgerQuery is what the ledger's filters are, read and checked.
type ledgerQuery struct {
	scope    string
	accounts []string
	currency string
	from, to time.Time // [from, to) in UTC; zero = open
	fromDay  string
	toDay    string
	before   int64
}

// accountsOf is the accounts a scope's ledger shows: the organisation's balance (what it
// received, less fees and payouts), or the platform's income (its own sales and its fees).
func accountsOf(scope string, orgID int64) []string {
	if scope == ScopeOrg {
		return []string{payments.AccountOrgBalance(orgID)}
	}
	return []string{payments.AccountRevenue, payments.AccountFees}
}

// readLedgerQuery reads scope, currency, from, to and before; each bad value is a field error,
// a scope the caller may not see is 403.
func (h *Handlers) readLedgerQuery(r *http.Request) (ledgerQuery, error) {
	u := authn.UserOf(r)
	q := r.URL.Query()
	var lq ledgerQuery
	fields := map[string]web.Msg{}
	lq.scope = q.Get("scope")
	if lq.scope == "" {
		lq.scope = ScopePlatform
		if authz.Can(u, authz.BankingOrg) && u.OrgID != 0 {
			lq.scope = ScopeOrg
		}
	}
	switch lq.scope {
	case ScopeOrg:
		if !authz.Can(u, authz.BankingOrg) || u.OrgID == 0 {
			return lq, web.Forbidden()
		}
	case ScopePlatform:
		if !authz.Can(u, authz.BankingPlatform) {
			return lq, web.Forbidden()
		}
	default:
		fields["scope"] = web.M("validation.choice")
	}
	lq.currency = q.Get("currency")
	if lq.currency == "" {
		lq.currency = "MNT"
	}
	if _, ok := payments.Currencies[lq.currency]; !ok {
		fields["currency"] = web.M("validation.choice")
	}
	day := func(name string) (time.Time, string) {
		s := q.Get(name)
		if s == "" {
			return time.Time{}, ""
		}
		t, err := time.ParseInLocation("2006-01-02", s, ubZone)
		if err != nil || t.Year() < 2000 || t.Year() > 2100 {
			fields[name] = web.M("banking.errors.day")
			return time.Time{}, ""
		}
		return t, s
	}
	from, fromDay := day("from")
	to, toDay := day("to")
	if !to.IsZero() {
		to = to.AddDate(0, 0, 1) // the whole last day
	}
	if !from.IsZero() && !to.IsZero() && !from.Before(to) {
		fields["to"] = web.M("banking.errors.window")
	}
	lq.from, lq.to, lq.fromDay, lq.toDay = from, to, fromDay, toDay
	if s := q.Get("before"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			fields["before"] = web.M("validation.choice")
		}
		lq.before = n
	}
	if len(fields) > 0 {
		return lq, web.Invalid(fields)
	}
	lq.accounts = accountsOf(lq.scope, u.OrgID)
	return lq, nil
}

func (h *Handlers) ledger(w http.ResponseWriter, r *http.Request) error {
	lq, err := h.readLedgerQuery(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	lines, err := h.Store.LedgerLines(ctx, db.LedgerFilter{Accounts: lq.accounts, Currency: lq.currency, From: lq.from, To: lq.to,
		Before: lq.before, Limit: pageSize + 1})
	if err != nil {
		return err
	}
	currencies, err := h.Store.LedgerCurrencies(ctx, lq.accounts)
	if err != nil {
		return err
	}
	balance, err := h.Store.AccountsBalance(ctx, lq.accounts, lq.currency)
	if err != nil {
		return err
	}
	v := LedgerView{Scope: lq.scope, Currency: lq.currency, Currencies: currencies, Balance: balance,
		From: lq.fromDay, To: lq.toDay, Entries: []LedgerLineView{}}
	if len(lines) > pageSize {
		lines = lines[:pageSize]
		v.Next = lines[len(lines)-1].ID
	}
	for _, l := range lines {
		v.Entries = append(v.Entries, lineView(l))
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

func lineView(l db.LedgerLine) LedgerLineView {
	return LedgerLineView{ID: l.ID, At: l.CreatedAt, Account: l.Account, Kind: l.Memo, Amount: l.Amount, Balance: l.Balance,
		PaymentID: l.PaymentID, Purpose: l.Purpose, RefID: l.RefID}
}

// decimal writes a minor-unit amount as the currency's decimal number ("25000", "12.50").
func decimal(amount int64, currency string) string {
	m := payments.Money{Amount: amount, Currency: currency}.String()
	return strings.TrimSuffix(m, " "+currency)
}

// ledgerCSV is the ledger the filters select, every line (newest first), in the reader's
// language: formula-safe, UTF-8 with BOM; a failure breaks the download instead of ending it
// as if complete (web.ExportTable).
func (h *Handlers) ledgerCSV(w http.ResponseWriter, r *http.Request) error {
	lq, err := h.readLedgerQuery(r)
	if err != nil {
		return err
	}
	ctx, lang := r.Context(), web.Lang(r)
	words := i18n.Get(lang)
	col := func(k string) string { return i18n.T(lang, "banking.export."+k) }
	header := []string{col("date"), col("kind"), col("description"), col("amount"), col("currency"), col("balance"), col("account")}
	name := "ledger-" + lq.scope + "-" + strings.ToLower(lq.currency) + ".csv"
	return web.ExportTable(w, r, web.CSV, name, header, func(emit func([]string) error) error {
		before, n := lq.before, 0
		for {
			lines, err := h.Store.LedgerLines(ctx, db.LedgerFilter{Accounts: lq.accounts, Currency: lq.currency, From: lq.from, To: lq.to,
				Before: before, Limit: 500})
			if err != nil {
				return err
			}
			for _, l := range lines {
				desc := l.Purpose
				if _, ok := words["banking.export.purposes."+l.Purpose]; ok {
					desc = i18n.T(lang, "banking.export.purposes."+l.Purpose, "ref", l.RefID)
				}
				kind := l.Memo // a kind without words (an adjustment's own memo) is shown as written
				if _, ok := words["banking.export.kinds."+l.Memo]; ok {
					kind = i18n.T(lang, "banking.export.kinds."+l.Memo)
				}
				if err := emit([]string{l.CreatedAt.In(ubZone).Format("2006-01-02 15:04"), kind,
					desc, decimal(l.Amount, l.Currency), l.Currency, decimal(l.Balance, l.Currency), l.Account}); err != nil {
					return err
				}
				if n++; n >= maxExport {
					return nil
				}
			}
			if len(lines) < 500 {
				return nil
			}
			before = lines[len(lines)-1].ID
		}
	})
}

func (h *Handlers) pending(w http.ResponseWriter, r *http.Request) error {
	after := int64(0)
	if s := r.URL.Query().Get("after"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return web.Invalid(map[string]web.Msg{"after": web.M("validation.choice")})
		}
		after = n
	}
	list, err := h.Store.PaymentsByStatus(r.Context(), payments.ProviderBank, db.PaymentPending, after, pageSize+1)
	if err != nil {
		return err
	}
	v := PendingView{Items: []PendingItem{}}
	if len(list) > pageSize {
		list = list[:pageSize]
		v.Next = list[len(list)-1].ID
	}
	for _, p := range list {
		v.Items = append(v.Items, PendingItem{Payment: paymentView(p.Payment, h.Payments.TransferOf(p.Payment)),
			PayerName: strings.TrimSpace(p.PayerName), PayerEmail: p.PayerEmail, OrgName: p.OrgName})
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

func (h *Handlers) refunds(w http.ResponseWriter, r *http.Request) error {
	before := int64(0)
	if s := r.URL.Query().Get("before"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return web.Invalid(map[string]web.Msg{"before": web.M("validation.choice")})
		}
		before = n
	}
	list, err := h.Store.PaymentsRefundDue(r.Context(), before, pageSize+1)
	if err != nil {
		return err
	}
	v := RefundsView{Items: []PendingItem{}}
	if len(list) > pageSize {
		list = list[:pageSize]
		v.Next = list[len(list)-1].ID
	}
	for _, p := range list {
		pv, err := h.withRefund(r.Context(), web.Lang(r), paymentView(p.Payment, nil), p.Payment, true)
		if err != nil {
			return err
		}
		v.Items = append(v.Items, PendingItem{Payment: pv,
			PayerName: strings.TrimSpace(p.PayerName), PayerEmail: p.PayerEmail, OrgName: p.OrgName})
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

func (h *Handlers) charges(w http.ResponseWriter, r *http.Request) error {
	u := authn.UserOf(r)
	if u.OrgID == 0 {
		return web.Forbidden()
	}
	list, err := h.Store.PaymentsOfOrg(r.Context(), u.OrgID, db.PaymentPaid, 0, pageSize)
	if err != nil {
		return err
	}
	v := ChargesView{Items: []PaymentView{}}
	for _, p := range list {
		v.Items = append(v.Items, paymentView(p.Payment, nil))
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}
