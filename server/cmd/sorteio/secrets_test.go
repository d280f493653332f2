package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// The known-device cookie is signed with a secret stored in the database:
// two instances on one database, and a restart, sign the same cookie, so the
// owner's device stays known (docs/operations.md, "Server secrets").
func TestRunKeepsKnownDevicesAcrossInstancesAndRestarts(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			env := map[string]string{"ADDR": "127.0.0.1:0", "SQLITE_PATH": storetest.MigratedDSN(t, "sqlite")}
			if dialect == "postgres" {
				env["DATABASE_URL"] = storetest.MigratedDSN(t, "postgres")
			}
			device := func(base, path string) string {
				t.Helper()
				res, err := http.Post(base+"/api/auth/"+path, "application/json",
					strings.NewReader(`{"email":"ana@example.com","password":"segredo1"}`))
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				for _, c := range res.Cookies() {
					if c.Name == "sorteio_device" {
						return c.Value
					}
				}
				t.Fatalf("%s: %d without a device cookie", path, res.StatusCode)
				return ""
			}
			a, stopA := startRun(t, env)
			b, stopB := startRun(t, env)
			first := device(a, "signup")
			if other := device(b, "signin"); other != first {
				t.Errorf("the second instance signs the device %q, the first %q", other, first)
			}
			for _, stop := range []func() error{stopA, stopB} {
				if err := stop(); err != nil {
					t.Fatal(err)
				}
			}
			c, stopC := startRun(t, env)
			if again := device(c, "signin"); again != first {
				t.Errorf("after a restart the device is %q, before %q", again, first)
			}
			if err := stopC(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
