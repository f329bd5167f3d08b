package payouts

import (
	"context"
	"fmt"
	"time"

	"gerege/app/store/shop"
	"gerege/db"
)

// DemoSeller is the demo organisation that sells and is paid out: Blue Sky Exchange (demo),
// verified (the owner's own organisation is unverified in the demo and sells nothing).
const DemoSeller = "bluesky@demo.gerege.mn"

// SeedDemo gives the selling organisation its sales (shop.SeedDemoSeller), payout details and
// one payout recorded by the demo admin, so that "Owed to organisations" shows what is left
// and its owner sees the payout on the banking page.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time) error {
	orgID, err := shop.SeedDemoSeller(ctx, store, now, DemoSeller)
	if err != nil {
		return err
	}
	admin, err := store.UserByEmail(ctx, "admin@demo.gerege.mn")
	if err != nil {
		return fmt.Errorf("payouts demo: %w", err)
	}
	owner, err := store.OwnerOfOrg(ctx, orgID)
	if err != nil {
		return fmt.Errorf("payouts demo: %w", err)
	}
	at := now.Add(-9 * 24 * time.Hour)
	if err := store.SetPayoutDetails(ctx, db.PayoutDetails{OrgID: orgID, BankName: "Хаан банк", Holder: "Блю Скай Эксчейнж ХХК",
		Account: "5012 3456 78", UpdatedBy: owner.UserID, UpdatedAt: at}); err != nil {
		return err
	}
	h := &Handlers{Store: store, Now: func() time.Time { return now.Add(-7 * 24 * time.Hour) }}
	_, _, err = h.recordPayout(ctx, orgID, owner, PayoutBody{Currency: "MNT", Amount: 80000, Reference: "GRG-PAYOUT-0001",
		Date: now.Add(-7 * 24 * time.Hour).In(ubZone).Format(time.DateOnly)}, admin.ID, "127.0.0.1", "mn")
	if err != nil {
		return fmt.Errorf("payouts demo: %w", err)
	}
	return nil
}
