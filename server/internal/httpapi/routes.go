package httpapi

import (
	"compress/gzip"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/sorteio/sorteio/server/internal/core"
)

// publicGzipLevel compresses the public answers: small ones, or the audit
// record, compressed once per version (AuditCache).
const publicGzipLevel = 5

// addRoutes is the server's one route table.
func addRoutes(r chi.Router, cfg Config, d Deps) {
	log := d.Log
	routes := &routeLabels{}
	defer routes.fill(r)
	r.Use(recoverPanics(log), logRequests(log, cfg.TrustProxy, d.Metrics, routes), securityHeaders, sameOrigin(log, cfg.TrustProxy), limitBody(log, cfg.MaxBody))

	r.Method(http.MethodGet, "/healthz", handleHealth(d.DB, log))
	r.Method(http.MethodGet, "/readyz", handleReady(d.Ready, log))

	r.Route("/api", func(r chi.Router) {
		r.Use(noStore, withAddressGroup(cfg))
		r.Method(http.MethodGet, "/auth/session", handleSession(d.Accounts, cfg, log))
		r.Method(http.MethodPost, "/auth/signup", handleSignUp(d.Accounts, d.Limits, cfg, log))
		r.Method(http.MethodPost, "/auth/signin", handleSignIn(d.Accounts, d.Limits, cfg, log))
		r.Method(http.MethodPost, "/auth/signout", handleSignOut(d.Accounts, cfg, log))
		r.Method(http.MethodGet, "/auth/oidc/start", handleOIDCStart(d.OIDC, cfg, log))
		r.Method(http.MethodGet, "/auth/oidc/callback", handleOIDCCallback(d.OIDC, provenChanges(d.Emails), d.Accounts, cfg, log))
		r.Method(http.MethodGet, "/config", handleConfig(d.OIDC))
		if d.Emails != nil {
			r.Method(http.MethodPost, "/auth/forgot", handleForgot(d.Emails, d.Limits, cfg, log))
			r.Method(http.MethodPost, "/auth/reset", handleReset(d.Emails, d.Limits, cfg, log))
			r.Method(http.MethodPost, "/auth/confirm-email", handleUseLink(d.Emails.Confirm, d.Limits, cfg, log))
			r.Method(http.MethodPost, "/auth/confirm-new-email", handleUseLink(d.Emails.ConfirmChange, d.Limits, cfg, log))
		}

		r.Route("/account", func(r chi.Router) {
			r.Use(requireUser(d.Accounts, cfg, log))
			r.Method(http.MethodGet, "/", handleAccount(d.Account, log))
			r.Method(http.MethodPost, "/password", handleChangePassword(d.Account, d.Limits, log))
			r.Method(http.MethodPost, "/signout-all", handleSignOutEverywhere(d.Account, cfg, log))
			r.Method(http.MethodGet, "/export", handleExport(d.Exports, d.Now, log))
			r.Method(http.MethodPost, "/delete", handleDeleteAccount(d.Account, cfg, log))
			if d.Emails != nil {
				r.Method(http.MethodGet, "/email", handleEmailStatus(d.Emails, log))
				r.Method(http.MethodPost, "/email", handleChangeEmail(d.Emails, d.Limits, log))
				r.Method(http.MethodPost, "/email/resend", handleResendConfirmation(d.Emails, d.Limits, log))
				r.Method(http.MethodPost, "/email/provider", handleChangeEmailByProvider(d.OIDC, d.Limits, cfg, log))
			}
		})

		r.Route("/sync", func(r chi.Router) {
			// The fastest level: a snapshot or a page of the log can be megabytes, and higher levels
			// cost far more time for a few percent fewer bytes (docs/bench/2026-11-23.md).
			r.Use(requireUser(d.Accounts, cfg, log), middleware.Compress(gzip.BestSpeed, "application/json"))
			r.Method(http.MethodPost, "/push", handlePush(d.Sync, d.Limits.Push, cfg.MaxBody, d.Now, d.Metrics, log))
			r.Method(http.MethodGet, "/raffles", timePull(d.Metrics, "feed", handleFeed(d.Sync, cfg, log)))
			r.Method(http.MethodGet, "/raffles/{id}/changes", timePull(d.Metrics, "changes", handleChanges(d.Sync, d.Now, log)))
			r.Method(http.MethodGet, "/raffles/{id}/snapshot", timePull(d.Metrics, "snapshot", handleSnapshot(d.Sync, d.Now, log)))
		})

		r.With(requireUser(d.Accounts, cfg, log)).Method(http.MethodPost, "/raffles/{id}/import", handleImport(d.Imports, d.Limits.Import, d.Now, log))

		r.Route("/public", func(r chi.Router) {
			r.Use(middleware.Compress(publicGzipLevel, "application/json"))
			r.Method(http.MethodGet, "/raffles/{code}/audit", handleAudit(d.Audits, d.AuditCache, d.Limits.PublicIP, cfg, log))
			r.Method(http.MethodGet, "/raffles/{code}", handlePublicState(d.Public, d.Limits.PublicIP, cfg, d.Now, log))
			r.Method(http.MethodGet, "/raffles/{code}/participants", handlePublicPeople(d.Public, d.Limits.PublicIP, cfg, log))
			r.Method(http.MethodPost, "/raffles/{code}/check", handlePublicCheck(d.Public, d.Limits, cfg, log))
		})

		r.NotFound(func(w http.ResponseWriter, r *http.Request) {
			writeError(w, r, log, &core.Error{Code: core.CodeNotFound})
		})
		r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
			writeError(w, r, log, &core.Error{Code: core.CodeMethodNotAllowed})
		})
	})

	r.With(requireUser(d.Accounts, cfg, log)).Method(http.MethodGet, "/ws", handleWS(d.Hub, cfg, d.Metrics, log))
	r.Method(http.MethodGet, "/ws/public", handlePublicWS(d.Live, d.Viewers, d.Limits, cfg, d.Now, d.Metrics, log))

	r.Handle("/*", handleStatic(d.Assets))
}
