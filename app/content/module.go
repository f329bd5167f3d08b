package content

import "gerege/app/platform/authz"

// FAQQuery is the query of GET /api/faq.
type FAQQuery struct {
	Q string `query:"q" description:"words that must all occur (case-insensitive, Cyrillic included, over both languages)"`
}

// LegalQuery is the query of GET /api/legal/{doc}.
type LegalQuery struct {
	Version string `query:"version" description:"effective date YYYY-MM-DD of an older version"`
}

// Mount declares the public content routes (FAQ, universities, legal documents) and their
// admin pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/faq", authz.Public, h.FAQ, authz.Doc{ID: "listFAQ", Query: FAQQuery{}, Resp: FAQList{},
		Summary: "Published FAQ entries in the request's language, grouped by category"})
	r.Get("/universities", authz.Public, h.Universities, authz.Doc{ID: "listUniversities", Resp: DestinationList{},
		Summary: "Published study-abroad destinations with partner universities"})
	r.Get("/legal/{doc}", authz.Public, h.Legal, authz.Doc{ID: "getLegalDocument", Query: LegalQuery{}, Resp: LegalDocument{},
		Summary: "A legal document (terms, terms-and-conditions, privacy, community-standards), the current version unless ?version= asks for an older one"})

	r.Get("/admin/faq", authz.ContentFAQManage, h.AdminFAQ, authz.Doc{ID: "adminListFAQ", Resp: FAQAdmin{},
		Summary: "All FAQ entries, both languages"})
	r.Post("/admin/faq", authz.ContentFAQManage, h.SaveFAQ, authz.Doc{ID: "createFAQ", Req: FAQRequest{},
		Resp: FAQEntryAdmin{}, Status: 201, Summary: "Create an FAQ entry"})
	r.Put("/admin/faq/{id}", authz.ContentFAQManage, h.SaveFAQ, authz.Doc{ID: "updateFAQ", Req: FAQRequest{},
		Resp: FAQEntryAdmin{}, Summary: "Change an FAQ entry"})
	r.Delete("/admin/faq/{id}", authz.ContentFAQManage, h.DeleteFAQ, authz.Doc{ID: "deleteFAQ", Status: 204,
		Summary: "Delete an FAQ entry"})
	r.Get("/admin/universities", authz.ContentUniversitiesManage, h.AdminUniversities, authz.Doc{ID: "adminListUniversities",
		Resp: DestinationsAdmin{}, Summary: "All destinations and universities, both languages"})
	r.Post("/admin/universities", authz.ContentUniversitiesManage, h.SaveUniversity, authz.Doc{ID: "createUniversity",
		Req: UniversityRequest{}, Resp: UniversityAdmin{}, Status: 201, Summary: "Create a university"})
	r.Put("/admin/universities/{id}", authz.ContentUniversitiesManage, h.SaveUniversity, authz.Doc{ID: "updateUniversity",
		Req: UniversityRequest{}, Resp: UniversityAdmin{}, Summary: "Change a university"})
	r.Delete("/admin/universities/{id}", authz.ContentUniversitiesManage, h.DeleteUniversity, authz.Doc{ID: "deleteUniversity",
		Status: 204, Summary: "Delete a university"})
	r.Put("/admin/destinations/{id}", authz.ContentUniversitiesManage, h.SaveDestination, authz.Doc{ID: "saveDestination",
		Req: DestinationRequest{}, Resp: DestinationAdmin{}, Summary: "Create or change a destination (its id is its slug)"})
	r.Delete("/admin/destinations/{id}", authz.ContentUniversitiesManage, h.DeleteDestination, authz.Doc{ID: "deleteDestination",
		Status: 204, Summary: "Delete a destination and its universities"})

	reg.AddPage(authz.Page{Key: "faq", Path: "/dashboard/admin/faq", Perm: authz.ContentFAQManage, Order: 90})
	reg.AddPage(authz.Page{Key: "universities", Path: "/dashboard/admin/universities", Perm: authz.ContentUniversitiesManage, Order: 100})
}
