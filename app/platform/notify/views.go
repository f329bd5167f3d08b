package notify

import "time"

// The API's request and response types (never storage rows).

// NotificationView is one notification as its reader sees it: title and body rendered in the
// request's language; Link is a path without the language prefix.
type NotificationView struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind"`
	Title     string    `json:"title"`
	Body      string    `json:"body"`
	Link      string    `json:"link"`
	CreatedAt time.Time `json:"createdAt"`
	Read      bool      `json:"read"`
}

// NotificationList is one page of the list. Next is the cursor of the following page ("" at
// the end); Unread counts all the reader's unread notifications.
type NotificationList struct {
	Notifications []NotificationView `json:"notifications"`
	Next          string             `json:"next"`
	Unread        int                `json:"unread"`
}

// UnreadCount is what the bell shows.
type UnreadCount struct {
	Unread int `json:"unread"`
}

// Preference is one kind's email setting for the reader.
type Preference struct {
	Kind    string    `json:"kind"`
	Label   string    `json:"label"`
	Email   EmailMode `json:"email" enum:"immediate,digest,off"`
	Default EmailMode `json:"default" enum:"immediate,digest,off"`
}

// PreferenceList is GET /api/notifications/preferences.
type PreferenceList struct {
	Preferences []Preference `json:"preferences"`
}

// PreferenceChange is one kind's new email setting.
type PreferenceChange struct {
	Kind  string    `json:"kind"`
	Email EmailMode `json:"email" enum:"immediate,digest,off"`
}

// PreferencesUpdate is the body of PUT /api/notifications/preferences.
type PreferencesUpdate struct {
	Preferences []PreferenceChange `json:"preferences"`
}

// UnsubscribeRequest is the body the confirmation page POSTs.
type UnsubscribeRequest struct {
	Token string `json:"token"`
}

// UnsubscribeView names what an unsubscribe link turns off (Kinds, their labels) and whether
// it has been done.
type UnsubscribeView struct {
	Kinds []string `json:"kinds"`
	Done  bool     `json:"done"`
}

// ListQuery is the query of GET /api/notifications.
type ListQuery struct {
	Unread string `query:"unread" enum:"1,true" description:"only unread ones"`
	After  string `query:"after" description:"the next cursor of the previous page"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

// TokenQuery carries an unsubscribe link's signed token.
type TokenQuery struct {
	Token string `query:"token" description:"the signed token from the email"`
}

// Export is what the account's data export ("download my data") carries of notifications:
// every notification, rendered in the request's language, and the email settings.
type Export struct {
	Notifications []NotificationView `json:"notifications"`
	Preferences   []Preference       `json:"preferences"`
}
