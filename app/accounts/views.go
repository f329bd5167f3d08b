package accounts

import (
	"time"

	"gerege/app/platform/plans"
	"gerege/db"
)

// Verified is the answer once the email address is verified.
type Verified struct {
	EmailVerified bool `json:"emailVerified"`
}

// SessionList is GET /api/account/sessions.
type SessionList struct {
	Sessions []SessionView `json:"sessions"`
}

// MemberView is one member of an organisation.
type MemberView struct {
	UserID    int64  `json:"userId"`
	Email     string `json:"email"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Role      string `json:"role"`
}

// InvitationView is one pending invitation.
type InvitationView struct {
	ID           int64     `json:"id"`
	Organization string    `json:"organization"`
	Email        string    `json:"email"`
	Role         string    `json:"role"`
	ExpiresAt    time.Time `json:"expiresAt"`
	Accepted     bool      `json:"accepted"`
}

// OrganizationView is GET /api/organization: members and pending invitations.
type OrganizationView struct {
	ID          int64            `json:"id"`
	Name        string           `json:"name"`
	Members     []MemberView     `json:"members"`
	Invitations []InvitationView `json:"invitations"`
	// Seats: members and pending invitations against the plan's staff seats (max -1: no limit).
	Seats plans.Usage `json:"seats"`
}

func organizationView(id int64, name string, members []db.Member, invs []db.Invitation, seats plans.Usage) OrganizationView {
	v := OrganizationView{ID: id, Name: name, Seats: seats, Members: make([]MemberView, 0, len(members)),
		Invitations: make([]InvitationView, 0, len(invs))}
	for _, m := range members {
		v.Members = append(v.Members, MemberView(m))
	}
	for _, i := range invs {
		v.Invitations = append(v.Invitations, InvitationView{ID: i.ID, Organization: i.OrgName, Email: i.Email, Role: i.Role,
			ExpiresAt: i.ExpiresAt, Accepted: i.Accepted})
	}
	return v
}

// AuthSchema is GET /api/auth/schema: the limits the account forms show and check.
type AuthSchema struct {
	NameMax         int      `json:"nameMax"`
	OrganizationMax int      `json:"organizationMax"`
	PasswordMin     int      `json:"passwordMin"`
	PasswordMax     int      `json:"passwordMax"`
	MinAge          int      `json:"minAge"`
	CodeLength      int      `json:"codeLength"`
	LegalVersion    string   `json:"legalVersion"`
	Languages       []string `json:"languages"`
	MinFillSeconds  float64  `json:"minFillSeconds"`
}
