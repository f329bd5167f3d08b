package billing

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/web"
	"gerege/db"
)

const (
	maxLines    = 50
	maxQuantity = 100_000
	pageSize    = 50
)

// vatOf is the VAT contained in a VAT-inclusive total at rate (basis points), rounded half up.
func vatOf(total int64, rateBP int) int64 {
	if rateBP == 0 {
		return 0
	}
	num := total * int64(rateBP)
	den := int64(10000 + rateBP)
	if num >= 0 {
		return (2*num + den) / (2 * den)
	}
	return -((-2*num + den) / (2 * den))
}

func linesTotal(lines []Line) int64 {
	var t int64
	for _, l := range lines {
		t += l.Quantity * l.UnitPrice
	}
	return t
}

func parseLines(s string) []Line {
	var ls []Line
	if err := json.Unmarshal([]byte(s), &ls); err != nil || ls == nil {
		return []Line{}
	}
	return ls
}

func encodeLines(ls []Line) string {
	b, _ := json.Marshal(ls)
	return string(b)
}

func invoiceView(v db.BillingInvoice) InvoiceView {
	lines := parseLines(v.Lines)
	lv := make([]LineView, 0, len(lines))
	for _, l := range lines {
		lv = append(lv, LineView{Description: l.Description, Quantity: l.Quantity, UnitPrice: l.UnitPrice, Amount: l.Quantity * l.UnitPrice})
	}
	rate := strconv.Itoa(v.VATRateBP/100) + "%"
	if v.VATRateBP%100 != 0 {
		rate = strconv.FormatFloat(float64(v.VATRateBP)/100, 'f', 2, 64) + "%"
	}
	return InvoiceView{ID: v.ID, Kind: v.Kind, CreditsID: v.CreditsID, Status: v.Status, Number: v.Number, OrgID: v.OrgID,
		Purpose: v.Purpose, Lang: v.Lang, Currency: v.Currency,
		Seller: sellerParty(v),
		Buyer:  Party{Name: v.BuyerName, Address: v.BuyerAddress, TaxID: v.BuyerTaxID, Email: v.BuyerEmail},
		Lines:  lv, VATRate: rate, Net: v.Total - v.VAT, VAT: v.VAT, Total: v.Total, Note: v.Note,
		PeriodStart: tp(v.PeriodStart), PeriodEnd: tp(v.PeriodEnd), CreatedAt: v.CreatedAt, IssuedAt: tp(v.IssuedAt),
		DueAt: tp(v.DueAt), PaidAt: tp(v.PaidAt), VoidedAt: tp(v.VoidedAt), PaymentID: v.PaymentID}
}

// canSee reports whether u may see the invoice: admins every one, an owner their
// organisation's issued ones.
func canSee(u *db.User, v db.BillingInvoice) bool {
	if authz.Can(u, authz.BillingInvoicesManage) {
		return true
	}
	return v.Status != "draft" && v.OrgID != 0 && u.OrgID == v.OrgID && u.OrgRole == "owner"
}

