package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"

	"strconv"
	"strings"
	"time"

	"gerege/app/forms"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
)

// Config is every setting of the platform, filled from flags and GEREGE_* environment
// variables (a flag wins over the variable), validated once at start and passed by value.
type Config struct {
	Addr        string
	DB          string
	BaseURL     string
	Demo        bool
	Maintenance bool
	LogLevel    string
	LogFormat   string
	MaxBody     int64
	Secret      string // GEREGE_SECRET only: never a flag, so it stays out of `ps`
	SMTP        SMTPConfig
	ShutdownIn  time.Duration
	Auth        AuthConfig
	// Forms: rate limit per IP and who is told of each submission.
	FormsIP     web.Rate
	StaffNotify []string // "address" (every form) or "form:address"
	// DirectionBoardLimit is the career test's time limit.
	DirectionBoardLimit time.Duration
	// Public links shown by the site.
	AppStoreURL, PlayStoreURL, SupportEmail string
	// Payments: providers and bank-transfer details, from the environment only (see
	// payments.ConfigFromEnv and docs/store/payments.md).
	Payments payments.Config
}

// AuthConfig holds token lifetimes and rate limits of the accounts capability.
type AuthConfig struct {
	AccessTTL, RefreshTTL, SessionLifetime, MinFillTime                     time.Duration
	LoginIP, LoginAccount, RegisterIP, EmailIP, EmailAccount, VerifyAccount web.Rate
}

// SMTPConfig is where email goes; with no host, email lands in the outbox table.
type SMTPConfig struct {
	Host     string
	Port     int
	User     string
	Password string // GEREGE_SMTP_PASSWORD only
	From     string
	TLS      string
}

// Secure reports whether the public URL is HTTPS.
func (c Config) Secure() bool { return strings.HasPrefix(c.BaseURL, "https://") }

type envFlag struct {
	name, env, usage string
}

