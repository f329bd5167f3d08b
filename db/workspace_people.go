package db

import (
	"context"
	"strings"
	"time"

	"gerege/app/platform/search"
)

// People (app/workspace/people): the list of accounts admins and organisation owners manage,
// suspension and reactivation, organisation roles. Each state change is called on a store
// bound to the caller's transaction, with its audit entry.

// Audit detail codes of people (the audit log's page puts them in words).
const (
	DetailRenamed          = "renamed"            // the name was changed by an admin or the owner
	DetailOrgRoleManager   = "org_role_manager"   // the organisation role became manager
	DetailOrgRoleCounselor = "org_role_counselor" // the organisation role became counselor
	DetailOrgMoved         = "org_moved"          // moved to another organisation (admins)
	DetailOrgLeft          = "org_left"           // taken out of their organisation (admins)
	DetailSuspended        = "suspended"          // suspended: sessions and tokens ended
	DetailReactivated      = "reactivated"        // suspension lifted
	DetailForcedSignOut    = "forced_sign_out"    // every session and token ended by an admin or the owner
)

func init() {
	AuditDetailCodes = append(AuditDetailCodes, DetailRenamed, DetailOrgRoleManager, DetailOrgRoleCounselor, DetailOrgMoved,
		DetailOrgLeft, DetailSuspended, DetailReactivated, DetailForcedSignOut)
}

// ManagedUser is one account as the people list shows it: never its password hash, tokens or ID
// number.
type ManagedUser struct {
	ID            int64
	Email         string
	FirstName     string
	LastName      string
	AccountType   string
	IsAdmin       bool
	Staff         int
	Language      string
	EmailVerified bool
	IDVerified    bool
	SuspendedAt   time.Time
	CreatedAt     time.Time
	LastSignInAt  time.Time
	OrgID         int64
	OrgName       string
	OrgRole       string
}

const personCols = `u.id, u.email, u.first_name, u.last_name, u.account_type, u.is_admin, u.staff, u.language,
	u.email_verified_at IS NOT NULL, EXISTS (SELECT 1 FROM id_verifications v WHERE v.user_id = u.id AND v.status = 'verified'),
	u.suspended_at, u.created_at, u.last_sign_in_at,
	coalesce(m.organization_id, 0), coalesce(o.name, ''), coalesce(m.role, '')`

func scanManagedUser(row scanner) (*ManagedUser, error) {
	var p ManagedUser
	var suspended, signIn *string
	var created string
	if err := row.Scan(&p.ID, &p.Email, &p.FirstName, &p.LastName, &p.AccountType, &p.IsAdmin, &p.Staff, &p.Language,
		&p.EmailVerified, &p.IDVerified, &suspended, &created, &signIn, &p.OrgID, &p.OrgName, &p.OrgRole); err != nil {
		return nil, mapErr(err)
	}
	p.SuspendedAt, p.LastSignInAt, p.CreatedAt = nullT(suspended), nullT(signIn), ParseT(created)
	return &p, nil
}

// ManagedUserByID returns one account, or ErrNotFound.
func (s *Store) ManagedUserByID(ctx context.Context, id int64) (*ManagedUser, error) {
	return scanManagedUser(s.row(ctx, `SELECT `+personCols+userFrom+`WHERE u.id = ?`, id))
}

// PeopleCursor is the keyset position of a page of people: the sort key(s) and the id of the
// last one shown.
type PeopleCursor struct {
	A  string `json:"a"`
	B  string `json:"b,omitempty"`
	ID int64  `json:"i"`
}

// PeopleFilter selects and orders the people list.
type PeopleFilter struct {
	Query    string // what was typed (name, email), in either script
	Role     string // individual | owner | manager | counselor | staff | admin
	OrgID    int64  // only this organisation's members (0: any)
	Verified string // email | id
	Status   string // active | suspended
	Sort     string // name (default: first name, last name) | surname (last name first) | created | lastSignIn
	After    *PeopleCursor
	Limit    int
}

// peopleCommonMatch is the number of matches from which a searched word counts as common.
const peopleCommonMatch = 1000

// PeoplePage is a page of people and the position after it (nil at the end).
type PeoplePage struct {
	Items []ManagedUser
	Next  *PeopleCursor
}

