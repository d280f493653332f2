package protocol

import (
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// Decode checks an op's envelope and payload fields (no state needed) and
// returns its typed mutation, with texts cleaned by the text rule (text.go)
// and optional empties as nil.
func Decode(op Op) (Mutation, *Rejection) {
	if rej := checkEnvelope(op); rej != nil {
		return nil, rej
	}
	if len(op.Payload) == 0 || !gjson.ValidBytes(op.Payload) {
		return nil, Reject(ReasonInvalidPayload)
	}
	p := gjson.ParseBytes(op.Payload)
	if !p.IsObject() {
		return nil, Reject(ReasonInvalidPayload)
	}
	if since, ok := opSince[op.Type]; ok && op.SchemaVersion > 0 && op.SchemaVersion < since {
		// The push says its device speaks a version that has no such op:
		// whatever sent it, it is not that device (docs/sync-protocol.md).
		return nil, Reject(ReasonUnknownType)
	}
	if keys, known := payloadKeys[op.Type]; known {
		if rej := onlyKeys(p, keys); rej != nil {
			return nil, rej
		}
	}
	switch op.Type {
	case TypeRaffleCreate:
		return decodeCreate(op, p)
	case TypeRaffleUpdate:
		return decodeUpdate(p)
	case TypeRaffleDelete:
		return RaffleDelete{}, nil
	case TypeParticipantsAdd:
		return decodeAdd(p)
	case TypeParticipantsDrop:
		g := p.Get("group_id")
		if g.Type != gjson.String || !IsUUID(g.Str) {
			return nil, Reject(ReasonInvalidPayload)
		}
		return ParticipantsRemoveGroup{GroupID: g.Str}, nil
	case TypeDrawStart:
		return decodeDrawStart(p, false, op.SchemaVersion)
	case TypeWinnerRedraw:
		return decodeDrawStart(p, true, op.SchemaVersion)
	case TypeDrawComplete:
		return decodeDrawComplete(p)
	case TypeWinnerInvalidate:
		return decodeWinnerInvalidate(p)
	case TypeWinnerPromote:
		pos, rej := reqInt(p, "position")
		if rej != nil || pos < 1 || pos > MaxPosition {
			return nil, Reject(ReasonInvalidPayload)
		}
		return WinnerPromote{Position: pos}, nil
	case TypeDrawAbandon:
		id, ok := drawIDField(p)
		if !ok {
			return nil, Reject(ReasonInvalidPayload)
		}
		return DrawAbandon{DrawID: id}, nil
	case TypeDrawCorrect:
		return decodeDrawCorrect(p)
	}
	return nil, Reject(ReasonUnknownType)
}

// opSince is the schema version that brought each op type newer than
// MinSchemaVersion: an op of a push naming an older version is refused as
// unknown_type, as that version's server would have (a push naming no
// version, SchemaVersion 0, is a test's or a vector's and is not checked).
var opSince = map[string]int{
	TypeDrawAbandon:   3,
	TypeWinnerPromote: AlternatesSchemaVersion,
	TypeDrawCorrect:   CorrectionSchemaVersion,
}

// checkEnvelope checks an op's ids and mutation id.
func checkEnvelope(op Op) *Rejection {
	if !IsUUID(op.OpID) || !IsUUID(op.RaffleID) {
		return Reject(ReasonInvalidPayload)
	}
	if op.MutationID < 1 || op.MutationID > MaxSafeInteger {
		return Reject(ReasonInvalidMutationID)
	}
	if !IsUUIDv7(op.OpID) || (op.Type == TypeRaffleCreate && !IsUUIDv7(op.RaffleID)) {
		return Reject(ReasonInvalidID)
	}
	return nil
}

func decodeCreate(op Op, p gjson.Result) (Mutation, *Rejection) {
	r := Raffle{Status: StatusPending, Prizes: []Prize{}}
	var rej *Rejection
	if r.ID, rej = reqString(p, "id"); rej != nil || r.ID != op.RaffleID {
		return nil, Reject(ReasonInvalidPayload)
	}
	if r.Code, rej = reqString(p, "code"); rej != nil {
		return nil, Reject(ReasonInvalidPayload)
	}
	if !IsNewCode(r.Code) {
		return nil, Reject(ReasonInvalidCode)
	}
	title, rej := reqString(p, "title")
	if rej != nil {
		return nil, rej
	}
	if r.Title, rej = checkTitle(title); rej != nil {
		return nil, rej
	}
	desc, rej := optString(p, "description")
	if rej != nil {
		return nil, rej
	}
	if r.Description, rej = checkDescription(desc); rej != nil {
		return nil, rej
	}
	if r.Type, rej = reqString(p, "type"); rej != nil {
		return nil, rej
	}
	if r.Type != RaffleSimple && r.Type != RaffleTickets {
		return nil, Reject(ReasonInvalidRaffleType)
	}
	if r.WinnersCount, rej = reqInt(p, "winners_count"); rej != nil {
		return nil, rej
	}
	if r.WinnersCount < MinWinners || r.WinnersCount > MaxWinners {
		return nil, Reject(ReasonWinnersOutOfRange)
	}
	if r.CountdownSeconds, rej = reqInt(p, "countdown_seconds"); rej != nil {
		return nil, rej
	}
	if r.CountdownSeconds < 0 || r.CountdownSeconds > MaxCountdown {
		return nil, Reject(ReasonCountdownOutOfRange)
	}
	if b := p.Get("allow_duplicate_wins"); b.Exists() {
		if !b.IsBool() {
			return nil, Reject(ReasonInvalidPayload)
		}
		r.AllowDuplicateWins = b.Bool()
	}
	created, rej := reqInt(p, "created_at")
	if rej != nil {
		return nil, rej
	}
	// Check bounds it again by the server's clock (at most a day ahead).
	if int64(created) < MinCreatedAt || int64(created) >= MaxCreatedAt {
		return nil, Reject(ReasonInvalidCreatedAt)
	}
	r.CreatedAt = int64(created)
	if v := p.Get("prizes"); v.Exists() {
		prizes, rej := decodePrizes(v)
		if rej != nil {
			return nil, rej
		}
		r.Prizes = MergePrizes(nil, prizes)
	}
	if p.Get("alternates_count").Exists() {
		if r.AlternatesCount, rej = decodeAlternates(p); rej != nil {
			return nil, rej
		}
	}
	return RaffleCreate{Raffle: r}, nil
}

func decodeUpdate(p gjson.Result) (Mutation, *Rejection) {
	var u RaffleUpdate
	n := 0
	if v := p.Get("title"); v.Exists() {
		s, rej := reqString(p, "title")
		if rej != nil {
			return nil, rej
		}
		if s, rej = checkTitle(s); rej != nil {
			return nil, rej
		}
		u.Title = &s
		n++
	}
	if v := p.Get("description"); v.Exists() {
		s, rej := optString(p, "description")
		if rej != nil {
			return nil, rej
		}
		if s, rej = checkDescription(s); rej != nil {
			return nil, rej
		}
		u.Description = &s
		n++
	}
	if v := p.Get("winners_count"); v.Exists() {
		w, rej := reqInt(p, "winners_count")
		if rej != nil {
			return nil, rej
		}
		if w < MinWinners || w > MaxWinners {
			return nil, Reject(ReasonWinnersOutOfRange)
		}
		u.WinnersCount = &w
		n++
	}
	if v := p.Get("countdown_seconds"); v.Exists() {
		c, rej := reqInt(p, "countdown_seconds")
		if rej != nil {
			return nil, rej
		}
		if c < 0 || c > MaxCountdown {
			return nil, Reject(ReasonCountdownOutOfRange)
		}
		u.CountdownSeconds = &c
		n++
	}
	if v := p.Get("allow_duplicate_wins"); v.Exists() {
		if !v.IsBool() {
			return nil, Reject(ReasonInvalidPayload)
		}
		b := v.Bool()
		u.AllowDuplicateWins = &b
		n++
	}
	if v := p.Get("prizes"); v.Exists() {
		prizes, rej := decodePrizes(v)
		if rej != nil {
			return nil, rej
		}
		if len(prizes) > 0 {
			u.Prizes = prizes
			n++
		}
	}
	if p.Get("alternates_count").Exists() {
		a, rej := decodeAlternates(p)
		if rej != nil {
			return nil, rej
		}
		u.AlternatesCount = &a
		n++
	}
	method, rej := decodeDrawMethod(p)
	if rej != nil {
		return nil, rej
	}
	if method != nil {
		u.DrawMethod = method
		n++
	}
	if v := p.Get("federal"); v.Exists() {
		if u.Federal, rej = decodeFederal(v); rej != nil {
			return nil, rej
		}
		n++
	}
	if n == 0 {
		return nil, Reject(ReasonInvalidPayload)
	}
	return u, nil
}

func checkTitle(s string) (string, *Rejection) {
	s, rej := cleanLine(s)
	if rej != nil {
		return "", rej
	}
	if s == "" {
		return "", Reject(ReasonTitleRequired)
	}
	if utf8.RuneCountInString(s) > MaxTitle {
		return "", Reject(ReasonTitleTooLong)
	}
	return s, nil
}

func checkDescription(s string) (string, *Rejection) {
	s, ok := CleanMultiline(s)
	if !ok {
		return "", Reject(ReasonTextInvalid)
	}
	if utf8.RuneCountInString(s) > MaxDescription {
		return "", Reject(ReasonDescriptionTooLong)
	}
	return s, nil
}

// reqString reads a string field that must be present.
func reqString(p gjson.Result, field string) (string, *Rejection) {
	return requiredString(p.Get(field), field)
}

// requiredString is reqString for a field already read.
func requiredString(v gjson.Result, field string) (string, *Rejection) {
	if v.Type != gjson.String {
		if field == "title" && !v.Exists() {
			return "", Reject(ReasonTitleRequired)
		}
		return "", Reject(ReasonInvalidPayload)
	}
	if !storable(v.Str) {
		return "", Reject(ReasonInvalidPayload)
	}
	return v.Str, nil
}

// storable: valid UTF-8. A NUL, which PostgreSQL's text cannot hold (SQLite
// can), is refused by the text rule every text goes through (text_invalid);
// the other string fields are ids, codes, enums and hex, checked exactly.
func storable(s string) bool {
	return utf8.ValidString(s)
}

// optString reads a string field that may be absent or null ("" then).
func optString(p gjson.Result, field string) (string, *Rejection) {
	return optionalString(p.Get(field))
}

// optionalString is optString for a field already read.
func optionalString(v gjson.Result) (string, *Rejection) {
	if !v.Exists() || v.Type == gjson.Null {
		return "", nil
	}
	if v.Type != gjson.String || !storable(v.Str) {
		return "", Reject(ReasonInvalidPayload)
	}
	return v.Str, nil
}

// cleanLine applies the text rule to a one-line text.
func cleanLine(s string) (string, *Rejection) {
	s, ok := CleanLine(s)
	if !ok {
		return "", Reject(ReasonTextInvalid)
	}
	return s, nil
}

// optTrimmed reads an optional one-line text, cleaned; empty is none, and
// more than limit characters is rejected with tooLong.
func optTrimmed(p gjson.Result, field string, limit int, tooLong string) (*string, *Rejection) {
	return optionalTrimmed(p.Get(field), limit, tooLong)
}

// optionalTrimmed is optTrimmed for a field already read.
func optionalTrimmed(v gjson.Result, limit int, tooLong string) (*string, *Rejection) {
	s, rej := optionalString(v)
	if rej != nil {
		return nil, rej
	}
	if s, rej = cleanLine(s); rej != nil {
		return nil, rej
	}
	if s == "" {
		return nil, nil
	}
	if utf8.RuneCountInString(s) > limit {
		return nil, Reject(tooLong)
	}
	return &s, nil
}

// reqInt reads a whole-number field that must be present.
func reqInt(p gjson.Result, field string) (int, *Rejection) {
	v := p.Get(field)
	if v.Type != gjson.Number || v.Num != float64(int64(v.Num)) || v.Num > 1<<53 || v.Num < -(1<<53) {
		return 0, Reject(ReasonInvalidPayload)
	}
	return int(v.Num), nil
}
