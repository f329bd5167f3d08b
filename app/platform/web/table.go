package web

import (
	"encoding/csv"
	"net/http"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Table formats of exports.
const (
	CSV  = "csv"
	XLSX = "xlsx"
)

// ExportTable sends a table as a CSV (UTF-8 with a byte-order mark, so Excel shows Cyrillic;
// cells neutralised against formulas) or XLSX file named name. rows calls emit once per row,
// in order; its error (or emit's) fails the export visibly: CSV is streamed behind
// Download's buffer (an early failure is a normal error answer, a later one breaks the
// connection), XLSX is built whole before anything is sent.
func ExportTable(w http.ResponseWriter, r *http.Request, format, name string, header []string,
	rows func(emit func([]string) error) error) error {
	if format == CSV {
		dl := NewDownload(w, "text/csv; charset=utf-8", name)
		_, _ = dl.Write([]byte("\uFEFF"))
		cw := csv.NewWriter(dl)
		err := cw.Write(header)
		if err == nil {
			err = rows(func(rec []string) error { return cw.Write(CSVSafe(rec)) })
		}
		if err == nil {
			cw.Flush()
			err = cw.Error()
		}
		if err != nil {
			return dl.Abort(r, err)
		}
		return dl.Finish()
	}
	x := excelize.NewFile()
	defer x.Close()
	sw, err := x.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	n := 1
	put := func(rec []string) error {
		vals := make([]any, len(rec))
		for i, v := range rec {
			vals[i] = v
		}
		cellName, _ := excelize.CoordinatesToCellName(1, n)
		n++
		return sw.SetRow(cellName, vals)
	}
	if err := put(header); err != nil {
		return err
	}
	if err := rows(put); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	dl := NewDownload(w, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", name)
	if _, err := x.WriteTo(dl); err != nil {
		return dl.Abort(r, err)
	}
	return dl.Finish()
}

// CSVSafe neutralises cells a spreadsheet would run as a formula (CSV injection): a value
// starting with =, +, -, @, tab or carriage return gets a leading single quote, as OWASP
// advises, and keeps the rest of its text. A plain number ("+97688112233", "-5", "3.75") is
// not a formula and stays as it is. rec is changed in place and returned. The XLSX export
// needs none of this: excelize writes every string as a string cell, never a formula.
func CSVSafe(rec []string) []string {
	for i, v := range rec {
		if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) && !plainNumber(v) {
			rec[i] = "'" + v
		}
	}
	return rec
}

// plainNumber: an optional sign, digits, and at most one decimal point.
func plainNumber(v string) bool {
	v = strings.TrimLeft(v[:1], "+-") + v[1:]
	digits, dot := 0, false
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}
