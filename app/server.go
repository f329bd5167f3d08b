// Package app wires the platform together: configuration → store → services → router, and
// runs the HTTP server with graceful shutdown.
package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/alexedwards/scs/v2"

	"gerege/app/accounts"
	"gerege/app/admin"
	"gerege/app/communities"
	"gerege/app/content"
	"gerege/app/directionboard"
	"gerege/app/forms"
	"gerege/app/opportunities"
	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/app/platform/jobs"
	"gerege/app/platform/mail"
	"gerege/app/platform/notify"
	"gerege/app/platform/payments"
	"gerege/app/platform/secure"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/app/platform/widgets"
	"gerege/app/site"
	"gerege/app/store/banking"
	"gerege/app/store/billing"
	"gerege/app/store/payouts"
	"gerege/app/store/shop"
	"gerege/app/workspace/analytics"
	"gerege/app/workspace/calendar"
	"gerege/app/workspace/chat"
	"gerege/app/workspace/filemanager"
	"gerege/app/workspace/home"
	"gerege/app/workspace/interviews"
	workspacemail "gerege/app/workspace/mail"
	"gerege/app/workspace/people"
	"gerege/db"
)

// Server is one running platform: its store, sessions and router.
type Server struct {
	cfg      Config
	log      *slog.Logger
	store    *db.Store
	secret   []byte
	kit      *web.Kit
	sessions *scs.SessionManager
	handler  http.Handler
	// dashboard serves dashboard pages behind the session and role checks.
	dashboard http.Handler
	maint     *cachedFlag
	demo      *cachedFlag
	now       func() time.Time
	mailer    *mail.Mailer
	notify    *notify.Service
	files     *files.Store
	authn     *authn.Authenticator
	access    *authz.Registry
	userdata  *userdata.Registry
	widgets   *widgets.Registry
	modules   []module
	jobs      *jobs.Runner
	limiter   *web.Limiter
	payments  *payments.Service
	cancel    context.CancelFunc
	stopOnce  sync.Once
	wg        sync.WaitGroup
}

// Option changes how New builds the server (tests inject a clock).
type Option func(*Server)

// WithClock makes the server read time from now.
func WithClock(now func() time.Time) Option { return func(s *Server) { s.now = now } }

