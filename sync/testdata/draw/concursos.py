#!/usr/bin/env python3
"""Writes concursos.json: the Loteria Federal's concurso against its extraction's date
(docs/draw-algorithm.md §12.5a), computed by this independent reference with Python's own calendar
(datetime), where Go and TypeScript count days. Concursos are numbered in sequence and drawn on
Wednesdays and Saturdays: from a reference concurso and its date the regular calendar gives the
concurso of any date, and the date of any concurso. A concurso more than the margin below the one
the extraction's date expects was drawn before it: refused. Deterministic."""
import datetime, json

REF_CONCURSO, REF_DATE = 5732, datetime.date(2023, 1, 18)  # a Wednesday
DAYS = ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo")
MESSAGE = ("O concurso {concurso} foi sorteado antes da data da extração: pelo calendário da Loteria Federal "
           "(quartas e sábados), a extração de {data} é a do concurso {esperado}, aproximadamente. Confira o "
           "concurso e a data no site da Caixa.")
BRASILIA = datetime.timezone(datetime.timedelta(hours=-3))


def regular(d):
    return d.weekday() in (2, 5)  # Wednesday, Saturday


def expected(d):
    """The concurso the regular calendar gives the date d: one more for each Wednesday and Saturday
    after the reference up to d (one less for each from d, exclusive, up to the reference)."""
    n, step = REF_CONCURSO, datetime.timedelta(days=1)
    x = REF_DATE
    while x < d:
        x += step
        n += regular(x)
    while x > d:
        n -= regular(x)
        x -= step
    return n


def margin(d):
    """Two draws, and one more for each whole year (365 days) from the reference: holidays without
    an extraction make the real concurso lower than the calendar's."""
    return 2 + max(0, (d - REF_DATE).days // 365)


def date_of(concurso):
    """The first date whose regular concurso is at least this one."""
    d = REF_DATE + datetime.timedelta(days=(concurso - REF_CONCURSO) * 7 // 2 - 7)
    while expected(d) < concurso or not regular(d):
        d += datetime.timedelta(days=1)
    return d


def brasilia(ms):
    return datetime.datetime.fromtimestamp(ms / 1000, BRASILIA).date()


def ms(y, mo, d, h=19, mi=0):
    return int(datetime.datetime(y, mo, d, h, mi, tzinfo=BRASILIA).timestamp() * 1000)


def check(concurso, at):
    d = brasilia(at)
    lowest = expected(d) - margin(d)
    if concurso >= lowest:
        return None
    return MESSAGE.format(concurso=concurso, data=d.strftime("%d/%m/%Y"), esperado=expected(d))


def main():
    dates = []
    for name, at in [
        ("the reference's own extraction", ms(2023, 1, 18)),
        ("the day after, a Thursday: no extraction yet", ms(2023, 1, 19)),
        ("Friday 23:59 in Brasília (Saturday 02:59 UTC)", ms(2023, 1, 20, 23, 59)),
        ("Saturday 00:00 in Brasília: the next concurso", ms(2023, 1, 21, 0, 0)),
        ("364 days later: margin 2", ms(2024, 1, 17)),
        ("365 days later: margin 3", ms(2024, 1, 18)),
        ("a Saturday in 2026", ms(2026, 12, 12)),
        ("a Wednesday in 2026, one draw later", ms(2026, 12, 16)),
        ("a Sunday in 2026", ms(2026, 12, 13)),
        ("before the reference: a Saturday in 2022", ms(2022, 12, 31)),
        ("the year 2099", ms(2099, 12, 30)),
    ]:
        d = brasilia(at)
        dates.append({"name": name, "extraction_at": at, "date": d.isoformat(), "expected": expected(d), "margin": margin(d),
                      "lowest": expected(d) - margin(d)})
    concursos = []
    for n in (5732, 5733, 5734, 5800, 5731, 6000, 6400, 99999, 1):
        d = date_of(n)
        concursos.append({"concurso": n, "date": d.isoformat(), "text": "%s (%s)" % (d.strftime("%d/%m/%Y"), DAYS[d.weekday()])})
    checks = []
    for name, n, at in [
        ("concurso 5732 at its own extraction", 5732, ms(2023, 1, 18)),
        ("5732 three minutes ahead of a day in 2026: drawn long before", 5732, ms(2026, 12, 16, 19, 3)),
        ("the lowest accepted for a Wednesday in 2026", None, ms(2026, 12, 16)),
        ("one below the lowest accepted", -1, ms(2026, 12, 16)),
        ("the concurso the calendar expects", 0, ms(2026, 12, 16)),
        ("a concurso far ahead is not this rule's concern", 99999, ms(2026, 12, 16)),
        ("two below on the reference's date: within the margin", 5730, ms(2023, 1, 18)),
        ("three below on the reference's date", 5729, ms(2023, 1, 18)),
        ("a year later the margin is one more", None, ms(2024, 1, 18)),
        ("and one below it", -1, ms(2024, 1, 18)),
    ]:
        d = brasilia(at)
        lowest = expected(d) - margin(d)
        concurso = lowest if n is None else lowest - 1 if n == -1 else expected(d) if n == 0 else n
        c = {"name": name, "concurso": concurso, "extraction_at": at}
        msg = check(concurso, at)
        if msg:
            c["error"] = {"code": "federal_concurso_past", "message": msg}
        checks.append(c)
    out = {"about": "The Loteria Federal's concurso against its extraction's date (docs/draw-algorithm.md §12.5a), from "
                    "sync/testdata/draw/concursos.py. Read by the Go tests (sync/draw) and the PWA's Vitest tests.",
           "reference": {"concurso": REF_CONCURSO, "date": REF_DATE.isoformat()}, "message": MESSAGE,
           "dates": dates, "concursos": concursos, "checks": checks}
    with open(__file__.replace("concursos.py", "concursos.json"), "w") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