// ParseServe parses `gerege serve` arguments with the environment as defaults.
func ParseServe(args []string, getenv func(string) string, out io.Writer) (Config, error) {
	fs := flag.NewFlagSet("gerege serve", flag.ContinueOnError)
	fs.SetOutput(out)
	c := Config{}
	str := func(p *string, name, env, def, usage string) {
		if v := getenv(env); v != "" {
			def = v
		}
		fs.StringVar(p, name, def, usage+" (env "+env+")")
	}
	boolean := func(p *bool, name, env, usage string) {
		def, _ := strconv.ParseBool(getenv(env))
		fs.BoolVar(p, name, def, usage+" (env "+env+")")
	}
	str(&c.Addr, "addr", "GEREGE_ADDR", ":8080", "address to listen on")
	str(&c.DB, "db", "GEREGE_DB", "./gerege.db", "path of the SQLite data file (created and migrated on start)")
	str(&c.BaseURL, "base-url", "GEREGE_BASE_URL", "http://localhost:8080", "public URL of the site, used in emails and links; https:// turns on HSTS and Secure cookies")
	boolean(&c.Demo, "demo", "GEREGE_DEMO", "fill an empty database with demo content in both languages, marked as demo")
	boolean(&c.Maintenance, "maintenance", "GEREGE_MAINTENANCE", "answer every page with 503 and the maintenance page (/healthz stays up)")
	str(&c.LogLevel, "log-level", "GEREGE_LOG_LEVEL", "info", "log level: debug, info, warn, error")
	str(&c.LogFormat, "log-format", "GEREGE_LOG_FORMAT", "auto", "log format: json, text, or auto (text on a terminal, json otherwise)")
	maxBody := "1048576"
	str(&maxBody, "max-body", "GEREGE_MAX_BODY", maxBody, "largest request body accepted, in bytes")
	str(&c.SMTP.Host, "smtp-host", "GEREGE_SMTP_HOST", "", "SMTP server for outgoing email; empty keeps email in the outbox admins read in the app")
	port := "587"
	str(&port, "smtp-port", "GEREGE_SMTP_PORT", port, "SMTP port")
	str(&c.SMTP.User, "smtp-user", "GEREGE_SMTP_USER", "", "SMTP user name (password from GEREGE_SMTP_PASSWORD)")
	str(&c.SMTP.From, "smtp-from", "GEREGE_SMTP_FROM", "Gerege <no-reply@localhost>", "sender address of outgoing email")
	str(&c.SMTP.TLS, "smtp-tls", "GEREGE_SMTP_TLS", "opportunistic", "SMTP TLS: opportunistic (STARTTLS when offered), mandatory, or none")
	durations := []struct {
		p                    *time.Duration
		name, env, def, help string
	}{
		{&c.Auth.AccessTTL, "access-token-ttl", "GEREGE_ACCESS_TOKEN_TTL", "15m", "lifetime of the mobile API's access tokens (JWT exp)"},
		{&c.Auth.RefreshTTL, "refresh-token-ttl", "GEREGE_REFRESH_TOKEN_TTL", "720h", "lifetime of a mobile refresh token, renewed on every use"},
		{&c.Auth.SessionLifetime, "session-lifetime", "GEREGE_SESSION_LIFETIME", "336h", "lifetime of a web sign-in"},
		{&c.DirectionBoardLimit, "direction-board-limit", "GEREGE_DIRECTION_BOARD_LIMIT", "20m", "time limit of the Direction Board career test"},
		{&c.Auth.MinFillTime, "min-fill-time", "GEREGE_MIN_FILL_TIME", "3s", "the web registration and the public forms are refused when sent sooner than this after they were shown (0 turns the check off)"},
	}
	durText := make([]string, len(durations))
	for i, d := range durations {
		str(&durText[i], d.name, d.env, d.def, d.help)
	}
	rates := []struct {
		p                    *web.Rate
		name, env, def, help string
	}{
		{&c.Auth.LoginIP, "limit-login-ip", "GEREGE_LIMIT_LOGIN_IP", "30/15m", "sign-in attempts per IP address"},
		{&c.Auth.LoginAccount, "limit-login-account", "GEREGE_LIMIT_LOGIN_ACCOUNT", "10/15m", "sign-in attempts per account"},
		{&c.Auth.RegisterIP, "limit-register-ip", "GEREGE_LIMIT_REGISTER_IP", "10/1h", "registrations per IP address"},
		{&c.Auth.EmailIP, "limit-email-ip", "GEREGE_LIMIT_EMAIL_IP", "20/1h", "password-reset and verification requests per IP address"},
		{&c.Auth.EmailAccount, "limit-email-account", "GEREGE_LIMIT_EMAIL_ACCOUNT", "5/1h", "emails (registration, reset, verification, invitations) per address"},
		{&c.FormsIP, "limit-forms-ip", "GEREGE_LIMIT_FORMS_IP", "20/10m", "form submissions per IP address"},
		{&c.Auth.VerifyAccount, "limit-verify-account", "GEREGE_LIMIT_VERIFY_ACCOUNT", "10/15m", "verification and password-reset code attempts per account"},
	}
	rateText := make([]string, len(rates))
	for i, r := range rates {
		str(&rateText[i], r.name, r.env, r.def, r.help+", as N/duration")
	}
	str(&c.AppStoreURL, "app-store-url", "GEREGE_APP_STORE_URL", "", "App Store page of the mobile app (the login dialog links to it and draws its QR code)")
	str(&c.PlayStoreURL, "play-store-url", "GEREGE_PLAY_STORE_URL", "", "Google Play page of the mobile app")
	str(&c.SupportEmail, "support-email", "GEREGE_SUPPORT_EMAIL", "support@gerege.mn", "support address shown on the site and in the legal pages")
	staff := ""
	str(&staff, "staff-notify", "GEREGE_STAFF_NOTIFY", "", "who is told of each new form submission, comma-separated: an address for every form, or form:address (contact, support, volunteer, roadmap) for one")
	grace := "15s"
	str(&grace, "shutdown-timeout", "GEREGE_SHUTDOWN_TIMEOUT", grace, "how long in-flight requests may finish after SIGINT/SIGTERM")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: gerege serve [flags]\n\nRuns the platform. Flags (each also read from the environment variable shown; a flag wins):\n\n")
		fs.PrintDefaults()
		fmt.Fprintf(fs.Output(), "\nSecrets come only from the environment: GEREGE_SECRET (signing key; generated and kept in the database when unset), GEREGE_SMTP_PASSWORD, and the payment providers' GEREGE_STRIPE_SECRET_KEY, GEREGE_STRIPE_WEBHOOK_SECRET, GEREGE_QPAY_CLIENT_SECRET (docs/store/payments.md).\n")
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	c.Secret = getenv("GEREGE_SECRET")
	c.SMTP.Password = getenv("GEREGE_SMTP_PASSWORD")
	var errs []error
	var err error
	if c.Payments, err = payments.ConfigFromEnv(getenv); err != nil {
		errs = append(errs, err)
	}
	if c.MaxBody, err = strconv.ParseInt(maxBody, 10, 64); err != nil || c.MaxBody < 1024 {
		errs = append(errs, fmt.Errorf("--max-body: want a number of bytes ≥ 1024, got %q", maxBody))
	}
	if c.SMTP.Port, err = strconv.Atoi(port); err != nil || c.SMTP.Port < 1 || c.SMTP.Port > 65535 {
		errs = append(errs, fmt.Errorf("--smtp-port: want 1–65535, got %q", port))
	}
	if c.ShutdownIn, err = time.ParseDuration(grace); err != nil || c.ShutdownIn < 0 {
		errs = append(errs, fmt.Errorf("--shutdown-timeout: want a duration such as 15s, got %q", grace))
	}
	for i, d := range durations {
		v, err := time.ParseDuration(durText[i])
		if err != nil || v < 0 || (v == 0 && d.name != "min-fill-time") {
			errs = append(errs, fmt.Errorf("--%s: want a duration such as %s, got %q", d.name, d.def, durText[i]))
		}
		*d.p = v
	}
	for i, r := range rates {
		v, err := ParseRate(rateText[i])
		if err != nil {
			errs = append(errs, fmt.Errorf("--%s: %v", r.name, err))
		}
		*r.p = v
	}
	for name, v := range map[string]string{"--app-store-url": c.AppStoreURL, "--play-store-url": c.PlayStoreURL} {
		if u, err := url.Parse(v); v != "" && (err != nil || u.Scheme != "https" || u.Host == "") {
			errs = append(errs, fmt.Errorf("%s: want an https:// URL, got %q", name, v))
		}
	}
	if !web.ValidEmail(c.SupportEmail) {
		errs = append(errs, fmt.Errorf("--support-email: want an email address, got %q", c.SupportEmail))
	}
	for _, e := range strings.Split(staff, ",") {
		if e = strings.TrimSpace(e); e == "" {
			continue
		}
		addr := e
		if form, a, ok := strings.Cut(e, ":"); ok { // "volunteer:cvp@example.mn": that form only
			if _, known := forms.Prefixes[form]; !known {
				errs = append(errs, fmt.Errorf("--staff-notify: %q names no form (contact, support, volunteer, roadmap)", e))
			}
			addr = a
		}
		if !web.ValidEmail(addr) {
			errs = append(errs, fmt.Errorf("--staff-notify: %q is not an email address", e))
		}
		c.StaffNotify = append(c.StaffNotify, e)
	}
	switch c.SMTP.TLS {
	case "opportunistic", "mandatory", "none":
	default:
		errs = append(errs, fmt.Errorf("--smtp-tls: want opportunistic, mandatory or none, got %q", c.SMTP.TLS))
	}
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("--base-url: want an absolute http(s) URL, got %q", c.BaseURL))
	}
	c.BaseURL = strings.TrimSuffix(c.BaseURL, "/")
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("--log-level: want debug, info, warn or error, got %q", c.LogLevel))
	}
	switch c.LogFormat {
	case "auto", "json", "text":
	default:
		errs = append(errs, fmt.Errorf("--log-format: want auto, json or text, got %q", c.LogFormat))
	}
	if c.DB == "" {
		errs = append(errs, errors.New("--db: must not be empty"))
	}
	if c.Secret != "" && len(c.Secret) < 32 {
		errs = append(errs, errors.New("GEREGE_SECRET: must be at least 32 characters"))
	}
	return c, errors.Join(errs...)
}

// ParseRate reads "N/duration" such as "10/15m".
func ParseRate(s string) (web.Rate, error) {
	n, per, ok := strings.Cut(s, "/")
	count, err := strconv.Atoi(n)
	d, err2 := time.ParseDuration(per)
	if !ok || err != nil || err2 != nil || count < 1 || d <= 0 {
		return web.Rate{}, fmt.Errorf("want N/duration such as 10/15m, got %q", s)
	}
	return web.Rate{N: count, Per: d}, nil
}

// DefaultConfig is the configuration with no flags and no environment (used by tests).
func DefaultConfig() Config {
	c, err := ParseServe(nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		panic(err)
	}
	return c
}
