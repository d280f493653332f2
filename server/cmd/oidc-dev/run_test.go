package main

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRunServesDiscovery(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	env := map[string]string{"OIDC_DEV_ADDR": "127.0.0.1:0", "OIDC_DEV_CLIENT_ID": "sorteio"}
	var out syncBuffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, nil, func(k string) string { return env[k] }, &out, &out) }()
	var issuer string
	for deadline := time.Now().Add(10 * time.Second); issuer == ""; time.Sleep(10 * time.Millisecond) {
		if s := out.String(); strings.Contains(s, "http://") {
			issuer = strings.TrimSpace(s[strings.Index(s, "http://"):])
		} else if time.Now().After(deadline) {
			t.Fatalf("no issuer URL printed; output: %q", s)
		}
	}
	res, err := http.Get(issuer + "/.well-known/openid-configuration")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("discovery at %q: %v %v", issuer, err, res)
	}
	res.Body.Close()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), nil, func(string) string { return "" }, &out, &out); err == nil {
		t.Error("run without OIDC_DEV_CLIENT_ID: want an error")
	}
}

// syncBuffer is written by run's goroutine and read by the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
