package notify

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/mail"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
)

// Service serves the notifications API (the bell, the list, preferences, unsubscribe) and
// runs the email side: immediate emails and the daily digest. One per server.
type Service struct {
	Store   *db.Store
	Mailer  *mail.Mailer
	Key     []byte // signs unsubscribe links: secure.DeriveKey(secret, "notify unsubscribe v1")
	BaseURL string
	Now     func() time.Time
	Log     *slog.Logger
	// DigestHour is the hour (UTC) after which each day's digest goes out: 0 is 08:00 in
	// Ulaanbaatar.
	DigestHour int

	// running serialises the email jobs, so the runner and a direct call (a test, a command)
	// never both take the same notification.
	running sync.Mutex
}

// Mount declares the notification routes. Every route but unsubscribe needs a signed-in
// caller and acts on the caller's own notifications only; unsubscribe is authorised by its
// signed token (no sign-in: it is opened from an email).
func (s *Service) Mount(r *authz.Router, reg *authz.Registry) {
	type none = struct{}
	r.Get("/notifications", authz.SignedIn, s.List, authz.Doc{ID: "listNotifications", Query: ListQuery{},
		Resp: NotificationList{}, Summary: "The caller's notifications, newest first (keyset pages), in the request's language"})
	r.Get("/notifications/unread-count", authz.SignedIn, s.UnreadCount, authz.Doc{ID: "countUnreadNotifications",
		Resp: UnreadCount{}, Summary: "How many of the caller's notifications are unread (what the bell shows)"})
	r.Post("/notifications/{id}/read", authz.SignedIn, s.MarkRead, authz.Doc{ID: "markNotificationRead", Req: none{},
		Resp: UnreadCount{}, Summary: "Mark one of the caller's notifications read; answers the unread count"})
	r.Post("/notifications/read-all", authz.SignedIn, s.MarkAllRead, authz.Doc{ID: "markAllNotificationsRead", Req: none{},
		Resp: UnreadCount{}, Summary: "Mark all the caller's notifications read; answers the unread count"})
	r.Get("/notifications/preferences", authz.SignedIn, s.Preferences, authz.Doc{ID: "getNotificationPreferences",
		Resp: PreferenceList{}, Summary: "How each kind of notification is emailed to the caller"})
	r.Put("/notifications/preferences", authz.SignedIn, s.SetPreferences, authz.Doc{ID: "setNotificationPreferences",
		Req: PreferencesUpdate{}, Resp: PreferenceList{}, Summary: "Change how some kinds are emailed (immediate, digest, off)"})
	r.Get("/notifications/unsubscribe", authz.Public, s.UnsubscribeInfo, authz.Doc{ID: "describeUnsubscribe",
		Query: TokenQuery{}, Resp: UnsubscribeView{}, Also: map[int]any{http.StatusSeeOther: nil},
		Summary: "What an email's unsubscribe link turns off; changes nothing (a browser asking for HTML is sent to the confirmation page)"})
	r.Post("/notifications/unsubscribe", authz.Public, s.Unsubscribe, authz.Doc{ID: "unsubscribe", Query: TokenQuery{},
		Req: UnsubscribeRequest{}, Resp: UnsubscribeView{},
		Summary: "Turn email off for the link's kind: RFC 8058 one-click (token in the query, body List-Unsubscribe=One-Click) or JSON {token}"})

	reg.AddPage(authz.Page{Key: "notifications", Path: "/dashboard/notifications", Perm: authz.SignedIn, Order: 15})
}

func userOf(r *http.Request) *db.User { return authn.From(r.Context()).User }

func view(lang string, n db.Notification) NotificationView {
	title, body := Render(lang, n)
	return NotificationView{ID: n.ID, Kind: n.Kind, Title: title, Body: body, Link: linkOr(n.Link), CreatedAt: n.CreatedAt,
		Read: !n.ReadAt.IsZero()}
}

