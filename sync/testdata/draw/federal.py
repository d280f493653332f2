#!/usr/bin/env python3
"""Writes federal.json: the vectors of the Loteria Federal rules, algorithm loteria-federal-v2
(docs/draw-algorithm.md §12: version 1's two rules and the remainder rule, and each rule's chances
for a list), computed by this independent reference (plain lists, no shared code
with Go or TypeScript). The prizes are the published result of concurso 5732 of the Loteria
Federal; where a case needs other digits it says so in its name. Run it again only when the
rules change: the file is deterministic."""
import bisect, json, re

FINAL, UNITS, REST = "final-1-premio", "unidades-5-premios", "resto-5-premios"

# The reasons and their pt-BR messages; the catalogue (sync/testdata/catalogue.json,
# "federal_reasons") must say the same.
MESSAGES = {
    "federal_rule_unknown": "Regra da Loteria Federal desconhecida: escolha 'Resto da divisão pelo número de bilhetes', 'Final do 1º prêmio' ou 'Unidades dos cinco prêmios'.",
    "federal_digits_invalid": "Número de algarismos inválido: 'Final do 1º prêmio' usa de 1 a 5; 'Unidades dos cinco prêmios', sempre 5; 'Resto da divisão pelo número de bilhetes' não usa algarismos.",
    "federal_rule_unequal": "Com esta lista, a regra não dá a mesma chance a todos os bilhetes: o bilhete {numero} teria {chance} de chance; {outros}. Escolha 'Resto da divisão pelo número de bilhetes', que dá a mesma chance a qualquer lista.",
    "federal_prizes_count": "Informe os cinco prêmios da extração, do 1º ao 5º (foram informados {quantidade}).",
    "federal_prize_invalid": "O {posicao}º prêmio deve ter 5 algarismos, como a Caixa publica (recebido: “{valor}”).",
    "federal_ticket_unnumbered": "Há bilhete sem número: na Loteria Federal, cada bilhete precisa de um número só com algarismos.",
    "federal_ticket_not_numeric": "O bilhete “{numero}” não é só algarismos: na Loteria Federal, cada bilhete precisa de um número só com algarismos.",
    "federal_ticket_repeated": "Os bilhetes “{numero}” e “{outro}” são o mesmo número na Loteria Federal: deixe só um deles.",
    "federal_digits_short": "A regra alcança números de até {algarismos} algarismos, mas o maior bilhete, {numero}, precisa de {necessarios}.",
    "federal_concurso_past": "O concurso {concurso} foi sorteado antes da data da extração: pelo calendário da Loteria Federal (quartas e sábados), a extração de {data} é a do concurso {esperado}, aproximadamente. Confira o concurso e a data no site da Caixa.",
    "not_enough_tickets": "Não há bilhetes suficientes para sortear todos os vencedores.",
    "not_enough_people": "Não há participantes diferentes suficientes para sortear todos os vencedores sem repetir pessoas.",
}


class Refused(Exception):
    def __init__(self, code, **params):
        msg = MESSAGES[code]
        for k, v in params.items():
            msg = msg.replace("{%s}" % k, str(v))
        self.code, self.message = code, msg


def value(number):
    """The number a ticket stands for: its digits without leading zeros ("0" for all zeros)."""
    return number.lstrip("0") or "0"


