// Package apidoc builds the API document (OpenAPI 3.1) from the route registry and the Go
// types each route declares (authz.Doc), with swaggest/openapi-go's reflector. Nothing is
// written by hand, so the document cannot drift from the code: a route without a Doc, or a
// Doc without an operationId or a response type, is refused by Check (and the test fails).
package apidoc

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"strings"

	"github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi31"

	"gerege/app/platform/authz"
	"gerege/app/platform/web"
)

// Description is the document's introduction.
const Description = `JSON API of the Gerege platform. Errors are always {"message", "code", "errors"?: {field: message}} in the request's language (Accept-Language or the lang cookie). The mobile app authenticates with Authorization: Bearer <accessToken>; the web app with its session cookie (state-changing browser requests from other sites are refused). Each operation names the permission it needs (x-permission): "public" (anyone), "signed-in" (any account) or a named permission from the role table.`

// Check reports every route whose documentation is missing or incomplete, and operationIds
// used twice.
func Check(routes []authz.Route) error {
	var errs []error
	seen := map[string]string{}
	for _, rt := range routes {
		d, at := rt.Doc, rt.Method+" "+rt.Pattern
		switch {
		case d.ID == "":
			errs = append(errs, fmt.Errorf("%s: no operationId (pass an authz.Doc when mounting it)", at))
		case seen[d.ID] != "":
			errs = append(errs, fmt.Errorf("%s: operationId %q is also %s", at, d.ID, seen[d.ID]))
		}
		seen[d.ID] = at
		if d.Resp == nil && d.Produces == "" && d.Status != http.StatusNoContent {
			errs = append(errs, fmt.Errorf("%s: no response type", at))
		}
		if d.Summary == "" {
			errs = append(errs, fmt.Errorf("%s: no summary", at))
		}
		if rt.Method != http.MethodGet && rt.Method != http.MethodDelete && d.Req == nil {
			errs = append(errs, fmt.Errorf("%s: a write without a request body type", at))
		}
	}
	return errors.Join(errs...)
}

var param = regexp.MustCompile(`\{([^}]+)\}`)

