// Package i18n holds the one message catalog per language shared by the UI (bundled from the
// same JSON files) and the server (API errors, emails, prerendered pages).
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

//go:embed en.json mn.json
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

// Load reads and flattens the embedded catalog of lang.
func Load(lang string) (Catalog, error) {
	b, err := files.ReadFile(lang + ".json")
	if err != nil {
		return nil, err
	}
	var tree map[string]any
	if err := json.Unmarshal(b, &tree); err != nil {
		return nil, fmt.Errorf("i18n: %s.json: %w", lang, err)
	}
	c := Catalog{}
	if err := flatten(c, "", tree); err != nil {
		return nil, fmt.Errorf("i18n: %s.json: %w", lang, err)
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
