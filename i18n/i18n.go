// Package i18n holds the one message catalog per language shared by the UI (bundled from the
// same JSON files) and the server (API errors, emails, prerendered pages).
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

// The catalogs are split by module: i18n/<lang>/<module>.json (platform.json holds the words
// every module shares). A new module adds its strings by adding i18n/en/<module>.json and
// i18n/mn/<module>.json, nothing else: every file of a language is embedded and merged into
// that language's one Catalog here, as ui/scripts/catalogs.mjs merges them for the UI. Two
// files may share a group ("emails", "dashboard") but never a key: a key defined twice fails
// the load (and so the start and every test).
//
//go:embed en/*.json mn/*.json
var files embed.FS

// Long-form content (legal documents, the Direction Board, seed data) lives beside the
// catalogs in content/, so pages load it only where it is needed.
//
//go:embed content/*.json
var content embed.FS

// Content returns the embedded content file name (for example "legal.mn.json").
func Content(name string) ([]byte, error) { return content.ReadFile("content/" + name) }

// Languages the platform speaks; the first is the default.
var Languages = []string{"en", "mn"}

// Default is the language used when nothing better is known.
const Default = "en"

// Catalog maps dotted keys ("errors.notFound") to messages for one language.
type Catalog map[string]string

var catalogs = mustLoad()

func mustLoad() map[string]Catalog {
	out := map[string]Catalog{}
	for _, lang := range Languages {
		c, err := Load(lang)
		if err != nil {
			panic(err)
		}
		out[lang] = c
	}
	return out
}

// Load reads, flattens and merges the embedded catalog files of lang (i18n/<lang>/*.json).
func Load(lang string) (Catalog, error) { return load(files, lang) }

// Files names the embedded catalog files of lang ("forms.json"), sorted.
func Files(lang string) ([]string, error) { return names(files, lang) }

func names(fsys fs.FS, lang string) ([]string, error) {
	paths, err := fs.Glob(fsys, lang+"/*.json")
	if err != nil {
		return nil, err
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = strings.TrimPrefix(p, lang+"/")
	}
	return out, nil
}

func load(fsys fs.FS, lang string) (Catalog, error) {
	names, err := names(fsys, lang)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("i18n: no catalog files in i18n/%s/", lang)
	}
	c := Catalog{}
	from := map[string]string{} // key → the file that defines it
	for _, name := range names {
		file := "i18n/" + lang + "/" + name
		b, err := fs.ReadFile(fsys, lang+"/"+name)
		if err != nil {
			return nil, err
		}
		var tree map[string]any
		if err := json.Unmarshal(b, &tree); err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", file, err)
		}
		part := Catalog{}
		if err := flatten(part, "", tree); err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", file, err)
		}
		keys := make([]string, 0, len(part))
		for k := range part {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if other, dup := from[k]; dup {
				return nil, fmt.Errorf("i18n: %s: %q is also defined in %s", file, k, other)
			}
			c[k], from[k] = part[k], file
		}
	}
	// A string in one file where another has a group ("a.b" and "a.b.c"): the UI's nested
	// catalog cannot hold both.
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		for i := strings.LastIndexByte(k, '.'); i > 0; i = strings.LastIndexByte(k[:i], '.') {
			if other, ok := from[k[:i]]; ok {
				return nil, fmt.Errorf("i18n: %s: %q is a string in %s, so it cannot hold %q", from[k], k[:i], other, k)
			}
		}
	}
	return c, nil
}

func flatten(c Catalog, prefix string, node map[string]any) error {
	for k, v := range node {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		switch v := v.(type) {
		case string:
			c[key] = v
		case map[string]any:
			if err := flatten(c, key, v); err != nil {
				return err
			}
		default:
			return fmt.Errorf("key %q: value must be a string or an object", key)
		}
	}
	return nil
}

// Supported reports whether lang is one of the platform's languages.
func Supported(lang string) bool {
	for _, l := range Languages {
		if l == lang {
			return true
		}
	}
	return false
}

// Get returns the flattened catalog of lang (the default language's when lang is unknown).
func Get(lang string) Catalog {
	if c, ok := catalogs[lang]; ok {
		return c
	}
	return catalogs[Default]
}

// T translates key into lang. args are name/value pairs filled into {{name}} placeholders;
// a "count" argument selects the key_one / key_other form like i18next does. A missing key
// falls back to English, then to the key itself, so a gap never shows an empty string.
func T(lang, key string, args ...any) string {
	c := Get(lang)
	msg, ok := "", false
	if n, has := count(args); has {
		suffix := "_other"
		if n == 1 {
			suffix = "_one"
		}
		msg, ok = c[key+suffix]
		if !ok {
			msg, ok = catalogs[Default][key+suffix]
		}
	}
	if !ok {
		msg, ok = c[key]
	}
	if !ok {
		msg, ok = catalogs[Default][key]
	}
	if !ok {
		return key
	}
	for i := 0; i+1 < len(args); i += 2 {
		name, _ := args[i].(string)
		msg = strings.ReplaceAll(msg, "{{"+name+"}}", fmt.Sprint(args[i+1]))
	}
	return msg
}

func count(args []any) (int, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == "count" {
			switch v := args[i+1].(type) {
			case int:
				return v, true
			case int64:
				return int(v), true
			case string:
				n, err := strconv.Atoi(v)
				return n, err == nil
			}
		}
	}
	return 0, false
}