def checked_list(rule, prizes, pool):
    """The rule's and the list's refusals, in order; the list sorted by value and the digits read."""
    kind, digits = rule["kind"], rule["digits"]
    if kind not in (FINAL, UNITS, REST):
        raise Refused("federal_rule_unknown")
    if (kind == FINAL and not 0 <= digits <= 5) or (kind == UNITS and digits not in (0, 5)) or (kind == REST and digits != 0):
        raise Refused("federal_digits_invalid")
    if len(prizes) != 5:
        raise Refused("federal_prizes_count", quantidade=len(prizes))
    for i, p in enumerate(prizes):
        if not re.fullmatch(r"[0-9]{5}", p):
            raise Refused("federal_prize_invalid", posicao=i + 1, valor=p)
    by_id = sorted(pool, key=lambda t: t["id"].encode())
    for t in by_id:
        if t["ticket_number"] is None:
            raise Refused("federal_ticket_unnumbered")
        if not re.fullmatch(r"[0-9]+", t["ticket_number"]):
            raise Refused("federal_ticket_not_numeric", numero=t["ticket_number"])
    # Stable sort: equal values stay in id order.
    by_value = sorted(by_id, key=lambda t: (len(value(t["ticket_number"])), value(t["ticket_number"])))
    for a, b in zip(by_value, by_value[1:]):
        if value(a["ticket_number"]) == value(b["ticket_number"]):
            raise Refused("federal_ticket_repeated", numero=a["ticket_number"], outro=b["ticket_number"])
    if kind == REST:
        return by_value, 0
    if by_value:
        top = by_value[-1]["ticket_number"]
        needed = len(value(top))
        k = 5 if kind == UNITS else (digits or min(needed, 5))
        if needed > k:
            raise Refused("federal_digits_short", algarismos=k, numero=top, necessarios=needed)
    else:
        k = 5 if kind == UNITS else (digits or 1)
    return by_value, k


def federal(rule, prizes, pool, count, allow_dup):
    kind = rule["kind"]
    by_value, k = checked_list(rule, prizes, pool)
    if count > len(by_value):
        raise Refused("not_enough_tickets")
    if not allow_dup and count > len({t["group_id"] for t in by_value}):
        raise Refused("not_enough_people")

    if kind == REST:
        return remainder_walk(by_value, "".join(prizes), count, allow_dup)
    if kind == FINAL:
        formed = prizes[0][5 - k:]
        formation = "1º prêmio %s → final %s" % (prizes[0], formed)
    else:
        formed = "".join(p[4] for p in prizes)
        formation = "Unidades do 1º ao 5º prêmio: %s → %s" % (", ".join(prizes), formed)
    nums = [int(t["ticket_number"]) for t in by_value]
    target = int(formed)
    steps, won_ids, won_groups = [], set(), set()
    for position in range(1, count + 1):
        if position == 1:
            j = next((i for i, n in enumerate(nums) if n >= target), None)
            if j is None:
                j, line = 0, formation + " → sem bilhete %s nem acima, volta ao menor" % formed
            elif nums[j] != target:
                line = formation + " → sem bilhete %s, próximo acima" % formed
            else:
                line = formation
        else:
            line = "Depois do bilhete %s" % steps[-1]["ticket_number"]
            j = prev + 1
            while True:
                if j == len(by_value):
                    j, line = 0, line + " → volta ao menor"
                t = by_value[j]
                if t["id"] in won_ids:
                    line += " → pula %s (já premiado)" % t["ticket_number"]
                elif not allow_dup and t["group_id"] in won_groups:
                    line += " → pula %s (pessoa já premiada)" % t["ticket_number"]
                else:
                    break
                j += 1
        t = by_value[j]
        line += " → bilhete %s" % t["ticket_number"]
        steps.append({"position": position, "ticket_id": t["id"], "ticket_number": t["ticket_number"], "line": line})
        won_ids.add(t["id"]); won_groups.add(t["group_id"]); prev = j
    return formed, steps


def remainder_walk(by_value, formed, count, allow_dup):
    """'Resto da divisão pelo número de bilhetes': the 25 digits as one integer (Python's own
    arbitrary precision, where Go and TypeScript go digit by digit), modulo the count of tickets
    still eligible, is a position (from 0) in them, sorted by number."""
    x = int(formed)
    eligible, steps = list(by_value), []
    for position in range(1, count + 1):
        n = len(eligible)
        r = x % n
        t = eligible[r]
        head = "Prêmios do 1º ao 5º em sequência: %s" % formed if position == 1 else ("Restam %d bilhetes" % n if n > 1 else "Resta 1 bilhete")
        line = "%s → resto da divisão por %d: %d → %dº de %d → bilhete %s" % (head, n, r, r + 1, n, t["ticket_number"])
        steps.append({"position": position, "ticket_id": t["id"], "ticket_number": t["ticket_number"], "line": line})
        eligible = [o for o in eligible if o["id"] != t["id"] and (allow_dup or o["group_id"] != t["group_id"])]
    return formed, steps


