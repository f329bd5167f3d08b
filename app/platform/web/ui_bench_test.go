package web_test

import (
	"testing"

	"gerege/app/platform/web"
	"gerege/ui"
)

// BenchmarkNewUI is the UI's share of start-up: loading the embedded build with a public URL
// other than the build's placeholder (as every real installation has).
func BenchmarkNewUI(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := web.NewUI(ui.Dist(), "https://gerege.example"); err != nil {
			b.Fatal(err)
		}
	}
}
