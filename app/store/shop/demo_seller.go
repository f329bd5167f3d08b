package shop

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"gerege/app/platform/payments"
	"gerege/db"
)

// SeedDemoSeller gives the demo one organisation that sells (the owner's organisation is
// unverified in the demo, to show the verification flow): a verified organisation's service,
// bought by the student twice, paid by bank transfer (marked received by the admin), so that
// its balance has money the platform owes it (the payouts' demo pays part of it out).
// It answers the organisation's id.
func SeedDemoSeller(ctx context.Context, store *db.Store, now time.Time, ownerEmail string) (int64, error) {
	admin, err := store.UserByEmail(ctx, "admin@demo.gerege.mn")
	if err != nil {
		return 0, fmt.Errorf("shop demo seller: %w", err)
	}
	owner, err := store.UserByEmail(ctx, ownerEmail)
	if err != nil {
		return 0, fmt.Errorf("shop demo seller: %w", err)
	}
	student, err := store.UserByEmail(ctx, "student@demo.gerege.mn")
	if err != nil {
		return 0, fmt.Errorf("shop demo seller: %w", err)
	}
	clock := now.Add(-30 * 24 * time.Hour)
	svc := payments.New(store, func() time.Time { return clock }, payments.Config{Bank: payments.DemoBank})
	h := &Handlers{Store: store, Payments: svc, Now: func() time.Time { return clock }, quiet: true}
	svc.OnPaid("order", h.orderPaid)
	p := &db.Product{Seller: "org:" + strconv.FormatInt(owner.OrgID, 10), OrgID: owner.OrgID, CreatedBy: owner.ID,
		NameEn: "Exchange application review", NameMn: "Солилцооны хөтөлбөрийн өргөдөл хянах үйлчилгээ",
		DescriptionEn: "An adviser reads your exchange program application and essay, and answers within a week.",
		DescriptionMn: "Зөвлөх таны солилцооны хөтөлбөрийн өргөдөл, эссэг уншиж, долоо хоногийн дотор хариу өгнө.",
		Category:      "service", Price: 80000, Currency: "MNT", StockKind: "unlimited", Active: true}
	if err := store.InTx(ctx, func(tx *db.Store) error { return tx.CreateProduct(ctx, p, clock) }); err != nil {
		return 0, err
	}
	for i, daysAgo := range []int{21, 10} {
		clock = now.Add(-time.Duration(daysAgo) * 24 * time.Hour)
		_, q, products, err := h.quote(ctx, "mn", []CartItem{{ID: p.ID, Quantity: 1}}, "", "")
		if err != nil {
			return 0, fmt.Errorf("shop demo seller: %w", err)
		}
		o, err := h.place(ctx, student.ID, q, products, "digital", Billing{Name: student.FirstName + " " + student.LastName,
			Email: student.Email, Phone: "99112233", Address: "Сүхбаатар дүүрэг, 1-р хороо", City: "Улаанбаатар"},
			"demo-seller-"+strconv.Itoa(i), payments.ProviderBank)
		if err != nil {
			return 0, fmt.Errorf("shop demo seller: %w", err)
		}
		clock = clock.Add(3 * time.Hour)
		if err := svc.MarkPaid(ctx, o.PaymentID, admin.ID, "127.0.0.1"); err != nil {
			return 0, fmt.Errorf("shop demo seller: paying: %w", err)
		}
	}
	return owner.OrgID, nil
}
