package billing

import (
	"context"
	"fmt"
	"time"

	"gerege/app/platform/payments"
	"gerege/db"
)

// SeedDemo subscribes the demo owner's organisation to the Pro plan through the bank-transfer
// provider, as it would have happened: subscribed 40 days ago (the terms accepted, the first
// invoice paid by a transfer the demo admin marked paid), renewed 10 days ago (paid too), and a
// manual invoice (a career fair stand, in Mongolian) issued two days ago and waiting for its
// transfer; the admin also has a draft. The plans themselves come with the migration.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time, ownerEmail, adminEmail string) error {
	owner, err := store.UserByEmail(ctx, ownerEmail)
	if err != nil {
		return fmt.Errorf("billing demo: owner: %w", err)
	}
	admin, err := store.UserByEmail(ctx, adminEmail)
	if err != nil {
		return fmt.Errorf("billing demo: admin: %w", err)
	}
	if owner.OrgID == 0 {
		return fmt.Errorf("billing demo: %s has no organisation", ownerEmail)
	}
	at := now.Add(-40 * 24 * time.Hour)
	clock := func() time.Time { return at }
	h := &Handlers{Store: store, Now: clock, Seller: DefaultSeller,
		Payments: payments.New(store, clock, payments.Config{Bank: payments.DemoBank})}
	h.Payments.OnPaid(purposeSubscription, h.invoicePaid)
	h.Payments.OnPaid(purposeInvoice, h.invoicePaid)
	pro, err := store.BillingPlanByCode(ctx, "pro")
	if err != nil {
		return err
	}
	// Subscribed 40 days ago.
	var first db.BillingInvoice
	err = store.InTx(ctx, func(tx *db.Store) error {
		s := db.BillingSubscription{OrgID: owner.OrgID, OwnerID: owner.ID, PlanID: pro.ID, Currency: "MNT", Price: pro.PriceMNT,
			Status: "pending", Provider: payments.ProviderBank}
		if s.ID, err = tx.SaveBillingSubscription(ctx, s, at); err != nil {
			return err
		}
		if err := tx.AddBillingTermsAcceptance(ctx, db.BillingTermsAcceptance{OrgID: owner.OrgID, UserID: owner.ID, PlanID: pro.ID,
			TermsVersion: TermsVersion, AcceptedAt: at, IP: "203.0.113.7"}); err != nil {
			return err
		}
		if first, err = h.subscriptionInvoice(ctx, tx, s, pro, owner, "subscribe", s.Price, at, addMonth(at), at.Add(7*24*time.Hour)); err != nil {
			return err
		}
		s.RenewalInvoiceID = first.ID
		_, err = tx.SaveBillingSubscription(ctx, s, at)
		return err
	})
	if err != nil {
		return err
	}
	at = at.Add(3 * time.Hour)
	if err := h.Payments.MarkPaid(ctx, first.PaymentID, admin.ID, "203.0.113.1"); err != nil {
		return fmt.Errorf("billing demo: first payment: %w", err)
	}
	// Renewed at the end of the month, paid the next day.
	s, err := store.BillingSubscriptionOfOrg(ctx, owner.OrgID)
	if err != nil {
		return err
	}
	at = s.PeriodEnd
	if err := store.InTx(ctx, func(tx *db.Store) error {
		_, err := h.renew(ctx, tx, s, pro, at)
		return err
	}); err != nil {
		return fmt.Errorf("billing demo: renewal: %w", err)
	}
	if s, err = store.BillingSubscriptionOfOrg(ctx, owner.OrgID); err != nil {
		return err
	}
	ren, err := store.BillingInvoice(ctx, s.RenewalInvoiceID)
	if err != nil {
		return err
	}
	at = at.Add(26 * time.Hour)
	if err := h.Payments.MarkPaid(ctx, ren.PaymentID, admin.ID, "203.0.113.1"); err != nil {
		return fmt.Errorf("billing demo: renewal payment: %w", err)
	}
	// A manual invoice for a bank transfer, issued two days ago; and a draft.
	at = now.Add(-48 * time.Hour)
	manual := func(note string, lines []Line) (int64, error) {
		v := db.BillingInvoice{Kind: "invoice", Purpose: "manual", OrgID: owner.OrgID, Lang: "mn", Currency: "MNT",
			SellerName: h.Seller.Name, SellerAddress: h.Seller.Address, SellerTaxID: h.Seller.TaxID, BuyerName: owner.OrgName,
			BuyerAddress: "Чингэлтэй дүүрэг, Улаанбаатар", BuyerTaxID: "5012345", BuyerEmail: owner.Email, Lines: encodeLines(lines),
			VATRateBP: VATRateBP, Note: note, CreatedBy: admin.ID, DueAt: at.Add(14 * 24 * time.Hour)}
		v.Total = linesTotal(lines)
		v.VAT = vatOf(v.Total, VATRateBP)
		var id int64
		err := store.InTx(ctx, func(tx *db.Store) (err error) {
			id, err = tx.CreateBillingInvoice(ctx, v, at)
			return err
		})
		return id, err
	}
	id, err := manual("Ажлын байрны үзэсгэлэн 2026", []Line{{Description: "Ажлын байрны үзэсгэлэнгийн лангуу", Quantity: 1, UnitPrice: 350000},
		{Description: "Каталогт зар нийтлэх", Quantity: 2, UnitPrice: 45000}})
	if err != nil {
		return err
	}
	err = store.InTx(ctx, func(tx *db.Store) error {
		if _, err := h.issue(ctx, tx, id, at); err != nil {
			return err
		}
		return h.afterManualIssue(ctx, tx, id, admin.ID)
	})
	if err != nil {
		return err
	}
	_, err = manual("", []Line{{Description: "Зөвлөгөөний цаг", Quantity: 3, UnitPrice: 60000}})
	return err
}
