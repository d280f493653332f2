package httpapi

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"time"
)

// Sign-in limits (docs/operations.md, "Sign-in limits") keep guessing a
// password expensive without letting a stranger lock its owner out:
//
//   - per source address, over every e-mail (SignInIP);
//   - per e-mail and source address together (SignInPair): a stranger
//     spends only their own bucket;
//   - per e-mail over every source (SignInEmail), which caps guesses from
//     many addresses, but is skipped for a known device: one that signed in
//     to (or created) this account before and holds its device cookie. The
//     owner's own device keeps getting in while a stranger empties the
//     e-mail's bucket; a new device waits for it to refill.
//
// The device cookie is an HMAC of the e-mail under the server's stored
// known-device secret (run reads it from the database): it names no secret,
// cannot be made for another e-mail, and every restart and every instance
// sharing the database accept it.

const (
	deviceCookie    = "sorteio_device"
	deviceCookieTTL = 365 * 24 * time.Hour
)

// newDeviceKey makes a key of this process only, for a handler given none.
func newDeviceKey() []byte {
	key := make([]byte, 32)
	_, _ = rand.Read(key) // never fails since Go 1.24
	return key
}

func deviceMark(key []byte, email string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("sorteio known device\x00" + email))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// knownDevice says whether the request comes from a device that signed in
// to email before.
func knownDevice(r *http.Request, cfg Config, email string) bool {
	c, err := r.Cookie(deviceCookie)
	return err == nil && hmac.Equal([]byte(c.Value), []byte(deviceMark(cfg.DeviceKey, email)))
}

func setDeviceCookie(w http.ResponseWriter, r *http.Request, cfg Config, email string) {
	http.SetCookie(w, &http.Cookie{
		Name: deviceCookie, Value: deviceMark(cfg.DeviceKey, email), Path: "/api/auth",
		MaxAge: int(deviceCookieTTL.Seconds()), HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: isHTTPS(r, cfg.TrustProxy),
	})
}
