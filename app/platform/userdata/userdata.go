// Package userdata is the registry behind "download my data" and account deletion. Each
// capability that keeps something about a person registers it as named sections: how to
// export each one (as the module's own view type, never a storage row) and how to erase it
// inside the account deletion's single transaction. The account's export is the sections side
// by side under their names; deleting an account erases every section, then the account.
//
// A module plugs in with one method, which app/server.go finds on it like Jobs():
//
//	func (h *Handlers) UserData() []userdata.Section {
//		return []userdata.Section{userdata.Of("submissions", h.exportSubmissions).WithErase(h.eraseSubmissions)}
//	}
package userdata

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"github.com/swaggest/jsonschema-go"

	"gerege/db"
)

// Section is one named part of a person's data, owned by the module that keeps it.
type Section struct {
	// Name is the section's key in the export ("submissions"), unique across modules.
	Name string
	// Export reads the section of userID with the unbound store. Texts are in the request's
	// language (web.LangOf(ctx)); the signed-in identity is authn.From(ctx).
	Export func(ctx context.Context, store *db.Store, userID int64) (any, error)
	// Erase removes (or detaches, when the rows belong to others too) the section's rows through
	// tx, the deletion's transaction, before the account row itself is deleted. Nil when the rows
	// go with the account by foreign key.
	Erase func(ctx context.Context, tx *db.Store, userID int64) error
	// sample is a zero value of what Export returns, for the API document.
	sample any
}

// Of is the section name whose content export returns: T is the module's view type, which the
// API document names.
func Of[T any](name string, export func(ctx context.Context, store *db.Store, userID int64) (T, error)) Section {
	var zero T
	return Section{Name: name, sample: zero, Export: func(ctx context.Context, store *db.Store, userID int64) (any, error) {
		return export(ctx, store, userID)
	}}
}

// WithErase is s erased by erase when the account is deleted.
func (s Section) WithErase(erase func(ctx context.Context, tx *db.Store, userID int64) error) Section {
	s.Erase = erase
	return s
}

// Provider is a module that keeps personal data (app/server.go collects every module's).
type Provider interface {
	UserData() []Section
}

// The export's own fields; no section may take their names.
const (
	exportedAt = "exportedAt"
	note       = "note"
)

// Registry holds every module's sections, in the order they were added (the export's order).
type Registry struct {
	sections []Section
}

// Add registers sections. It panics on a section without a name or an export, one not made by
// Of, or a name already taken: programming errors found at start-up.
func (r *Registry) Add(sections ...Section) {
	for _, s := range sections {
		if s.Name == "" || s.Export == nil || s.sample == nil {
			panic(fmt.Sprintf("userdata: section %q without a name or an export of a concrete type (make it with Of)", s.Name))
		}
		if s.Name == exportedAt || s.Name == note {
			panic(fmt.Sprintf("userdata: section name %q is the export's own", s.Name))
		}
		for _, o := range r.sections {
			if o.Name == s.Name {
				panic(fmt.Sprintf("userdata: section %q registered twice", s.Name))
			}
		}
		r.sections = append(r.sections, s)
	}
}

// Names lists the sections' names in export order.
func (r *Registry) Names() []string {
	out := make([]string, len(r.sections))
	for i, s := range r.sections {
		out[i] = s.Name
	}
	return out
}

// Part is one section of an export.
type Part struct {
	Name  string
	Value any
}

// Export is a person's data: when it was exported, every section under its name, and a note
// for the reader (what is left out and how to ask for it).
type Export struct {
	ExportedAt time.Time
	Parts      []Part
	Note       string
}

// MarshalJSON writes {"exportedAt", each section's name…, "note"}, in that order.
func (e Export) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	field := func(name string, v any) error {
		if b.Len() > 0 {
			b.WriteByte(',')
		} else {
			b.WriteByte('{')
		}
		k, _ := json.Marshal(name)
		b.Write(k)
		b.WriteByte(':')
		x, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("userdata: section %s: %w", name, err)
		}
		b.Write(x)
		return nil
	}
	if err := field(exportedAt, e.ExportedAt); err != nil {
		return nil, err
	}
	for _, p := range e.Parts {
		if err := field(p.Name, p.Value); err != nil {
			return nil, err
		}
	}
	if err := field(note, e.Note); err != nil {
		return nil, err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Export reads every section of userID's data (ExportedAt and Note are the caller's).
func (r *Registry) Export(ctx context.Context, store *db.Store, userID int64) (Export, error) {
	out := Export{Parts: make([]Part, 0, len(r.sections))}
	for _, s := range r.sections {
		v, err := s.Export(ctx, store, userID)
		if err != nil {
			return out, fmt.Errorf("userdata: export %s: %w", s.Name, err)
		}
		out.Parts = append(out.Parts, Part{Name: s.Name, Value: v})
	}
	return out, nil
}

// Erase erases every section of userID's data through tx, in registration order; the caller
// deletes the account row itself afterwards, in the same transaction.
func (r *Registry) Erase(ctx context.Context, tx *db.Store, userID int64) error {
	for _, s := range r.sections {
		if s.Erase == nil {
			continue
		}
		if err := s.Erase(ctx, tx, userID); err != nil {
			return fmt.Errorf("userdata: erase %s: %w", s.Name, err)
		}
	}
	return nil
}

// Doc is the export's type for the API document: an object named defName with exportedAt,
// every section (its module's view type) and note, each always present.
func (r *Registry) Doc(defName string) jsonschema.Struct {
	s := jsonschema.Struct{DefName: defName}
	s.SetDescription("A copy of the account's data: one property per section, each the view type of the module that keeps it.")
	s.Fields = append(s.Fields, jsonschema.Field{Name: "ExportedAt", Value: time.Time{}, Tag: `json:"exportedAt"`})
	for i, sec := range r.sections {
		s.Fields = append(s.Fields, jsonschema.Field{Name: fmt.Sprint("S", i), Value: sec.sample,
			Tag: reflect.StructTag(`json:"` + sec.Name + `"`)})
	}
	s.Fields = append(s.Fields, jsonschema.Field{Name: "Note", Value: "", Tag: `json:"note"`})
	return s
}
