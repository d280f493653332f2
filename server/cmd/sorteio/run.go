package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/sorteio/sorteio/pwa"
	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/config"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/mail"
	"github.com/sorteio/sorteio/server/internal/metrics"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/ws"
)

const usage = `uso: sorteio [serve | verify ARQUIVO.json | backup ARQUIVO | restore ARQUIVO]

  serve    inicia o servidor (padrão); configuração pelas variáveis de ambiente do README
  verify   confere um registro de sorteio exportado: recalcula os vencedores a partir das
           sementes e dos bilhetes publicados
  backup   copia o banco SQLite (SQLITE_PATH) para ARQUIVO, com o servidor no ar
  restore  põe o backup ARQUIVO no lugar do banco SQLite, com o servidor parado; o banco
           anterior é guardado ao lado
`

// run is the whole program; main only calls it, so tests can too.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd, rest := "serve", []string(nil)
	if len(args) > 1 {
		cmd, rest = args[1], args[2:]
	}
	switch cmd {
	case "serve":
		return serve(ctx, getenv, stdout, stderr)
	case "verify":
		return verify(rest, stdout)
	case "backup":
		return backup(ctx, rest, getenv, stdout)
	case "restore":
		return restore(ctx, rest, getenv, stdout)
	case "help", "-h", "--help":
		_, err := io.WriteString(stdout, usage)
		return err
	default:
		_, _ = io.WriteString(stderr, usage)
		return fmt.Errorf("comando desconhecido %q", cmd)
	}
}

