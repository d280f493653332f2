// Package core holds the server's domain types and its one error type.
package core

import (
	"errors"
	"fmt"
	"time"
)

// Code is a stable, machine-readable error code. The set is closed: the HTTP
// layer maps each one to a status and a default pt-BR message in one place.
type Code string

const (
	CodeInvalidInput         Code = "invalid_input"
	CodeInvalidJSON          Code = "invalid_json"
	CodeUnauthenticated      Code = "unauthenticated"
	CodeInvalidCredentials   Code = "invalid_credentials"
	CodeForbiddenOrigin      Code = "forbidden_origin"
	CodeForbiddenClient      Code = "forbidden_client"
	CodeNotFound             Code = "not_found"
	CodeRaffleNotFound       Code = "raffle_not_found"
	CodeMethodNotAllowed     Code = "method_not_allowed"
	CodeEmailTaken           Code = "email_taken"
	CodeBodyTooLarge         Code = "body_too_large"
	CodeUnsupportedMediaType Code = "unsupported_media_type"
	CodeRateLimited          Code = "rate_limited"
	CodeInternal             Code = "internal"
	CodeUnavailable          Code = "unavailable"
)

// Codes lists every code, so tests can check that each one has a mapping.
func Codes() []Code {
	return []Code{
		CodeInvalidInput, CodeInvalidJSON, CodeUnauthenticated, CodeInvalidCredentials,
		CodeForbiddenOrigin, CodeForbiddenClient, CodeNotFound, CodeRaffleNotFound, CodeMethodNotAllowed, CodeEmailTaken,
		CodeBodyTooLarge, CodeUnsupportedMediaType, CodeRateLimited, CodeInternal,
		CodeUnavailable,
	}
}

// Error is the application's error. Message is shown to people (pt-BR); when it
// is empty the HTTP layer uses the code's default message. Err is the cause,
// logged but never shown.
type Error struct {
	Code       Code
	Message    string
	Field      string
	RetryAfter time.Duration
	Err        error
}

func (e *Error) Error() string {
	msg := string(e.Code)
	if e.Field != "" {
		msg += " (" + e.Field + ")"
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an Error with a code and a pt-BR message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldError reports bad input in one field.
func FieldError(field, message string) *Error {
	return &Error{Code: CodeInvalidInput, Field: field, Message: message}
}

// Internal wraps an unexpected failure; its cause is logged, not shown.
func Internal(err error) *Error {
	return &Error{Code: CodeInternal, Err: err}
}

// ErrorCode returns the code of err, CodeInternal for foreign errors.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// AsError returns err as *Error, wrapping foreign errors as internal ones.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return Internal(err)
}
