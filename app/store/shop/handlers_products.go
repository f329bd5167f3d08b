package shop

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/files"
	"gerege/app/platform/web"
	"gerege/db"
)

// MaxImages is how many pictures a product has at most.
const MaxImages = 6

var imageUpload = files.Policy{Purpose: "shop.product.image", MaxBytes: files.Images.MaxBytes, Allowed: files.Images.Allowed}

// badQuery turns field errors about a query string into a 400 on those fields.
func badQuery(err error) error {
	if e := web.AsError(err); e != nil && e.Status == 422 {
		return &web.Error{Status: 400, Code: "bad_query", Message: web.M("errors.validation"), Fields: e.Fields}
	}
	return err
}

// filter reads the list's query string.
func filter(r *http.Request) (db.ProductFilter, error) {
	q := r.URL.Query()
	f := db.ProductFilter{Query: q.Get("q"), Category: q.Get("category"), Seller: q.Get("seller"), Currency: q.Get("currency"),
		Sort: q.Get("sort"), InStock: q.Get("inStock") == "1", Limit: 24}
	c := &web.Checker{}
	c.Text("q", f.Query, false, 200)
	c.OneOf("category", f.Category, false, Categories...)
	c.OneOf("currency", f.Currency, false, "MNT", "USD")
	c.OneOf("sort", f.Sort, false, "newest", "price_asc", "price_desc")
	c.OneOf("inStock", q.Get("inStock"), false, "1")
	if f.Seller != "" && f.Seller != "platform" {
		if n, err := strconv.ParseInt(f.Seller[min(4, len(f.Seller)):], 10, 64); err != nil || n <= 0 || f.Seller[:min(4, len(f.Seller))] != "org:" {
			c.Add("seller", web.M("validation.choice"))
		}
	}
	num := func(name string, dst *int64, hi int64) {
		if v := q.Get(name); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 || n > hi {
				c.Add(name, web.M("validation.choice"))
			}
			*dst = n
		}
	}
	num("min", &f.MinPrice, MaxPrice)
	num("max", &f.MaxPrice, MaxPrice)
	var limit int64 = 24
	num("limit", &limit, 100)
	if limit > 0 {
		f.Limit = int(limit)
	}
	if err := c.Err(); err != nil {
		return f, badQuery(err)
	}
	if v := q.Get("after"); v != "" {
		var cur db.ProductCursor
		if err := web.DecodeCursor(v, &cur); err != nil {
			return f, err
		}
		if cur.ID <= 0 {
			return f, web.BadCursor()
		}
		f.After = &cur
	}
	return f, nil
}

func (h *Handlers) page(w http.ResponseWriter, r *http.Request, f db.ProductFilter) error {
	page, err := h.Store.Products(r.Context(), f)
	if err != nil {
		return err
	}
	out := ProductPage{Items: make([]ProductView, 0, len(page.Items))}
	lang := web.Lang(r)
	for _, p := range page.Items {
		out.Items = append(out.Items, ProductOf(lang, p))
	}
	if page.Next != nil {
		out.Next = web.EncodeCursor(page.Next)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// List is GET /api/product/list.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) error {
	f, err := filter(r)
	if err != nil {
		return err
	}
	return h.page(w, r, f)
}

// Search is GET /api/product/search: the search box's suggestions.
func (h *Handlers) Search(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query().Get("q")
	c := &web.Checker{}
	c.Text("q", q, false, 200)
	if err := c.Err(); err != nil {
		return badQuery(err)
	}
	ps, err := h.Store.ProductNames(r.Context(), q, 8)
	if err != nil {
		return err
	}
	out := Suggestions{Items: []Suggestion{}}
	lang := web.Lang(r)
	for _, p := range ps {
		out.Items = append(out.Items, Suggestion{ID: p.ID, Name: pick(lang, p.NameEn, p.NameMn), Price: p.Price, Currency: p.Currency})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Details is GET /api/product/details?id=.
func (h *Handlers) Details(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if err != nil || id <= 0 {
		return web.NotFound()
	}
	p, err := h.Store.ProductByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && !p.Active) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, ProductOf(web.Lang(r), p))
	return nil
}

// Image is GET /api/product/images/{file}: a picture of an active product.
func (h *Handlers) Image(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(chi.URLParam(r, "file"), 10, 64)
	if err != nil || id <= 0 {
		return web.NotFound()
	}
	f, err := h.Files.Get(r.Context(), id)
	if err != nil || f.Purpose != imageUpload.Purpose {
		return web.NotFound()
	}
	p, err := h.Store.ProductWithImage(r.Context(), id)
	if err != nil || !p.Active {
		return web.NotFound()
	}
	return h.Files.Serve(w, r, id)
}

// ---- the seller's products ----

// mine returns the product id if the caller's seller sells it (404 otherwise).
func (h *Handlers) mine(r *http.Request) (*db.Product, string, error) {
	u := caller(r)
	seller, _, err := h.sellerOf(r, u)
	if err != nil {
		return nil, "", err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, "", err
	}
	p, err := h.Store.ProductByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && p.Seller != seller) {
		return nil, "", web.NotFound()
	}
	return p, seller, err
}

