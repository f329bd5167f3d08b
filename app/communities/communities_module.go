package communities

// The communities part: communities and their requests, membership and roles, forums,
// follows and profiles. Its routes, dashboard pages, user data and helpers.

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
)

// ListQuery is the query of GET /api/communities.
type ListQuery struct {
	Q     string `query:"q" description:"words of the name or description, in either script"`
	After string `query:"after" description:"the cursor of the previous page"`
}

// MembersQuery is the query of the members list.
type MembersQuery struct {
	Status string `query:"status" enum:"active,pending,banned" description:"active (default: active and suspended); pending and banned for moderators"`
	After  string `query:"after"`
}

// TopicsQuery is the query of a forum's page.
type TopicsQuery struct {
	After string `query:"after"`
}

// QueueQuery is the query of the platform admins' list of communities.
type QueueQuery struct {
	Status string `query:"status" enum:"requested,active,rejected,suspended" description:"requested when empty"`
}

func (h *Handlers) mountCommunities(r *authz.Router, reg *authz.Registry) {
	// Communities: public lists and pages, requests and decisions, settings.
	r.Get("/communities", authz.Public, h.ListCommunities, authz.Doc{ID: "listCommunities", Query: ListQuery{}, Resp: CommunityList{},
		Summary: "Active communities: the public ones and the caller's own, most members first; search by name in either script; keyset paging"})
	r.Post("/communities", authz.CommunitiesAdmin, h.CreateCommunity, authz.Doc{ID: "createCommunity", Req: CommunityRequest{},
		Resp: CommunityDetail{}, Status: 201, Summary: "A platform admin creates an active community (and becomes its admin)"})
	r.Post("/communities/requests", authz.CommunitiesRequest, h.RequestCommunity, authz.Doc{ID: "requestCommunity",
		Req: CommunityRequest{}, Resp: CommunityDetail{}, Status: 201,
		Summary: "An enterprise owner or manager (national ID verified) asks for a community of their organisation; it waits for the platform admins"})
	r.Get("/communities/{slug}", authz.Public, h.GetCommunity, authz.Doc{ID: "getCommunity", Resp: CommunityDetail{},
		Summary: "One community: names, descriptions and rules rendered, forums, the caller's membership and what they may do (members-only: only names, descriptions and rules for non-members)"})
	r.Put("/communities/{slug}", authz.CommunitiesParticipate, h.UpdateCommunity, authz.Doc{ID: "updateCommunity",
		Req: CommunityRequest{}, Resp: CommunityDetail{}, Summary: "The community's admins edit names, descriptions, rules, visibility, join policy, auto-hide threshold"})
	r.Get("/me/communities", authz.CommunitiesParticipate, h.MyCommunities, authz.Doc{ID: "listMyCommunities", Resp: MyCommunities{},
		Summary: "The caller's communities (any membership status) and the requests they made"})
	r.Get("/admin/communities", authz.CommunitiesAdmin, h.CommunityQueue, authz.Doc{ID: "getCommunityQueue", Query: QueueQuery{},
		Resp: CommunityQueue{}, Summary: "Communities by status for the platform admins (requests waiting, oldest first)"})
	r.Post("/admin/communities/{id}/status", authz.CommunitiesAdmin, h.DecideCommunity, authz.Doc{ID: "decideCommunity",
		Req: CommunityDecision{}, Resp: CommunityDetail{},
		Summary: "Approve (active, the requester its admin) or reject a request (with a reason), suspend (with a reason) or reinstate a community; the requester is notified"})

	// Membership.
	r.Put("/communities/{slug}/membership", authz.CommunitiesParticipate, h.Join, authz.Doc{ID: "joinCommunity", Req: struct{}{},
		Resp: CommunityDetail{}, Summary: "Join: open communities at once; approval communities: pending until an admin decides (they are notified)"})
	r.Delete("/communities/{slug}/membership", authz.CommunitiesParticipate, h.Leave, authz.Doc{ID: "leaveCommunity",
		Resp: CommunityDetail{}, Summary: "Leave (or withdraw a request to join); the last admin cannot leave"})
	r.Get("/communities/{slug}/members", authz.Public, h.Members, authz.Doc{ID: "listCommunityMembers", Query: MembersQuery{},
		Resp: MemberList{}, Summary: "The members of a community the caller may read; pending requests and bans only for its moderators and admins"})
	r.Put("/communities/{slug}/members/{user}/role", authz.CommunitiesParticipate, h.SetRole, authz.Doc{ID: "setCommunityMemberRole",
		Req: RoleRequest{}, Resp: MemberView{}, Summary: "The community's admins make a member an admin, moderator or member"})
	r.Post("/communities/{slug}/members/{user}/decision", authz.CommunitiesParticipate, h.DecideJoin, authz.Doc{ID: "decideCommunityJoin",
		Req: JoinDecision{}, Resp: JoinResult{},
		Summary: "The community's admins approve or refuse a request to join; the person is notified"})

	// Forums.
	r.Post("/communities/{slug}/forums", authz.CommunitiesParticipate, h.CreateForum, authz.Doc{ID: "createForum", Req: ForumRequest{},
		Resp: ForumView{}, Status: 201, Summary: "The community's admins add a forum (at the end)"})
	r.Put("/communities/{slug}/forums/order", authz.CommunitiesParticipate, h.ReorderForums, authz.Doc{ID: "reorderForums",
		Req: ForumOrder{}, Resp: CommunityDetail{}, Summary: "The community's admins put its forums in a new order (every forum once)"})
	r.Get("/communities/{slug}/forums/{forum}", authz.Public, h.GetForum, authz.Doc{ID: "getForum", Query: TopicsQuery{}, Resp: ForumPage{},
		Summary: "A forum and a page of its published topics, pinned first then newest activity (keyset paging); 403 for members-only communities to non-members"})
	r.Put("/communities/{slug}/forums/{forum}", authz.CommunitiesParticipate, h.UpdateForum, authz.Doc{ID: "updateForum",
		Req: ForumRequest{}, Resp: ForumView{}, Summary: "The community's admins rename or describe a forum"})
	r.Delete("/communities/{slug}/forums/{forum}", authz.CommunitiesParticipate, h.DeleteForum, authz.Doc{ID: "deleteForum", Status: 204,
		Summary: "The community's admins delete a forum with its topics"})

	// Follows.
	r.Get("/me/follows", authz.CommunitiesParticipate, h.MyFollows, authz.Doc{ID: "listMyFollows", Resp: FollowList{},
		Summary: "What the caller follows, newest first"})
	r.Put("/me/follows", authz.CommunitiesParticipate, h.Follow, authz.Doc{ID: "follow", Req: FollowRequest{}, Resp: FollowState{},
		Summary: "Follow a community, a forum or a topic the caller may read: notified in-app of new posts, topics or replies, and by email when email is true"})
	r.Delete("/me/follows/{type}/{id}", authz.CommunitiesParticipate, h.Unfollow, authz.Doc{ID: "unfollow", Resp: FollowState{},
		Summary: "Stop following (nothing to stop is fine)"})

	// Profiles.
	r.Get("/profiles/{handle}", authz.Public, h.GetProfile, authz.Doc{ID: "getProfile", Resp: ProfileView{},
		Summary: "A person's public profile: name, handle, bio, communities, recent posts and topics (404 between people who blocked one another)"})
	r.Get("/me/profile", authz.CommunitiesParticipate, h.GetMyProfile, authz.Doc{ID: "getMyCommunityProfile", Resp: MyProfile{},
		Summary: "The caller's handle and bio (a handle is given the first time)"})
	r.Put("/me/profile", authz.CommunitiesParticipate, h.PutMyProfile, authz.Doc{ID: "saveMyCommunityProfile", Req: ProfileRequest{},
		Resp: MyProfile{}, Summary: "Change one's handle ([a-z0-9_.]{3,30}, unique) and bio"})

	// The dashboard: my communities and requests (platform admins decide and create there),
	// and each community's settings, members and forums below it.
	reg.AddPage(authz.Page{Key: "communities", Path: "/dashboard/communities", Perm: authz.CommunitiesParticipate, Order: 30, Sub: true})
}