// ListInvoices is GET /api/billing/invoices.
func (h *Handlers) ListInvoices(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	before, _ := strconv.ParseInt(r.URL.Query().Get("before"), 10, 64)
	if before < 0 {
		before = 0
	}
	org := int64(0)
	if !authz.Can(u, authz.BillingInvoicesManage) {
		if u.OrgID == 0 {
			web.JSON(w, http.StatusOK, InvoiceList{Invoices: []InvoiceSummary{}})
			return nil
		}
		org = u.OrgID
	}
	vs, err := h.Store.BillingInvoices(r.Context(), org, before, pageSize+1)
	if err != nil {
		return err
	}
	out := InvoiceList{Invoices: []InvoiceSummary{}}
	for i, v := range vs {
		if i == pageSize {
			out.Next = vs[i-1].ID
			break
		}
		out.Invoices = append(out.Invoices, InvoiceSummary{ID: v.ID, Kind: v.Kind, Status: v.Status, Number: v.Number,
			Buyer: v.BuyerName, Currency: v.Currency, Total: v.Total, CreatedAt: v.CreatedAt, IssuedAt: tp(v.IssuedAt)})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) visibleInvoice(r *http.Request) (db.BillingInvoice, error) {
	id, err := pathID(r)
	if err != nil {
		return db.BillingInvoice{}, err
	}
	v, err := h.Store.BillingInvoice(r.Context(), id)
	if errors.Is(err, db.ErrNotFound) || (err == nil && !canSee(h.user(r), v)) {
		return v, web.NotFound()
	}
	return v, err
}

// GetInvoice is GET /api/billing/invoices/{id}.
func (h *Handlers) GetInvoice(w http.ResponseWriter, r *http.Request) error {
	v, err := h.visibleInvoice(r)
	if err != nil {
		return err
	}
	iv := invoiceView(v)
	if iv.PaymentID != 0 {
		// Whether its payment is owed back, and once refunded, when and how (issue #16).
		p, err := h.Store.Payment(r.Context(), iv.PaymentID)
		if err != nil {
			return err
		}
		iv.RefundOwed = p.RefundOwed
		// Partly refunded (refund parts) until the whole is back; then when and how.
		parts, err := h.Store.SucceededRefunds(r.Context(), p.ID)
		if err != nil {
			return err
		}
		refs := []string{}
		for _, ref := range parts {
			iv.RefundedAmount += ref.Amount
			if ref.ProviderRef != "" && !slices.Contains(refs, ref.ProviderRef) {
				refs = append(refs, ref.ProviderRef)
			}
		}
		if len(parts) > 0 && iv.RefundedAmount >= p.Amount {
			last := parts[len(parts)-1]
			iv.Refunded = &InvoiceRefund{At: last.DoneAt, Amount: iv.RefundedAmount, Provider: last.Provider, Reference: strings.Join(refs, ", ")}
		}
	}
	web.JSON(w, http.StatusOK, iv)
	return nil
}

// InvoicePDF is GET /api/billing/invoices/{id}/pdf.
func (h *Handlers) InvoicePDF(w http.ResponseWriter, r *http.Request) error {
	v, err := h.visibleInvoice(r)
	if err != nil {
		return err
	}
	b, err := RenderPDF(invoiceView(v))
	if err != nil {
		return err
	}
	name := v.Number
	if name == "" {
		name = "draft-" + itoa(v.ID)
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `inline; filename="invoice-`+name+`.pdf"`)
	w.Header().Set("Cache-Control", "private, no-store")
	_, _ = w.Write(b)
	return nil
}

// checkInvoice validates a manual invoice and turns it into a draft row.
func (h *Handlers) checkInvoice(ctx context.Context, in InvoiceRequest) (db.BillingInvoice, error) {
	c := &web.Checker{}
	c.OneOf("lang", in.Lang, true, "en", "mn")
	c.OneOf("currency", in.Currency, true, "MNT", "USD")
	seller, _, err := h.sellerDetails(ctx, h.Store)
	if err != nil {
		return db.BillingInvoice{}, err
	}
	// The seller of the moment (written again when the draft is issued).
	sName, sAddress, sTaxID, sDetails := seller.snapshot(in.Lang)
	v := db.BillingInvoice{Kind: "invoice", Purpose: "manual", Lang: in.Lang, Currency: in.Currency,
		SellerName: sName, SellerAddress: sAddress, SellerTaxID: sTaxID, SellerDetails: sDetails,
		BuyerName: strings.TrimSpace(in.BuyerName), BuyerAddress: strings.TrimSpace(in.BuyerAddress),
		BuyerTaxID: strings.TrimSpace(in.BuyerTaxID), BuyerEmail: strings.TrimSpace(in.BuyerEmail), Note: strings.TrimSpace(in.Note),
		VATRateBP: in.VATRateBP}
	if in.OrgID < 0 {
		c.Add("orgId", web.M("storeBilling.errors.org"))
	} else if in.OrgID > 0 {
		owner, err := h.Store.BillingOrgOwner(ctx, in.OrgID)
		if errors.Is(err, db.ErrNotFound) {
			c.Add("orgId", web.M("storeBilling.errors.org"))
		} else if err != nil {
			return v, err
		} else {
			v.OrgID = in.OrgID
			if v.BuyerName == "" {
				v.BuyerName = owner.OrgName
			}
			if v.BuyerEmail == "" {
				v.BuyerEmail = owner.Email
			}
		}
	}
	if v.BuyerName == "" {
		c.Add("buyerName", web.M("validation.required"))
	}
	c.Text("buyerName", in.BuyerName, false, 200)
	c.Text("buyerAddress", in.BuyerAddress, false, 300)
	c.Text("buyerTaxId", in.BuyerTaxID, false, 40)
	c.Text("note", in.Note, false, 1000)
	if v.BuyerEmail != "" && in.BuyerEmail != "" {
		c.Email("buyerEmail", v.BuyerEmail)
	}
	if in.VATRateBP != 0 && in.VATRateBP != VATRateBP {
		c.Add("vatRateBp", web.M("storeBilling.errors.vatRate"))
	} else if in.VATRateBP != 0 && !seller.VATPayer {
		c.Add("vatRateBp", web.M("storeBilling.errors.notVatPayer"))
	}
	if len(in.Lines) == 0 {
		c.Add("lines", web.M("storeBilling.errors.noLines"))
	}
	if len(in.Lines) > maxLines {
		c.Add("lines", web.M("storeBilling.errors.tooManyLines", "max", maxLines))
	}
	lines := make([]Line, 0, len(in.Lines))
	for i, l := range in.Lines {
		f := "lines." + strconv.Itoa(i)
		l.Description = strings.TrimSpace(l.Description)
		c.Text(f+".description", l.Description, true, 200)
		if l.Quantity <= 0 || l.Quantity > maxQuantity {
			c.Add(f+".quantity", web.M("storeBilling.errors.quantity"))
		}
		if l.UnitPrice <= 0 || l.UnitPrice > maxPrice {
			c.Add(f+".unitPrice", web.M("storeBilling.errors.price"))
		}
		lines = append(lines, l)
	}
	if in.DueDate != "" {
		if d, ok := c.Date("dueDate", in.DueDate, false); ok {
			v.DueAt = time.Date(d.Year(), d.Month(), d.Day(), 23, 59, 59, 0, Zone)
		}
	}
	if err := c.Err(); err != nil {
		return v, err
	}
	v.Lines = encodeLines(lines)
	v.Total = linesTotal(lines)
	v.VAT = vatOf(v.Total, v.VATRateBP)
	return v, nil
}

// CreateInvoice is POST /api/billing/invoices.
func (h *Handlers) CreateInvoice(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	if err := h.rate(u, "invoice"); err != nil {
		return err
	}
	var in InvoiceRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	v, err := h.checkInvoice(r.Context(), in)
	if err != nil {
		return err
	}
	v.CreatedBy = u.ID
	var id int64
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		var err error
		if id, err = tx.CreateBillingInvoice(r.Context(), v, h.Now()); err != nil {
			return err
		}
		return h.audit(r.Context(), tx, web.ClientIP(r), "billing.invoice_drafted", u.ID, 0, db.Detail(itoa(id)))
	})
	if err != nil {
		return err
	}
	return h.answerInvoice(w, r, id, http.StatusCreated)
}

