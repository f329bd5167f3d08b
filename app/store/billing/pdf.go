package billing

import (
	"bytes"
	_ "embed"
	"strconv"

	"github.com/go-pdf/fpdf"

	"gerege/app/platform/payments"
	"gerege/i18n"
)

// DejaVu Sans (Bitstream Vera licence, DejaVu changes public domain: see fonts/LICENSE, which
// allows embedding and redistributing it) is embedded so the binary needs no system font and
// every invoice renders Cyrillic and ₮. fpdf embeds only the glyphs an invoice uses.
//
//go:embed fonts/DejaVuSans.ttf
var dejaVuSans []byte

const fontName = "DejaVuSans"

// RenderPDF draws an invoice (or credit note) as an A4 PDF in the invoice's language.
func RenderPDF(v InvoiceView) ([]byte, error) {
	lang := v.Lang
	t := func(key string, args ...any) string { return i18n.T(lang, "storeBilling.invoice."+key, args...) }
	money := func(n int64) string { return payments.FormatMoney(n, v.Currency, lang) }

	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreator("Gerege", true)
	pdf.SetAuthor(v.Seller.Name, true)
	pdf.AddUTF8FontFromBytes(fontName, "", dejaVuSans)
	pdf.SetMargins(18, 18, 18)
	pdf.SetAutoPageBreak(true, 18)
	title := t("title")
	if v.Kind == "credit" {
		title = t("creditTitle")
	}
	number := v.Number
	if number == "" {
		number = t("draft")
	}
	pdf.SetTitle(title+" "+number, true)
	pdf.AddPage()
	w, _ := pdf.GetPageSize()
	content := w - 36

	pdf.SetFont(fontName, "", 20)
	pdf.CellFormat(content, 10, title, "", 1, "L", false, 0, "")
	pdf.SetFont(fontName, "", 11)
	pdf.CellFormat(content, 6, t("number", "number", number), "", 1, "L", false, 0, "")
	if v.IssuedAt != nil {
		pdf.CellFormat(content, 6, t("issued", "date", FormatDate(*v.IssuedAt, lang)), "", 1, "L", false, 0, "")
	}
	if v.DueAt != nil {
		pdf.CellFormat(content, 6, t("due", "date", FormatDate(*v.DueAt, lang)), "", 1, "L", false, 0, "")
	}
	if v.PeriodStart != nil && v.PeriodEnd != nil {
		pdf.CellFormat(content, 6, t("period", "from", FormatDate(*v.PeriodStart, lang), "to", FormatDate(*v.PeriodEnd, lang)),
			"", 1, "L", false, 0, "")
	}
	pdf.CellFormat(content, 6, t("status."+v.Status), "", 1, "L", false, 0, "")
	pdf.Ln(4)

	// Seller and buyer side by side.
	half := content / 2
	y := pdf.GetY()
	party := func(x float64, head string, p Party) {
		pdf.SetXY(x, y)
		pdf.SetFont(fontName, "", 9)
		pdf.SetTextColor(90, 90, 90)
		pdf.CellFormat(half-4, 5, head, "", 2, "L", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont(fontName, "", 11)
		pdf.MultiCell(half-4, 5.5, p.Name, "", "L", false)
		pdf.SetX(x)
		pdf.SetFont(fontName, "", 9.5)
		if p.Address != "" {
			pdf.MultiCell(half-4, 5, p.Address, "", "L", false)
			pdf.SetX(x)
		}
		if p.TaxID != "" {
			pdf.MultiCell(half-4, 5, t("taxId", "id", p.TaxID), "", "L", false)
			pdf.SetX(x)
		}
		if p.VATPayer != nil {
			key := "vatPayer"
			if !*p.VATPayer {
				key = "notVatPayer"
			}
			pdf.MultiCell(half-4, 5, t(key), "", "L", false)
			pdf.SetX(x)
		}
		if p.Email != "" {
			pdf.MultiCell(half-4, 5, p.Email, "", "L", false)
			pdf.SetX(x)
		}
		if p.Phone != "" {
			pdf.MultiCell(half-4, 5, t("phone", "phone", p.Phone), "", "L", false)
			pdf.SetX(x)
		}
		if p.BankAccount != "" {
			pdf.MultiCell(half-4, 5, t("bank", "bank", p.BankName, "account", p.BankAccount), "", "L", false)
		}
	}
	party(18, t("seller"), v.Seller)
	yLeft := pdf.GetY()
	party(18+half, t("buyer"), v.Buyer)
	if yLeft > pdf.GetY() {
		pdf.SetY(yLeft)
	}
	pdf.Ln(8)

	// Lines.
	cols := []float64{content - 25 - 35 - 35, 25, 35, 35}
	pdf.SetFont(fontName, "", 9.5)
	pdf.SetFillColor(238, 240, 244)
	for i, h := range []string{t("description"), t("quantity"), t("unitPrice"), t("amount")} {
		align := "R"
		if i == 0 {
			align = "L"
		}
		pdf.CellFormat(cols[i], 7, h, "B", 0, align, true, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont(fontName, "", 10)
	for _, l := range v.Lines {
		pdf.CellFormat(cols[0], 7, l.Description, "B", 0, "L", false, 0, "")
		pdf.CellFormat(cols[1], 7, strconv.FormatInt(l.Quantity, 10), "B", 0, "R", false, 0, "")
		pdf.CellFormat(cols[2], 7, money(l.UnitPrice), "B", 0, "R", false, 0, "")
		pdf.CellFormat(cols[3], 7, money(l.Amount), "B", 1, "R", false, 0, "")
	}
	pdf.Ln(3)
	sum := func(label, value string, size float64) {
		pdf.SetFont(fontName, "", size)
		pdf.CellFormat(content-45, 7, label, "", 0, "R", false, 0, "")
		pdf.CellFormat(45, 7, value, "", 1, "R", false, 0, "")
	}
	sum(t("net"), money(v.Net), 10)
	sum(t("vat", "rate", v.VATRate), money(v.VAT), 10)
	sum(t("total"), money(v.Total), 12)
	pdf.Ln(6)
	pdf.SetFont(fontName, "", 9)
	if v.Note != "" {
		pdf.MultiCell(content, 5, v.Note, "", "L", false)
		pdf.Ln(2)
	}
	pdf.MultiCell(content, 5, t("vatIncluded"), "", "L", false)
	pdf.MultiCell(content, 5, t("noRefunds"), "", "L", false)

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
