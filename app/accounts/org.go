package accounts

import (
	"errors"
	"net/http"
	"strings"

	"gerege/app/platform/authn"
	"gerege/app/platform/mail"
	"gerege/app/platform/plans"
	"gerege/app/platform/secure"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// GetOrganization is GET /api/organization: members and pending invitations (owner, manager).
func (h *Handlers) GetOrganization(w http.ResponseWriter, r *http.Request) error {
	return h.organization(w, r, http.StatusOK)
}

func (h *Handlers) organization(w http.ResponseWriter, r *http.Request, status int) error {
	u := authn.From(r.Context()).User
	members, err := h.Store.Members(r.Context(), u.OrgID)
	if err != nil {
		return err
	}
	invs, err := h.Store.Invitations(r.Context(), u.OrgID, h.Now())
	if err != nil {
		return err
	}
	seats, err := plans.Of(r.Context(), h.Store, u.OrgID, plans.Staff, h.Now())
	if err != nil {
		return err
	}
	web.JSON(w, status, organizationView(u.OrgID, u.OrgName, members, invs, seats))
	return nil
}

// InviteRequest is POST /api/organization/invitations.
type InviteRequest struct {
	Email string `json:"email"`
	Role  string `json:"role"`
}

// Invite lets an organisation's owner invite a manager or counselor by email.
func (h *Handlers) Invite(w http.ResponseWriter, r *http.Request) error {
	u := authn.From(r.Context()).User
	var req InviteRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Email = normEmail(req.Email)
	c := &web.Checker{}
	c.Email("email", req.Email)
	c.OneOf("role", req.Role, true, "manager", "counselor")
	if err := c.Err(); err != nil {
		return err
	}
	if err := h.Limiter.Limit("email:account:"+u.Email, h.Cfg.Limits.EmailAccount); err != nil {
		return err
	}
	if err := h.SendInvitation(r, u, u.OrgID, u.OrgName, req.Email, req.Role); err != nil {
		return err
	}
	return h.organization(w, r, http.StatusCreated)
}

// SendInvitation stores an invitation from inviter to email, to join organisation orgID
// (called orgName) as role (manager or counselor), and queues its email (with the link that
// accepts it — never a password), with its audit entry, in one transaction: no invitation
// that nobody was told of, no email for an invitation that does not exist. The organisation
// page and the workspace's people pages both invite through it; callers check that the
// inviter may invite there and validate the email and role.
func (h *Handlers) SendInvitation(r *http.Request, inviter *db.User, orgID int64, orgName, email, role string) error {
	// Someone who already has an account is greeted by name in the language they chose;
	// anyone else with "Hello," in the inviter's language (never by their email address).
	lang, name := web.Lang(r), ""
	if known, err := h.Store.UserByEmail(r.Context(), email); err == nil {
		lang, name = known.Language, known.FirstName
	} else if !errors.Is(err, db.ErrNotFound) {
		return err
	}
	token, now := secure.RandomToken(24), h.Now()
	msg := h.Mailer.Compose(mail.Message{To: email, Lang: lang, Kind: "invitation", Name: name,
		Link: h.link(lang, "/auth/invitation?token="+token),
		Vars: []any{"organization", orgName, "inviter", i18n.FullName(lang, inviter.FirstName, inviter.LastName),
			"role", strings.ToLower(i18n.T(lang, "roles."+role))}})
	return h.Store.InTx(r.Context(), func(tx *db.Store) error {
		// Members and pending invitations count against the plan's staff seats (counted in
		// this transaction, so two invitations cannot both take the last seat).
		if err := plans.Check(r.Context(), tx, orgID, plans.Staff, now); err != nil {
			return err
		}
		if _, err := tx.CreateInvitation(r.Context(), orgID, inviter.ID, email, role, secure.HashToken(h.HashKey, token),
			now, now.Add(h.Cfg.InviteTTL)); err != nil {
			return err
		}
		if err := h.Mailer.Queue(r.Context(), tx, msg...); err != nil {
			return err
		}
		return h.auditIn(tx, r, "role.invited", inviter.ID, 0, db.Detail(db.DetailInvited, role, email))
	})
}

// TokenRequest carries a link token.
type TokenRequest struct {
	Token string `json:"token"`
}

// AcceptInvitation is POST /api/organization/invitations/accept: the signed-in user whose
// email the invitation names joins the organisation.
func (h *Handlers) AcceptInvitation(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	var req TokenRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	inv, err := h.Store.InvitationByToken(r.Context(), secure.HashToken(h.HashKey, req.Token), h.Now())
	if db.IsNotFound(err) {
		return &web.Error{Status: 404, Code: "invitation_invalid", Message: web.M("auth.errors.invitationInvalid")}
	}
	if err != nil {
		return err
	}
	if !equalFold(inv.Email, id.User.Email) {
		return &web.Error{Status: 403, Code: "invitation_other_email", Message: web.M("auth.errors.invitationOtherEmail")}
	}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.AcceptInvitation(r.Context(), inv, id.User.ID, h.Now()); err != nil {
			return err
		}
		return h.auditIn(tx, r, "role.changed", id.User.ID, id.User.ID, db.Detail(db.DetailJoined, inv.Role))
	})
	if errors.Is(err, db.ErrConflict) {
		return &web.Error{Status: 409, Code: "already_member", Message: web.M("auth.errors.alreadyMember")}
	}
	if err != nil {
		return err
	}
	return h.meAgain(w, r, id)
}

func equalFold(a, b string) bool { return normEmail(a) == normEmail(b) }