func serve(ctx context.Context, getenv func(string) string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	var log *slog.Logger
	if cfg.LogFormat == "json" {
		log = slog.New(slog.NewJSONHandler(stderr, opts))
	} else {
		log = slog.New(slog.NewTextHandler(stderr, opts))
	}

	db, err := store.Open(ctx, cfg.DSN(), log)
	if err != nil {
		return err
	}
	db.LimitRaffles(cfg.MaxRafflesPerAccount)
	db.SetAbandonGrace(cfg.AbandonGrace)
	// The database closes last: after the server has drained its requests
	// and every goroutine started below has returned.
	var wg sync.WaitGroup
	defer func() {
		wg.Wait()
		if err := db.Close(); err != nil {
			log.Error("fechar banco", "err", err)
		}
	}()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // runs first: stops the goroutines that wg waits for

	accounts, err := auth.NewService(db, time.Now, auth.NewGate(auth.GateConfig{}))
	if err != nil {
		return err
	}
	hub := ws.NewHub(log)
	viewers := ws.NewViewers(log, httpapi.PublicLoader(db, time.Now), ws.ViewerLimits{Total: cfg.ViewersMax, PerIP: cfg.ViewersPerIP})
	wg.Go(func() { viewers.Run(ctx, ws.PingEvery) })
	// The store pokes after each push commits (through NOTIFY with
	// PostgreSQL, so every instance hears it); the hub tells the devices,
	// the viewers' rooms load and broadcast the raffle's public state.
	wg.Go(func() {
		db.ListenPokes(ctx, func(p store.Poke) {
			hub.Publish(httpapi.UserTopic(p.UserID), ws.Event{Type: "poke", RaffleID: p.RaffleID, Seq: p.Seq})
			viewers.Changed(p.Key, p.Seq)
		}, nil)
	})
	wg.Go(func() { db.ListenSessionEnds(ctx, httpapi.CloseEndedSessions(hub), nil) })
	assets := pwa.Dist()
	if assets == nil {
		log.Warn("binário sem a PWA embutida: compile com make build para servir a interface")
	}
	// The API's clock, which the e-mailed links' expiry and the outbox follow
	// too: time.Now in production; TEST_CLOCK_FILE (end-to-end tests only)
	// moves it (clock.go).
	now := apiClock(cfg.TestClockFile, log)
	deps := httpapi.Deps{
		Log:      log,
		DB:       db,
		Ready:    db,
		Accounts: accounts,
		Account:  accounts,
		Exports:  db,
		Limits:   limits(cfg.RateLimitScale, cfg.PushesPerMinute, cfg.ViewersPerIP),
		Sync:     db,
		Imports:  db,
		Audits:   db,
		Public:   db,
		Live:     db,
		Viewers:  viewers,
		Hub:      hub,
		Now:      now,
		Assets:   assets,
	}
	emails, err := startMail(ctx, &wg, cfg, db, accounts, now, log)
	if err != nil {
		return err
	}
	deps.Emails = emails
	if cfg.MetricsAddr != "" {
		m := metrics.New(metrics.Sources{OrganiserSockets: hub.Total, PublicViewers: viewers.Total,
			MailOutbox: db.MailOutboxDepth, Pool: db.PoolStats, Listening: db.Listening})
		viewers.Observe(m.Broadcast)
		deps.Metrics = m
		addr, err := serveMetrics(ctx, &wg, cfg.MetricsAddr, m.Handler(), log)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Métricas em http://%s/metrics\n", addr)
	}
	// Keys stored in the database: a restart or a second instance signs and
	// checks cookies as this one does (docs/operations.md, "Server secrets").
	deviceKey, err := db.Secret(ctx, store.SecretKnownDevice)
	if err != nil {
		return err
	}
	if cfg.OIDCIssuer != "" {
		key, err := db.Secret(ctx, store.SecretOIDCState)
		if err != nil {
			return err
		}
		oidcCfg := auth.OIDCConfig{Issuer: cfg.OIDCIssuer, ClientID: cfg.OIDCClientID, ClientSecret: cfg.OIDCClientSecret, Name: cfg.OIDCName}
		deps.OIDC = auth.NewOIDC(oidcCfg, accounts, db, key, &http.Client{Timeout: 10 * time.Second})
		log.Info("entrada por provedor de identidade ativa", "issuer", cfg.OIDCIssuer, "name", cfg.OIDCName)
	}
	handler := httpapi.NewHandler(httpapi.Config{TrustProxy: cfg.TrustProxy > 0, ProxyHops: cfg.TrustProxy, IPv6Prefix: cfg.IPv6Prefix, MaxBody: cfg.MaxBody,
		CheckTime: 100 * time.Millisecond, MaxSocketsPerSession: cfg.MaxSocketsPerSession,
		PublicURL: cfg.PublicURL, OIDCRedirectURL: cfg.OIDCRedirectURL, DeviceKey: deviceKey}, deps)

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("escutar em %s: %w", cfg.Addr, err)
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	fmt.Fprintf(stdout, "Sorteio no ar em http://%s (banco: %s)\n", displayAddr(ln.Addr()), db.Dialect())

	wg.Go(func() { sweepSessions(ctx, db, log) })

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("encerrando: aguardando requisições em andamento")
	shutdownCtx, cancelShutdown := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancelShutdown()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("encerrar servidor: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("servidor encerrado")
	return nil
}

// limits are the rate limits of sign-in, sign-up and public lookups (scale
// multiplies their bursts), the pushes per account and minute (0: none) and
// the public WebSocket's, sized to the viewers one address may hold.
func limits(scale, pushesPerMinute, viewersPerIP int) httpapi.Limits {
	var push httpapi.Limiter
	if pushesPerMinute > 0 {
		push = ratelimit.New(pushesPerMinute, time.Minute/time.Duration(pushesPerMinute), time.Now)
	}
	return httpapi.Limits{
		Push:        push,
		SignInIP:    ratelimit.New(20*scale, 6*time.Second, time.Now),  // 20 at once, then 10 a minute
		SignInPair:  ratelimit.New(10*scale, 30*time.Second, time.Now), // per (e-mail, IP): 10 at once, then 2 a minute
		SignInEmail: ratelimit.New(20*scale, time.Minute, time.Now),    // wrong passwords per e-mail: 20, then 1 a minute
		// Per (e-mail, IP) from unknown devices while the e-mail's wrong
		// passwords are used up: 3, then 1 every 10 minutes.
		SignInSuspect: ratelimit.New(3*scale, 10*time.Minute, time.Now),
		SignUpIP:      ratelimit.New(10*scale, time.Minute, time.Now), // 10 at once, then 1 a minute
		SignUpEmail:   ratelimit.New(5*scale, time.Minute, time.Now),
		// A password change checks the current password: 5 per session and
		// 10 per account at once, then 1 a minute each.
		PasswordSession: ratelimit.New(5*scale, time.Minute, time.Now),
		PasswordAccount: ratelimit.New(10*scale, time.Minute, time.Now),
		// A public audit may carry 100,000 tickets per round.
		PublicIP: ratelimit.New(30*scale, 2*time.Second, time.Now), // 30 at once, then 30 a minute
		// The self-check takes an e-mail: 10 at once, then 10 a minute.
		PublicCheckIP: ratelimit.New(10*scale, 6*time.Second, time.Now),
		// Per address group and raffle, 3 checks answered whatever the
		// raffle's load, then 1 every 10 minutes; past those, the raffle's
		// budget shared by every address: 30 at once, then 6 a minute.
		PublicCheckOwn:    ratelimit.New(3*scale, 10*time.Minute, time.Now),
		PublicCheckRaffle: ratelimit.New(30*scale, 10*time.Second, time.Now),
		// Live viewers connect together, often many behind one address (a
		// venue's Wi-Fi, everyone scanning the QR at once): as many at once
		// as one address may hold (PUBLIC_VIEWERS_PER_IP, at least 100), then
		// 2 a second; a viewer that stayed httpapi.ViewerHold gives its token
		// back as it leaves, so the room reconnects at once after a blip.
		PublicLiveIP: ratelimit.New(max(100*scale, viewersPerIP), 500*time.Millisecond, time.Now),
		// 'Esqueci minha senha' and e-mailed links: 10 at once per address, then 1 a minute;
		// per typed e-mail 3, then 1 every 10 minutes; an account's own requests the same.
		ForgotIP:    ratelimit.New(10*scale, time.Minute, time.Now),
		ForgotEmail: ratelimit.New(3*scale, 10*time.Minute, time.Now),
		EmailSend:   ratelimit.New(3*scale, 10*time.Minute, time.Now),
		// File imports per account, each up to 10 MB inflating up to 64 MB:
		// 5 at once, then 5 a minute.
		Import: ratelimit.New(5, 12*time.Second, time.Now),
	}
}

// startMail starts the outbox's sender (SMTP_URL, or the log without it)
// and returns the e-mail flows, whose links start with PUBLIC_URL. The
// links' expiry and the outbox's due times follow now, the API's clock
// (time.Now in production; a test moves it with TEST_CLOCK_FILE to expire a
// link without waiting for it).
func startMail(ctx context.Context, wg *sync.WaitGroup, cfg config.Config, db *store.DB, accounts *auth.Service, now func() time.Time, log *slog.Logger) (*auth.Emails, error) {
	var sender mail.Sender = mail.LogSender{Log: log}
	if cfg.SMTPURL != "" {
		smtp, err := mail.NewSMTPSender(cfg.SMTPURL, cfg.MailFrom)
		if err != nil {
			return nil, err
		}
		sender = smtp
	} else {
		log.Warn("sem SMTP_URL: os e-mails são escritos no log, não enviados (docs/operations.md, \"E-mail\")")
	}
	var outbox *mail.Outbox
	emails := auth.NewEmails(db, accounts, mail.NewLinks(cfg.PublicURL), now, func() { outbox.Wake() })
	emails.ResetTTL = cfg.ResetLinkTTL
	outbox = mail.NewOutbox(db, sender, emails.ExpandForgot, now, log)
	wg.Go(func() { outbox.Run(ctx, 5*time.Second) })
	return emails, nil
}

// sweepSessions deletes expired sessions once an hour.
func sweepSessions(ctx context.Context, db *store.DB, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := db.DeleteExpiredSessions(ctx, time.Now()); err != nil {
				log.Warn("limpar sessões expiradas", "err", err)
			} else if n > 0 {
				log.Info("sessões expiradas removidas", "n", n)
			}
		}
	}
}

func displayAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if ok && tcp.IP.IsUnspecified() {
		return fmt.Sprintf("localhost:%d", tcp.Port)
	}
	return a.String()
}

// serveMetrics serves the metrics on their own listener until ctx ends, so
// the public port never answers them. It returns the address it listens on.
func serveMetrics(ctx context.Context, wg *sync.WaitGroup, addr string, h http.Handler, log *slog.Logger) (string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("METRICS_ADDR: escutar em %s: %w", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	wg.Go(func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("servidor de métricas", "err", err)
		}
	})
	wg.Go(func() {
		<-ctx.Done()
		_ = srv.Close()
	})
	return displayAddr(ln.Addr()), nil
}
