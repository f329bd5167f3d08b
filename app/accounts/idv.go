package accounts

import (
	"context"
	"net/http"
	"strings"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/web"
	"gerege/db"
)

// IDRequest is PUT /api/account/id-verification.
type IDRequest struct {
	Surname     string `json:"surname"`
	GivenName   string `json:"givenName"`
	DateOfBirth string `json:"dateOfBirth"`
	IDNumber    string `json:"idNumber"`
}

// IDView is the account page's view: the number only masked.
type IDView struct {
	Status             string   `json:"status"` // none | verified | declined
	Surname            string   `json:"surname,omitempty"`
	GivenName          string   `json:"givenName,omitempty"`
	DateOfBirth        string   `json:"dateOfBirth,omitempty"`
	IDNumberMasked     string   `json:"idNumberMasked,omitempty"`
	RestrictedFeatures []string `json:"restrictedFeatures"`
}

func (h *Handlers) idView(w http.ResponseWriter, r *http.Request, userID int64) error {
	out, err := h.idViewOf(r.Context(), userID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) idViewOf(ctx context.Context, userID int64) (IDView, error) {
	v, err := h.Store.IDVerificationOf(ctx, userID)
	out := IDView{Status: "none", RestrictedFeatures: authz.RestrictedWithoutID}
	switch {
	case err == nil:
		out.Status, out.Surname, out.GivenName, out.DateOfBirth, out.IDNumberMasked = v.Status, v.Surname, v.GivenName, v.DateOfBirth, v.IDNumberMask
		if v.Status == "verified" {
			out.RestrictedFeatures = []string{}
		}
	case !db.IsNotFound(err):
		return out, err
	}
	return out, nil
}

// GetIDVerification is GET /api/account/id-verification.
func (h *Handlers) GetIDVerification(w http.ResponseWriter, r *http.Request) error {
	return h.idView(w, r, authn.From(r.Context()).User.ID)
}

// PutIDVerification checks and stores the user's national ID: the registry number's format
// and its agreement with the date of birth (and with the account's, when one is known). The
// number is stored encrypted; only a mask is kept in clear.
func (h *Handlers) PutIDVerification(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	var req IDRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Surname, req.GivenName = strings.TrimSpace(req.Surname), strings.TrimSpace(req.GivenName)
	num := NormalizeRegistryNumber(req.IDNumber)
	c := &web.Checker{}
	c.Text("surname", req.Surname, true, MaxName)
	c.Text("givenName", req.GivenName, true, MaxName)
	dob, ok := c.Date("dateOfBirth", req.DateOfBirth, true)
	if ok && id.User.DateOfBirth != "" && req.DateOfBirth != id.User.DateOfBirth {
		c.Add("dateOfBirth", web.M("account.idVerification.errors.dobAccount"))
	} else if ok {
		checkBirth(c, "dateOfBirth", req.DateOfBirth, true, h.Now())
	}
	switch {
	case num == "":
		c.Add("idNumber", web.M("validation.required"))
	case ok && !c.Has("dateOfBirth"):
		if key := CheckRegistryNumber(num, dob); key != "" {
			c.Add("idNumber", web.M(key))
		}
	default:
		if key := CheckRegistryNumber(num, time.Time{}); key != "" {
			c.Add("idNumber", web.M(key))
		}
	}
	if err := c.Err(); err != nil {
		return err
	}
	// The verification, the date of birth it gives and the audit entry are one transaction.
	err := h.Store.InTx(r.Context(), func(tx *db.Store) error {
		err := tx.SaveIDVerification(r.Context(), db.IDVerification{UserID: id.User.ID, Status: "verified",
			Surname: req.Surname, GivenName: req.GivenName, DateOfBirth: req.DateOfBirth,
			IDNumberEnc: h.Sealer.Seal(num), IDNumberMask: MaskRegistryNumber(num), UpdatedAt: h.Now()})
		if err != nil {
			return err
		}
		if id.User.DateOfBirth == "" {
			dobStr := req.DateOfBirth
			if err := tx.UpdateProfile(r.Context(), id.User.ID, db.ProfileUpdate{DateOfBirth: &dobStr}, h.Now()); err != nil {
				return err
			}
		}
		return h.auditIn(tx, r, "id.verified", id.User.ID, id.User.ID, "")
	})
	if err != nil {
		return err
	}
	return h.idView(w, r, id.User.ID)
}

// DeclineIDVerification is POST /api/account/id-verification/decline: the user keeps the
// account with the listed features restricted; any stored ID data is erased.
func (h *Handlers) DeclineIDVerification(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	err := h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.SaveIDVerification(r.Context(), db.IDVerification{UserID: id.User.ID, Status: "declined",
			UpdatedAt: h.Now()}); err != nil {
			return err
		}
		return h.auditIn(tx, r, "id.declined", id.User.ID, id.User.ID, "")
	})
	if err != nil {
		return err
	}
	return h.idView(w, r, id.User.ID)
}
