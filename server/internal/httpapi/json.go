package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/sorteio/sorteio/server/internal/core"
)

// decodeJSON reads exactly one JSON object of type T from the body, which must
// be declared as JSON and stay under limit bytes.
func decodeJSON[T any](w http.ResponseWriter, r *http.Request, limit int64) (T, error) {
	var v T
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return v, &core.Error{Code: core.CodeUnsupportedMediaType}
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
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
