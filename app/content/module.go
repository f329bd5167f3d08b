package content

import "gerege/app/platform/authz"

// Mount declares the public content routes (FAQ, universities, legal documents) and their
// admin pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/faq", authz.Public, h.FAQ)
	r.Get("/universities", authz.Public, h.Universities)
	r.Get("/legal/{doc}", authz.Public, h.Legal)

	r.Get("/admin/faq", authz.ContentFAQManage, h.AdminFAQ)
	r.Post("/admin/faq", authz.ContentFAQManage, h.SaveFAQ)
	r.Put("/admin/faq/{id}", authz.ContentFAQManage, h.SaveFAQ)
	r.Delete("/admin/faq/{id}", authz.ContentFAQManage, h.DeleteFAQ)
	r.Get("/admin/universities", authz.ContentUniversitiesManage, h.AdminUniversities)
	r.Post("/admin/universities", authz.ContentUniversitiesManage, h.SaveUniversity)
	r.Put("/admin/universities/{id}", authz.ContentUniversitiesManage, h.SaveUniversity)
	r.Delete("/admin/universities/{id}", authz.ContentUniversitiesManage, h.DeleteUniversity)
	r.Put("/admin/destinations/{id}", authz.ContentUniversitiesManage, h.SaveDestination)
	r.Delete("/admin/destinations/{id}", authz.ContentUniversitiesManage, h.DeleteDestination)

	reg.AddPage(authz.Page{Key: "faq", Path: "/dashboard/admin/faq", Perm: authz.ContentFAQManage, Order: 90})
	reg.AddPage(authz.Page{Key: "universities", Path: "/dashboard/admin/universities", Perm: authz.ContentUniversitiesManage, Order: 100})
}
