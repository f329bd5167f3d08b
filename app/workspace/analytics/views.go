package analytics

// Organization is the organisation's analytics over its window.
type Organization struct {
	Since    string    `json:"since" description:"the window's first Ulaanbaatar day (YYYY-MM-DD), included"`
	Days     int       `json:"days" description:"the window's length in days"`
	Postings []Posting `json:"postings" description:"the organisation's postings (not drafts), most applications first, at most 50"`
	Funnel   []Stage   `json:"funnel" description:"viewed (views of the organisation's postings in the window: people opening a posting, once a day each), then submitted, reviewed, shortlisted, interview, offer, hired: how many of the window's applications reached each stage"`
	// MedianFirstReviewHours is null when no application of the window was opened yet.
	MedianFirstReviewHours *float64    `json:"medianFirstReviewHours" description:"median hours from submission to the first opening by staff, one decimal; null when none was opened"`
	Reviewed               int         `json:"reviewed" description:"how many applications of the window were opened by staff (the median's sample)"`
	Reports                Reports     `json:"reports" description:"reports received in the window about the organisation's postings and communities"`
	Communities            []Community `json:"communities" description:"the organisation's active communities with their subscribers today (not the window), most members first, at most 50"`
}

// Community is one community's subscribers.
type Community struct {
	ID        int64  `json:"id"`
	Name      string `json:"name" description:"in the request's language (the other language when empty)"`
	Members   int    `json:"members" description:"active members"`
	Followers int    `json:"followers" description:"people who follow the community"`
}

// Posting is one posting's count.
type Posting struct {
	ID           int64  `json:"id"`
	Title        string `json:"title" description:"in the request's language (the other language when empty)"`
	Views        int    `json:"views" description:"views in the window: people opening the posting (its page or the API), once a day each; robots and the organisation's own staff are not counted"`
	Applications int    `json:"applications" description:"applications received in the window"`
}

// Stage is one step of the funnel.
type Stage struct {
	Stage string `json:"stage" description:"viewed, submitted, reviewed, shortlisted, interview, offer or hired"`
	Count int    `json:"count"`
}

// Reports is the 24-hour record.
type Reports struct {
	Total     int `json:"total"`
	Answered  int `json:"answered"`
	Within24h int `json:"within24h" description:"answered within 24 hours of the report"`
	Open      int `json:"open" description:"still waiting for an answer"`
}

// Platform is the platform's analytics over its window.
type Platform struct {
	Since   string   `json:"since" description:"the window's first Ulaanbaatar day (YYYY-MM-DD), included"`
	Days    int      `json:"days" description:"the window's length in days"`
	Signups []Day    `json:"signups" description:"accounts created per Ulaanbaatar day, every day of the window (zeros included)"`
	Active  []Day    `json:"active" description:"distinct people who signed in per Ulaanbaatar day (an auth session was created), every day of the window"`
	Holland []Count  `json:"holland" description:"finished Direction Board attempts of the window per first letter of the Holland code, R I A S E C (zeros included)"`
	Monthly []Series `json:"monthly" description:"the last 12 Ulaanbaatar months (this one included), whatever the window: signups, active (distinct people who signed in), postings (by publication), applications, forms (submissions received)"`
}

// Series is one monthly series.
type Series struct {
	Key    string  `json:"key" description:"signups, active, postings, applications or forms"`
	Months []Month `json:"months" description:"every month, oldest first, zeros included"`
}

// Month is a count in one Ulaanbaatar month.
type Month struct {
	Month string `json:"month" description:"YYYY-MM"`
	Count int    `json:"count"`
}

// Day is a count on one Ulaanbaatar day.
type Day struct {
	Day   string `json:"day" description:"YYYY-MM-DD"`
	Count int    `json:"count"`
}

// Count is a labelled count.
type Count struct {
	Key   string `json:"key"`
	Count int    `json:"count"`
}
