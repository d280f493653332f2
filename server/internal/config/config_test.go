package config

import (
	"strings"
	"testing"
)

func TestOIDCSettings(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
		issuer  string
		label   string
	}{
		{name: "none configured", env: map[string]string{}},
		{name: "issuer kept as spelled, default name",
			env:    map[string]string{"OIDC_ISSUER": "https://id.example.com/", "OIDC_CLIENT_ID": "sorteio"},
			issuer: "https://id.example.com/", label: "provedor de identidade"},
		{name: "named", env: map[string]string{"OIDC_ISSUER": "https://id.example.com", "OIDC_CLIENT_ID": "s", "OIDC_NAME": " Empresa "},
			issuer: "https://id.example.com", label: "Empresa"},
		{name: "issuer without client", env: map[string]string{"OIDC_ISSUER": "https://id.example.com"}, wantErr: "defina os dois"},
		{name: "client without issuer", env: map[string]string{"OIDC_CLIENT_ID": "s"}, wantErr: "defina os dois"},
		{name: "issuer not a URL", env: map[string]string{"OIDC_ISSUER": "id.example.com", "OIDC_CLIENT_ID": "s"}, wantErr: "URL inválida"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Load(func(k string) string { return tc.env[k] })
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.OIDCIssuer != tc.issuer || (tc.issuer != "" && c.OIDCName != tc.label) {
				t.Errorf("issuer %q name %q, want %q %q", c.OIDCIssuer, c.OIDCName, tc.issuer, tc.label)
			}
		})
	}
}

func TestQuotas(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	c, err := Load(getenv)
	if err != nil || c.MaxRafflesPerAccount != 200 || c.MaxSocketsPerSession != 10 || c.PushesPerMinute != 120 {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	env = map[string]string{"MAX_RAFFLES_PER_ACCOUNT": "5", "MAX_SOCKETS_PER_SESSION": "0", "PUSHES_PER_MINUTE": "30"}
	if c, err = Load(getenv); err != nil || c.MaxRafflesPerAccount != 5 || c.MaxSocketsPerSession != 0 || c.PushesPerMinute != 30 {
		t.Fatalf("set: %+v %v", c, err)
	}
	for _, bad := range []string{"-1", "x", "1e3", "2000000"} {
		if _, err := Load(func(k string) string {
			if k == "PUSHES_PER_MINUTE" {
				return bad
			}
			return ""
		}); err == nil {
			t.Errorf("PUSHES_PER_MINUTE=%q accepted", bad)
		}
	}
}
