package config

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// publicURL is the server's public base URL: PUBLIC_URL when set, else one
// made from ADDR. Links and the OIDC redirect are built from it, never from
// a request's Host header, which whoever sends the request chooses. With
// OIDC on and no OIDC_REDIRECT_URL, ADDR serves only when it is a loopback
// address (development): a public server must say its URL.
func publicURL(getenv func(string) string, addr string, oidcNeedsIt bool) (string, error) {
	if v := strings.TrimSpace(getenv("PUBLIC_URL")); v != "" {
		return checkBaseURL("PUBLIC_URL", v)
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("ADDR: endereço inválido %q (como :8080 ou 127.0.0.1:8080)", addr)
	}
	if oidcNeedsIt && !isLoopback(host) {
		return "", fmt.Errorf("PUBLIC_URL: defina o endereço público do servidor (como https://sorteio.example.com): " +
			"a entrada pelo provedor de identidade precisa dele (ou defina OIDC_REDIRECT_URL)")
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port), nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// checkBaseURL accepts an http(s) URL with a host and nothing after it but
// an optional slash, which it drops.
func checkBaseURL(name, v string) (string, error) {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%s: URL inválida %q (como https://sorteio.example.com, sem caminho)", name, v)
	}
	return u.Scheme + "://" + u.Host, nil
}

// checkURL accepts an absolute http(s) URL with a host.
func checkURL(name, v string) error {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("%s: URL inválida %q", name, v)
	}
	return nil
}
