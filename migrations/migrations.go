// Package migrations holds the numbered SQL migrations, embedded in the binary.
// Released files are never edited; add a new pair instead.
package migrations

import "embed"

//go:embed *.sql
var FS embed.FS
