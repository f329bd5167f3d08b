package shop

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"gerege/app/platform/payments"
	"gerege/db"
)

type demoProduct struct {
	en, mn, descEn, descMn, category, currency, stockKind string
	price, stock                                          int64
	colours                                               []string
	org                                                   bool // sold by the owner's organisation (when verified)
}

// DemoProducts are the demo shop's products, in both languages.
var DemoProducts = []demoProduct{
	{"Gerege hoodie", "Гэрэгэ цамц", "A warm cotton hoodie with the Gerege logo.", "Гэрэгэ логотой, дулаахан хөвөн цамц.",
		"merchandise", "MNT", "number", 45000, 25, []string{"Blue", "Red", "Black"}, false},
	{"IELTS study guide", "IELTS-ийн сурах бичиг", "Reading, writing, listening and speaking, with **practice tests**.",
		"Унших, бичих, сонсох, ярих чадварын дасгал, **жишиг тестүүдтэй**.", "guide", "MNT", "digital", 25000, 0, nil, false},
	{"SAT preparation course", "SAT шалгалтын бэлтгэл сургалт", "Twelve weeks of online lessons with a mentor.",
		"Ментортой, 12 долоо хоногийн цахим хичээл.", "course", "MNT", "unlimited", 350000, 0, nil, false},
	{"Education fair ticket", "Боловсролын үзэсгэлэнгийн тасалбар", "Entry to the spring education fair in Ulaanbaatar.",
		"Улаанбаатарт болох хаврын боловсролын үзэсгэлэнд орох тасалбар.", "ticket", "MNT", "number", 10000, 4, nil, false},
	{"CV review", "CV хянуулах үйлчилгээ", "A counselor reads your CV and answers within three days.",
		"Зөвлөх таны CV-г уншиж, гурав хоногийн дотор хариу өгнө.", "service", "MNT", "unlimited", 30000, 0, nil, false},
	{"Gerege tote bag", "Гэрэгэ даавуун цүнх", "A sturdy canvas bag for books.", "Ном хийхэд тохиромжтой, бат бөх даавуун цүнх.",
		"merchandise", "USD", "number", 1500, 40, []string{"Natural", "Black"}, false},
	{"Counselling session", "Зөвлөгөөний уулзалт", "One hour with a study-abroad counselor.", "Гадаадад суралцах зөвлөхтэй нэг цагийн уулзалт.",
		"service", "MNT", "unlimited", 60000, 0, nil, true},
}

