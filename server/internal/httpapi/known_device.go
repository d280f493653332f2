package httpapi

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"time"
)

// Sign-in limits (docs/operations.md, "Rate limits") slow the guesser, not
// the owner:
//
//   - per source address, over every e-mail (SignInIP);
//   - per e-mail and source address together (SignInPair): a stranger
//     spends only their own bucket;
//   - wrong passwords per e-mail over every source (SignInEmail). Spent only
//     by a failure and never refusing by itself: a limit per e-mail taken
//     before the check let two addresses keep the owner out of every new
//     device (12 wrong attempts each, then one a minute). Once it is used
//     up the e-mail is under attack, and each source address gets only a
//     few checked attempts at it per SignInSuspect period, unless it is a
//     known device: one that signed in to (or created) this account before
//     and holds its device cookie. The owner signs in with the right
//     password from a new device at once (a fresh address has its few
//     attempts), while each guessing address waits.
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
