package importfile

import (
	"math"
	"strconv"
	"strings"
)

// A number cell reads as Excel shows it under its number format (docs/import.md,
// "Numbers and dates"): General as 3, not 3.0, and a long whole number never in
// exponent form; '000' as 003; dates as Excel in Portuguese shows them. The twin
// of pwa/src/protocol/import/numfmt.ts; sync/testdata/import/numfmt.json holds
// the cases both must give.

// builtinFormats are the format ids a file may use without writing their code,
// as Excel in Portuguese shows them (14 is dd/mm/yyyy there).
var builtinFormats = map[int]string{
	0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00",
	5: `"R$ "#,##0;\-"R$ "#,##0`, 6: `"R$ "#,##0;[Red]\-"R$ "#,##0`,
	7: `"R$ "#,##0.00;\-"R$ "#,##0.00`, 8: `"R$ "#,##0.00;[Red]\-"R$ "#,##0.00`,
	9: "0%", 10: "0.00%", 11: "0.00E+00", 12: "# ?/?", 13: "# ??/??",
	14: "dd/mm/yyyy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy",
	18: "h:mm AM/PM", 19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss", 22: "dd/mm/yyyy hh:mm",
	37: "#,##0 ;(#,##0)", 38: "#,##0 ;[Red](#,##0)", 39: "#,##0.00;(#,##0.00)", 40: "#,##0.00;[Red](#,##0.00)",
	41: `_-* #,##0_-;\-* #,##0_-;_-* "-"_-;_-@_-`, 42: `_-"R$ "* #,##0_-;\-"R$ "* #,##0_-;_-"R$ "* "-"_-;_-@_-`,
	43: `_-* #,##0.00_-;\-* #,##0.00_-;_-* "-"??_-;_-@_-`, 44: `_-"R$ "* #,##0.00_-;\-"R$ "* #,##0.00_-;_-"R$ "* "-"??_-;_-@_-`,
	45: "mm:ss", 46: "[h]:mm:ss", 47: "mm:ss.0", 48: "##0.0E+0", 49: "@",
}

// formatCode is the code of a built-in or the file's own format id; an id
// Excel leaves to the locale (27 to 36, 50 to 81: East Asian dates) is a date.
func formatCode(id int, own map[int]string) string {
	if c, ok := own[id]; ok {
		return c
	}
	if c, ok := builtinFormats[id]; ok {
		return c
	}
	if (id >= 27 && id <= 36) || (id >= 50 && id <= 81) {
		return "dd/mm/yyyy"
	}
	return "General"
}

// numFormat is a format code read once: its sections' tokens.
type numFormat []section

type section struct {
	toks  []token
	kinds [tokDate + 1]bool
}

func parseFormat(code string) numFormat {
	var f numFormat
	for _, sec := range splitSections(code) {
		// Excel's system long date and time, as Windows in Portuguese writes them.
		switch lower := strings.ToLower(sec); {
		case strings.Contains(lower, "[$-f800]"):
			sec = `dddd, d \d\e mmmm \d\e yyyy`
		case strings.Contains(lower, "[$-f400]"):
			sec = "h:mm:ss"
		case strings.TrimSpace(sec) == "":
			sec = "General"
		}
		s := section{toks: tokenize(sec)}
		for _, t := range s.toks {
			s.kinds[t.kind] = true
		}
		f = append(f, s)
	}
	return f
}

// displayNumber is a number cell's value as Excel shows it under code; a
// value that is not a plain number stays as written.
func displayNumber(raw, code string, date1904 bool) string {
	return parseFormat(code).display(raw, date1904)
}

// plainNumber is digits with an optional sign, point and exponent.
func plainNumber(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}

func (f numFormat) display(raw string, date1904 bool) string {
	if !plainNumber(raw) {
		return raw
	}
	x, err := strconv.ParseFloat(raw, 64)
	if err != nil || math.IsInf(x, 0) {
		return raw
	}
	sec, signed := f[0], true
	switch {
	case x < 0 && len(f) >= 2:
		sec, signed, x = f[1], false, -x
	case x == 0 && len(f) >= 3:
		sec = f[2]
	}
	switch k := sec.kinds; {
	case k[tokDate]:
		return formatDate(x, sec.toks, date1904)
	case k[tokFraction]:
		return generalNumber(x)
	case (k[tokGeneral] || k[tokText]) && !k[tokDigit]:
		return withLiterals(sec.toks, generalNumber(x))
	case !k[tokDigit]:
		return withLiterals(sec.toks, "")
	}
	return formatDigits(x, sec.toks, signed)
}

