package banking

import (
	"context"
	"fmt"
	"time"

	"gerege/app/platform/payments"
	"gerege/db"
)

// SeedDemo gives the demo money to look at, all through the bank-transfer provider (no
// network): three sales of the owner's organisation over the last days, settled by the demo
// admin (with the platform's 5 % fee), the organisation's monthly subscription paid to the
// platform, and one transfer still waiting for the admin on /dashboard/banking.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time) error {
	owner, err := store.UserByEmail(ctx, "owner@demo.gerege.mn")
	if err != nil {
		return err
	}
	student, err := store.UserByEmail(ctx, "student@demo.gerege.mn")
	if err != nil {
		return err
	}
	admin, err := store.UserByEmail(ctx, "admin@demo.gerege.mn")
	if err != nil {
		return err
	}
	at := now.Add(-72 * time.Hour)
	svc := payments.New(store, func() time.Time { return at }, payments.Config{Bank: payments.DemoBank, FeeBasisPoints: 500})
	type pay struct {
		purpose string
		ref     int64
		payer   int64
		org     int64
		payee   string
		amount  int64
		settle  bool
	}
	list := []pay{
		{payments.PurposeOrder, 9001, student.ID, 0, payments.PayeeOrg(owner.OrgID), 45000, true},
		{payments.PurposeOrder, 9002, student.ID, 0, payments.PayeeOrg(owner.OrgID), 120000, true},
		{payments.PurposeSubscription, 9101, owner.ID, owner.OrgID, payments.PayeePlatform, 49000, true},
		{payments.PurposeOrder, 9003, student.ID, 0, payments.PayeeOrg(owner.OrgID), 25000, true},
		{payments.PurposeOrder, 9004, student.ID, 0, payments.PayeePlatform, 35000, false},
	}
	for i, x := range list {
		at = now.Add(time.Duration(i-len(list)) * 18 * time.Hour)
		p, err := svc.Create(ctx, nil, payments.NewPayment{Purpose: x.purpose, RefID: x.ref, PayerUserID: x.payer, OrgID: x.org,
			Payee: x.payee, Money: payments.Money{Amount: x.amount, Currency: "MNT"}, Provider: payments.ProviderBank,
			Key: fmt.Sprintf("demo-banking-%d", i)})
		if err != nil {
			return err
		}
		if _, err := svc.Begin(ctx, p.ID, ""); err != nil {
			return err
		}
		if x.settle {
			at = at.Add(3 * time.Hour)
			if err := svc.MarkPaid(ctx, p.ID, admin.ID, ""); err != nil {
				return err
			}
		}
	}
	return nil
}
