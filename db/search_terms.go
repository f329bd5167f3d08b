package db

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Prefix words, expanded.
//
// search.Match makes every query word a prefix ("scholarship"* finds "scholarships"). For a
// prefix, FTS5 first merges the full lists of every word it covers into one list in memory and
// only then walks it, so a common word cost 60–130 ms at a million documents even for the
// newest 20 matches. The same query with the covered words spelled out — ("scholarship" OR
// "scholarships") — is walked newest-first straight from the index and stops at the page:
// about 1 ms. search_terms (migration 0026) keeps each search table's words for that; every
// Index* method adds its document's words, and the searches pass their expression through
// expandMatch.

// termsMax is how many words a prefix may expand into; a prefix that covers more (one or two
// letters, mostly) stays a prefix, which the tables' prefix indexes (2 and 3 letters) answer
// from a list of their own.
const termsMax = 64

// addSearchTerms records the words of a search table's document (text is search.Doc's folded
// text: words separated by spaces).
func (s *Store) addSearchTerms(ctx context.Context, table, text string) error {
	seen := map[string]bool{}
	words := []string{}
	for _, w := range strings.Fields(text) {
		if !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return nil
	}
	list, err := json.Marshal(words)
	if err != nil {
		return err
	}
	return s.execLater(ctx, `INSERT OR IGNORE INTO search_terms (tbl, term) SELECT ?, value FROM json_each(?)`, table, string(list))
}

// prefixWord is a prefix word of search.Match's expression: "word"*.
var prefixWord = regexp.MustCompile(`"([^"]+)"\*`)

// expandMatch rewrites each prefix word of expr (from search.Match) into the words of table
// that start with it: none → the word itself, exactly (nothing has it); up to termsMax → the
// words, ORed; more → left a prefix.
func (s *Store) expandMatch(ctx context.Context, table, expr string) (string, error) {
	var firstErr error
	out := prefixWord.ReplaceAllStringFunc(expr, func(m string) string {
		if firstErr != nil {
			return m
		}
		word := prefixWord.FindStringSubmatch(m)[1]
		terms, err := s.termsWithPrefix(ctx, table, word)
		if err != nil {
			firstErr = err
			return m
		}
		switch {
		case len(terms) == 0:
			return `"` + word + `"`
		case len(terms) > termsMax:
			return m
		case len(terms) == 1:
			return `"` + terms[0] + `"`
		}
		return `("` + strings.Join(terms, `" OR "`) + `")`
	})
	return out, firstErr
}

// termsWithPrefix returns up to termsMax+1 words of table that start with prefix.
func (s *Store) termsWithPrefix(ctx context.Context, table, prefix string) ([]string, error) {
	rows, err := s.rows(ctx, `SELECT term FROM search_terms WHERE tbl = ? AND term >= ? AND term < ? ORDER BY term LIMIT ?`,
		table, prefix, prefix+"\U0010FFFF", termsMax+1)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	terms := []string{}
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		if strings.ContainsRune(t, '"') { // not from search.Doc; never pasted into an expression
			continue
		}
		terms = append(terms, t)
	}
	return terms, rows.Err()
}

// searchTables are the tables whose words search_terms keeps.
var searchTables = map[string]bool{"post_search": true, "opportunity_search": true, "community_search": true}

// RebuildSearchTerms reads table's words again from its full-text index (what migration 0026
// did once): for documents written straight into the index, as the benchmarks' seeding does.
func (s *Store) RebuildSearchTerms(ctx context.Context, table string) error {
	if !searchTables[table] {
		return fmt.Errorf("db: %q keeps no search terms", table)
	}
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `CREATE VIRTUAL TABLE temp.rebuild_vocab USING fts5vocab(main, `+table+`, row)`); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT OR IGNORE INTO search_terms (tbl, term) SELECT ?, term FROM temp.rebuild_vocab`, table); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `DROP TABLE temp.rebuild_vocab`)
		return err
	})
}