def pct(count, space):
    """count in space (a power of ten) as a pt-BR percentage, exactly: '30 %', '99,7 %'."""
    from fractions import Fraction
    f = Fraction(count * 100, space)
    whole, rest = divmod(f.numerator, f.denominator)
    digits = ""
    while rest:
        rest *= 10
        d, rest = divmod(rest, f.denominator)
        digits += str(d)
    return ("%d,%s %%" % (whole, digits)) if digits else "%d %%" % whole


def thousands(n):
    return "{:,}".format(n).replace(",", ".")


def chances(rule, pool):
    """Each ticket's chance at the 1st place, counted over every formed number (10^k of them):
    the words 'Cada bilhete tem 1 chance em N.', or federal_rule_unequal beyond 1 % relative."""
    by_value, k = checked_list(rule, ["00000"] * 5, pool)
    n = len(by_value)
    if rule["kind"] == REST or n == 0:
        return "Cada bilhete tem 1 chance em %s." % thousands(n)
    space = 10 ** k
    wins = [0] * n
    nums = [int(t["ticket_number"]) for t in by_value]
    for formed in range(space):  # brute force: who takes the 1st place for each formed number
        j = bisect.bisect_left(nums, formed)
        wins[j if j < n else 0] += 1
    hi_c, lo_c = max(wins), min(wins)
    if 100 * hi_c <= 101 * lo_c:
        return ("Cada bilhete tem 1 chance em %s." if hi_c == lo_c else "Cada bilhete tem cerca de 1 chance em %s.") % thousands(n)
    top = wins.index(hi_c)
    bottom = wins.index(lo_c)
    if all(c == lo_c for i, c in enumerate(wins) if i != top):
        others = "cada um dos outros, %s" % pct(lo_c, space)
    else:
        others = "o bilhete %s, %s" % (by_value[bottom]["ticket_number"], pct(lo_c, space))
    raise Refused("federal_rule_unequal", numero=by_value[top]["ticket_number"], chance=pct(hi_c, space), outros=others)


def uid(n, kind="c"):
    return "0192f0c3-0000-7000-8%s00-%012x" % ({"c": "0", "g": "1"}[kind], n)


def pool_of(rows):
    """rows: (ticket number, person); ids run against the numbers so id order is not number order."""
    people = {}
    out = []
    for i, (num, person) in enumerate(rows):
        g = people.setdefault(person, len(people) + 1)
        out.append({"id": uid(1000 - i), "group_id": uid(g, "g"), "ticket_number": num, "name": person})
    return out


def solo(*nums):
    return pool_of([(n, "Pessoa %s" % n) for n in nums])


