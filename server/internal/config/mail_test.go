package config

import (
	"strings"
	"testing"
)

func TestMailSettings(t *testing.T) {
	tests := []struct {
		name            string
		env             map[string]string
		wantErr         string
		publicURL, from string
	}{
		{name: "defaults: the address it listens on, mail to the log", env: map[string]string{},
			publicURL: "http://localhost:8080", from: "Sorteio <nao-responda@localhost>"},
		{name: "a named listen address", env: map[string]string{"ADDR": "127.0.0.1:18870"}, publicURL: "http://127.0.0.1:18870"},
		{name: "public URL, trailing slash dropped", env: map[string]string{"PUBLIC_URL": "https://sorteio.example.org/"},
			publicURL: "https://sorteio.example.org", from: "Sorteio <nao-responda@sorteio.example.org>"},
		{name: "MAIL_FROM kept", env: map[string]string{"MAIL_FROM": "Rifas <rifas@example.org>"}, from: "Rifas <rifas@example.org>"},
		{name: "not a URL", env: map[string]string{"PUBLIC_URL": "sorteio.example.org"}, wantErr: "PUBLIC_URL"},
		{name: "a query", env: map[string]string{"PUBLIC_URL": "https://sorteio.example.org/?x=1"}, wantErr: "PUBLIC_URL"},
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
			if tc.publicURL != "" && c.PublicURL != tc.publicURL {
				t.Errorf("PublicURL = %q, want %q", c.PublicURL, tc.publicURL)
			}
			if tc.from != "" && c.MailFrom != tc.from {
				t.Errorf("MailFrom = %q, want %q", c.MailFrom, tc.from)
			}
		})
	}
}
