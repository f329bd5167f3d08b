// Package opportunities is the heart of the platform: organisations (verified once by an
// admin) post opportunities of seven kinds, admins approve them, individuals find, save and
// apply, and the organisation's staff move applications through their pipeline. Every
// status change is in a history and reaches the people concerned through notify.
package opportunities

import (
	"net/http"
	"strconv"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/app/platform/jobs"
	"gerege/app/platform/web"
	"gerege/db"
)

// Handlers serves the opportunities API. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Files   *files.Store
	Limiter *web.Limiter
	Now     func() time.Time
	// Rate bounds how many postings and applications one account creates.
	Rate web.Rate
	// PromiseDays is the status promise: applications not reviewed within it are flagged.
	PromiseDays int

	views ViewCounter
}

// Mount declares the routes of opportunities.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	// Public: find postings and organisations.
	r.Get("/opportunities", authz.Public, h.Search, authz.Doc{ID: "searchOpportunities", Query: SearchQuery{}, Resp: Page{},
		Summary: "Published opportunities: full text in both languages (Cyrillic or Latin spelling), filters, sort, keyset paging"})
	r.Get("/opportunities/options", authz.Public, h.Options, authz.Doc{ID: "getOpportunityOptions", Resp: Options{},
		Summary: "The vocabularies of a posting with labels in the request's language"})
	r.Get("/opportunities/{slug}", authz.Public, h.Detail, authz.Doc{ID: "getOpportunity", Resp: Detail{},
		Summary: "One published or closed opportunity (404 unknown, 410 archived)"})
	r.Get("/organizations/{slug}", authz.Public, h.PublicOrg, authz.Doc{ID: "getOrganizationPage", Resp: PublicOrg{},
		Summary: "An organisation's public profile and open opportunities"})

	// Individuals: save, apply, follow.
	r.Put("/opportunities/{slug}/saved", authz.OpportunitiesApply, h.Save, authz.Doc{ID: "saveOpportunity", Req: struct{}{}, Status: 204,
		Summary: "Save an opportunity (again is fine)"})
	r.Delete("/opportunities/{slug}/saved", authz.OpportunitiesApply, h.Unsave, authz.Doc{ID: "unsaveOpportunity", Status: 204,
		Summary: "Forget a saved opportunity"})
	r.Post("/opportunities/{slug}/applications", authz.OpportunitiesApply, h.Apply, authz.Doc{ID: "applyToOpportunity",
		Req: ApplyRequest{}, Resp: MyApplication{}, Status: 201,
		Summary: "Apply: a snapshot of the profile, screening answers, a cover letter and the documents the posting requires; one application per person. JSON, or multipart/form-data with the JSON in the field application and the files cv, cover_letter, transcript (PDF, DOC, DOCX, PNG, JPEG; 10 MB each: 413 larger, 415 another type). A document may instead be one of the applicant's own files (myFiles: kind and the file manager's fileId, listMyApplicationFiles), checked by the same rules; someone else's, a shared or an unknown file: 422 on the kind's field; a file in the trash: 422"})
	r.Get("/me/application-files", authz.OpportunitiesApply, h.MyApplicationFiles, authz.Doc{ID: "listMyApplicationFiles",
		Query: MyFilesQuery{}, Resp: MyFileChoices{}, Summary: "The caller's own files in the file manager an application accepts as a document (PDF, DOC, DOCX, PNG, JPEG up to 10 MB, not in the trash), newest first, 50 a page"})
	r.Get("/me/applications", authz.OpportunitiesApply, h.MyApplications, authz.Doc{ID: "listMyApplications",
		Query: PageQuery{}, Resp: MyApplications{}, Summary: "The signed-in person's applications, newest first, with their timelines"})
	r.Get("/me/applications/{id}/documents/{file}", authz.OpportunitiesApply, h.MyDocument, authz.Doc{ID: "getMyApplicationDocument",
		Produces: "application/octet-stream", Summary: "A document the applicant sent (as a download, with its real type)"})
	r.Post("/me/applications/{id}/withdraw", authz.OpportunitiesApply, h.Withdraw, authz.Doc{ID: "withdrawApplication", Req: struct{}{},
		Resp: MyApplication{}, Summary: "Opt out of an application that is not final"})

	r.Get("/me/saved-searches", authz.OpportunitiesApply, h.ListSearches, authz.Doc{ID: "listSavedSearches",
		Resp: SavedSearches{}, Summary: "The person's saved searches (each alerts daily of new matches)"})
	r.Post("/me/saved-searches", authz.OpportunitiesApply, h.SaveSearch, authz.Doc{ID: "saveSearch", Req: SavedSearchRequest{},
		Resp: SavedSearches{}, Status: 201, Summary: "Save a search (at most 20); its new matches are notified daily"})
	r.Delete("/me/saved-searches/{id}", authz.OpportunitiesApply, h.DeleteSearch, authz.Doc{ID: "deleteSavedSearch", Status: 204,
		Summary: "Forget a saved search"})
	r.Get("/me/eligibility", authz.OpportunitiesApply, h.GetEligibility, authz.Doc{ID: "getEligibility", Resp: EligibilityRequest{},
		Summary: "What the person stated for postings abroad: passport country and languages"})
	r.Put("/me/eligibility", authz.OpportunitiesApply, h.PutEligibility, authz.Doc{ID: "setEligibility", Req: EligibilityRequest{},
		Resp: EligibilityRequest{}, Summary: "State passport country and languages once; postings then say whether a visa is needed"})

	// The organisation: its profile and verification, its postings.
	r.Get("/org/profile", authz.OpportunitiesManage, h.GetOrg, authz.Doc{ID: "getOrgProfile", Resp: OrgView{},
		Summary: "The organisation's public profile and verification status"})
	r.Put("/org/profile", authz.OpportunitiesManage, h.PutOrg, authz.Doc{ID: "saveOrgProfile", Req: OrgRequest{}, Resp: OrgView{},
		Summary: "Save the profile; verify=true also asks the admins to verify the organisation"})
	r.Get("/org/opportunities", authz.OpportunitiesReview, h.OrgList, authz.Doc{ID: "listOrgOpportunities",
		Query: OrgListQuery{}, Resp: OrgPage{}, Summary: "The organisation's postings in every status, with their numbers of applications"})
	r.Post("/org/opportunities", authz.OpportunitiesManage, h.Create, authz.Doc{ID: "createOpportunity", Req: Posting{},
		Resp: Editor{}, Status: 201, Summary: "Create a draft (kind and one title are enough)"})
	r.Get("/org/opportunities/{id}", authz.OpportunitiesReview, h.Get, authz.Doc{ID: "getOrgOpportunity", Resp: Editor{},
		Summary: "A posting with its history and application counts"})
	r.Put("/org/opportunities/{id}", authz.OpportunitiesManage, h.Update, authz.Doc{ID: "updateOpportunity", Req: Posting{},
		Resp: Editor{}, Summary: "Save a draft or a posting sent back"})
	r.Post("/org/opportunities/{id}/status", authz.OpportunitiesManage, h.SetStatus, authz.Doc{ID: "setOpportunityStatus",
		Req: StatusRequest{}, Resp: Editor{},
		Summary: "submitted (ask for approval: every field publishing needs), draft (withdraw the request), closed, archived"})

	// Applicants (owner, manager, counselor of the organisation).
	r.Get("/org/applications", authz.OpportunitiesReview, h.Pipeline, authz.Doc{ID: "listApplicants", Query: PipelineQuery{},
		Resp: Pipeline{}, Summary: "The organisation's applications, oldest first, by posting and status (keyset paging)"})
	r.Get("/org/applications/export.{format}", authz.OpportunitiesReview, h.Export, authz.Doc{ID: "exportApplicants",
		Query: ExportQuery{}, Produces: "text/csv", Summary: "Export the applications the filters select as CSV (UTF-8 with BOM, formula-safe; format csv) or XLSX (format xlsx)"})
	r.Get("/org/applications/{id}", authz.OpportunitiesReview, h.Applicant, authz.Doc{ID: "getApplicant", Resp: ApplicantDetail{},
		Summary: "One application; the first time staff open it, it becomes reviewed"})
	r.Get("/org/applications/{id}/documents/{file}", authz.OpportunitiesReview, h.ApplicantDocument, authz.Doc{ID: "getApplicantDocument",
		Produces: "application/octet-stream", Summary: "A document sent with an application of the organisation (as a download)"})
	r.Post("/org/applications/status", authz.OpportunitiesReview, h.MoveApplicants, authz.Doc{ID: "moveApplicants",
		Req: MoveRequest{}, Resp: MoveResult{}, Summary: "Move one or many applications to a status (the board's drag and drop, bulk moves)"})
	r.Post("/org/applications/{id}/notes", authz.OpportunitiesReview, h.AddNote, authz.Doc{ID: "addApplicantNote",
		Req: NoteRequest{}, Resp: ApplicantDetail{}, Summary: "An internal note, seen only by the organisation's staff"})
	r.Put("/org/applications/{id}/labels", authz.OpportunitiesReview, h.SetLabels, authz.Doc{ID: "setApplicantLabels",
		Req: LabelsRequest{}, Resp: ApplicantDetail{}, Summary: "Replace the labels of an application"})

	// Admins: the approval queue.
	r.Get("/admin/opportunities/queue", authz.OpportunitiesApprove, h.Queue, authz.Doc{ID: "getApprovalQueue", Resp: Queue{},
		Summary: "Postings and organisations waiting, oldest first, with counts and the oldest waiting time"})
	r.Post("/admin/opportunities/decisions", authz.OpportunitiesApprove, h.Decide, authz.Doc{ID: "decideOpportunities",
		Req: DecisionRequest{}, Resp: DecisionResult{}, Summary: "Approve (publish) or send back one or many postings"})
	r.Post("/admin/organizations/{id}/status", authz.OpportunitiesApprove, h.DecideOrg, authz.Doc{ID: "decideOrganization",
		Req: OrgDecision{}, Resp: OrgView{}, Summary: "Verify an organisation, send its request back with a reason, suspend or reinstate it"})

	// The applicant's dashboard pages.
	reg.AddPage(authz.Page{Key: "applications", Path: "/dashboard/applications", Perm: authz.OpportunitiesApply, Order: 15})
	reg.AddPage(authz.Page{Key: "saved", Path: "/dashboard/saved", Perm: authz.OpportunitiesApply, Order: 16})

	// The dashboard pages: the organisation's postings (jobs; travel and exchange), with their
	// detail and editor below them, the applicant board, and the admins' approval queue.
	reg.AddPage(authz.Page{Key: "jobs", Path: "/dashboard/job", Perm: authz.OpportunitiesReview, Order: 41, Sub: true})
	reg.AddPage(authz.Page{Key: "tours", Path: "/dashboard/tour", Perm: authz.OpportunitiesReview, Order: 42, Sub: true})
	reg.AddPage(authz.Page{Key: "kanban", Path: "/dashboard/kanban", Perm: authz.OpportunitiesReview, Order: 43})
	reg.AddPage(authz.Page{Key: "approvals", Path: "/dashboard/approvals", Perm: authz.OpportunitiesApprove, Order: 45})
}

