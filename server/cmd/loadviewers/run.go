package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"syscall"
	"time"
)

const usage = `uso: loadviewers [-viewers N] [-readers N] [-db sqlite|postgres|both] [-server bin/sorteio] [-proxy deploy/Caddyfile] [-metrics]
       loadviewers -passwords N [-server bin/sorteio]
       loadviewers -venue N [-server bin/sorteio]
       loadviewers -signin-burst N [-server bin/sorteio]
       loadviewers -churn-phones N [-server bin/sorteio]

Sobe o servidor em 127.0.0.1 (processo separado), conecta N espectadores
públicos a um sorteio, sorteia e mede a chegada do estado a cada um.
PostgreSQL: TEST_DATABASE_URL (um schema novo por execução).
-proxy: duas instâncias no mesmo PostgreSQL atrás do caddy (do PATH), com
esse Caddyfile; espectadores e organizador passam pelo proxy.
-metrics: o servidor com METRICS_ADDR (métricas ligadas), para comparar.
-passwords: N trocas de senha simultâneas com a senha atual errada; falha se
o RSS do servidor crescer 200 MB ou mais.
-venue: N espectadores atrás de um só endereço, com os limites padrão,
conectam juntos, assistem 31 s, caem todos e reconectam (SQLite).
-signin-burst: N entradas erradas sem pausa de um /64, e 5 entradas certas de
outros endereços; falha se uma for recusada ou levar mais de 1 s.
-churn-phones: um cliente conecta e cai sem parar atrás de um endereço; N
celulares do mesmo endereço abrem o primeiro socket; falha se um for recusado.
`

// run is the whole program, so tests could drive it as main does.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadviewers", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	viewers := fs.Int("viewers", 10_000, "espectadores conectados")
	dbs := fs.String("db", "both", "sqlite, postgres ou both")
	bin := fs.String("server", "bin/sorteio", "binário do servidor")
	readers := fs.Int("readers", 1, "laços epoll que leem os espectadores")
	caddyfile := fs.String("proxy", "", "Caddyfile: duas instâncias atrás do caddy (só PostgreSQL)")
	withMetrics := fs.Bool("metrics", false, "servidor com METRICS_ADDR: métricas ligadas")
	passwords := fs.Int("passwords", 0, "em vez dos espectadores: N trocas de senha simultâneas com a senha atual errada (SQLite), medindo o RSS")
	venue := fs.Int("venue", 0, "em vez da medida: N espectadores atrás de um endereço conectam, caem e reconectam")
	signIns := fs.Int("signin-burst", 0, "em vez da medida: N entradas erradas de um /64 enquanto 5 pessoas entram de outros endereços")
	phones := fs.Int("churn-phones", 0, "em vez da medida: N celulares atrás do endereço de um cliente que conecta e cai sem parar")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if err := raiseFileLimit(); err != nil {
		return err
	}
	if _, err := os.Stat(*bin); err != nil {
		return fmt.Errorf("%s: compile antes com make build (%w)", *bin, err)
	}
	binPath, _ := filepath.Abs(*bin)
	if *venue > 0 {
		return venueLoad(ctx, binPath, *venue, stdout, stderr)
	}
	if *signIns > 0 {
		return signInBurst(ctx, binPath, *signIns, stdout, stderr)
	}
	if *phones > 0 {
		return churnPhones(ctx, binPath, *phones, stdout, stderr)
	}
	if *passwords > 0 {
		return passwordLoad(ctx, binPath, *passwords, stdout, stderr)
	}
	list := []string{*dbs}
	if *dbs == "both" {
		list = []string{"sqlite", "postgres"}
	}
	if *caddyfile != "" {
		if _, err := exec.LookPath("caddy"); err != nil {
			return fmt.Errorf("-proxy precisa do caddy no PATH: %w", err)
		}
		list = []string{"postgres"} // several instances share PostgreSQL only
	}
	fmt.Fprintf(stdout, "| database | viewers | connect | server RSS per viewer | draw.start state encoded → in every viewer's socket, p50 / p99 / max | encoded → read by the generator | push sent → op begun → state encoded (median) | draw.complete encoded → in every socket | → read | push → op → encoded | push sent → read, start; complete | server CPU, both broadcasts | generator CPU |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, db := range list {
		dsn := ""
		if db == "postgres" {
			if dsn = getenv("TEST_DATABASE_URL"); dsn == "" {
				fmt.Fprintln(stderr, "PostgreSQL pulado: TEST_DATABASE_URL vazio")
				continue
			}
		}
		// Each database gets at most two minutes.
		rctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		res, err := bench(rctx, options{bin: binPath, db: db, pgURL: dsn, viewers: *viewers, readers: max(1, *readers), caddyfile: *caddyfile, metrics: *withMetrics}, stderr)
		cancel()
		if err != nil {
			return fmt.Errorf("%s: %w", db, err)
		}
		fmt.Fprintf(stdout, "| %s | %d | %.1f s | %.1f KB | %s | %s | %s | %s | %s | %s | %s; %s | %.0f ms | %.0f ms |\n", db, res.viewers, res.connect.Seconds(),
			res.rssPerViewer/1024, res.start.kernel, res.start.read, res.start.steps(), res.complete.kernel, res.complete.read, res.complete.steps(),
			res.start.fromPush, res.complete.fromPush, res.cpu.Seconds()*1000, res.generator.Seconds()*1000)
		benchLine(stdout, map[string]any{"viewers": res.viewers, "db": db, "rssPerViewerKB": tenth(res.rssPerViewer / 1024),
			"p99Ms": max(msOf(res.start.kernel.at(0.99)), msOf(res.complete.kernel.at(0.99)))})
		if res.perInstance != nil {
			fmt.Fprintf(stdout, "\nThrough Caddy: connections held by each instance %v; every viewer got both states, wherever the push landed.\n", res.perInstance)
		}
	}
	return nil
}

// raiseFileLimit lifts this process's open-file limit to its hard limit
// (the server, started by it, inherits it).
func raiseFileLimit() error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return err
	}
	lim.Cur = lim.Max
	return syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
}

// latencies summarises arrival times after a start.
type latencies []time.Duration

func (l latencies) String() string {
	if len(l) == 0 {
		return "-"
	}
	return ms(l.at(0.5)) + " / " + ms(l.at(0.99)) + " / " + ms(l.at(1)) + " ms"
}

// at is the p-quantile (0 to 1) of the latencies.
func (l latencies) at(p float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	s := append(latencies(nil), l...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

// steps prints the median viewer's push → apply → encoding.
func (b broadcast) steps() string {
	return ms(b.pushToApply) + " + " + ms(b.applyToEncode) + " ms"
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f", float64(d.Microseconds())/1000) }

var errMissed = errors.New("espectadores sem o estado")