// SeedDemo adds the demo shop: the platform's products (and one of the owner's organisation
// when it is verified), a coupon, and the student's orders in every status, paid by bank
// transfer marked received by the admin (no network).
func SeedDemo(ctx context.Context, store *db.Store, now time.Time) error {
	admin, err := store.UserByEmail(ctx, "admin@demo.gerege.mn")
	if err != nil {
		return fmt.Errorf("shop demo: %w", err)
	}
	owner, err := store.UserByEmail(ctx, "owner@demo.gerege.mn")
	if err != nil {
		return fmt.Errorf("shop demo: %w", err)
	}
	student, err := store.UserByEmail(ctx, "student@demo.gerege.mn")
	if err != nil {
		return fmt.Errorf("shop demo: %w", err)
	}
	orgVerified := false
	if p, err := store.OrgProfileByID(ctx, owner.OrgID); err == nil && p.Status == "verified" {
		orgVerified = true
	}
	clock := now
	svc := payments.New(store, func() time.Time { return clock }, payments.Config{Bank: payments.DemoBank})
	h := &Handlers{Store: store, Payments: svc, Now: func() time.Time { return clock }, quiet: true}
	svc.OnPaid("order", h.orderPaid)

	ids := make([]int64, len(DemoProducts))
	for i, d := range DemoProducts {
		p := &db.Product{Seller: "platform", NameEn: d.en, NameMn: d.mn, DescriptionEn: d.descEn, DescriptionMn: d.descMn,
			Category: d.category, Price: d.price, Currency: d.currency, StockKind: d.stockKind, Stock: d.stock,
			Colours: d.colours, Active: true, CreatedBy: admin.ID}
		if d.org {
			if !orgVerified {
				continue
			}
			p.Seller, p.OrgID, p.CreatedBy = "org:"+strconv.FormatInt(owner.OrgID, 10), owner.OrgID, owner.ID
		}
		at := now.Add(-time.Duration(40-i) * 24 * time.Hour)
		if err := store.InTx(ctx, func(tx *db.Store) error { return tx.CreateProduct(ctx, p, at) }); err != nil {
			return err
		}
		ids[i] = p.ID
	}
	if err := store.InTx(ctx, func(tx *db.Store) error {
		return tx.CreateCoupon(ctx, &db.Coupon{Code: "STUDY10", Seller: "platform", Percent: 10, ExpiresAt: now.AddDate(0, 2, 0)}, admin.ID, now)
	}); err != nil {
		return err
	}

	type buy struct {
		id       int
		qty      float64
		colours  []string
		daysAgo  int
		status   string // placed | paid | fulfilled | completed | cancelled
		how      string
		buyer    *db.User
		delivery string
	}
	orders := []buy{
		{0, 1, []string{"Blue"}, 20, "completed", "delivered", student, "courier"},
		{2, 1, nil, 12, "fulfilled", "delivered", student, ""},
		{3, 2, nil, 1, "paid", "", student, ""},
		{4, 1, nil, 0, "placed", "", student, ""},
		{5, 1, []string{"Black"}, 3, "cancelled", "", student, "pickup"},
		{1, 1, nil, 9, "completed", "download_available", owner, ""},
		{0, 2, []string{"Red", "Black"}, 6, "fulfilled", "shipped", owner, "pickup"},
		{1, 3, nil, 2, "paid", "", owner, ""},
		// Cancelled by the seller after payment: one refund due (the banking page's "Refunds
		// due"), one already refunded by the admin (a bank transfer sent back, issue #16).
		{2, 1, nil, 4, "owed", "", student, ""},
		{1, 1, nil, 8, "refunded", "", student, ""},
	}
	for i, b := range orders {
		clock = now.Add(-time.Duration(b.daysAgo)*24*time.Hour - time.Duration(i)*time.Hour)
		lines, q, products, err := h.quote(ctx, "en", []CartItem{{ID: ids[b.id], Quantity: b.qty, Colours: b.colours}}, "", b.delivery)
		if err != nil {
			return fmt.Errorf("shop demo: order %d: %w", i, err)
		}
		_ = lines
		delivery := b.delivery
		if !q.Physical {
			delivery = "digital"
		} else if delivery == "" {
			delivery = "pickup"
		}
		o, err := h.place(ctx, b.buyer.ID, q, products, delivery, Billing{Name: b.buyer.FirstName + " " + b.buyer.LastName,
			Email: b.buyer.Email, Phone: "99112233", Address: "Сүхбаатар дүүрэг, 1-р хороо", City: "Улаанбаатар"}, "demo-"+strconv.Itoa(i), payments.ProviderBank)
		if err != nil {
			return fmt.Errorf("shop demo: order %d: %w", i, err)
		}
		switch b.status {
		case "placed":
			continue
		case "cancelled":
			if err := store.InTx(ctx, func(tx *db.Store) error {
				if err := tx.SetOrderStatus(ctx, o.ID, []string{"placed"}, "cancelled", "", clock); err != nil {
					return err
				}
				return h.cancelPayment(ctx, tx, o)
			}); err != nil {
				return err
			}
			continue
		}
		clock = clock.Add(2 * time.Hour)
		if err := svc.MarkPaid(ctx, o.PaymentID, admin.ID, "127.0.0.1"); err != nil {
			return fmt.Errorf("shop demo: paying order %d: %w", i, err)
		}
		if b.status == "paid" {
			continue
		}
		if b.status == "owed" || b.status == "refunded" {
			clock = clock.Add(20 * time.Hour)
			if err := store.InTx(ctx, func(tx *db.Store) error {
				if err := tx.SetOrderStatus(ctx, o.ID, []string{"paid"}, "cancelled", "", clock); err != nil {
					return err
				}
				return svc.OweRefund(ctx, tx, o.PaymentID)
			}); err != nil {
				return err
			}
			if b.status == "refunded" {
				clock = clock.Add(26 * time.Hour)
				if _, err := svc.Refund(ctx, payments.RefundRequest{PaymentID: o.PaymentID, AdminID: admin.ID, IP: "127.0.0.1",
					Reason: "Cancelled by the seller", Reference: "GRG-REFUND-" + strconv.FormatInt(o.PaymentID, 10),
					Date: clock.In(time.FixedZone("UB", 8*3600)).Format(time.DateOnly)}); err != nil {
					return fmt.Errorf("shop demo: refunding order %d: %w", i, err)
				}
			}
			continue
		}
		clock = clock.Add(24 * time.Hour)
		if err := store.InTx(ctx, func(tx *db.Store) error {
			if err := tx.SetOrderStatus(ctx, o.ID, []string{"paid"}, "fulfilled", b.how, clock); err != nil {
				return err
			}
			if b.status == "completed" {
				return tx.SetOrderStatus(ctx, o.ID, []string{"fulfilled"}, "completed", b.how, clock)
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}