def generated(count, group_size):
    """A large list described by a rule, so the file stays small: ticket i (0-based) has id
    uid((i*7919) mod count), person i div group_size, number (i*7) mod 100000 without leading zeros.
    A person's tickets are 7 apart, so walking without duplicates skips many of them."""
    return [{"id": uid((i * 7919) % count), "group_id": uid(i // group_size, "g"),
             "ticket_number": str((i * 7) % 100000), "name": "Pessoa %d" % (i // group_size)}
            for i in range(count)]


P5732 = ["50366", "33514", "45504", "94365", "51105"]


def main():
    cases = []

    def case(name, kind, pool, count, allow_dup=False, prizes=P5732, digits=0, gen=None):
        c = {"name": name, "rule": {"kind": kind, "digits": digits}, "prizes": prizes,
             "winners_count": count, "allow_duplicate_wins": allow_dup}
        if gen:
            c["generate"] = gen
        else:
            c["pool"] = pool
        try:
            formed, steps = federal(c["rule"], prizes, pool, count, allow_dup)
            c["formed"], c["winners"] = formed, steps
        except Refused as e:
            c["error"] = {"code": e.code, "message": e.message}
        cases.append(c)

    # 'Final do 1º prêmio'.
    case("final, 3 digits from the highest number, the number is a ticket", FINAL, solo("1", "120", "365", "366", "367", "512", "999"), 3, True)
    case("final, 366 is missing: the next ticket above", FINAL, solo("12", "300", "365", "370", "371", "800"), 2)
    case("final, nothing at or above 366: wraps to the lowest", FINAL, solo("5", "17", "120", "250", "365"), 3)
    case("final, later positions wrap past the highest", FINAL, solo("100", "366", "900"), 3)
    case("final, 4 digits from the highest number: final 0366", FINAL, solo("1", "366", "2000", "5000", "9999"), 2)
    case("final, 2 digits from the highest number: final 66", FINAL, solo("3", "50", "66", "67", "99"), 2)
    case("final, numbers with leading zeros stand for their value", FINAL, solo("0365", "0366", "0999"), 2)
    case("final, 3 digits fixed by the rule", FINAL, solo("1", "366", "367", "999"), 2, digits=3)
    case("final, 1 digit fixed by the rule: final 6", FINAL, solo("0", "3", "6", "9"), 4, digits=1)
    # 'Unidades dos cinco prêmios'.
    case("units, forms 64455, a ticket", UNITS, solo("1", "10000", "64455", "64456", "99999"), 2)
    case("units, 64455 is missing: the next ticket above", UNITS, solo("100", "64000", "70000", "99998"), 2)
    case("units, nothing at or above 64455: wraps to the lowest", UNITS, solo("100", "2000", "64000"), 3)
    case("units, digits 5 given explicitly", UNITS, solo("64455"), 1, digits=5)
    # The duplicate rule.
    dup = pool_of([("366", "Ana"), ("367", "Ana"), ("368", "Bia"), ("369", "Caio"), ("370", "Ana")])
    case("duplicates not allowed: a person who won is skipped", FINAL, dup, 3)
    case("duplicates allowed: the same person may win the next position", FINAL, dup, 3, True)
    case("duplicates not allowed: skipped, then wraps", FINAL,
         pool_of([("10", "Ana"), ("366", "Ana"), ("367", "Ana"), ("900", "Bia"), ("5", "Caio")]), 3)
    case("duplicates not allowed: wraps, then skipped", FINAL,
         pool_of([("5", "Ana"), ("10", "Caio"), ("366", "Ana"), ("900", "Bia")]), 3)
    case("duplicates not allowed: every position after the first skips", UNITS,
         pool_of([("64455", "Ana"), ("64460", "Ana"), ("70000", "Bia"), ("80000", "Bia"), ("90000", "Ana"), ("12", "Caio")]), 3)
    case("duplicates allowed: wraps around past the first winner", FINAL, solo("366", "900"), 2, True)
    # At scale: 60,000 tickets of 6,000 people, 100 winners.
    gen = {"count": 60000, "group_size": 10}
    case("60,000 tickets, units, 100 winners without duplicates", UNITS, generated(60000, 10), 100, gen=gen)
    case("60,000 tickets, final of 5 digits, 100 winners with duplicates", FINAL, generated(60000, 10), 100, True, gen=gen)
    # 'Resto da divisão pelo número de bilhetes' (loteria-federal-v2): equal for any list.
    t71 = solo(*("%03d" % i for i in range(1, 72)))
    case("remainder, 001 to 071: the 25 digits modulo 71, then modulo 70 and 69", REST, t71, 3)
    case("remainder, 001 to 071, another result no final matches", REST, t71, 3, prizes=["71099", "02288", "13477", "24566", "35655"])
    case("remainder, 001 to 071, a third result no final matches", REST, t71, 3, prizes=["80085", "91174", "08263", "19352", "20441"])
    case("remainder, 101 to 104: any list, as sorted by number", REST, solo("104", "102", "101", "103"), 2)
    case("remainder, numbers of any length, leading zeros stand for their value", REST, solo("0007", "123456", "999999999", "42"), 4)
    case("remainder, duplicates not allowed: a winner's person leaves the list", REST, dup, 3)
    case("remainder, duplicates allowed: only the winning ticket leaves", REST, dup, 3, True)
    case("remainder, one ticket", REST, solo("9"), 1)
    case("60,000 tickets, remainder, 100 winners without duplicates", REST, generated(60000, 10), 100, gen=gen)
    case("refused: 'remainder' with 3 digits", REST, solo("366"), 1, digits=3)
    case("refused: 'remainder', more winners than people", REST, dup, 4)
    # Bad input: each refused with its reason.
    case("refused: a ticket number with a letter", FINAL, solo("12", "A13", "366"), 1)
    case("refused: a ticket without a number", FINAL, solo("12", "366") + [{"id": uid(1), "group_id": uid(99, "g"), "ticket_number": None, "name": "Sem número"}], 1)
    case("refused: 07 and 7 are the same number", FINAL, solo("07", "366", "7"), 1)
    case("refused: 'final' with 3 digits, 2,000 tickets need 4", FINAL, solo("1", "366", "1999", "2000"), 1, digits=3)
    case("refused: a 6-digit ticket is beyond the prizes' 5 digits", FINAL, solo("1", "366", "100000"), 1)
    case("refused: 'units' reaches 5 digits, a ticket has 6", UNITS, solo("1", "123456"), 1)
    case("refused: four prizes", FINAL, solo("366"), 1, prizes=P5732[:4])
    case("refused: six prizes", UNITS, solo("366"), 1, prizes=P5732 + ["12345"])
    case("refused: a prize of 4 digits", FINAL, solo("366"), 1, prizes=["50366", "3351", "45504", "94365", "51105"])
    case("refused: a prize with a letter O for a zero", UNITS, solo("366"), 1, prizes=["5O366", "33514", "45504", "94365", "51105"])
    case("refused: an unknown rule", "milhar-2-premio", solo("366"), 1)
    case("refused: 'final' with 6 digits", FINAL, solo("366"), 1, digits=6)
    case("refused: 'units' with 3 digits", UNITS, solo("366"), 1, digits=3)
    case("refused: more winners than tickets", FINAL, solo("1", "366"), 3, True)
    case("refused: more winners than people", FINAL, dup, 4)

    # Each ticket's chance at the 1st place, for a list (§12.2a): the words, or the refusal.
    odds = []

    def chance(name, kind, pool, digits=0, gen=None):
        c = {"name": name, "rule": {"kind": kind, "digits": digits}}
        if gen:
            c["generate"] = gen
        else:
            c["pool"] = pool
        try:
            c["text"] = chances(c["rule"], pool)
        except Refused as e:
            c["error"] = {"code": e.code, "message": e.message}
        odds.append(c)

    chance("final, 001 to 071: 001 takes 30 finals in 100", FINAL, t71)
    chance("final, 101 to 104: 101 takes 997 finals in 1,000", FINAL, solo("101", "102", "103", "104"))
    chance("final, 5 to 365: the chances all differ", FINAL, solo("5", "17", "120", "250", "365"))
    chance("final, 00 to 99 fill the two-digit finals: equal", FINAL, solo(*("%02d" % i for i in range(100))))
    chance("final, 1 digit fixed, 0 to 9: equal", FINAL, solo(*(str(i) for i in range(10))), digits=1)
    chance("final, 999 to 9999 by 1000 with 2000 for 1999: within 1 %", FINAL,
           solo("999", "2000", "2999", "3999", "4999", "5999", "6999", "7999", "8999", "9999"))
    chance("final, 999 to 9999 by 1000 with 2010 for 1999: beyond 1 %", FINAL,
           solo("999", "2010", "2999", "3999", "4999", "5999", "6999", "7999", "8999", "9999"))
    chance("units, one ticket", UNITS, solo("64455"))
    chance("units, five tickets", UNITS, solo("1", "10000", "64455", "64456", "99999"))
    chance("remainder, 001 to 071", REST, t71)
    chance("remainder, 101 to 104", REST, solo("101", "102", "103", "104"))
    chance("remainder, 60,000 tickets", REST, generated(60000, 10), gen=gen)
    chance("refused before the chances: a ticket number with a letter", FINAL, solo("12", "A13"))
    chance("refused before the chances: 'final' with 3 digits, 2,000 tickets need 4", FINAL, solo("1", "2000"), digits=3)

    out = {"about": "Vectors of loteria-federal-v2 (docs/draw-algorithm.md §12), from sync/testdata/draw/federal.py. "
                    "Prizes: the published result of concurso 5732 unless a case changes them. 'chances': each ticket's chance at the 1st place for a list, "
                    "or the rule's refusal (§12.2a). Read by the Go tests (sync/draw) and the PWA's Vitest tests.",
           "algorithm": "loteria-federal-v2", "reasons": MESSAGES, "cases": cases, "chances": odds}
    with open(__file__.replace("federal.py", "federal.json"), "w") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