// Build returns the document for routes.
func Build(routes []authz.Route, version string) ([]byte, error) {
	if err := Check(routes); err != nil {
		return nil, err
	}
	r := openapi31.NewReflector()
	r.Spec.Info.WithTitle("Gerege API").WithVersion(version).WithDescription(Description)
	r.Spec.WithServers(openapi31.Server{URL: "/"})
	r.Spec.SetHTTPBearerTokenSecurity("bearer", "JWT", "Access token of the mobile app")
	r.Spec.SetAPIKeySecurity("cookie", "gerege_session", openapi.InCookie, "Session cookie of the web app")
	// Every field a Go type always writes is required, so generated clients type it as present.
	r.DefaultOptions = append(r.DefaultOptions, jsonschema.InterceptProp(func(p jsonschema.InterceptPropParams) error {
		if !p.Processed || p.Field.Tag.Get("json") == "" {
			return nil
		}
		name, opts, _ := strings.Cut(p.Field.Tag.Get("json"), ",")
		if name == "-" || strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero") {
			return nil
		}
		for _, req := range p.ParentSchema.Required {
			if req == name {
				return nil
			}
		}
		p.ParentSchema.Required = append(p.ParentSchema.Required, name)
		return nil
	}))
	// Objects are closed: an answer with a field the document does not name fails the
	// contract test, and clients learn every field from the document.
	r.DefaultOptions = append(r.DefaultOptions, jsonschema.InterceptSchema(func(p jsonschema.InterceptSchemaParams) (bool, error) {
		if !p.Processed || !p.Value.IsValid() {
			return false, nil
		}
		t := p.Value.Type()
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() == reflect.Struct && t.NumField() > 0 && p.Schema.Properties != nil {
			p.Schema.WithAdditionalProperties(jsonschema.SchemaOrBool{TypeBoolean: new(false)})
		}
		return false, nil
	}))
	// A pointer that is written even when nil ("organization": null) may be null.
	r.DefaultOptions = append(r.DefaultOptions, jsonschema.InterceptNullability(func(p jsonschema.InterceptNullabilityParams) {
		// A list or a map is never null: handlers send [] and {} (nil ones are a contract
		// failure in the tests), so generated clients type them as always present.
		if p.Type != nil && p.NullAdded && (p.Type.Kind() == reflect.Slice || p.Type.Kind() == reflect.Map) {
			p.Schema.RemoveType(jsonschema.Null)
			return
		}
		if p.Type == nil || p.Type.Kind() != reflect.Pointer || p.OmitEmpty || p.Schema.Ref == nil {
			return
		}
		ref := *p.Schema.Ref
		*p.Schema = jsonschema.Schema{AnyOf: []jsonschema.SchemaOrBool{
			{TypeObject: &jsonschema.Schema{Ref: &ref}},
			{TypeObject: (&jsonschema.Schema{}).WithType(jsonschema.Null.Type())},
		}}
	}))
	// Type names carry their package ("accounts.UserView" → AccountsUserView), so two modules'
	// types of the same name never collide.
	r.DefaultOptions = append(r.DefaultOptions, jsonschema.InterceptDefName(func(t reflect.Type, def string) string {
		pkg := t.PkgPath()
		if i := strings.LastIndexByte(pkg, '/'); i >= 0 {
			pkg = pkg[i+1:]
		}
		if pkg == "" || strings.HasPrefix(strings.ToLower(def), strings.ToLower(pkg)) {
			return def
		}
		return strings.ToUpper(pkg[:1]) + pkg[1:] + def
	}))
	for _, rt := range routes {
		d := rt.Doc
		oc, err := r.NewOperationContext(rt.Method, rt.Pattern)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", rt.Method, rt.Pattern, err)
		}
		oc.SetID(d.ID)
		oc.SetSummary(d.Summary)
		oc.SetTags(rt.Module)
		if names := param.FindAllStringSubmatch(rt.Pattern, -1); len(names) > 0 {
			fields := make([]reflect.StructField, len(names))
			for i, n := range names {
				fields[i] = reflect.StructField{Name: "P" + fmt.Sprint(i), Type: reflect.TypeFor[string](),
					Tag: reflect.StructTag(`path:"` + n[1] + `"`)}
			}
			oc.AddReqStructure(reflect.New(reflect.StructOf(fields)).Interface())
		}
		if d.Query != nil {
			oc.AddReqStructure(d.Query)
		}
		if d.Req != nil {
			oc.AddReqStructure(d.Req)
		}
		status := d.Status
		if status == 0 {
			status = http.StatusOK
		}
		switch {
		case d.Produces != "":
			oc.AddRespStructure(nil, openapi.WithHTTPStatus(status), openapi.WithContentType(d.Produces))
		case d.Resp != nil:
			oc.AddRespStructure(d.Resp, openapi.WithHTTPStatus(status))
		default:
			oc.AddRespStructure(nil, openapi.WithHTTPStatus(status))
		}
		for code, v := range d.Also {
			oc.AddRespStructure(v, openapi.WithHTTPStatus(code))
		}
		// Any status not listed (409 conflicts, 413, 415, 503 in maintenance …) is an error body too.
		oc.AddRespStructure(new(web.Body), func(cu *openapi.ContentUnit) {
			cu.IsDefault = true
			cu.Description = "An error: message and code in the request's language, errors per field"
		})
		errs := []int{}
		if rt.Perm != authz.Public {
			errs = append(errs, http.StatusUnauthorized, http.StatusForbidden)
		}
		if strings.Contains(rt.Pattern, "{") {
			errs = append(errs, http.StatusNotFound)
		}
		if d.Req != nil || d.Query != nil {
			errs = append(errs, http.StatusBadRequest, http.StatusUnprocessableEntity)
		}
		errs = append(errs, http.StatusTooManyRequests)
		for _, code := range errs {
			oc.AddRespStructure(new(web.Body), openapi.WithHTTPStatus(code))
		}
		if rt.Perm != authz.Public {
			oc.AddSecurity("bearer")
			oc.AddSecurity("cookie")
		}
		if err := r.AddOperation(oc); err != nil {
			return nil, fmt.Errorf("%s %s: %w", rt.Method, rt.Pattern, err)
		}
		if op, ok := r.Spec.Paths.MapOfPathItemValues[rt.Pattern]; ok {
			if o, err := op.Operation(strings.ToLower(rt.Method)); err == nil && o != nil {
				o.WithMapOfAnything(map[string]any{"x-permission": string(rt.Perm)})
			}
		}
	}
	return r.Spec.MarshalJSON()
}
