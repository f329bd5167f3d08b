// Package ui embeds the built UI (ui/dist, produced by `npm run build` and committed) so the
// binary needs no Node and no files beside it.
package ui

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built UI with dist/ as its root.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}
