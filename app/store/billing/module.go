// Package billing is the platform's paid accounts: plans (data edited by platform admins in
// both languages), organisations' monthly subscriptions paid through app/platform/payments,
// renewals with retries and the 30 days' notice of price changes, and invoices numbered
// without gaps per year (HTML and PDF). Files plans*.go are the plans, invoices*.go and pdf.go
// the invoices, subscriptions*.go and renewals.go the subscriptions.
package billing

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/mail"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// Seller is who issues the invoices (the platform's company).
type Seller struct {
	Name    string
	Address string
	TaxID   string // the company's registration number, used as its VAT payer number
}

// DefaultSeller is the seller printed on invoices until a platform admin saves the seller's
// details (seller.go): today's values.
var DefaultSeller = Seller{Name: "Gerege LLC", Address: "Sukhbaatar district, Ulaanbaatar, Mongolia", TaxID: "6543210"}

// VATRateBP is Mongolia's VAT (10%) in basis points. Prices are VAT-inclusive: an invoice
// shows the total, the VAT it contains and the amount without VAT.
const VATRateBP = 1000

// TermsVersion is the version of the no-refund terms an owner accepts when subscribing.
const TermsVersion = "2026-11"

// Handlers serves billing. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Mailer  *mail.Mailer
	Limiter *web.Limiter
	Now     func() time.Time
	Seller  Seller
	// BaseURL is the site's public URL (links in emails, where a card payment comes back to).
	BaseURL string
	// Payments collects the invoices (app/platform/payments).
	Payments *payments.Service
	// Rate bounds subscribing and manual invoices per account.
	Rate web.Rate
}

// Mount declares the billing routes and dashboard pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	if h.Seller.Name == "" {
		h.Seller = DefaultSeller
	}
	if h.Payments != nil {
		h.Payments.SetBankDetails(h.bankDetails)
	}
	// Plans.
	r.Get("/billing/plans", authz.Public, h.PublicPlans, authz.Doc{ID: "listBillingPlans", Resp: PlanList{},
		Summary: "The active plans with their limits and monthly prices (MNT and USD), for /pricing"})
	r.Get("/billing/admin/plans", authz.BillingPlansManage, h.AllPlans, authz.Doc{ID: "listAllBillingPlans", Resp: PlanList{},
		Summary: "Every plan, retired ones included (admins)"})
	r.Post("/billing/plans", authz.BillingPlansManage, h.CreatePlan, authz.Doc{ID: "createBillingPlan", Req: PlanRequest{},
		Resp: PlanView{}, Status: 201, Summary: "Create a plan (admins)"})
	r.Put("/billing/plans/{id}", authz.BillingPlansManage, h.UpdatePlan, authz.Doc{ID: "updateBillingPlan", Req: PlanRequest{},
		Resp: PlanUpdated{}, Summary: "Change a plan; a price change emails every subscriber and applies from their first renewal at least 30 days later"})

	// Invoices.
	r.Get("/billing/invoices", authz.BillingInvoicesRead, h.ListInvoices, authz.Doc{ID: "listBillingInvoices", Query: InvoiceQuery{},
		Resp: InvoiceList{}, Summary: "Invoices, newest first (admins: all; owners: their organisation's issued ones)"})
	r.Post("/billing/invoices", authz.BillingInvoicesManage, h.CreateInvoice, authz.Doc{ID: "createBillingInvoice",
		Req: InvoiceRequest{}, Resp: InvoiceView{}, Status: 201, Summary: "A manual invoice as a draft (e.g. for a bank transfer)"})
	r.Get("/billing/invoices/{id}", authz.BillingInvoicesRead, h.GetInvoice, authz.Doc{ID: "getBillingInvoice", Resp: InvoiceView{},
		Summary: "One invoice (404 when it is not the caller's organisation's)"})
	r.Put("/billing/invoices/{id}", authz.BillingInvoicesManage, h.UpdateInvoice, authz.Doc{ID: "updateBillingInvoice",
		Req: InvoiceRequest{}, Resp: InvoiceView{}, Summary: "Change a draft (409 once issued: issued invoices are only credited)"})
	r.Post("/billing/invoices/{id}/issue", authz.BillingInvoicesManage, h.IssueInvoice, authz.Doc{ID: "issueBillingInvoice",
		Req: struct{}{}, Resp: InvoiceView{}, Summary: "Issue a draft: it gets the year's next number and never changes again"})
	r.Post("/billing/invoices/{id}/void", authz.BillingInvoicesManage, h.VoidInvoice, authz.Doc{ID: "voidBillingInvoice",
		Req: struct{}{}, Resp: InvoiceView{}, Summary: "Void an issued, unpaid invoice (its number stays used)"})
	r.Post("/billing/invoices/{id}/credit", authz.BillingInvoicesManage, h.CreditInvoice, authz.Doc{ID: "creditBillingInvoice",
		Req: struct{}{}, Resp: InvoiceView{}, Status: 201, Summary: "Issue a credit note for the whole of an issued or paid invoice"})
	r.Get("/billing/invoices/{id}/pdf", authz.BillingInvoicesRead, h.InvoicePDF, authz.Doc{ID: "getBillingInvoicePDF",
		Produces: "application/pdf", Summary: "The invoice as PDF (DejaVu Sans embedded: Cyrillic and ₮)"})

	r.Get("/billing/seller", authz.BillingInvoicesManage, h.GetSeller, authz.Doc{ID: "getBillingSeller", Resp: SellerView{},
		Summary: "The seller's details invoices are issued with (today's values until an admin saves them)"})
	r.Put("/billing/seller", authz.BillingInvoicesManage, h.PutSeller, authz.Doc{ID: "updateBillingSeller", Req: SellerDetails{},
		Resp: SellerView{}, Summary: "Change the seller's details: invoices issued from now on and the bank transfer instructions use them; issued invoices keep theirs"})

	reg.AddPage(authz.Page{Key: "invoiceSettings", Path: "/dashboard/invoice/settings", Perm: authz.BillingInvoicesManage, Order: 73})
	reg.AddPage(authz.Page{Key: "invoiceNew", Path: "/dashboard/invoice/new", Perm: authz.BillingInvoicesManage, Order: 70})
	reg.AddPage(authz.Page{Key: "invoices", Path: "/dashboard/invoice", Perm: authz.BillingInvoicesRead, Order: 71, Sub: true})
	reg.AddPage(authz.Page{Key: "plans", Path: "/dashboard/plans", Perm: authz.BillingPlansManage, Order: 72})
	h.mountSubscriptions(r, reg)
}

func (h *Handlers) user(r *http.Request) *db.User { return authn.UserOf(r) }

// link is the absolute URL of a path of the site.
func (h *Handlers) link(path string) string { return strings.TrimRight(h.BaseURL, "/") + path }

func pathID(r *http.Request) (int64, error) { return web.PathID(r, "id") }

// rate limits creating content (subscriptions, invoices) per account.
func (h *Handlers) rate(u *db.User, what string) error {
	if h.Rate.N == 0 || h.Limiter == nil {
		return nil
	}
	return h.Limiter.Limit("billing:"+what+":"+strconv.FormatInt(u.ID, 10), h.Rate)
}
