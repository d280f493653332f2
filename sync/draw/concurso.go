package draw

import "strconv"

// The Loteria Federal's concursos are numbered in sequence and drawn on
// Wednesdays and Saturdays (docs/draw-algorithm.md §12.5a): from a reference
// concurso and its date, the regular calendar gives the concurso of any date
// and the date of any concurso. Dates are Brasília's (UTC−3 all year).
const (
	// RefConcurso was drawn on RefDay, Wednesday 18/01/2023, as days since
	// 1970-01-01.
	RefConcurso = 5732
	RefDay      = 19375
	brasiliaMs  = 3 * 3_600_000
	dayMs       = 86_400_000
)

// brasiliaDay is the Brasília date of a Unix ms time, as days since 1970-01-01.
func brasiliaDay(ms int64) int {
	return int(floorDiv(ms-brasiliaMs, dayMs))
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// regularUpTo counts the Wednesdays and Saturdays up to day d, from a fixed
// origin: day 6 (1970-01-07) was a Wednesday, day 2 a Saturday.
func regularUpTo(d int) int {
	return int(floorDiv(int64(d-6), 7) + floorDiv(int64(d-2), 7))
}

// ExpectedConcurso is the concurso the regular calendar gives the Brasília
// date of at: one more than the reference's for each Wednesday and Saturday
// after its date, up to that date.
func ExpectedConcurso(at int64) int {
	return RefConcurso + regularUpTo(brasiliaDay(at)) - regularUpTo(RefDay)
}

// ConcursoMargin is how many concursos below the expected one a date still
// accepts: two, and one more for each whole year (365 days) after the
// reference, for holidays without an extraction.
func ConcursoMargin(at int64) int {
	return 2 + max(0, (brasiliaDay(at)-RefDay)/365)
}

// ConcursoDay is the Brasília date (days since 1970-01-01) the regular
// calendar gives a concurso: the first Wednesday or Saturday whose expected
// concurso reaches it.
func ConcursoDay(concurso int) int {
	d := RefDay + (concurso-RefConcurso)*7/2 - 7
	for {
		wd := ((d+4)%7 + 7) % 7
		if (wd == 3 || wd == 6) && RefConcurso+regularUpTo(d)-regularUpTo(RefDay) >= concurso {
			return d
		}
		d++
	}
}

// CheckConcurso refuses a concurso drawn before the extraction's date: more
// than ConcursoMargin below the one the calendar expects
// (federal_concurso_past, naming the date and the expected concurso). A
// concurso above is not this rule's concern.
func CheckConcurso(concurso int, at int64) error {
	expected := ExpectedConcurso(at)
	if concurso >= expected-ConcursoMargin(at) {
		return nil
	}
	return federalErr("federal_concurso_past", "concurso", strconv.Itoa(concurso), "data", DayText(brasiliaDay(at)), "esperado", strconv.Itoa(expected))
}

// DayText is a date (days since 1970-01-01) as 'DD/MM/AAAA'.
func DayText(d int) string {
	// Civil from days (Howard Hinnant's algorithm).
	z := d + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	pad := func(n int) string {
		if n < 10 {
			return "0" + strconv.Itoa(n)
		}
		return strconv.Itoa(n)
	}
	return pad(day) + "/" + pad(m) + "/" + strconv.Itoa(y)
}
