package config

import "testing"

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