func (h *Handlers) communityJobs() []jobs.Job { return nil }

// communityUserData: the person's profile, memberships and follows (they go with the account
// by foreign key).
func (h *Handlers) communityUserData() []userdata.Section {
	return []userdata.Section{
		userdata.Of("communityProfile", func(ctx context.Context, store *db.Store, userID int64) (*MyProfile, error) {
			p, err := store.ProfileOf(ctx, userID)
			if db.IsNotFound(err) {
				return nil, nil
			}
			if err != nil {
				return nil, err
			}
			return &MyProfile{Handle: p.Handle, Bio: p.Bio, Name: p.FirstName + " " + p.LastName}, nil
		}),
		userdata.Of("communities", func(ctx context.Context, store *db.Store, userID int64) ([]MyCommunity, error) {
			list, err := store.CommunitiesOf(ctx, userID)
			if err != nil {
				return nil, err
			}
			lang := web.LangOf(ctx)
			out := []MyCommunity{}
			for _, mc := range list {
				out = append(out, myCommunityOf(lang, mc))
			}
			return out, nil
		}),
		userdata.Of("follows", func(ctx context.Context, store *db.Store, userID int64) ([]FollowView, error) {
			list, err := store.FollowsOf(ctx, userID)
			if err != nil {
				return nil, err
			}
			return followViews(web.LangOf(ctx), list), nil
		}),
	}
}

// community finds the community of the path's {slug} and what u may do in it.
func (h *Handlers) community(r *http.Request, u *db.User) (*db.Community, Access, error) {
	c, err := h.Store.CommunityBySlug(r.Context(), chi.URLParam(r, "slug"))
	if db.IsNotFound(err) {
		return nil, Access{}, web.NotFound()
	}
	if err != nil {
		return nil, Access{}, err
	}
	a, err := h.access(r.Context(), u, c.ID)
	if err != nil {
		return nil, a, err
	}
	if c.Status != "active" && !a.Read {
		return nil, a, web.NotFound() // requests, rejected and suspended communities: only their admins and platform admins
	}
	return c, a, nil
}

// adminOf is the community of the path for one of its admins (403 for others who may see it).
func (h *Handlers) adminOf(r *http.Request, u *db.User) (*db.Community, Access, error) {
	c, a, err := h.community(r, u)
	if err != nil {
		return nil, a, err
	}
	if !a.Admin && !(c.Status == "requested" && a.Read) {
		return nil, a, web.Forbidden()
	}
	return c, a, nil
}

func pathInt(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	if err != nil || id <= 0 {
		return 0, web.NotFound()
	}
	return id, nil
}

// idVerified refuses people whose national ID is not verified.
func (h *Handlers) idVerified(ctx context.Context, u *db.User) error {
	v, err := h.Store.IDVerificationOf(ctx, u.ID)
	if err == nil && v.Status == "verified" {
		return nil
	}
	if err != nil && !db.IsNotFound(err) {
		return err
	}
	return &web.Error{Status: 403, Code: "id_verification_required", Message: web.M("communities.errors.idVerification")}
}

func ptrTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
