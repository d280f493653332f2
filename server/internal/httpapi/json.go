package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// decodeJSON reads exactly one JSON object of type T from the body, which must
// be declared as JSON and stay under limit bytes.
func decodeJSON[T any](w http.ResponseWriter, r *http.Request, limit int64) (T, error) {
	var v T
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return v, &core.Error{Code: core.CodeUnsupportedMediaType}
	}
	body, err := readBody(http.MaxBytesReader(w, r.Body, limit), r.ContentLength, limit)
	if err != nil {
		return v, decodeError(err)
	}
	if key, repeated := protocol.DuplicateKey(body); repeated {
		return v, duplicateKeyError(key)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err != nil {
			return v, decodeError(err)
		}
		return v, &core.Error{Code: core.CodeInvalidJSON, Message: "O corpo da requisição deve ter um único objeto JSON."}
	}
	return v, nil
}

// readBody reads a whole body, in one allocation when its length is declared.
func readBody(r io.Reader, declared, limit int64) ([]byte, error) {
	if declared <= 0 || declared > limit {
		return io.ReadAll(r)
	}
	buf := bytes.NewBuffer(make([]byte, 0, declared+1))
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
}

// duplicateKeyError refuses a body that repeats a key in one object: Go's
// decoder would keep the last value and gjson the first, so one body could
// be read as two requests. The key is named when it is short, plain text.
func duplicateKeyError(key string) error {
	if k, clean := protocol.CleanLine(key); clean && k != "" && len(k) <= 64 {
		return &core.Error{Code: core.CodeInvalidInput, Message: "A chave \"" + k + "\" aparece mais de uma vez no mesmo objeto JSON."}
	}
	return &core.Error{Code: core.CodeInvalidInput, Message: "Uma chave aparece mais de uma vez no mesmo objeto JSON."}
}

func decodeError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return &core.Error{Code: core.CodeBodyTooLarge, Err: err}
	}
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		return &core.Error{Code: core.CodeInvalidJSON, Field: typeErr.Field,
			Message: "O campo " + typeErr.Field + " tem um tipo inválido.", Err: err}
	}
	return &core.Error{Code: core.CodeInvalidJSON, Err: err}
}