// New opens (creating and migrating) the database and builds the router. dist is the built UI.
func New(ctx context.Context, cfg Config, log *slog.Logger, dist fs.FS, opts ...Option) (*Server, error) {
	store, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: log, store: store, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	fail := func(err error) (*Server, error) {
		store.Close()
		return nil, err
	}
	if cfg.Secret != "" {
		s.secret = []byte(cfg.Secret)
	} else if s.secret, err = store.EnsureSecret(ctx); err != nil {
		return fail(fmt.Errorf("secret: %w", err))
	}
	if err := content.Seed(ctx, store, s.now()); err != nil {
		return fail(fmt.Errorf("content: %w", err))
	}
	if cfg.Demo {
		if err := SeedDemo(ctx, store, s.now(), func(m string) { log.Info(m) }); err != nil {
			return fail(fmt.Errorf("demo: %w", err))
		}
	}
	ui, err := web.NewUI(dist, cfg.BaseURL)
	if err != nil {
		return fail(err)
	}
	s.maint = newCachedFlag(2*time.Second, func(ctx context.Context) bool {
		if cfg.Maintenance {
			return true
		}
		v, err := store.Setting(ctx, db.SettingMaintenance)
		return err == nil && v == "on"
	})
	s.demo = newCachedFlag(10*time.Second, func(ctx context.Context) bool {
		v, err := store.Setting(ctx, db.SettingDemo)
		return err == nil && v != ""
	})
	ui.Demo = s.demo.Get // a demo installation's pages say so in their HTML
	// Uploads (app/platform/files): blobs in the folder beside the data file.
	if s.files, err = files.New(store, s.now, log); err != nil {
		return fail(err)
	}
	s.kit = &web.Kit{UI: ui, Log: log, MaxBody: cfg.MaxBody, MaxUpload: files.MaxUpload, Secure: cfg.Secure(), Maintenance: s.maint.Get,
		MaintenanceExempt: maintenanceExempt}

	s.sessions = scs.New()
	s.sessions.Store = db.SessionStore{S: store}
	s.sessions.Lifetime = cfg.Auth.SessionLifetime
	s.sessions.Cookie.Name = "gerege_session"
	s.sessions.Cookie.HttpOnly = true
	s.sessions.Cookie.SameSite = http.SameSiteLaxMode
	s.sessions.Cookie.Secure = cfg.Secure()
	s.sessions.ErrorFunc = func(w http.ResponseWriter, r *http.Request, err error) { s.kit.Fail(w, r, err) }

	s.limiter = web.NewLimiter(s.now)
	payCfg := cfg.Payments
	payCfg.QPay.CallbackBase = cfg.BaseURL
	if cfg.Demo && payCfg.Bank == (payments.BankConfig{}) {
		payCfg.Bank = payments.DemoBank // a demo needs no network and no real account
	}
	s.payments = payments.New(store, s.now, payCfg)
	s.payments.Log = log
	if payCfg.Bank.Account == "" {
		log.Warn("payments: no bank-transfer details: set GEREGE_BANK_NAME, GEREGE_BANK_ACCOUNT and GEREGE_BANK_HOLDER")
	}
	s.mailer = mail.New(store, mail.SMTP{Host: cfg.SMTP.Host, Port: cfg.SMTP.Port, User: cfg.SMTP.User,
		Password: cfg.SMTP.Password, From: cfg.SMTP.From, TLS: cfg.SMTP.TLS}, log, s.now)
	hashKey := secure.DeriveKey(s.secret, "token-hash v1")
	s.access = &authz.Registry{}
	s.userdata = &userdata.Registry{}
	s.widgets = &widgets.Registry{}
	s.userdata.Add(s.files.UserData()...)
	s.authn = &authn.Authenticator{Store: store, Tokens: authn.NewTokens(s.secret, cfg.Auth.AccessTTL, s.now),
		Sessions: s.sessions, Kit: s.kit, Now: s.now}
	s.notify = &notify.Service{Store: store, Mailer: s.mailer, Key: secure.DeriveKey(s.secret, "notify unsubscribe v1"),
		BaseURL: cfg.BaseURL, Now: s.now, Log: log}
	board := &directionboard.Handlers{Store: store, Mailer: s.mailer, Limiter: s.limiter, Now: s.now,
		TimeLimit: cfg.DirectionBoardLimit, BaseURL: cfg.BaseURL, HashKey: hashKey, Secure: cfg.Secure(),
		EmailRate: cfg.Auth.EmailIP, StartRate: cfg.BoardIP}
	if err := board.Init(); err != nil {
		return fail(err)
	}
	acc := &accounts.Handlers{Store: store, Hasher: secure.NewHasher(), Tokens: s.authn.Tokens, Mailer: s.mailer, Limiter: s.limiter,
		Sessions: s.sessions, Sealer: secure.NewSealer(s.secret, "id-number v1"), HashKey: hashKey, Now: s.now,
		Access: s.access, Data: s.userdata,
		Cfg: accounts.Config{BaseURL: cfg.BaseURL, AccessTTL: cfg.Auth.AccessTTL, RefreshTTL: cfg.Auth.RefreshTTL,
			SessionLifetime: cfg.Auth.SessionLifetime, CodeTTL: 30 * time.Minute, ResetTTL: 30 * time.Minute,
			InviteTTL: 7 * 24 * time.Hour, MinFillTime: cfg.Auth.MinFillTime,
			Limits: accounts.Limits{LoginIP: cfg.Auth.LoginIP, LoginAccount: cfg.Auth.LoginAccount, RegisterIP: cfg.Auth.RegisterIP,
				EmailIP: cfg.Auth.EmailIP, EmailAccount: cfg.Auth.EmailAccount, VerifyAccount: cfg.Auth.VerifyAccount}}}
	hub := chat.NewHub() // the workspace's one live stream: the chat's, and the mailbox's arrivals
	s.modules = []module{
		{"site", &site.Handlers{Version: BuildInfo().Version, Demo: s.demo.Get, Maintenance: s.maint.Get, Secure: cfg.Secure(),
			AppStoreURL: cfg.AppStoreURL, PlayStoreURL: cfg.PlayStoreURL, SupportEmail: cfg.SupportEmail, Now: s.now}},
		{"content", &content.Handlers{Store: store, Now: s.now}},
		{"directionboard", board},
		{"forms", &forms.Handlers{Store: store, Mailer: s.mailer, Limiter: s.limiter, Sealer: secure.NewSealer(s.secret, "forms v1"),
			HashKey: hashKey, Now: s.now, Rate: cfg.FormsIP, MinFillTime: cfg.Auth.MinFillTime,
			StaffEmails: cfg.StaffNotify, BaseURL: cfg.BaseURL}},
		{"accounts", acc},
		// Postings, their approval, applications and the applicant pipeline.
		{"opportunities", &opportunities.Handlers{Store: store, Files: s.files, Limiter: s.limiter, Now: s.now,
			Rate: web.Rate{N: 60, Per: time.Hour}, PromiseDays: 14}},
		// Communities, forums, posts, comments, polls and their moderation.
		{"communities", &communities.Handlers{Store: store, Files: s.files, Limiter: s.limiter, Now: s.now,
			Limits: communities.DefaultLimits()}},
		// The workspace's calendar and appointments.
		{"calendar", &calendar.Handlers{Store: store, Limiter: s.limiter, Now: s.now, Rate: web.Rate{N: 120, Per: time.Hour}}},
		// Interviews of applications (scheduled by staff, answered by the applicant; in both calendars).
		{"interviews", &interviews.Handlers{Store: store, Limiter: s.limiter, Now: s.now, Rate: web.Rate{N: 120, Per: time.Hour}}},
		// Workspace: chat (conversations, support, the live stream).
		{"chat", &chat.Handlers{Store: store, Files: s.files, Limiter: s.limiter, Hub: hub, Now: s.now, Rate: chat.DefaultRate}},
		// Workspace: mail (the in-app mailbox; every notification also lands in it; a letter
		// arriving is told on the chat's live stream).
		{"mail", &workspacemail.Handlers{Store: store, Files: s.files, Limiter: s.limiter, Now: s.now, Rate: workspacemail.DefaultRate, Live: hub}},
		{"admin", &admin.Handlers{Store: store, Mailer: s.mailer, Now: s.now,
			MaintenanceChanged: s.maint.Invalidate}},
		// The workspace's people pages: accounts admins and organisation owners manage.
		{"people", &people.Handlers{Store: store, Invites: acc, Limiter: s.limiter, Now: s.now, InviteRate: web.Rate{N: 30, Per: time.Hour}}},
		// In-app and email notifications for every capability (app/platform/notify): the
		// bell's API, preferences and the unsubscribe link.
		{"notifications", s.notify},
		// The workspace: the home's widgets (s.widgets, filled below before any request), the
		// permission table.
		{"workspace-home", &home.Handlers{Widgets: s.widgets, Log: log}},
		// The workspace's analytics: counts from the database for organisations and admins.
		{"workspace-analytics", &analytics.Handlers{Store: store, Now: s.now}},
		// The workspace's file manager: own and organisation files, trash, sharing, quotas.
		{"workspace-files", &filemanager.Handlers{Store: store, Files: s.files, Limiter: s.limiter, Now: s.now,
			Quotas: filemanager.Quotas{Person: cfg.FileQuotaPerson, Org: cfg.FileQuotaOrg}, Rate: filemanager.DefaultRate}},
		{"banking", &banking.Handlers{Store: store, Payments: s.payments, Limiter: s.limiter, Now: s.now, Log: log,
			CallbackRate: banking.DefaultCallbackRate}},
		// Store: payouts to organisations (their payout details, the payouts admins record).
		{"payouts", &payouts.Handlers{Store: store, Mailer: s.mailer, Limiter: s.limiter, BaseURL: cfg.BaseURL, Now: s.now}},
		// Store: plans, subscriptions and invoices.
		{"billing", &billing.Handlers{Store: store, Mailer: s.mailer, Payments: s.payments, BaseURL: cfg.BaseURL, Limiter: s.limiter, Now: s.now, Rate: web.Rate{N: 60, Per: time.Hour}}},
		// The store's shop: products, cart and checkout, orders paid through payments.
		{"shop", &shop.Handlers{Store: store, Files: s.files, Payments: s.payments, Limiter: s.limiter, BaseURL: cfg.BaseURL,
			Now: s.now, Rate: web.Rate{N: 600, Per: time.Hour}}},
	}

	s.jobs = &jobs.Runner{Now: s.now, Log: log}
	s.jobs.Add(s.mailer.Jobs()...)
	s.jobs.Add(s.files.Jobs()...)
	for _, m := range s.modules {
		if j, ok := m.m.(interface{ Jobs() []jobs.Job }); ok {
			s.jobs.Add(j.Jobs()...)
		}
		// The person's data each module keeps: "download my data" and account deletion.
		if d, ok := m.m.(userdata.Provider); ok {
			s.userdata.Add(d.UserData()...)
		}
		// What waits for a person, on their home page (/dashboard/app).
		if w, ok := m.m.(widgets.Provider); ok {
			s.widgets.Add(w.Widgets()...)
		}
	}

	s.handler = s.routes()
	bg, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.wg.Add(3)
	go func() {
		defer s.wg.Done()
		s.jobs.Run(bg)
	}()
	go func() {
		defer s.wg.Done()
		s.mailer.Run(bg)
	}()
	go func() {
		defer s.wg.Done()
		s.notify.Run(bg)
	}()
	return s, nil
}

