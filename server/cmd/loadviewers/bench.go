package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"slices"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

type result struct {
	viewers         int
	connect         time.Duration
	rssPerViewer    float64
	start, complete broadcast
	cpu             time.Duration
	// generator is this process's own CPU time across both broadcasts.
	generator time.Duration
	// perInstance counts each instance's open connections (-proxy).
	perInstance []int
}

// options are what run passes to bench.
type options struct {
	bin, db, pgURL string
	viewers        int
	readers        int // the generator's epoll loops
	// caddyfile, when set, runs two instances behind Caddy (proxy.go).
	caddyfile string
	// metrics turns the server's metrics on (METRICS_ADDR), to measure their cost.
	metrics bool
}

// bench runs one database's measurement.
func bench(ctx context.Context, o options, stderr io.Writer) (result, error) {
	res := result{viewers: o.viewers}
	dsn := ""
	if o.db == "postgres" {
		var drop func()
		var err error
		if dsn, drop, err = freshSchema(o.pgURL); err != nil {
			return res, err
		}
		defer drop()
	}
	var extra []string
	if o.caddyfile != "" {
		extra = []string{"TRUST_PROXY=true"}
	}
	if o.metrics {
		extra = append(extra, "METRICS_ADDR=127.0.0.1:0")
	}
	srv, err := startServer(ctx, o.bin, dsn, extra, stderr)
	if err != nil {
		return res, err
	}
	defer srv.done()
	servers, base := []*server{srv}, srv.base
	if o.caddyfile != "" {
		other, err := startServer(ctx, o.bin, dsn, extra, stderr)
		if err != nil {
			return res, err
		}
		defer other.done()
		servers = append(servers, other)
		proxy, stop, err := startCaddy(ctx, o.caddyfile, []string{srv.addr, other.addr}, stderr)
		if err != nil {
			return res, err
		}
		defer stop()
		base = proxy
	}
	org, err := newOrganiser(base)
	if err != nil {
		return res, err
	}
	code, pool, err := org.newRaffle(1000)
	if err != nil {
		return res, err
	}
	time.Sleep(500 * time.Millisecond)
	before := rss(servers)

	began := time.Now()
	ws, err := connect(ctx, base, code, o.viewers, o.readers)
	defer ws.close()
	if err != nil {
		return res, err
	}
	res.connect = time.Since(began)
	time.Sleep(time.Second)
	res.rssPerViewer = float64(rss(servers)-before) / float64(o.viewers)
	if o.caddyfile != "" {
		for _, s := range servers {
			res.perInstance = append(res.perInstance, established(s.addr))
		}
		// Caddy holds one connection to an instance per viewer on it (and a
		// few for health checks): each must hold a good share of them.
		if slices.Min(res.perInstance) < o.viewers/4 {
			return res, fmt.Errorf("espectadores mal distribuídos entre as instâncias: %v conexões", res.perInstance)
		}
	}

	cpu0, self0 := cpu(servers), cpuOf(os.Getpid())
	rd := draw.NewSeed()
	drawID := core.NewID(time.Now())
	digest := draw.Digest(pool)
	t0 := time.Now()
	seq, err := org.push(drawID, protocol.TypeDrawStart, map[string]any{"draw_id": drawID, "client_commitment": draw.Commitment(rd),
		"pool_digest": hex.EncodeToString(digest[:]), "pool_size": len(pool)})
	if err != nil {
		return res, err
	}
	if res.start, err = ws.wait(ctx, seq, t0); err != nil {
		return res, err
	}
	t1 := time.Now()
	seq, err = org.push(drawID, protocol.TypeDrawComplete, map[string]any{"draw_id": drawID, "client_seed": hex.EncodeToString(rd), "offline": false})
	if err != nil {
		return res, err
	}
	if res.complete, err = ws.wait(ctx, seq, t1); err != nil {
		return res, err
	}
	res.cpu, res.generator = cpu(servers)-cpu0, cpuOf(os.Getpid())-self0
	return res, nil
}

// organiser creates and draws the raffle over the sync API, as the PWA does.
type organiser struct {
	base, client, raffle string
	http                 *http.Client
	mutation             int64
}

func newOrganiser(base string) (*organiser, error) {
	jar, _ := cookiejar.New(nil)
	o := &organiser{base: base, client: core.NewID(time.Now()), http: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	_, err := o.post("/api/auth/signup", map[string]string{"email": "organizador@exemplo.com", "password": "segredo123"})
	return o, err
}

func (o *organiser) post(path string, body any) ([]byte, error) {
	b, _ := json.Marshal(body)
	res, err := o.http.Post(o.base+path, "application/json", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 && res.StatusCode != 201 {
		return nil, fmt.Errorf("%s: %d %s", path, res.StatusCode, out)
	}
	return out, nil
}

// push sends one op and returns its log position.
func (o *organiser) push(id, typ string, payload any) (int64, error) {
	o.mutation++
	op := map[string]any{"op_id": core.NewID(time.Now()), "mutation_id": o.mutation, "raffle_id": o.raffle, "type": typ, "payload": payload}
	out, err := o.post("/api/sync/push", map[string]any{"client_id": o.client, "schema_version": protocol.SchemaVersion, "ops": []any{op}})
	if err != nil {
		return 0, err
	}
	var r struct {
		Results []struct {
			Status string `json:"status"`
			Seq    int64  `json:"seq"`
		} `json:"results"`
	}
	if err := json.Unmarshal(out, &r); err != nil || len(r.Results) != 1 || r.Results[0].Status != "applied" {
		return 0, fmt.Errorf("%s: %s", typ, out)
	}
	return r.Results[0].Seq, nil
}

// newRaffle creates a raffle of people with one ticket each and returns its
// code and canonical pool.
func (o *organiser) newRaffle(people int) (string, []draw.Ticket, error) {
	o.raffle = core.NewID(time.Now())
	code := protocol.NewCode()
	if _, err := o.push(o.raffle, protocol.TypeRaffleCreate, map[string]any{"id": o.raffle, "code": code, "title": "Sorteio de carga",
		"description": "Medida de espectadores", "type": "tickets", "winners_count": 3, "countdown_seconds": 0,
		"allow_duplicate_wins": false, "created_at": time.Now().UnixMilli()}); err != nil {
		return "", nil, err
	}
	tickets := make([]map[string]any, people)
	pool := make([]draw.Ticket, people)
	for i := range tickets {
		id, group, num, name := core.NewID(time.Now()), core.NewID(time.Now()), fmt.Sprintf("%04d", i+1), fmt.Sprintf("Pessoa %d", i+1)
		tickets[i] = map[string]any{"id": id, "group_id": group, "name": name, "ticket_number": num,
			"email": fmt.Sprintf("pessoa%d@exemplo.com", i+1)}
		pool[i] = draw.Ticket{ID: id, GroupID: group, Name: name, TicketNumber: &num}
	}
	if _, err := o.push(o.raffle, protocol.TypeParticipantsAdd, map[string]any{"tickets": tickets}); err != nil {
		return "", nil, err
	}
	return code, draw.Canonical(pool), nil
}
