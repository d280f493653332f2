package importfile

import (
	"strconv"
	"strings"
)

// The digits of a number format (the twin of pwa/src/protocol/import/digits.ts):
// numbers to 15 significant digits as Excel keeps them, rounded half up,
// placeholders 0 # ? filled.

// digits15 is x ≥ 0 to 15 significant digits, as Excel keeps numbers: the
// digits and the place of the decimal point (the count of whole digits).
func digits15(x float64) ([]byte, int) {
	s := strconv.FormatFloat(x, 'e', 14, 64) // d.dddddddddddddde±XX
	mant, exp, _ := strings.Cut(s, "e")
	e, _ := strconv.Atoi(exp)
	return []byte(mant[:1] + mant[2:]), e + 1
}

// fixed is x ≥ 0 rounded half up to n decimals: its whole part without
// leading zeros ("" for 0) and n decimals.
func fixed(x float64, n int) (string, string) {
	d, point := digits15(x)
	keep := point + n // digits kept
	switch {
	case keep < 0:
		return "", strings.Repeat("0", n)
	case keep < len(d):
		up := d[keep] >= '5'
		d = d[:keep]
		for i := len(d) - 1; up && i >= 0; i-- {
			if d[i] == '9' {
				d[i] = '0'
			} else {
				d[i]++
				up = false
			}
		}
		if up {
			d = append([]byte{'1'}, d...)
			point++
		}
	default:
		d = append(d, strings.Repeat("0", keep-len(d))...)
	}
	if point < 0 {
		d = append([]byte(strings.Repeat("0", -point)), d...)
		point = 0
	}
	whole := strings.TrimLeft(string(d[:point]), "0")
	return whole, string(d[point:])
}

// generalNumber is General: up to 15 significant digits, never in exponent
// form between 1e-9 and 1e21 (a phone, a long ticket number).
func generalNumber(x float64) string {
	if x == 0 {
		return "0"
	}
	sign := ""
	if x < 0 {
		sign, x = "-", -x
	}
	d, point := digits15(x)
	ds := strings.TrimRight(string(d), "0")
	if point > 21 || point < -8 {
		out := ds[:1]
		if len(ds) > 1 {
			out += "." + ds[1:]
		}
		e := point - 1
		if e < 0 {
			return sign + out + "E-" + pad2(-e)
		}
		return sign + out + "E+" + pad2(e)
	}
	var out string
	switch {
	case point <= 0:
		out = "0." + strings.Repeat("0", -point) + ds
	case len(ds) <= point:
		return sign + ds + strings.Repeat("0", point-len(ds))
	default:
		out = ds[:point] + "." + ds[point:]
	}
	// Excel's General shows at most 11 characters in a standard column: a
	// fraction is rounded to fit (a whole number is never cut).
	if len(out) > generalWidth {
		whole, frac := fixed(x, max(0, generalWidth-1-strings.IndexByte(out, '.')))
		if whole == "" {
			whole = "0"
		}
		out = whole
		if frac = strings.TrimRight(frac, "0"); frac != "" {
			out += "." + frac
		}
	}
	return sign + out
}

// generalWidth is the characters Excel's General shows in a standard column.
const generalWidth = 11

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// formatDigits writes x with a section of digit placeholders.
func formatDigits(x float64, toks []token, signed bool) string {
	neg := x < 0
	if neg {
		x = -x
	}
	// The placeholders before the point (or the exponent), after it, and the
	// exponent's; commas between whole digits group, commas after them scale.
	var whole, frac, exp []int
	point, expAt, group, lastWhole := -1, -1, false, -1
	for i, t := range toks {
		switch {
		case t.kind == tokPercent:
			x *= 100
		case t.kind == tokPoint && point < 0 && expAt < 0:
			point = i
		case t.kind == tokExp && expAt < 0:
			expAt = i
		case t.kind == tokDigit && expAt >= 0:
			exp = append(exp, i)
		case t.kind == tokDigit && point >= 0:
			frac = append(frac, i)
		case t.kind == tokDigit:
			whole = append(whole, i)
			lastWhole = i
		}
	}
	for i, t := range toks {
		if t.kind != tokComma || (point >= 0 && i > point) || (expAt >= 0 && i > expAt) {
			continue
		}
		if len(whole) > 0 && i > whole[0] && i < lastWhole {
			group = true
		} else if lastWhole >= 0 && i > lastWhole && onlyCommasBetween(toks, lastWhole, i) {
			x /= 1000
		}
	}
	e := 0
	if expAt >= 0 && x != 0 {
		d, p := digits15(x)
		_ = d
		e = p - 1
		x /= pow10(e)
		if w, _ := fixed(x, len(frac)); len(w) > 1 {
			x /= 10
			e++
		}
	}
	intPart, fracPart := fixed(x, len(frac))
	if group {
		intPart = grouped(intPart)
	}
	out := make([]string, len(toks))
	for i, t := range toks {
		if t.kind == tokLiteral {
			out[i] = t.text
		}
	}
	fillWhole(out, toks, whole, intPart)
	fillFrac(out, toks, frac, fracPart)
	if point >= 0 {
		out[point] = "."
	}
	for i, t := range toks {
		if t.kind == tokPercent {
			out[i] = "%"
		}
	}
	if expAt >= 0 {
		sign := ""
		if e < 0 {
			sign = "-"
		} else if toks[expAt].text[1] == '+' {
			sign = "+"
		}
		out[expAt] = toks[expAt].text[:1] + sign
		fillWhole(out, toks, exp, strings.TrimLeft(strconv.Itoa(abs(e)), "0"))
	}
	s := strings.Join(out, "")
	if neg && signed && strings.Trim(intPart+fracPart, "0") != "" {
		s = "-" + s
	}
	return s
}

func onlyCommasBetween(toks []token, from, to int) bool {
	for k := from + 1; k < to; k++ {
		if toks[k].kind != tokComma {
			return false
		}
	}
	return true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func pow10(e int) float64 {
	p := 1.0
	for ; e > 0; e-- {
		p *= 10
	}
	for ; e < 0; e++ {
		p /= 10
	}
	return p
}

func grouped(digits string) string {
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// emptyDigit is what a placeholder shows without a digit.
func emptyDigit(p string) string {
	switch p {
	case "0":
		return "0"
	case "?":
		return " "
	}
	return ""
}

// fillWhole puts digits right to left into the placeholders at, the first
// taking any digits left (with grouping commas).
func fillWhole(out []string, toks []token, at []int, digits string) {
	for k := len(at) - 1; k >= 0; k-- {
		p := toks[at[k]].text
		switch {
		case k == 0 && digits != "":
			out[at[k]] = digits
		case digits != "":
			n := len(digits) - 1
			if digits[n] == ',' && n > 0 { // a grouping comma travels with its digit
				n--
			}
			out[at[k]] = digits[n:]
			digits = digits[:n]
		default:
			out[at[k]] = emptyDigit(p)
		}
	}
}

// fillFrac puts the decimals left to right; trailing zeros show only under 0.
func fillFrac(out []string, toks []token, at []int, digits string) {
	last := -1
	for k := range at {
		if digits[k] != '0' || toks[at[k]].text == "0" {
			last = k
		}
	}
	for k, i := range at {
		if k <= last {
			out[i] = digits[k : k+1]
		} else {
			out[i] = emptyDigit(toks[i].text)
		}
	}
}
