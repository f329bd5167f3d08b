package billing_test

import (
	"testing"

	"gerege/app/store/billing"
)

// BenchmarkInvoicePDF: one invoice as PDF (target < 50 ms).
func BenchmarkInvoicePDF(b *testing.B) {
	v := samplePDF()
	for b.Loop() {
		if _, err := billing.RenderPDF(v); err != nil {
			b.Fatal(err)
		}
	}
}
