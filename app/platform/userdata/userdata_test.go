package userdata_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"gerege/app/platform/userdata"
	"gerege/db"
	"gerege/db/dbtest"
)

type notes struct {
	Texts []string `json:"texts"`
}

// A module's section: exported under its name as its own view type, erased through the
// deletion's transaction.
func notesSection(fail error) userdata.Section {
	return userdata.Of("notes", func(ctx context.Context, store *db.Store, userID int64) (notes, error) {
		return notes{Texts: []string{"hello"}}, nil
	}).WithErase(func(ctx context.Context, tx *db.Store, userID int64) error {
		if err := tx.SetSetting(ctx, "notes-erased", "yes"); err != nil {
			return err
		}
		return fail
	})
}

func TestExportHasEverySectionInOrder(t *testing.T) {
	t.Parallel()
	var r userdata.Registry
	r.Add(notesSection(nil), userdata.Of("count", func(context.Context, *db.Store, int64) (int, error) { return 3, nil }))
	out, err := r.Export(context.Background(), dbtest.Open(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	out.ExportedAt, out.Note = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), "n"
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"exportedAt":"2026-01-02T03:04:05Z","notes":{"texts":["hello"]},"count":3,"note":"n"}`; string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	doc := r.Doc("TestExport")
	if doc.DefName != "TestExport" || len(doc.Fields) != 4 || doc.Fields[1].Tag.Get("json") != "notes" {
		t.Errorf("doc: %+v", doc)
	}
	if _, ok := doc.Fields[1].Value.(notes); !ok {
		t.Errorf("the section's type is the module's view type: %T", doc.Fields[1].Value)
	}
}

// Erase runs in the caller's transaction: a later section failing undoes an earlier one's writes.
func TestEraseIsPartOfTheDeletionTransaction(t *testing.T) {
	t.Parallel()
	store := dbtest.Open(t)
	ctx := context.Background()
	boom := errors.New("boom")
	var r userdata.Registry
	r.Add(notesSection(nil), userdata.Of("other", func(context.Context, *db.Store, int64) (int, error) { return 0, nil }).
		WithErase(func(context.Context, *db.Store, int64) error { return boom }))
	if err := store.InTx(ctx, func(tx *db.Store) error { return r.Erase(ctx, tx, 1) }); !errors.Is(err, boom) {
		t.Fatalf("erase: %v", err)
	}
	if _, err := store.Setting(ctx, "notes-erased"); !db.IsNotFound(err) {
		t.Errorf("the first section's erasure outlived the failed deletion: %v", err)
	}
	var ok userdata.Registry
	ok.Add(notesSection(nil))
	if err := store.InTx(ctx, func(tx *db.Store) error { return ok.Erase(ctx, tx, 1) }); err != nil {
		t.Fatal(err)
	}
	if v, _ := store.Setting(ctx, "notes-erased"); v != "yes" {
		t.Errorf("erased: %q", v)
	}
}

func TestAddRefusesBadSections(t *testing.T) {
	t.Parallel()
	for name, s := range map[string]userdata.Section{
		"duplicate":  notesSection(nil),
		"reserved":   userdata.Of("note", func(context.Context, *db.Store, int64) (int, error) { return 0, nil }),
		"no export":  {Name: "x"},
		"not via Of": {Name: "y", Export: func(context.Context, *db.Store, int64) (any, error) { return nil, nil }},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			var r userdata.Registry
			r.Add(notesSection(nil))
			r.Add(s)
		})
	}
}