// module is a capability: it declares its routes (each with its permission) and dashboard
// pages. Modules are mounted in this order.
type module struct {
	name string
	m    interface {
		Mount(r *authz.Router, reg *authz.Registry)
	}
}

// Access is the registry of every mounted route and dashboard page (the role × route test
// walks it).
func (s *Server) Access() *authz.Registry { return s.access }

// Handler is the root HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Widgets is the registry of every module's home-page widgets.
func (s *Server) Widgets() *widgets.Registry { return s.widgets }

// Jobs is the runner of every module's periodic jobs (tests run them with their own clock).
func (s *Server) Jobs() *jobs.Runner { return s.jobs }

// Notify is the server's notification service (tests run its email jobs).
func (s *Server) Notify() *notify.Service { return s.notify }

// Mailer is the server's mailer (tests flush it).
func (s *Server) Mailer() *mail.Mailer { return s.mailer }

// Payments is the payments core every module that takes money is given.
func (s *Server) Payments() *payments.Service { return s.payments }

// Store is the server's database (for commands and tests).
func (s *Server) Store() *db.Store { return s.store }

// Close stops background work and closes the database.
func (s *Server) Close() error {
	var err error
	s.stopOnce.Do(func() {
		s.cancel()
		s.wg.Wait()
		// What modules keep in memory for a while (counted views) reaches the database first.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, m := range s.modules {
			if st, ok := m.m.(interface{ Stop(context.Context) error }); ok {
				if serr := st.Stop(ctx); serr != nil {
					s.log.Error("stopping a module", slog.String("module", m.name), slog.Any("err", serr))
				}
			}
		}
		err = s.store.Close()
	})
	return err
}