// People lists accounts by f. A text query is matched against the search index of names and
// emails (refreshed first for accounts changed since the last search).
func (s *Store) People(ctx context.Context, f PeopleFilter) (*PeoplePage, error) {
	var where []string
	var args []any
	if expr, ok := search.Match(f.Query); ok {
		if err := s.RefreshPeopleSearch(ctx); err != nil {
			return nil, err
		}
		// A rare word: the matches drive the query and are sorted (few). A common one ("bat"):
		// the list walks its sort order and checks each account against the index, so it
		// stops after a page instead of sorting a large share of every account.
		var n int
		if err := s.row(ctx, `SELECT count(*) FROM (SELECT rowid FROM people_search WHERE people_search MATCH ? LIMIT ?)`,
			expr, peopleCommonMatch).Scan(&n); err != nil {
			return nil, mapErr(err)
		}
		if n < peopleCommonMatch {
			where = append(where, `u.id IN (SELECT rowid FROM people_search WHERE people_search MATCH ?)`)
		} else {
			where = append(where, `+u.id IN (SELECT rowid FROM people_search WHERE people_search MATCH ?)`)
		}
		args = append(args, expr)
	}
	switch f.Role {
	case "individual":
		where = append(where, `u.account_type = 'individual'`)
	case "owner", "manager", "counselor":
		// coalesce keeps the LEFT JOIN (SQLite would otherwise turn it into a join driven
		// by memberships and sort them all): the list walks its order and looks each up.
		where = append(where, `coalesce(m.role, '') = ?`)
		args = append(args, f.Role)
	case "staff":
		where = append(where, `u.staff >= 1`)
	case "admin":
		where = append(where, `u.is_admin = 1`)
	}
	if f.OrgID != 0 {
		where = append(where, `m.organization_id = ?`)
		args = append(args, f.OrgID)
	}
	switch f.Verified {
	case "email":
		where = append(where, `u.email_verified_at IS NOT NULL`)
	case "id":
		where = append(where, `EXISTS (SELECT 1 FROM id_verifications v WHERE v.user_id = u.id AND v.status = 'verified')`)
	}
	switch f.Status {
	case "active":
		where = append(where, `u.suspended_at IS NULL`)
	case "suspended":
		where = append(where, `u.suspended_at IS NOT NULL`)
	}
	var order string
	switch f.Sort {
	case "created":
		order = `u.created_at DESC, u.id DESC`
		if f.After != nil {
			where = append(where, `(u.created_at, u.id) < (?, ?)`)
			args = append(args, f.After.A, f.After.ID)
		}
	case "lastSignIn":
		order = `coalesce(u.last_sign_in_at, '') DESC, u.id DESC`
		if f.After != nil {
			where = append(where, `(coalesce(u.last_sign_in_at, ''), u.id) < (?, ?)`)
			args = append(args, f.After.A, f.After.ID)
		}
	case "surname":
		order = `u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id`
		if f.After != nil {
			where = append(where, `(u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id) > (?, ?, ?)`)
			args = append(args, f.After.A, f.After.B, f.After.ID)
		}
	default:
		order = `u.first_name COLLATE NOCASE, u.last_name COLLATE NOCASE, u.id`
		if f.After != nil {
			where = append(where, `(u.first_name COLLATE NOCASE, u.last_name COLLATE NOCASE, u.id) > (?, ?, ?)`)
			args = append(args, f.After.A, f.After.B, f.After.ID)
		}
	}
	if f.Limit <= 0 {
		f.Limit = 20
	}
	q := `SELECT ` + personCols + userFrom
	if len(where) > 0 {
		q += `WHERE ` + strings.Join(where, ` AND `)
	}
	q += ` ORDER BY ` + order + ` LIMIT ?`
	rows, err := s.rows(ctx, q, append(args, f.Limit+1)...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := &PeoplePage{Items: []ManagedUser{}}
	for rows.Next() {
		p, err := scanManagedUser(rows)
		if err != nil {
			return nil, err
		}
		out.Items = append(out.Items, *p)
	}
	if err := rows.Err(); err != nil {
		return nil, mapErr(err)
	}
	if len(out.Items) > f.Limit {
		out.Items = out.Items[:f.Limit]
		last := out.Items[f.Limit-1]
		c := &PeopleCursor{ID: last.ID}
		switch f.Sort {
		case "created":
			c.A = T(last.CreatedAt)
		case "lastSignIn":
			if !last.LastSignInAt.IsZero() {
				c.A = T(last.LastSignInAt)
			}
		case "surname":
			c.A, c.B = last.LastName, last.FirstName
		default:
			c.A, c.B = last.FirstName, last.LastName
		}
		out.Next = c
	}
	return out, nil
}

// RefreshPeopleSearch folds the names and emails of the accounts changed since the last
// search into the search index (the triggers of migration 0018 queue them).
func (s *Store) RefreshPeopleSearch(ctx context.Context) error {
	var any int
	if err := s.row(ctx, `SELECT count(*) FROM (SELECT 1 FROM people_search_stale LIMIT 1)`).Scan(&any); err != nil {
		return mapErr(err)
	}
	if any == 0 {
		return nil
	}
	return s.InTx(ctx, func(tx *Store) error {
		for {
			rows, err := tx.rows(ctx, `SELECT q.user_id, coalesce(u.first_name, ''), coalesce(u.last_name, ''), coalesce(u.email, '')
				FROM people_search_stale q LEFT JOIN users u ON u.id = q.user_id LIMIT 1000`)
			if err != nil {
				return err
			}
			type doc struct {
				id   int64
				text string
			}
			var docs []doc
			for rows.Next() {
				var d doc
				var first, last, email string
				if err := rows.Scan(&d.id, &first, &last, &email); err != nil {
					rows.Close()
					return err
				}
				local, domain, _ := strings.Cut(email, "@")
				d.text = search.Doc(first, last, email, local, strings.ReplaceAll(domain, ".", " "))
				docs = append(docs, d)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			if len(docs) == 0 {
				return nil
			}
			for _, d := range docs {
				if _, err := tx.exec(ctx, `DELETE FROM people_search WHERE rowid = ?`, d.id); err != nil {
					return err
				}
				if d.text != "" {
					if _, err := tx.exec(ctx, `INSERT INTO people_search (rowid, text) VALUES (?, ?)`, d.id, d.text); err != nil {
						return err
					}
				}
				if _, err := tx.exec(ctx, `DELETE FROM people_search_stale WHERE user_id = ?`, d.id); err != nil {
					return err
				}
			}
		}
	})
}

// ActiveAdmins counts the platform administrators who are not suspended.
func (s *Store) ActiveAdmins(ctx context.Context) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM users WHERE is_admin = 1 AND suspended_at IS NULL`).Scan(&n)
	return n, mapErr(err)
}

// SetName changes an account's name (an admin or the organisation's owner).
func (s *Store) SetName(ctx context.Context, id int64, first, last string, now time.Time) error {
	return s.UpdateProfile(ctx, id, ProfileUpdate{FirstName: &first, LastName: &last}, now)
}

// SetOrgRole changes a member's role in their organisation (manager or counselor).
func (s *Store) SetOrgRole(ctx context.Context, userID, orgID int64, role string) error {
	res, err := s.exec(ctx, `UPDATE memberships SET role = ? WHERE user_id = ? AND organization_id = ?`, role, userID, orgID)
	return affected(res, err)
}

// MoveToOrg makes the account a member of orgID with role (an enterprise account), leaving
// any organisation it belonged to; orgID 0 only takes it out of its organisation.
func (s *Store) MoveToOrg(ctx context.Context, userID, orgID int64, role string, now time.Time) error {
	if _, err := s.exec(ctx, `DELETE FROM memberships WHERE user_id = ?`, userID); err != nil {
		return err
	}
	if orgID == 0 {
		return nil
	}
	if _, err := s.exec(ctx, `INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?, ?, ?, ?)`,
		orgID, userID, role, T(now)); err != nil {
		return err
	}
	res, err := s.exec(ctx, `UPDATE users SET account_type = 'enterprise', updated_at = ? WHERE id = ?`, T(now), userID)
	return affected(res, err)
}

// SetSuspended suspends (on) or reactivates an account. Suspending also ends every session
// and with them their refresh tokens (RotateRefreshToken refuses a revoked session's tokens).
func (s *Store) SetSuspended(ctx context.Context, id int64, on bool, now time.Time) error {
	var at any
	if on {
		at = T(now)
	}
	res, err := s.exec(ctx, `UPDATE users SET suspended_at = ?, updated_at = ? WHERE id = ?`, at, T(now), id)
	if err := affected(res, err); err != nil {
		return err
	}
	if on {
		if _, err := s.RevokeUserSessions(ctx, id, "", now); err != nil {
			return err
		}
	}
	return nil
}

// OrgOption is an organisation to choose from.
type OrgOption struct {
	ID   int64
	Name string
}

// Organizations lists organisations by name (at most limit), or only id when id != 0.
func (s *Store) Organizations(ctx context.Context, id int64, limit int) ([]OrgOption, error) {
	rows, err := s.rows(ctx, `SELECT id, name FROM organizations WHERE (? = 0 OR id = ?) ORDER BY name COLLATE NOCASE, id LIMIT ?`,
		id, id, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []OrgOption{}
	for rows.Next() {
		var o OrgOption
		if err := rows.Scan(&o.ID, &o.Name); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, o)
	}
	return out, mapErr(rows.Err())
}