// SellerProducts is GET /api/shop/products.
func (h *Handlers) SellerProducts(w http.ResponseWriter, r *http.Request) error {
	seller, _, err := h.sellerOf(r, caller(r))
	if err != nil {
		return err
	}
	f, err := filter(r)
	if err != nil {
		return err
	}
	f.Seller, f.All = seller, true
	return h.page(w, r, f)
}

// CreateProduct is POST /api/shop/products.
func (h *Handlers) CreateProduct(w http.ResponseWriter, r *http.Request) error {
	u := caller(r)
	seller, orgID, err := h.sellerOf(r, u)
	if err != nil {
		return err
	}
	var in ProductRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	p := &db.Product{Seller: seller, OrgID: orgID, CreatedBy: u.ID}
	if err := checkProduct(in, p); err != nil {
		return err
	}
	if err := h.rate(u, "product"); err != nil {
		return err
	}
	if err := h.Store.InTx(r.Context(), func(tx *db.Store) error { return tx.CreateProduct(r.Context(), p, h.Now()) }); err != nil {
		return err
	}
	p, err = h.Store.ProductByID(r.Context(), p.ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, ProductOf(web.Lang(r), p))
	return nil
}

// SellerProduct is GET /api/shop/products/{id}.
func (h *Handlers) SellerProduct(w http.ResponseWriter, r *http.Request) error {
	p, _, err := h.mine(r)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, ProductOf(web.Lang(r), p))
	return nil
}

// UpdateProduct is PUT /api/shop/products/{id}.
func (h *Handlers) UpdateProduct(w http.ResponseWriter, r *http.Request) error {
	p, _, err := h.mine(r)
	if err != nil {
		return err
	}
	var in ProductRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	if err := checkProduct(in, p); err != nil {
		return err
	}
	if err := h.Store.InTx(r.Context(), func(tx *db.Store) error { return tx.UpdateProduct(r.Context(), p, h.Now()) }); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, ProductOf(web.Lang(r), p))
	return nil
}

// AddImage is POST /api/shop/products/{id}/images (multipart, field image).
func (h *Handlers) AddImage(w http.ResponseWriter, r *http.Request) error {
	p, _, err := h.mine(r)
	if err != nil {
		return err
	}
	if len(p.Images) >= MaxImages {
		return web.Invalid(map[string]web.Msg{"image": web.M("shop.errors.images", MaxImages)})
	}
	if err := h.rate(caller(r), "image"); err != nil {
		return err
	}
	u := caller(r)
	form, err := h.Files.ReadForm(r, u.ID, map[string]files.Field{"image": {Policy: imageUpload, Required: true}})
	if err != nil {
		return err
	}
	f, _ := form.File("image")
	p.Images = append(p.Images, f.ID)
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := h.Files.Attach(r.Context(), tx, u.ID, f.ID); err != nil {
			return err
		}
		return tx.UpdateProduct(r.Context(), p, h.Now())
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, ProductOf(web.Lang(r), p))
	return nil
}

// RemoveImage is DELETE /api/shop/products/{id}/images/{file}.
func (h *Handlers) RemoveImage(w http.ResponseWriter, r *http.Request) error {
	p, _, err := h.mine(r)
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(chi.URLParam(r, "file"), 10, 64)
	if err != nil || !slices.Contains(p.Images, id) {
		return web.NotFound()
	}
	p.Images = slices.DeleteFunc(p.Images, func(x int64) bool { return x == id })
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := h.Files.Delete(r.Context(), tx, id); err != nil {
			return err
		}
		return tx.UpdateProduct(r.Context(), p, h.Now())
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, ProductOf(web.Lang(r), p))
	return nil
}