// List is GET /api/notifications?unread=1&after=CURSOR&limit=N: the caller's notifications,
// newest first, with the cursor of the next page and the unread count.
func (s *Service) List(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	q := r.URL.Query()
	limit, _ := strconv.Atoi(q.Get("limit"))
	list, next, err := s.Store.Notifications(r.Context(), db.NotificationFilter{UserID: u.ID,
		UnreadOnly: q.Get("unread") == "1" || q.Get("unread") == "true", After: q.Get("after"), Limit: limit})
	if errors.Is(err, db.ErrNotFound) {
		return web.Invalid(map[string]web.Msg{"after": web.M("validation.invalid")})
	}
	if err != nil {
		return err
	}
	unread, err := s.Store.UnreadNotifications(r.Context(), u.ID)
	if err != nil {
		return err
	}
	out := NotificationList{Notifications: make([]NotificationView, 0, len(list)), Next: next, Unread: unread}
	lang := web.Lang(r)
	for _, n := range list {
		out.Notifications = append(out.Notifications, view(lang, n))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// UnreadCount is GET /api/notifications/unread-count: what the bell shows.
func (s *Service) UnreadCount(w http.ResponseWriter, r *http.Request) error {
	n, err := s.Store.UnreadNotifications(r.Context(), userOf(r).ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, UnreadCount{Unread: n})
	return nil
}

// MarkRead is POST /api/notifications/{id}/read: one of the caller's own (another person's is
// 404, as if it did not exist).
func (s *Service) MarkRead(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	u := userOf(r)
	if err := s.Store.MarkNotificationRead(r.Context(), u.ID, id, s.Now()); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return web.NotFound()
		}
		return err
	}
	return s.UnreadCount(w, r)
}

// MarkAllRead is POST /api/notifications/read-all.
func (s *Service) MarkAllRead(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.Store.MarkAllNotificationsRead(r.Context(), userOf(r).ID, s.Now()); err != nil {
		return err
	}
	return s.UnreadCount(w, r)
}

// Preferences is GET /api/notifications/preferences: every kind with the caller's email mode.
func (s *Service) Preferences(w http.ResponseWriter, r *http.Request) error {
	list, err := preferences(r.Context(), s.Store, web.Lang(r), userOf(r).ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, PreferenceList{Preferences: list})
	return nil
}

// SetPreferences is PUT /api/notifications/preferences {preferences: [{kind, email}]}: the
// kinds listed change, the others stay.
func (s *Service) SetPreferences(w http.ResponseWriter, r *http.Request) error {
	var req PreferencesUpdate
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	prefs := map[string]string{}
	for i, p := range req.Preferences {
		field := "preferences." + strconv.Itoa(i)
		if _, ok := Lookup(p.Kind); !ok {
			c.Add(field+".kind", web.M("validation.invalid"))
			continue
		}
		if !p.Email.valid() {
			c.Add(field+".email", web.M("validation.invalid"))
			continue
		}
		prefs[p.Kind] = string(p.Email)
	}
	if err := c.Err(); err != nil {
		return err
	}
	if err := s.Store.SetNotificationPrefs(r.Context(), userOf(r).ID, prefs, s.Now()); err != nil {
		return err
	}
	return s.Preferences(w, r)
}

// UnsubscribeInfo is GET /api/notifications/unsubscribe?token=T: what the link would turn off.
// It changes nothing (link scanners open links); the confirmation page POSTs. A browser that
// opens the List-Unsubscribe URL itself is sent to that page.
func (s *Service) UnsubscribeInfo(w http.ResponseWriter, r *http.Request) error {
	token := r.URL.Query().Get("token")
	if strings.Contains(r.Header.Get("Accept"), "text/html") {
		http.Redirect(w, r, "/"+web.DetectLang(r)+"/notifications/unsubscribe?token="+url.QueryEscape(token), http.StatusSeeOther)
		return nil
	}
	t, err := s.verify(token)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, UnsubscribeView{Kinds: s.scopeLabels(r.Context(), web.Lang(r), t), Done: false})
	return nil
}

