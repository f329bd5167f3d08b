// Package site answers the small platform-wide API calls: what this installation is
// (/api/meta) and the visitor's language choice (/api/lang).
package site

import (
	"context"
	"net/http"
	"time"

	"gerege/app/platform/web"
	"gerege/i18n"
)

// Handlers holds the site capability's dependencies.
type Handlers struct {
	Version     string
	Demo        func(context.Context) bool
	Maintenance func(context.Context) bool
	Secure      bool
	// Links from configuration.
	AppStoreURL, PlayStoreURL, SupportEmail string
	Now                                     func() time.Time
}

// Meta is the body of GET /api/meta.
type Meta struct {
	Name         string   `json:"name"`
	Version      string   `json:"version"`
	Languages    []string `json:"languages"`
	Language     string   `json:"language"`
	Demo         bool     `json:"demo"`
	Maintenance  bool     `json:"maintenance"`
	AppStoreURL  string   `json:"appStoreUrl"`
	PlayStoreURL string   `json:"playStoreUrl"`
	SupportEmail string   `json:"supportEmail"`
}

// GetMeta describes the installation: version, languages, whether it holds demo content.
func (h *Handlers) GetMeta(w http.ResponseWriter, r *http.Request) error {
	web.JSON(w, http.StatusOK, Meta{
		Name:        "Gerege",
		Version:     h.Version,
		Languages:   i18n.Languages,
		Language:    web.Lang(r),
		Demo:        h.Demo(r.Context()),
		Maintenance: h.Maintenance(r.Context()),
		AppStoreURL: h.AppStoreURL, PlayStoreURL: h.PlayStoreURL, SupportEmail: h.SupportEmail,
	})
	return nil
}

// LangRequest is the body of POST /api/lang.
type LangRequest struct {
	Lang string `json:"lang"`
}

// SetLang remembers the visitor's language in the lang cookie for a year.
func (h *Handlers) SetLang(w http.ResponseWriter, r *http.Request) error {
	var req LangRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if !i18n.Supported(req.Lang) {
		return web.Invalid(map[string]web.Msg{"lang": web.M("site.lang.unsupported")})
	}
	http.SetCookie(w, &http.Cookie{
		Name: web.LangCookie, Value: req.Lang, Path: "/", MaxAge: int((365 * 24 * time.Hour).Seconds()),
		SameSite: http.SameSiteLaxMode, Secure: h.Secure,
	})
	web.JSON(w, http.StatusOK, LangRequest{Lang: req.Lang})
	return nil
}