// Run serves until ctx is cancelled (SIGINT/SIGTERM), then stops accepting, answers every
// request already accepted (see drainer), and only then stops the background work and
// closes the database. ready, when not nil, receives the listening address once the server
// accepts connections.
func Run(ctx context.Context, cfg Config, log *slog.Logger, dist fs.FS, ready func(addr string)) error {
	s, err := New(ctx, cfg, log, dist)
	if err != nil {
		return err
	}
	defer s.Close() // last: after every request has finished
	tcp, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	ln := &drainListener{Listener: tcp}
	d := newDrainer()
	srv := &http.Server{
		Handler:           d.closeAfter(s.Handler()),
		ConnState:         d.track,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	// synchronous is read back from the write connection: "full" means an acknowledged
	// write survives power loss (the kill -9 test checks this line).
	durability, err := s.store.Synchronous(ctx)
	if err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("listening", slog.String("addr", ln.Addr().String()), slog.String("db", cfg.DB),
		slog.String("version", BuildInfo().String()), slog.Bool("maintenance", cfg.Maintenance), slog.String("synchronous", durability))
	if ready != nil {
		ready(ln.Addr().String())
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", slog.Duration("grace", cfg.ShutdownIn))
	// Long-lived answers (the chat's live streams) end now; their clients reconnect elsewhere.
	for _, m := range s.modules {
		if d, ok := m.m.(interface{ Drain() }); ok {
			d.Drain()
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownIn)
	defer cancel()
	d.drain(sctx, ln)
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close() // the grace is over: the database must not close under running requests
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) && !errors.Is(err, net.ErrClosed) {
		return err
	}
	return nil
}

// cachedFlag is a boolean read from the database at most once per ttl.
type cachedFlag struct {
	mu      sync.Mutex
	ttl     time.Duration
	read    func(context.Context) bool
	value   bool
	expires time.Time
}

func newCachedFlag(ttl time.Duration, read func(context.Context) bool) *cachedFlag {
	return &cachedFlag{ttl: ttl, read: read}
}

func (c *cachedFlag) Get(ctx context.Context) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := time.Now(); now.After(c.expires) {
		c.value = c.read(ctx)
		c.expires = now.Add(c.ttl)
	}
	return c.value
}

// Invalidate makes the next Get read the database again.
func (c *cachedFlag) Invalidate() {
	c.mu.Lock()
	c.expires = time.Time{}
	c.mu.Unlock()
}

// RunJob runs the periodic job called name once, now (tests drive the clock and call it
// instead of waiting for the runner).
func (s *Server) RunJob(ctx context.Context, name string) error {
	j, ok := s.jobs.Job(name)
	if !ok {
		return fmt.Errorf("no job %q", name)
	}
	return j.Run(ctx, s.now())
}
