package communities

// The server-rendered public pages of the communities part: /forums (the communities),
// /forums/{community}, /forums/{community}/{forum} and /u/{handle}. They are rendered as a
// signed-out reader sees them (the same for everyone: members-only communities show only
// their names, descriptions and rules); the UI hydrates them and asks the API for what is the
// signed-in reader's own.

import (
	"context"
	"encoding/json"
	"html/template"
	"net/http"
	"strings"
	"time"

	"gerege/app/platform/markdown"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// CommunityPageData is what a communities page carries for the UI (<script id="page-data">):
// one of its fields is set, with Page naming which.
type CommunityPageData struct {
	Page      string           `json:"page" enum:"list,community,forum,profile,event"`
	Key       string           `json:"key" description:"the page's path without the language"`
	List      *CommunityList   `json:"list,omitempty"`
	Community *CommunityDetail `json:"community,omitempty"`
	Forum     *ForumPage       `json:"forum,omitempty"`
	Profile   *ProfileView     `json:"profile,omitempty"`
	Event     *EventView       `json:"event,omitempty"`
}

var communityTmpl = template.Must(template.New("pages").Parse(`
{{define "list"}}<section class="communities-ssr"><h1>{{.Title}}</h1><p>{{.Lead}}</p><ul>
{{range .List.Items}}<li><a href="/{{$.Lang}}/forums/{{.Slug}}">{{.Name}}</a> — {{.Description}}</li>
{{end}}</ul></section>{{end}}
{{define "community"}}<section class="communities-ssr"><h1>{{.C.Name}}</h1>
<div>{{.Description}}</div>
{{if .C.RulesHTML}}<h2>{{.RulesLabel}}</h2><div>{{.Rules}}</div>{{end}}
{{if .Events}}<h2>{{.EventsLabel}}</h2><ul>{{range .Events}}<li><a href="/{{$.Lang}}{{.Link}}">{{.Title}}</a> — {{.When}}{{if eq .Status "cancelled"}} ({{$.CancelledLabel}}){{end}}</li>
{{end}}</ul>{{end}}
{{if .C.Forums}}<h2>{{.ForumsLabel}}</h2><ul>{{range .C.Forums}}<li><a href="/{{$.Lang}}/forums/{{$.C.Slug}}/{{.Slug}}">{{.Name}}</a>{{if .Description}} — {{.Description}}{{end}}</li>
{{end}}</ul>{{end}}</section>{{end}}
{{define "forum"}}<section class="communities-ssr"><p><a href="/{{.Lang}}/forums/{{.F.Community.Slug}}">{{.F.Community.Name}}</a></p>
<h1>{{.F.Forum.Name}}</h1><p>{{.F.Forum.Description}}</p><ul>
{{range .F.Topics}}<li><a href="/{{$.Lang}}{{.Link}}">{{.Title}}</a> — {{.Author.Name}}</li>
{{end}}</ul></section>{{end}}
{{define "profile"}}<section class="communities-ssr"><h1>{{.P.Name}}</h1><p>@{{.P.Handle}}</p><p>{{.P.Bio}}</p>
{{if .P.Communities}}<h2>{{.CommunitiesLabel}}</h2><ul>{{range .P.Communities}}<li><a href="/{{$.Lang}}/forums/{{.Slug}}">{{.Name}}</a></li>{{end}}</ul>{{end}}
{{if .P.Posts}}<h2>{{.PostsLabel}}</h2><ul>{{range .P.Posts}}<li><a href="/{{$.Lang}}{{.Link}}">{{.Title}}</a></li>{{end}}</ul>{{end}}
</section>{{end}}`))

func execPage(name string, data map[string]any) (string, error) {
	var b strings.Builder
	err := communityTmpl.ExecuteTemplate(&b, name, data)
	return b.String(), err
}

func rendered(title, desc, path string, data CommunityPageData, body string) *web.Rendered {
	data.Key = path
	j, _ := json.Marshal(data)
	if len([]rune(desc)) > 300 {
		desc = string([]rune(desc)[:300])
	}
	return &web.Rendered{Title: title, Description: desc, Path: path, Data: j, Body: body}
}

func (h *Handlers) renderCommunityPage(r *http.Request, lang string, parts []string) (*web.Rendered, bool, error) {
	t := func(k string) string { return i18n.T(lang, k) }
	ctx := r.Context()
	switch {
	case parts[0] == "forums" && len(parts) == 1:
		list, next, err := h.Store.ListCommunities(ctx, db.CommunityFilter{Limit: communityPage})
		if err != nil {
			return nil, true, err
		}
		out, err := h.communityList(ctx, lang, nil, list)
		if err != nil {
			return nil, true, err
		}
		if next != nil {
			out.Next = web.EncodeCursor(next)
		}
		body, err := execPage("list", map[string]any{"Lang": lang, "List": out, "Title": t("communities.pages.list.title"),
			"Lead": t("communities.pages.list.description")})
		if err != nil {
			return nil, true, err
		}
		return rendered(t("communities.pages.list.title"), t("communities.pages.list.description"), "/forums",
			CommunityPageData{Page: "list", List: &out}, body), true, nil

	case parts[0] == "forums" && len(parts) == 2:
		return h.renderCommunity(r, lang, parts[1])

	case parts[0] == "forums" && len(parts) == 3:
		f, err := h.forumPage(r, lang, nil, parts[1], parts[2], "")
		if e := web.AsError(err); e != nil && e.Status == http.StatusForbidden {
			return h.renderCommunity(r, lang, parts[1]) // members only: the community's name, description and rules
		}
		if err != nil {
			return nil, true, err
		}
		body, err := execPage("forum", map[string]any{"Lang": lang, "F": f})
		if err != nil {
			return nil, true, err
		}
		desc := f.Forum.Description
		if desc == "" {
			desc = f.Community.Description
		}
		return rendered(f.Forum.Name+" · "+f.Community.Name, desc, "/forums/"+f.Community.Slug+"/"+f.Forum.Slug,
			CommunityPageData{Page: "forum", Forum: f}, body), true, nil

	case parts[0] == "u" && len(parts) == 2:
		p, err := h.profileView(ctx, lang, nil, parts[1])
		if err != nil {
			return nil, true, err
		}
		body, err := execPage("profile", map[string]any{"Lang": lang, "P": p, "CommunitiesLabel": t("communities.profile.communities"),
			"PostsLabel": t("communities.profile.posts")})
		if err != nil {
			return nil, true, err
		}
		desc := p.Bio
		if desc == "" {
			desc = "@" + p.Handle
		}
		return rendered(p.Name+" (@"+p.Handle+")", desc, "/u/"+p.Handle, CommunityPageData{Page: "profile", Profile: p}, body), true, nil
	}
	return nil, false, nil
}

func (h *Handlers) renderCommunity(r *http.Request, lang, slug string) (*web.Rendered, bool, error) {
	ctx := r.Context()
	c, err := h.Store.CommunityBySlug(ctx, slug)
	if db.IsNotFound(err) || (err == nil && c.Status != "active") {
		return nil, true, web.NotFound()
	}
	if err != nil {
		return nil, true, err
	}
	a, err := h.access(ctx, nil, c.ID)
	if err != nil {
		return nil, true, err
	}
	d, err := h.detail(ctx, lang, nil, c, a)
	if err != nil {
		return nil, true, err
	}
	var events []EventView
	if a.Read {
		list, err := h.eventList(ctx, lang, nil, c, a, "")
		if err != nil {
			return nil, true, err
		}
		events = list.Items
	}
	body, err := execPage("community", map[string]any{"Lang": lang, "C": d, "Events": events,
		"EventsLabel": i18n.T(lang, "events.ui.upcoming"), "CancelledLabel": i18n.T(lang, "events.ui.cancelled"),
		"Description": template.HTML(d.DescriptionHTML), "Rules": template.HTML(d.RulesHTML), //nolint:gosec // sanitised by markdown.HTML
		"RulesLabel": i18n.T(lang, "communities.community.rules"), "ForumsLabel": i18n.T(lang, "communities.community.forums")})
	if err != nil {
		return nil, true, err
	}
	return rendered(d.Name, markdown.Excerpt(commPick(lang, c.DescriptionEn, c.DescriptionMn), 200), "/forums/"+c.Slug,
		CommunityPageData{Page: "community", Community: &d}, body), true, nil
}

// communitySitemap lists the public communities and their forums.
func (h *Handlers) communitySitemap(ctx context.Context) ([]web.SitemapURL, error) {
	list, err := h.Store.CommunitySitemap(ctx, 40000)
	if err != nil {
		return nil, err
	}
	out := make([]web.SitemapURL, 0, len(list)) // /forums itself is in the UI's sitemap
	for _, f := range list {
		p := "/forums/" + f.CommunitySlug
		if f.ForumSlug != "" {
			p += "/" + f.ForumSlug
		}
		out = append(out, web.SitemapURL{Path: p, LastMod: f.UpdatedAt.UTC().Format(time.DateOnly)})
	}
	return out, nil
}