// Unsubscribe is POST /api/notifications/unsubscribe: the token in the query (the
// List-Unsubscribe URL, RFC 8058: the body is "List-Unsubscribe=One-Click") or in a JSON
// body {token} (the confirmation page). It turns email off for the token's kind, or for
// every kind sent by digest when the token came in a digest.
func (s *Service) Unsubscribe(w http.ResponseWriter, r *http.Request) error {
	token := r.URL.Query().Get("token")
	if token == "" {
		var req UnsubscribeRequest
		if err := web.Decode(r, &req); err != nil {
			return err
		}
		token = req.Token
	}
	t, err := s.verify(token)
	if err != nil {
		return err
	}
	lang := web.Lang(r)
	labels := s.scopeLabels(r.Context(), lang, t)
	if err := s.unsubscribe(r.Context(), t); err != nil {
		return err
	}
	web.Logger(r).Info("notifications unsubscribed", slog.Int64("user_id", t.userID), slog.String("scope", t.scope))
	web.JSON(w, http.StatusOK, UnsubscribeView{Kinds: labels, Done: true})
	return nil
}

// scopeKinds lists the kinds a token turns off for its person.
func (s *Service) scopeKinds(ctx context.Context, t unsubToken) []Kind {
	if t.scope != DigestScope {
		k, _ := Lookup(t.scope)
		return []Kind{k}
	}
	var out []Kind
	for _, k := range Kinds() {
		if m, err := modeOf(ctx, s.Store, t.userID, k); err == nil && m == Digest {
			out = append(out, k)
		}
	}
	return out
}

func (s *Service) scopeLabels(ctx context.Context, lang string, t unsubToken) []string {
	out := []string{}
	for _, k := range s.scopeKinds(ctx, t) {
		out = append(out, web.TLang(lang, k.Label))
	}
	return out
}

func (s *Service) unsubscribe(ctx context.Context, t unsubToken) error {
	prefs := map[string]string{}
	for _, k := range s.scopeKinds(ctx, t) {
		prefs[k.Name] = string(Off)
	}
	err := s.Store.SetNotificationPrefs(ctx, t.userID, prefs, s.Now())
	if errors.Is(err, db.ErrNotFound) {
		return nil // the account is gone: nothing more will be sent
	}
	return err
}

func (s *Service) verify(token string) (unsubToken, error) {
	t, ok := parseToken(s.Key, token)
	if !ok {
		return t, &web.Error{Status: 400, Code: "invalid_token", Message: web.M("notifications.unsubscribe.invalid")}
	}
	return t, nil
}

// UserData: the person's notifications (in the request's language) and email settings; both
// go when the account is deleted.
func (s *Service) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("notifications", func(ctx context.Context, store *db.Store, userID int64) (Export, error) {
		return exportOf(ctx, store, web.LangOf(ctx), userID)
	}).WithErase(func(ctx context.Context, tx *db.Store, userID int64) error {
		return tx.EraseNotificationsOfUser(ctx, userID)
	})}
}

// exportOf returns a person's notifications (all of them, newest first, in lang) and their
// email settings, for the account's data export.
func exportOf(ctx context.Context, store *db.Store, lang string, userID int64) (Export, error) {
	out := Export{Notifications: []NotificationView{}}
	after := ""
	for {
		list, next, err := store.Notifications(ctx, db.NotificationFilter{UserID: userID, After: after, Limit: 100})
		if err != nil {
			return out, err
		}
		for _, n := range list {
			out.Notifications = append(out.Notifications, view(lang, n))
		}
		if next == "" {
			break
		}
		after = next
	}
	var err error
	out.Preferences, err = preferences(ctx, store, lang, userID)
	return out, err
}

// preferences lists every kind with the person's email mode (theirs, or the kind's default).
func preferences(ctx context.Context, store *db.Store, lang string, userID int64) ([]Preference, error) {
	prefs, err := store.NotificationPrefs(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := []Preference{}
	for _, k := range Kinds() {
		mode := EmailMode(prefs[k.Name])
		if !mode.valid() {
			mode = k.DefaultEmail
		}
		out = append(out, Preference{Kind: k.Name, Label: web.TLang(lang, k.Label), Email: mode, Default: k.DefaultEmail})
	}
	return out, nil
}
