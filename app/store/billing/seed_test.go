package billing_test

import (
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"testing"

	"gerege/app/apitest"
)

var update = flag.Bool("update", false, "rewrite ui/src/features/store/billing/seedPlans.json")

// /pricing is prerendered with the plans the migration seeds (ui/src/features/store/billing/
// seedPlans.json), then reads the live ones: the file must be what a fresh installation answers.
func TestPricingFallbackIsTheSeededPlans(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
	r := apitest.Call(t, nil, ts, "GET", "/api/billing/plans", nil, "")
	const file = "../../../ui/src/features/store/billing/seedPlans.json"
	if *update {
		var v any
		_ = json.Unmarshal([]byte(r.Raw), &v)
		b, _ := json.MarshalIndent(v, "", "  ")
		if err := os.WriteFile(file, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var want, got any
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal([]byte(r.Raw), &got)
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("%s is not what GET /api/billing/plans answers on a fresh installation (go test ./app/store/billing -run TestPricingFallback -update):\n%s", file, r.Raw)
	}
}
