// Command oidc-dev is a tiny OpenID Connect provider for development and
// the end-to-end tests: a login page that signs in whoever types an e-mail.
// Never expose it: it checks no password.
//
//	OIDC_DEV_ADDR=127.0.0.1:9096 OIDC_DEV_CLIENT_ID=sorteio OIDC_DEV_CLIENT_SECRET=x oidc-dev
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/sorteio/sorteio/server/internal/oidctest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "oidc-dev:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, _ []string, getenv func(string) string, stdout, _ io.Writer) error {
	addr := getenv("OIDC_DEV_ADDR")
	if addr == "" {
		addr = "127.0.0.1:9096"
	}
	clientID, secret := getenv("OIDC_DEV_CLIENT_ID"), getenv("OIDC_DEV_CLIENT_SECRET")
	if clientID == "" {
		return errors.New("OIDC_DEV_CLIENT_ID is required")
	}
	p, err := oidctest.New(clientID, secret, time.Now)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	p.Issuer = "http://" + ln.Addr().String()
	srv := &http.Server{Handler: p.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	fmt.Fprintf(stdout, "provedor de teste em %s\n", p.Issuer)
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
