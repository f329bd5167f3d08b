// Package notify is the one way any capability tells a person something: an in-app
// notification (the bell, the list) and, per person and per kind, an email — at once, in a
// daily digest, or not at all — in the person's language, with a one-click unsubscribe.
//
// A module registers its kinds once (Register, usually in a package-level var) and calls Send
// inside its own write. Nothing user-visible is stored as text: a notification keeps its kind,
// its params and its link; the kind's message keys are rendered in the reader's language when
// it is read (Render) or emailed.
//
// Send only writes (the notification, and what email it owes). Emails are rendered and queued
// into the outbox by the Service's runner (DeliverDue, SendDigests), outside the caller's
// transaction, so a module's write never renders email while it holds the single writer.
package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"gerege/db"
	"gerege/i18n"
)

// EmailMode is how a kind is emailed to a person.
type EmailMode string

const (
	Immediate EmailMode = "immediate" // an email of its own, within moments
	Digest    EmailMode = "digest"    // a line in the daily digest
	Off       EmailMode = "off"       // in-app only
)

// Modes lists the email modes in the order the preferences page offers them.
var Modes = []EmailMode{Immediate, Digest, Off}

func (m EmailMode) valid() bool { return m == Immediate || m == Digest || m == Off }

// state is the notification's email state for mode.
func (m EmailMode) state() string {
	switch m {
	case Immediate:
		return db.NotifyEmailDue
	case Digest:
		return db.NotifyEmailDigest
	}
	return db.NotifyEmailNone
}

// Kind is one sort of notification a module sends ("forms.status"). Its texts are catalog
// keys: Title and Body are rendered with the notification's params, Label names the kind on
// the preferences page.
type Kind struct {
	Name         string // "<module>.<what>", e.g. "forms.status"
	Title        string // message key, e.g. "notifications.kinds.formsStatus.title"
	Body         string // message key
	Label        string // message key for the preferences page
	DefaultEmail EmailMode
	// Translate names params whose values are themselves looked up in the catalog, under the
	// given key prefix: {"status": "forms.desk.statuses."} turns status "in_review" into
	// "In review" / "Хянаж байна" in the reader's language.
	Translate map[string]string
}

var (
	mu    sync.RWMutex
	kinds = map[string]Kind{}
	order []string
)

// Register adds a kind and returns it (so a module can keep it in a var). It panics on a
// malformed or duplicate kind: registration happens at start-up, and a mistake there is a
// programming error.
func Register(k Kind) Kind {
	if !strings.Contains(k.Name, ".") || k.Title == "" || k.Body == "" || k.Label == "" || !k.DefaultEmail.valid() {
		panic(fmt.Sprintf("notify: malformed kind %+v", k))
	}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := kinds[k.Name]; dup {
		panic("notify: kind " + k.Name + " registered twice")
	}
	kinds[k.Name] = k
	order = append(order, k.Name)
	return k
}

// Kinds returns the registered kinds in the order they were registered.
func Kinds() []Kind {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]Kind, 0, len(order))
	for _, n := range order {
		out = append(out, kinds[n])
	}
	return out
}

// Lookup returns the registered kind named name.
func Lookup(name string) (Kind, bool) {
	mu.RLock()
	defer mu.RUnlock()
	k, ok := kinds[name]
	return k, ok
}

// Notification is what a module sends.
type Notification struct {
	UserID int64
	Kind   string            // a registered kind's Name
	Params map[string]string // the {{name}} values of the kind's title and body
	Link   string            // where it leads: a path without the language prefix ("/dashboard")
	At     time.Time         // when (from the module's injected clock)
}

// ErrUnknownKind is returned by Send for a kind nobody registered.
var ErrUnknownKind = errors.New("notify: unknown kind")

// Send stores n for its recipient and records what email it owes under their preference for
// the kind (or the kind's default). Call it inside the write that causes it, with the store
// that write uses, so the notification exists exactly when the change does. It renders no
// email: the Service's runner does, after the write.
func Send(ctx context.Context, store *db.Store, n Notification) error {
	k, ok := Lookup(n.Kind)
	if !ok {
		return fmt.Errorf("%w: %q", ErrUnknownKind, n.Kind)
	}
	if n.UserID == 0 || n.At.IsZero() {
		return fmt.Errorf("notify: %s needs a recipient and a time", n.Kind)
	}
	if n.Link != "" && (!strings.HasPrefix(n.Link, "/") || strings.HasPrefix(n.Link, "//")) {
		return fmt.Errorf("notify: link %q is not a path", n.Link)
	}
	params := n.Params
	if params == nil {
		params = map[string]string{}
	}
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	mode, err := modeOf(ctx, store, n.UserID, k)
	if err != nil {
		return err
	}
	if _, err := store.InsertNotification(ctx, db.Notification{UserID: n.UserID, Kind: n.Kind, Params: string(p),
		Link: n.Link, CreatedAt: n.At, Email: mode.state()}); err != nil {
		return err
	}
	if mode == Immediate {
		store.AfterCommit(wake) // the runner is told once the notification is there to read
	}
	for _, l := range listenersNow() {
		if err := l(ctx, store, n); err != nil {
			return err
		}
	}
	return nil
}

// A Listener keeps its own copy of what is sent (the workspace's mailbox files every
// notification as a letter): Send calls it with the caller's store, inside the same write.
type Listener func(ctx context.Context, store *db.Store, n Notification) error

var listeners []Listener

// Listen adds a listener to every Send of the process (call it once, at start-up: a module's
// package init).
func Listen(l Listener) {
	mu.Lock()
	defer mu.Unlock()
	listeners = append(listeners, l)
}

func listenersNow() []Listener {
	mu.RLock()
	defer mu.RUnlock()
	return listeners
}

// modeOf is the person's email mode for k: their choice, or the kind's default.
func modeOf(ctx context.Context, store *db.Store, userID int64, k Kind) (EmailMode, error) {
	pref, err := store.NotificationPref(ctx, userID, k.Name)
	if err != nil {
		return "", err
	}
	if m := EmailMode(pref); m.valid() {
		return m, nil
	}
	return k.DefaultEmail, nil
}

// doorbell wakes the runner when an immediate email is owed, after the sender's transaction
// commits. It is a signal, not state (one process-wide channel: a ring wakes whichever runner
// takes it, and a periodic sweep catches anything a ring missed).
var doorbell = make(chan struct{}, 1)

func wake() {
	select {
	case doorbell <- struct{}{}:
	default:
	}
}

// Render returns the title and body of a stored notification in lang.
func Render(lang string, n db.Notification) (title, body string) {
	k, ok := Lookup(n.Kind)
	if !ok {
		return i18n.T(lang, "notifications.unknownKind"), ""
	}
	var params map[string]string
	_ = json.Unmarshal([]byte(n.Params), &params)
	// A param written in both languages ("title.en", "title.mn", such as a posting's titles)
	// is {{title}} in the reader's language, or in the other one when theirs is empty.
	for name, v := range params {
		base, l, ok := strings.Cut(name, ".")
		if !ok || v == "" {
			continue
		}
		if _, set := params[base]; !set || l == lang {
			params[base] = v
		}
	}
	args := make([]any, 0, 2*len(params))
	for name, v := range params {
		if prefix, ok := k.Translate[name]; ok {
			v = i18n.T(lang, prefix+v)
		}
		args = append(args, name, v)
	}
	return i18n.T(lang, k.Title, args...), i18n.T(lang, k.Body, args...)
}
