package importfile

import (
	"math"
	"strconv"
	"strings"
)

var (
	monthNames = []string{"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"}
	dayNames   = []string{"domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"}
)

// civil is the date of days since 1970-01-01 (H. Hinnant's algorithm).
func civil(days int) (y, m, d int) {
	z := days + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	m = mp + 3
	if m > 12 {
		m -= 12
	}
	y = yoe + era*400
	if m <= 2 {
		y++
	}
	return y, m, d
}

// formatDate writes serial (days since Excel's epoch, the fraction the time
// of day, rounded to the second) with a date section. Excel's 1900 calendar
// has a 29 February 1900 (serial 60); a negative serial stays a number.
func formatDate(serial float64, toks []token, date1904 bool) string {
	if serial < 0 || serial >= 2958466 {
		return generalNumber(serial)
	}
	days := int(math.Floor(serial))
	secs := int(math.Round((serial - float64(days)) * 86400))
	if secs >= 86400 {
		days++
		secs -= 86400
	}
	var y, mo, d, weekday int
	switch {
	case date1904:
		y, mo, d = civil(days - 24107)
		weekday = ((days-24107)%7 + 11) % 7
	case days == 60:
		y, mo, d, weekday = 1900, 2, 29, 3
	case days == 0:
		y, mo, d, weekday = 1900, 1, 0, 6
	default:
		u := days - 25569
		if days < 60 {
			u++
		}
		y, mo, d = civil(u)
		weekday = ((u % 7) + 11) % 7 // 1970-01-01 was a Thursday
	}
	h, mi, s := secs/3600, secs/60%60, secs%60
	twelve := false
	for _, t := range toks {
		if t.kind == tokDate && (t.text == "am/pm" || t.text == "a/p") {
			twelve = true
		}
	}
	var b strings.Builder
	for i, t := range toks {
		switch t.kind {
		case tokDate:
		case tokDigit:
			b.WriteString("0")
			continue
		case tokPoint:
			b.WriteString(".")
			continue
		default:
			b.WriteString(t.text)
			continue
		}
		n := len(t.text)
		switch t.text[0] {
		case 'y':
			if n <= 2 {
				b.WriteString(pad2(y % 100))
			} else {
				b.WriteString(strconv.Itoa(y))
			}
		case 'm':
			if minutesAt(toks, i) {
				b.WriteString(padN(mi, n))
				continue
			}
			switch {
			case n <= 2:
				b.WriteString(padN(mo, n))
			case n == 3:
				b.WriteString(monthNames[mo-1][:3])
			case n == 5:
				b.WriteString(monthNames[mo-1][:1])
			default:
				b.WriteString(monthNames[mo-1])
			}
		case 'd':
			switch {
			case n <= 2:
				b.WriteString(padN(d, n))
			case n == 3:
				b.WriteString(string([]rune(dayNames[weekday])[:3]))
			default:
				b.WriteString(dayNames[weekday])
			}
		case 'h':
			hh := h
			if twelve {
				hh = (h+11)%12 + 1
			}
			b.WriteString(padN(hh, n))
		case 's':
			b.WriteString(padN(s, n))
		case '[':
			switch t.text[1] {
			case 'h':
				b.WriteString(strconv.Itoa(days*24 + h))
			case 'm':
				b.WriteString(strconv.Itoa((days*24+h)*60 + mi))
			default:
				b.WriteString(strconv.Itoa(days*86400 + secs))
			}
		case 'a':
			am := h < 12
			switch {
			case t.text == "a/p" && am:
				b.WriteString("A")
			case t.text == "a/p":
				b.WriteString("P")
			case am:
				b.WriteString("AM")
			default:
				b.WriteString("PM")
			}
		}
	}
	return b.String()
}

func padN(v, n int) string {
	if n >= 2 {
		return pad2(v)
	}
	return strconv.Itoa(v)
}

// minutesAt tells an m that is minutes: after an hour or before a second
// (the nearest date part either side).
func minutesAt(toks []token, i int) bool {
	for k := i - 1; k >= 0; k-- {
		if toks[k].kind == tokDate {
			if toks[k].text[0] == 'h' || toks[k].text == "[h]" {
				return true
			}
			break
		}
	}
	for k := i + 1; k < len(toks); k++ {
		if toks[k].kind == tokDate {
			return toks[k].text[0] == 's' || toks[k].text == "[s]"
		}
	}
	return false
}