// Jobs: postings close on their deadline; applications waiting past the promise are flagged.
func (h *Handlers) Jobs() []jobs.Job {
	return []jobs.Job{
		{Name: "opportunities.deadlines", Every: 15 * time.Minute, Run: h.closeExpired},
		{Name: "opportunities.promise", Every: time.Hour, Run: h.flagWaiting},
		{Name: "opportunities.alerts", Every: 24 * time.Hour, Run: h.alertSearches},
		{Name: "opportunities.views", Every: time.Minute, Run: h.flushViews},
	}
}

func (h *Handlers) user(r *http.Request) *db.User { return authn.UserOf(r) }

func pathID(r *http.Request) (int64, error) { return web.PathID(r, "id") }

// encodeCursor and decodeCursor carry keyset positions in URLs (web's one cursor).
func encodeCursor(v any) string { return web.EncodeCursor(v) }

func decodeCursor(s string, v any) error { return web.DecodeCursor(s, v) }

// rate limits creating content (postings, applications) per account.
func (h *Handlers) rate(u *db.User, what string) error {
	if h.Rate.N == 0 {
		return nil
	}
	return h.Limiter.Limit("opportunities:"+what+":"+strconv.FormatInt(u.ID, 10), h.Rate)
}

// idVerified refuses people whose national ID is not verified (authz.RestrictedWithoutID).
func (h *Handlers) idVerified(r *http.Request, u *db.User) error {
	v, err := h.Store.IDVerificationOf(r.Context(), u.ID)
	if err == nil && v.Status == "verified" {
		return nil
	}
	if err != nil && !db.IsNotFound(err) {
		return err
	}
	return &web.Error{Status: 403, Code: "id_verification_required", Message: web.M("opportunities.errors.idVerification")}
}
