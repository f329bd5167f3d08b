package opportunities

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"gerege/app/platform/notify"
	"gerege/app/platform/search"
	"gerege/app/platform/web"
	"gerege/db"
)

// OrgRequest is PUT /api/org/profile.
type OrgRequest struct {
	DescriptionEn      string `json:"descriptionEn" description:"Markdown"`
	DescriptionMn      string `json:"descriptionMn" description:"Markdown"`
	Website            string `json:"website" description:"https://… the organisation's site; the contact email must be at its domain"`
	Country            string `json:"country"`
	City               string `json:"city"`
	RegistrationNumber string `json:"registrationNumber"`
	ContactName        string `json:"contactName"`
	ContactEmail       string `json:"contactEmail"`
	ContactPhone       string `json:"contactPhone"`
	Verify             bool   `json:"verify" description:"ask the admins to verify the organisation"`
}

var regNumberRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]{3,29}$`)

// freeMail are providers anyone can get an address at: not an organisation's own domain.
var freeMail = []string{"gmail.com", "googlemail.com", "yahoo.com", "hotmail.com", "outlook.com", "live.com", "icloud.com",
	"mail.ru", "yandex.ru", "proton.me", "protonmail.com", "aol.com", "gmx.com", "qq.com", "163.com", "naver.com"}

// hostOf is the host of a website without "www.".
func hostOf(site string) string {
	u, err := url.Parse(site)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return ""
	}
	return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
}

// atDomain reports whether email is at host or one of its subdomains (and not a free provider).
func atDomain(email, host string) bool {
	i := strings.LastIndexByte(email, '@')
	if i < 0 || host == "" {
		return false
	}
	d := strings.ToLower(email[i+1:])
	if slices.Contains(freeMail, d) {
		return false
	}
	return d == host || strings.HasSuffix(d, "."+host) || strings.HasSuffix(host, "."+d)
}

func (req *OrgRequest) check(verify bool) error {
	for _, s := range []*string{&req.Website, &req.City, &req.RegistrationNumber, &req.ContactName, &req.ContactEmail, &req.ContactPhone} {
		*s = strings.TrimSpace(*s)
	}
	req.ContactEmail = strings.ToLower(req.ContactEmail)
	req.Country = strings.ToUpper(strings.TrimSpace(req.Country))
	c := &web.Checker{}
	c.Text("descriptionEn", req.DescriptionEn, false, maxText)
	c.Text("descriptionMn", req.DescriptionMn, false, maxText)
	c.Text("website", req.Website, verify, maxShort)
	if req.Website != "" && hostOf(req.Website) == "" {
		c.Add("website", web.M("opportunities.errors.website"))
	}
	if req.Country != "" && countryName("en", req.Country) == req.Country {
		c.Add("country", web.M("validation.choice"))
	} else if verify && req.Country == "" {
		c.Add("country", web.M("validation.required"))
	}
	c.Text("city", req.City, false, maxShort)
	c.Text("registrationNumber", req.RegistrationNumber, verify, 30)
	if req.RegistrationNumber != "" && !regNumberRe.MatchString(req.RegistrationNumber) && !c.Has("registrationNumber") {
		c.Add("registrationNumber", web.M("opportunities.errors.registrationNumber"))
	}
	c.Text("contactName", req.ContactName, verify, maxShort)
	if req.ContactEmail != "" || verify {
		c.Email("contactEmail", req.ContactEmail)
		if !c.Has("contactEmail") && !c.Has("website") && req.Website != "" && !atDomain(req.ContactEmail, hostOf(req.Website)) {
			c.Add("contactEmail", web.M("opportunities.errors.emailDomain", "domain", hostOf(req.Website)))
		}
	}
	c.Text("contactPhone", req.ContactPhone, false, 40)
	return c.Err()
}

// GetOrg is GET /api/org/profile.
func (h *Handlers) GetOrg(w http.ResponseWriter, r *http.Request) error {
	v, err := h.orgView(r.Context(), h.user(r))
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

func (h *Handlers) orgView(ctx context.Context, u *db.User) (OrgView, error) {
	counts, err := h.Store.OpportunityCounts(ctx, u.OrgID)
	if err != nil {
		return OrgView{}, err
	}
	p, err := h.Store.OrgProfileByID(ctx, u.OrgID)
	if db.IsNotFound(err) {
		return OrgView{ID: u.OrgID, Name: u.OrgName, Status: "unverified", Postings: counts}, nil
	}
	if err != nil {
		return OrgView{}, err
	}
	v := orgViewOf(p)
	v.Postings = counts
	return v, nil
}

func orgViewOf(p *db.OrgProfile) OrgView {
	return OrgView{ID: p.OrgID, Name: p.Name, Slug: p.Slug, DescriptionEn: p.DescriptionEn, DescriptionMn: p.DescriptionMn,
		Website: p.Website, Country: p.Country, City: p.City, RegistrationNumber: p.RegistrationNumber,
		ContactName: p.ContactName, ContactEmail: p.ContactEmail, ContactPhone: p.ContactPhone, Status: p.Status,
		Reason: p.Reason, RequestedAt: ptime(p.RequestedAt), Postings: map[string]int{}}
}

// PutOrg is PUT /api/org/profile: save, and with verify ask for verification.
func (h *Handlers) PutOrg(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req OrgRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := req.check(req.Verify); err != nil {
		return err
	}
	ctx, now := r.Context(), h.Now()
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		cur, err := tx.OrgProfileByID(ctx, u.OrgID)
		slug := ""
		switch {
		case err == nil:
			slug = cur.Slug
		case db.IsNotFound(err):
			if slug, err = search.UniqueSlug(search.Slug(u.OrgName), func(s string) (bool, error) {
				return tx.SlugTaken(ctx, "org_profiles", s)
			}); err != nil {
				return err
			}
		default:
			return err
		}
		// A verified organisation's identity (registration number, website, contact email)
		// is what the admins checked: changing it asks for verification again.
		if cur != nil && cur.Status == "verified" && (cur.RegistrationNumber != req.RegistrationNumber ||
			hostOf(cur.Website) != hostOf(req.Website) || cur.ContactEmail != req.ContactEmail) {
			if !req.Verify {
				return &web.Error{Status: 409, Code: "reverify", Message: web.M("opportunities.errors.reverify")}
			}
		}
		if cur != nil && cur.Status == "suspended" {
			return &web.Error{Status: 403, Code: "suspended", Message: web.M("opportunities.errors.suspended")}
		}
		if err := tx.SaveOrgProfile(ctx, &db.OrgProfile{OrgID: u.OrgID, Slug: slug, DescriptionEn: req.DescriptionEn,
			DescriptionMn: req.DescriptionMn, Website: req.Website, Country: req.Country, City: req.City,
			RegistrationNumber: req.RegistrationNumber, ContactName: req.ContactName, ContactEmail: req.ContactEmail,
			ContactPhone: req.ContactPhone}, now); err != nil {
			return err
		}
		if req.Verify && (cur == nil || cur.Status != "pending") {
			return tx.SetOrgStatus(ctx, u.OrgID, []string{"unverified", "returned", "verified"}, "pending", "", u.ID, now)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.GetOrg(w, r)
}

// OrgDecision is POST /api/admin/organizations/{id}/status.
type OrgDecision struct {
	Status string `json:"status" enum:"verified,returned,suspended" description:"verified (from pending or suspended), returned (with a reason), suspended (with a reason)"`
	Reason string `json:"reason"`
}

// DecideOrg is an admin's decision on an organisation.
func (h *Handlers) DecideOrg(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req OrgDecision
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Reason = strings.TrimSpace(req.Reason)
	c := &web.Checker{}
	c.OneOf("status", req.Status, true, []string{"verified", "returned", "suspended"}...)
	c.Text("reason", req.Reason, req.Status == "returned" || req.Status == "suspended", maxReason)
	if err := c.Err(); err != nil {
		return err
	}
	from := map[string][]string{"verified": {"pending", "suspended"}, "returned": {"pending"},
		"suspended": {"pending", "verified", "returned", "unverified"}}[req.Status]
	ctx, now, admin := r.Context(), h.Now(), h.user(r)
	var p *db.OrgProfile
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if _, err := tx.OrgProfileByID(ctx, id); err != nil {
			return err
		}
		if err := tx.SetOrgStatus(ctx, id, from, req.Status, req.Reason, admin.ID, now); err != nil {
			return err
		}
		if err := notifyStaff(ctx, tx, id, notify.Notification{Kind: OrgDecided.Name, At: now,
			Params: map[string]string{"status": req.Status, "reason": req.Reason}, Link: "/dashboard/job"}, "owner", "manager"); err != nil {
			return err
		}
		p, err = tx.OrgProfileByID(ctx, id)
		return err
	})
	switch {
	case db.IsNotFound(err):
		return web.NotFound()
	case errors.Is(err, db.ErrConflict):
		return web.Conflict(web.M("opportunities.errors.changed"))
	case err != nil:
		return err
	}
	web.JSON(w, http.StatusOK, orgViewOf(p))
	return nil
}
