package main

import (
	"strings"
	"testing"
)

// The -proxy mode runs the compose file's own Caddyfile: the rewrite must
// find its address and upstreams, or fail rather than test something else.
func TestCaddyConfig(t *testing.T) {
	conf, err := caddyConfig("../../../deploy/Caddyfile", "http://127.0.0.1:9", []string{"127.0.0.1:1", "127.0.0.1:2"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"admin off", "\nhttp://127.0.0.1:9 {", "reverse_proxy 127.0.0.1:1 127.0.0.1:2 {", "lb_policy least_conn", "health_uri /readyz"} {
		if !strings.Contains(conf, want) {
			t.Errorf("no %q in\n%s", want, conf)
		}
	}
	if strings.Contains(conf, "app1") || strings.Contains(conf, ":8080") {
		t.Errorf("compose addresses left in\n%s", conf)
	}
	if _, err := caddyConfig("proxy_test.go", "http://127.0.0.1:9", nil); err == nil {
		t.Error("a file without the upstreams was accepted")
	}
}