// splitSections splits a code at its ; outside quotes and brackets.
func splitSections(code string) []string {
	var out []string
	start, quoted, bracket := 0, false, false
	for i := 0; i < len(code); i++ {
		switch c := code[i]; {
		case c == '\\' && !quoted:
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '[':
			bracket = true
		case c == ']':
			bracket = false
		case c == ';' && !bracket:
			out = append(out, code[start:i])
			start = i + 1
		}
	}
	return append(out, code[start:])
}

type tokKind int

const (
	tokLiteral  tokKind = iota
	tokDigit            // 0 # ?
	tokPoint            // .
	tokComma            // ,
	tokPercent          // %
	tokExp              // E+ E-
	tokFraction         // /
	tokGeneral
	tokText // @
	tokDate // y m d h s, [h] [m] [s], AM/PM, A/P
)

type token struct {
	kind tokKind
	text string // a literal's text, a digit's placeholder, a date part ("yyyy", "[h]", "AM/PM")
}

// tokenize reads one section. A date part's letters are lower case.
func tokenize(s string) []token {
	var out []token
	lit := func(t string) { out = append(out, token{tokLiteral, t}) }
	for i := 0; i < len(s); i++ {
		c := s[i]
		lower := strings.ToLower(s[i:])
		switch {
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				j = len(s) - i - 1
			}
			lit(s[i+1 : i+1+j])
			i += j + 1
		case c == '\\' || c == '_' || c == '*':
			if i+1 < len(s) {
				_, n := firstRune(s[i+1:])
				switch c {
				case '\\': // an escaped character
					lit(s[i+1 : i+1+n])
				case '_': // the width of a character: a space
					lit(" ")
				}
				i += n
			}
		case c == '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				j = len(s) - i - 1
			}
			inner := strings.ToLower(s[i+1 : i+j])
			switch {
			case inner != "" && strings.Trim(inner, "hms") == "" && strings.Count(inner, inner[:1]) == len(inner):
				out = append(out, token{tokDate, "[" + inner[:1] + "]"})
			case strings.HasPrefix(inner, "$"):
				sym, _, _ := strings.Cut(s[i+2:i+j], "-")
				lit(sym)
			}
			i += j
		case strings.HasPrefix(lower, "general"):
			out = append(out, token{kind: tokGeneral})
			i += len("general") - 1
		case strings.HasPrefix(lower, "am/pm"):
			out = append(out, token{tokDate, "am/pm"})
			i += 4
		case strings.HasPrefix(lower, "a/p"):
			out = append(out, token{tokDate, "a/p"})
			i += 2
		case c == '0' || c == '#' || c == '?':
			out = append(out, token{tokDigit, string(c)})
		case c == '.':
			out = append(out, token{tokPoint, "."})
		case c == ',':
			out = append(out, token{tokComma, ","})
		case c == '%':
			out = append(out, token{tokPercent, "%"})
		case c == '/':
			out = append(out, token{tokFraction, "/"})
		case c == '@':
			out = append(out, token{kind: tokText})
		case (c == 'E' || c == 'e') && i+1 < len(s) && (s[i+1] == '+' || s[i+1] == '-'):
			out = append(out, token{tokExp, s[i : i+2]})
			i++
		case strings.ContainsRune("ymdhsYMDHS", rune(c)):
			j := i
			for j < len(s) && lowerByte(s[j]) == lowerByte(c) {
				j++
			}
			out = append(out, token{tokDate, strings.ToLower(s[i:j])})
			i = j - 1
		default:
			_, n := firstRune(s[i:])
			lit(s[i : i+n])
			i += n - 1
		}
	}
	return out
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// withLiterals is the section's literals with v in place of its General or @.
func withLiterals(toks []token, v string) string {
	var b strings.Builder
	placed := false
	for _, t := range toks {
		switch {
		case t.kind == tokLiteral:
			b.WriteString(t.text)
		case (t.kind == tokGeneral || t.kind == tokText) && !placed:
			b.WriteString(v)
			placed = true
		}
	}
	if !placed {
		return v + b.String()
	}
	return b.String()
}