func (h *Handlers) answerInvoice(w http.ResponseWriter, r *http.Request, id int64, status int) error {
	v, err := h.Store.BillingInvoice(r.Context(), id)
	if err != nil {
		return err
	}
	web.JSON(w, status, invoiceView(v))
	return nil
}

var errIssued = &web.Error{Status: http.StatusConflict, Code: "invoice_issued", Message: web.M("storeBilling.errors.issued")}

// UpdateInvoice is PUT /api/billing/invoices/{id}: drafts only.
func (h *Handlers) UpdateInvoice(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var in InvoiceRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	cur, err := h.Store.BillingInvoice(r.Context(), id)
	if errors.Is(err, db.ErrNotFound) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	if cur.Status != "draft" || cur.Purpose != "manual" {
		return errIssued
	}
	v, err := h.checkInvoice(r.Context(), in)
	if err != nil {
		return err
	}
	v.ID = id
	u := h.user(r)
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.UpdateBillingDraft(r.Context(), v, h.Now()); err != nil {
			return err
		}
		return h.audit(r.Context(), tx, web.ClientIP(r), "billing.invoice_edited", u.ID, 0, db.Detail(itoa(id)))
	})
	if errors.Is(err, db.ErrNotFound) {
		return errIssued
	}
	if err != nil {
		return err
	}
	return h.answerInvoice(w, r, id, http.StatusOK)
}

