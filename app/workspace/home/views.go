package home

// Home is a person's home page: what waits for them.
type Home struct {
	Widgets []Widget `json:"widgets" description:"the widgets the person may see, in their order; a widget that failed is left out"`
}

// Widget is one line of the home page.
type Widget struct {
	Key   string `json:"key" description:"the widget's name (the UI's words: workspace-home home.widgets.<key>)"`
	Href  string `json:"href" description:"the dashboard page where it is acted on (without the language prefix)"`
	Count int    `json:"count" description:"how many things wait for the person"`
}

// PermissionTable is the role table.
type PermissionTable struct {
	Roles       []Role       `json:"roles" description:"every role, in the table's order"`
	Permissions []Permission `json:"permissions" description:"every named permission, in the order of the code's table"`
}

// Role is one column of the table.
type Role struct {
	Name string `json:"name" description:"individual, enterprise, owner, manager, counselor, staff (forms desk), staff.sensitive (forms desk with sensitive fields) or admin"`
	Mine bool   `json:"mine" description:"the person holds this role"`
}

// Permission is one row of the table.
type Permission struct {
	Name  string   `json:"name" description:"the permission's name, e.g. forms.desk.read"`
	Roles []string `json:"roles" description:"the roles that grant it"`
	Mine  bool     `json:"mine" description:"the person holds it (through one of their roles)"`
}