// issue gives a draft its number inside tx (the numbering's one place), with the seller's
// details of the moment, which it keeps.
func (h *Handlers) issue(ctx context.Context, tx *db.Store, id int64, at time.Time) (string, error) {
	if err := h.stampSeller(ctx, tx, id); err != nil {
		return "", err
	}
	return tx.IssueBillingInvoice(ctx, id, at.In(Zone).Year(), at)
}

// IssueInvoice is POST /api/billing/invoices/{id}/issue.
func (h *Handlers) IssueInvoice(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	u := h.user(r)
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		number, err := h.issue(r.Context(), tx, id, h.Now())
		if err != nil {
			return err
		}
		if err := h.afterManualIssue(r.Context(), tx, id, u.ID); err != nil {
			return err
		}
		return h.audit(r.Context(), tx, web.ClientIP(r), "billing.invoice_issued", u.ID, 0, db.Detail(number))
	})
	if errors.Is(err, db.ErrNotFound) {
		if _, e := h.Store.BillingInvoice(r.Context(), id); errors.Is(e, db.ErrNotFound) {
			return web.NotFound()
		}
		return errIssued
	}
	if err != nil {
		return err
	}
	return h.answerInvoice(w, r, id, http.StatusOK)
}

// VoidInvoice is POST /api/billing/invoices/{id}/void: an issued, unpaid invoice.
func (h *Handlers) VoidInvoice(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	u := h.user(r)
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.SetBillingInvoiceStatus(r.Context(), id, "issued", "void", h.Now()); err != nil {
			return err
		}
		if err := h.cancelInvoicePayment(r.Context(), tx, id); err != nil {
			return err
		}
		return h.audit(r.Context(), tx, web.ClientIP(r), "billing.invoice_voided", u.ID, 0, db.Detail(itoa(id)))
	})
	if errors.Is(err, db.ErrNotFound) {
		if _, e := h.Store.BillingInvoice(r.Context(), id); errors.Is(e, db.ErrNotFound) {
			return web.NotFound()
		}
		return &web.Error{Status: http.StatusConflict, Code: "invoice_not_voidable", Message: web.M("storeBilling.errors.notVoidable")}
	}
	if err != nil {
		return err
	}
	return h.answerInvoice(w, r, id, http.StatusOK)
}

// CreditInvoice is POST /api/billing/invoices/{id}/credit: a credit note for the whole of an
// issued or paid invoice, issued at once with the year's next number.
func (h *Handlers) CreditInvoice(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	u := h.user(r)
	var cid int64
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		v, err := tx.BillingInvoice(r.Context(), id)
		if err != nil {
			return err
		}
		if v.Kind != "invoice" || (v.Status != "issued" && v.Status != "paid") {
			return &web.Error{Status: http.StatusConflict, Code: "invoice_not_creditable", Message: web.M("storeBilling.errors.notCreditable")}
		}
		lines := parseLines(v.Lines)
		for i := range lines {
			lines[i].UnitPrice = -lines[i].UnitPrice
		}
		c := v
		c.Kind, c.CreditsID, c.Purpose, c.Lines, c.Total, c.VAT, c.CreatedBy = "credit", v.ID, "credit", encodeLines(lines), -v.Total, -v.VAT, u.ID
		c.Note = v.Number
		if cid, err = tx.CreateBillingInvoice(r.Context(), c, h.Now()); err != nil {
			return err
		}
		number, err := h.issue(r.Context(), tx, cid, h.Now())
		if err != nil {
			return err
		}
		if v.Status == "issued" { // nothing was paid: the credited invoice is void too
			if err := tx.SetBillingInvoiceStatus(r.Context(), v.ID, "issued", "void", h.Now()); err != nil {
				return err
			}
			if err := h.cancelInvoicePayment(r.Context(), tx, v.ID); err != nil {
				return err
			}
		}
		return h.audit(r.Context(), tx, web.ClientIP(r), "billing.invoice_credited", u.ID, 0, db.Detail(v.Number, number))
	})
	if errors.Is(err, db.ErrNotFound) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	return h.answerInvoice(w, r, cid, http.StatusCreated)
}
